// The payments endpoints (server feature 'payments'): status sync with Pesapal, retry, callback lookup.
import { apiFetch } from '../../lib/api';

export interface SyncResult {
  orderId: string;
  updated: boolean;
  newStatus: string | null;
  error: string | null;
}

export interface RetryPaymentResponse {
  success: boolean;
  iframe_url: string;
  order_id: string;
}

/** Asks the server to check the orders' payments with Pesapal now. */
export const syncPayments = (orderIds: string[]) =>
  apiFetch<{ results: SyncResult[] }>('/api/payments/sync', { method: 'POST', json: { orderIds } });

export const RETRY_FAILED = 'Failed to create payment order';

/** A new payment attempt for an unpaid order: the hosted page to show. Failures throw ApiError. */
export const retryPayment = (orderId: string) =>
  apiFetch<RetryPaymentResponse>(`/api/payments/orders/${encodeURIComponent(orderId)}/retry`, { method: 'POST' });

/** The caller's order behind Pesapal's callback query (OrderTrackingId, OrderMerchantReference). */
export function lookupOrderId(trackingId: string | null, merchantReference: string | null) {
  const query = new URLSearchParams();
  if (trackingId) query.set('trackingId', trackingId);
  if (merchantReference) query.set('merchantReference', merchantReference);
  return apiFetch<{ orderId: string }>(`/api/payments/lookup?${query.toString()}`);
}
