// The query keys every order screen shares. On their own so the always-loaded live notices can use
// them without the order requests coming along into the first download.

/** Everything under ['orders'] is refetched on a realtime event or reconnect. */
export const orderKeys = {
  all: ['orders'] as const,
  list: () => ['orders', 'list'] as const,
  detail: (id: string) => ['orders', 'detail', id] as const,
  transaction: (id: string) => ['orders', 'transaction', id] as const,
  pendingCount: () => ['orders', 'pending-count'] as const,
};
