// What the merchant may do next with an order (the buttons of the order screen).
import { refundRestocks } from '@/domain/order-lifecycle';
import { canAdvanceFulfilment, type FulfilmentMethod, type FulfilmentStatus } from '@/domain/order-status';
import { FULFILMENT_STEPS, type FulfilmentStep } from './admin-orders.schemas';

export interface OrderActions {
  fulfilmentSteps: FulfilmentStep[];
  cancel: 'release' | 'refund' | null;
  /** Whether a refund now puts the goods back into stock (not once they have left the shop). */
  restockOnRefund: boolean;
  /** 'Mark resolved' is offered while the order needs attention. */
  resolve: boolean;
}

/** What the merchant may do next with an order in this state. */
export function orderActions(
  order: { status: string; fulfilment: FulfilmentStatus; method?: FulfilmentMethod; needsAttention: boolean },
  settlingPaymentRefunded: boolean,
): OrderActions {
  const paid = order.status === 'completed';
  // To be paid on delivery: packed and sent out like a paid order, delivered only once paid (at the door).
  const onDelivery = order.status === 'confirmed';
  const steps = paid ? FULFILMENT_STEPS : onDelivery ? FULFILMENT_STEPS.filter((s) => s !== 'delivered') : [];
  return {
    fulfilmentSteps: steps.filter((s) => canAdvanceFulfilment(order.fulfilment, s, order.method)),
    cancel: order.status === 'pending' || onDelivery ? 'release' : paid && !settlingPaymentRefunded ? 'refund' : null,
    restockOnRefund: refundRestocks(order.fulfilment),
    resolve: order.needsAttention,
  };
}
