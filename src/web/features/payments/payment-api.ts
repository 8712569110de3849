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

/**
 * A new payment attempt for an unpaid order: the hosted page to show. Throws an Error whose message
 * is the server's reason (this endpoint answers in the order-creation shape, { success, error }).
 */
export async function retryPayment(orderId: string): Promise<RetryPaymentResponse> {
  let body: unknown = null;
  let ok = false;
  try {
    const res = await fetch(`/api/payments/orders/${encodeURIComponent(orderId)}/retry`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
    ok = res.ok;
    body = await res.json();
  } catch {
    throw new Error(RETRY_FAILED);
  }
  const answer = body as Partial<RetryPaymentResponse> | null;
  if (!ok || !answer?.success || !answer.iframe_url || !answer.order_id) throw new Error(reasonOf(body));
  return { success: true, iframe_url: answer.iframe_url, order_id: answer.order_id };
}

function reasonOf(body: unknown): string {
  const error = (body as { error?: unknown } | null)?.error;
  if (typeof error === 'string' && error) return error;
  if (typeof error === 'object' && error && typeof (error as { message?: unknown }).message === 'string') {
    return (error as { message: string }).message;
  }
  return RETRY_FAILED;
}

/** The caller's order behind Pesapal's callback query (OrderTrackingId, OrderMerchantReference). */
export function lookupOrderId(trackingId: string | null, merchantReference: string | null) {
  const query = new URLSearchParams();
  if (trackingId) query.set('trackingId', trackingId);
  if (merchantReference) query.set('merchantReference', merchantReference);
  return apiFetch<{ orderId: string }>(`/api/payments/lookup?${query.toString()}`);
}
