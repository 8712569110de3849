// What order tracking says when the order cannot be read or refreshed.
import { ApiError } from '../../lib/api';

const ORDER_NOT_FOUND = 'Order not found';

/** A refresh failed after the order was shown: the toast's title and description. */
export const ORDER_REFRESH_FAILED = { title: 'Error', description: 'Failed to update order status. Please refresh the page.' } as const;

/** 'Order not found' for a 404 (also someone else's order), else 'Failed to fetch order: {message}'. */
export function orderErrorMessage(err: unknown): string {
  if (err instanceof ApiError && err.status === 404) return ORDER_NOT_FOUND;
  const reason =
    err instanceof ApiError ? err.message || `the server answered ${err.status}` : err instanceof Error ? err.message : String(err);
  return `Failed to fetch order: ${reason}`;
}
