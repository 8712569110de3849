// How long an unpaid order holds its stock, and the texts the payments feature writes when an order
// or a payment attempt ends without a sale. The back office matches orders.cancelled_reason against
// these, so every reader imports them instead of repeating the words.

export const RESERVATION_MINUTES = 30;

/** orders.cancelled_reason of an order Pesapal reversed after it was paid (refund or chargeback). */
export const PAYMENT_REVERSED_REASON = 'Payment reversed';

/** orders.cancelled_reason of an order whose reservation expired unpaid. */
export const NOT_PAID_IN_TIME_REASON = `Not paid within ${RESERVATION_MINUTES} minutes`;

/** payment_transactions.status_description of attempts the shop cancelled at Pesapal. */
export const ATTEMPT_CANCELLED = {
  superseded: 'Cancelled: superseded by a new payment attempt',
  paidElsewhere: 'Cancelled: the order was paid through another attempt',
  notPaidInTime: `Cancelled: not paid within ${RESERVATION_MINUTES} minutes`,
} as const;
