// What an order's payment looks like to the customer (/order-success: its words are the orders
// catalogue's display_<state>_…) and when tracking can stop polling. Pure, so the rules are tested
// without a browser.
import { isHistoryStatus } from '@/domain/order-status';

/**
 * Nothing will change by itself any more: the payment attempt is settled, or, before one is known,
 * the order is finished. The payment decides when known (a retried order has a new PENDING attempt).
 */
export function isSettled(orderStatus: string | null | undefined, paymentStatus: string | null | undefined): boolean {
  if (paymentStatus) return paymentStatus !== 'PENDING';
  return isHistoryStatus(orderStatus);
}

export type OrderDisplayState = 'completed' | 'confirmed' | 'failed' | 'pending' | 'checking' | 'processing';

export interface DisplayStateInput {
  orderStatus: string | null;
  paymentStatus: string | null;
  /** The order or its payment is still loading, or a manual status check is running. */
  checking: boolean;
  /** The customer came back from Pesapal's page (callback query), so a payment is under way. */
  returnedFromPayment: boolean;
}

export function orderDisplayState(input: DisplayStateInput): OrderDisplayState {
  const { orderStatus, paymentStatus } = input;
  // To be paid on delivery: a prompt the rider sent that failed changes nothing for the customer.
  if (orderStatus === 'confirmed' && paymentStatus !== 'COMPLETED') return 'confirmed';
  if (paymentStatus === 'COMPLETED' || (!paymentStatus && orderStatus === 'completed')) return 'completed';
  if (paymentStatus === 'FAILED' || paymentStatus === 'REVERSED') return 'failed';
  if (!paymentStatus && (orderStatus === 'failed' || orderStatus === 'cancelled')) return 'failed';
  if (input.checking) return 'checking';
  if (orderStatus === 'processing' || input.returnedFromPayment) return 'processing';
  return 'pending';
}
