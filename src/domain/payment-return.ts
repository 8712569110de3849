// Pesapal's return (SubmitOrderRequest callback_url and cancellation_url): a small page of the
// server's own, not the shop app. Inside the payment modal it only tells the modal; opened as the
// whole tab it sends the customer on to the app's page for it. The server writes the page, the
// browser reads its message, both by these names.

/** The return page (the server's payments routes, `/return`). */
export const PAYMENT_RETURN_PATH = '/api/payments/return';

/** Its query when the customer pressed Cancel on Pesapal's page (the cancellation_url). */
export const PAYMENT_RETURN_CANCELLED_QUERY = 'payment=cancelled';

export const PAYMENT_RETURN_MESSAGE = 'shop:payment-return';

/** What the return page posts to the shop page at the top of its tab. */
export interface PaymentReturnMessage {
  type: typeof PAYMENT_RETURN_MESSAGE;
  /** The customer pressed Cancel on Pesapal's page. */
  cancelled: boolean;
  /** Pesapal's OrderTrackingId and OrderMerchantReference, when it sent them. */
  orderTrackingId?: string | null;
  orderMerchantReference?: string | null;
}

const optionalText = (value: unknown) => value === undefined || value === null || typeof value === 'string';

export function isPaymentReturnMessage(data: unknown): data is PaymentReturnMessage {
  if (typeof data !== 'object' || data === null) return false;
  const { type, cancelled, orderTrackingId, orderMerchantReference } = data as Record<string, unknown>;
  return (
    type === PAYMENT_RETURN_MESSAGE &&
    typeof cancelled === 'boolean' &&
    optionalText(orderTrackingId) &&
    optionalText(orderMerchantReference)
  );
}
