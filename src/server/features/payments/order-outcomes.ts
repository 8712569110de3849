// The texts the payments feature writes when an order or a payment attempt ends without a sale.
// Every reader imports them instead of repeating the words; the order reasons live in src/domain
// because the browser reads them too.
import { RESERVATION_MINUTES } from '@/domain/order-reasons';

export { NOT_PAID_IN_TIME_REASON, PAYMENT_REVERSED_REASON, RESERVATION_MINUTES } from '@/domain/order-reasons';

/** payment_transactions.status_description of attempts the shop cancelled at Pesapal. */
export const ATTEMPT_CANCELLED = {
  superseded: 'Cancelled: superseded by a new payment attempt',
  paidElsewhere: 'Cancelled: the order was paid through another attempt',
  notPaidInTime: `Cancelled: not paid within ${RESERVATION_MINUTES} minutes`,
  orderClosed: 'Cancelled: the order was paid or closed while this page was being opened',
  paidInAnotherOrder: 'Cancelled: the same items were paid in another order',
} as const;

/**
 * payment_transactions.status_description of a claimed attempt that never got its Pesapal page (the
 * process stopped while asking); a later Pay click gives up on it and starts a new attempt.
 */
export const ATTEMPT_INTERRUPTED = 'Not started: the request to Pesapal was interrupted';
