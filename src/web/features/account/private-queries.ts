// What the shop caches for a signed-in person only: their orders (the header's pending count among
// them), the email waiting for its link, the consents, and the back office's lists.
import type { QueryClient } from '@tanstack/react-query';

const PRIVATE_ROOTS: ReadonlySet<unknown> = new Set(['orders', 'admin', 'pending-email', 'consents']);

/**
 * Drops, rather than refetches, a signed-out person's private queries. A refetch would run before
 * the screens re-render signed out, with options from while signed in (the header's pending count
 * is enabled only then), so each would be a 401. A screen still showing asks again when it renders.
 */
export function dropPrivateQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (q) => PRIVATE_ROOTS.has(q.queryKey[0]) });
}
