// What order tracking says when the order cannot be read or refreshed, in the language `say` speaks.
import type { SayOrders } from '@/web/i18n/orders-text';
import { ApiError } from '../../lib/api';

/** A refresh failed after the order was shown: the toast's title and description. */
export const ORDER_REFRESH_FAILED = { title: 'refreshFailedTitle', description: 'refreshFailed' } as const;

/** 'Order not found' for a 404 (also someone else's order), else 'Failed to fetch order: {message}' (the server's message as it came). */
export function orderErrorMessage(err: unknown, say: SayOrders): string {
  if (err instanceof ApiError && err.status === 404) return say('orderNotFound');
  const reason =
    err instanceof ApiError
      ? err.message || say('serverAnswered', { status: err.status })
      : err instanceof Error
        ? err.message
        : String(err);
  return say('fetchFailed', { reason });
}
