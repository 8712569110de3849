// The words the server writes to orders.cancelled_reason when an order ends without a sale. The back
// office matches them and the browser reads them from live order events, so both import them here.

/** How long an unpaid order holds its stock. */
export const RESERVATION_MINUTES = 30;

/** An order Pesapal reversed after it was paid (refund or chargeback). */
export const PAYMENT_REVERSED_REASON = 'Payment reversed';

/** An order whose reservation expired unpaid: the customer left, nothing failed. */
export const NOT_PAID_IN_TIME_REASON = `Not paid within ${RESERVATION_MINUTES} minutes`;

/**
 * Where Pesapal sends a customer who pressed Cancel on its page (SubmitOrderRequest cancellation_url):
 * back to checkout, which says so. Pesapal appends OrderTrackingId and the other callback values.
 */
export const PAYMENT_CANCELLED_PATH = '/checkout?payment=cancelled';
export const PAYMENT_CANCELLED_NOTICE = 'Payment cancelled. You can try again when ready.';

/** An unpaid order closed because the customer paid for the same goods in another order. */
export const paidInAnotherOrderReason = (shortId: string) => `Closed unpaid: the same items were paid in order #${shortId}`;
