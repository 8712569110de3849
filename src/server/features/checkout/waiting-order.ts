// Never pay twice: a customer who checks out the same goods again while an earlier order of theirs
// is waiting for Pesapal to confirm its payment is offered that order (wait for it, or continue
// paying it) instead of a second order and a second charge. Waiting means Pesapal has sent the
// customer back or notified the shop about one of its payments (a callback or an IPN recorded) and
// the order is still pending: the money may already be on its way (an M-Pesa prompt answered, a
// late notice). An order the customer never took to Pesapal's end is not waiting: the same goods
// again are a new order, as are different goods.
import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orderItems, orders } from '../../db/schema';
import { anyPaymentSeenByPesapal } from '../orders/current-attempt';
import { DomainError } from '../../errors';

export const ORDER_AWAITING_PAYMENT =
  'You already have an order with these items waiting for Pesapal to confirm your payment. Do not pay again: wait for it, or continue that order.';

/** The newest of the customer's waiting orders, still holding its stock, with exactly these lines (quantity per variant). */
export async function findWaitingOrder(tx: Tx, userId: string, lines: ReadonlyMap<string, number>, at: Date): Promise<string | null> {
  const pending = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'pending'), gt(orders.reservationExpiresAt, at), anyPaymentSeenByPesapal))
    .orderBy(desc(orders.createdAt));
  if (pending.length === 0) return null;
  const items = await tx
    .select({ orderId: orderItems.orderId, variantId: orderItems.variantId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        pending.map((o) => o.id),
      ),
    );
  return (
    pending.find((o) =>
      sameLines(
        items.filter((i) => i.orderId === o.id),
        lines,
      ),
    )?.id ?? null
  );
}

/** `lines`: quantity per variant id. */
function sameLines(items: { variantId: string; quantity: number }[], lines: ReadonlyMap<string, number>): boolean {
  return items.length === lines.size && items.every((i) => lines.get(i.variantId) === i.quantity);
}

/** The refusal names the waiting order, so checkout can offer to wait for it or continue it. */
export function orderAwaitingPayment(orderId: string): DomainError {
  return new DomainError('conflict', 'ORDER_AWAITING_PAYMENT', ORDER_AWAITING_PAYMENT, { orderId });
}
