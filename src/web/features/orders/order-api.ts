// The customer's orders as the server gives them (/api/orders), with the query keys every screen shares.
// The answer types come from the routes, so a renamed field fails the type check here and in the screens.
import type { InferResponseType } from 'hono/client';
import { ApiError } from '../../lib/api';
import { api, call } from '../../lib/api-client';

export { orderKeys } from './order-keys';

type OrdersResponse = InferResponseType<typeof api.orders.$get, 200>;
export type OrderSummary = OrdersResponse['orders'][number];
export type AwaitingOrder = OrdersResponse['awaitingPayment'][number];
export type OrderItemView = OrderSummary['items'][number];
export type OrderDetail = InferResponseType<(typeof api.orders)[':id']['$get'], 200>;
export type TransactionView = InferResponseType<(typeof api.orders)[':id']['transaction']['$get'], 200>;

export const orderParam = (id: string) => ({ param: { id: encodeURIComponent(id) } });

/** One page of My Orders: the first, or the orders older than `before` (the last one shown). */
export const fetchOrders = (before?: string) => call(api.orders.$get({ query: before ? { before } : {} }));

export const fetchOrder = (id: string) => call(api.orders[':id'].$get(orderParam(id)));

/** The order's latest payment transaction; null while no payment was started (404). */
export async function fetchTransaction(id: string): Promise<TransactionView | null> {
  try {
    return await call(api.orders[':id'].transaction.$get(orderParam(id)));
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export const fetchPendingCount = () => call(api.orders['pending-count'].$get());
