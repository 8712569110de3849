// The payments endpoints (server feature 'payments'): status sync with Pesapal, retry, callback lookup.
import type { InferResponseType } from 'hono/client';
import { api, call } from '../../lib/api-client';

export type SyncResult = InferResponseType<typeof api.payments.sync.$post, 200>['results'][number];

/** Asks the server to check the orders' payments with Pesapal now. */
/** `returned`: Pesapal has just sent the customer back (the order then waits for its confirmation). */
export const syncPayments = (orderIds: string[], returned = false) =>
  call(api.payments.sync.$post({ json: returned ? { orderIds, returned } : { orderIds } }));

/** A new payment attempt for an unpaid order: the hosted page to show. Failures throw ApiError. */
export const retryPayment = (orderId: string) =>
  call(api.payments.orders[':id'].retry.$post({ param: { id: encodeURIComponent(orderId) } }));

/** The page of the attempt already open on a pending order (a new one only when none is open). */
export const continuePayment = (orderId: string) =>
  call(api.payments.orders[':id'].continue.$post({ param: { id: encodeURIComponent(orderId) } }));

/** The caller's order behind Pesapal's callback query (OrderTrackingId, OrderMerchantReference). */
export function lookupOrderId(trackingId: string | null, merchantReference: string | null) {
  return call(
    api.payments.lookup.$get({
      query: { ...(trackingId ? { trackingId } : {}), ...(merchantReference ? { merchantReference } : {}) },
    }),
  );
}

/** A new M-Pesa Express prompt for an unpaid order ('Send the prompt again'). Failures throw ApiError. */
export const sendMpesaPrompt = (orderId: string, phone: string) =>
  call(api.payments.orders[':id'].mpesa.$post({ param: { id: encodeURIComponent(orderId) }, json: { phone } }));

export type MpesaPromptView = Awaited<ReturnType<typeof sendMpesaPrompt>>['mpesa'];
