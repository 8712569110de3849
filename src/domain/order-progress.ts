// Where an order is, in the customer's words: a paid order walks Paid → Being prepared → Out for
// delivery → Delivered; a cancelled one says whether its money is on the way back. The payment badge
// beside it keeps the shop's payment words; this says what happens to the goods and the money.
// A pick-up order walks Paid → Being prepared → Ready for pick-up → Collected. An order to pay on
// delivery starts at 'Pay on delivery' instead of 'Paid' until the rider takes the money.
import type { FulfilmentMethod, FulfilmentStatus, OrderStatus } from './order-status';

const ORDER_PROGRESS_STEPS = ['Paid', 'Being prepared', 'Out for delivery', 'Delivered'] as const;
const PICKUP_PROGRESS_STEPS = ['Paid', 'Being prepared', 'Ready for pick-up', 'Collected'] as const;

/** The steps an order of this method walks; one still to be paid on delivery starts at 'Pay on delivery'. */
export function progressSteps(method: FulfilmentMethod = 'delivery', status?: OrderStatus): readonly string[] {
  const steps = method === 'pickup' ? PICKUP_PROGRESS_STEPS : ORDER_PROGRESS_STEPS;
  return status === 'confirmed' ? ['Pay on delivery', ...steps.slice(1)] : steps;
}

const STEP_OF_FULFILMENT: Readonly<Record<FulfilmentStatus, number>> = {
  unfulfilled: 0,
  processing: 1,
  out_for_delivery: 2,
  ready_for_pickup: 2,
  delivered: 3,
};

/** 'requested': Pesapal accepted the shop's refund request; 'refunded': Pesapal reversed the payment. */
type RefundState = 'none' | 'requested' | 'refunded';

export type OrderProgress =
  | { kind: 'steps'; current: number }
  | { kind: 'ended'; label: 'Cancelled' | 'Refund requested' | 'Refunded' }
  /** Not paid yet (or the payment failed): the payment badge says all there is. */
  | null;

export interface OrderProgressInput {
  status: OrderStatus;
  fulfilmentStatus: FulfilmentStatus;
  /** Delivered (the default) or collected at the shop. */
  fulfilmentMethod?: FulfilmentMethod;
  /** The refund state of each payment taken for the order. */
  refunds: readonly RefundState[];
}

export function orderProgress(order: OrderProgressInput): OrderProgress {
  if (order.status === 'completed' || order.status === 'confirmed')
    return { kind: 'steps', current: STEP_OF_FULFILMENT[order.fulfilmentStatus] };
  // Sent for a refund: nothing is delivered, and the money is on its way back until Pesapal says otherwise.
  if (order.status === 'refund_requested') return { kind: 'ended', label: 'Refund requested' };
  if (order.status !== 'cancelled') return null;
  // Money still on its way back is what the customer waits for, so it is named before money returned.
  if (order.refunds.includes('requested')) return { kind: 'ended', label: 'Refund requested' };
  if (order.refunds.includes('refunded')) return { kind: 'ended', label: 'Refunded' };
  return { kind: 'ended', label: 'Cancelled' };
}
