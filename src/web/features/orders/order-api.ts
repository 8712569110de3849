// The customer's orders as the server gives them (/api/orders), with the query keys every screen shares.
import type {
  AwaitingOrder,
  OrderDetail,
  OrderItemView,
  OrdersResponse,
  OrderSummary,
  TransactionView,
} from '@/server/features/orders/orders.service';
import { ApiError, apiFetch } from '../../lib/api';

export type { AwaitingOrder, OrderDetail, OrderItemView, OrdersResponse, OrderSummary, TransactionView };

/** Everything under ['orders'] is refetched on a realtime event or reconnect. */
export const orderKeys = {
  all: ['orders'] as const,
  list: () => ['orders', 'list'] as const,
  detail: (id: string) => ['orders', 'detail', id] as const,
  transaction: (id: string) => ['orders', 'transaction', id] as const,
  pendingCount: () => ['orders', 'pending-count'] as const,
};

export const fetchOrders = () => apiFetch<OrdersResponse>('/api/orders');

export const fetchOrder = (id: string) => apiFetch<OrderDetail>(`/api/orders/${encodeURIComponent(id)}`);

/** The order's latest payment transaction; null while no payment was started (404). */
export async function fetchTransaction(id: string): Promise<TransactionView | null> {
  try {
    return await apiFetch<TransactionView>(`/api/orders/${encodeURIComponent(id)}/transaction`);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export const fetchPendingCount = () => apiFetch<{ count: number }>('/api/orders/pending-count');
