// Once a customer pays for some goods, the older unpaid orders of theirs for exactly the same goods
// are attempts they left (Pesapal's page closed before paying, then checkout again): they would
// otherwise wait half an hour as 'Not paid', holding stock and window places, and invite a second
// payment. They are closed at once with the payment. An order Pesapal has seen a payment of is never
// closed here: its money may be on its way.
import { and, eq, inArray, isNotNull, lte, ne, not } from 'drizzle-orm';
import { paidInAnotherOrderReason } from '@/domain/order-reasons';
import { shortOrderId } from '@/domain/order-status';
import type { ServerContext } from '../../context';
import type { Tx } from '../../db/client';
import { orderItems, orders } from '../../db/schema';
import { anyPaymentSeenByPesapal } from '../orders/current-attempt';
import { transitionOrder } from '../orders/order-transitions';

/** Closes the paid order's unpaid older twins in this transaction; returns their ids (their pages are cancelled after the commit). */
export async function closeUnpaidTwins(
  ctx: ServerContext,
  tx: Tx,
  paid: { id: string; userId: string; createdAt: Date },
  at: Date,
): Promise<string[]> {
  // Locked without waiting: an order another request is settling right now is left to it.
  const candidates = await tx
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(
      and(
        eq(orders.userId, paid.userId),
        ne(orders.id, paid.id),
        inArray(orders.status, ['pending', 'failed']),
        isNotNull(orders.reservationExpiresAt),
        lte(orders.createdAt, paid.createdAt),
        not(anyPaymentSeenByPesapal),
      ),
    )
    .for('update', { skipLocked: true });
  if (candidates.length === 0) return [];
  const lines = await tx
    .select({ orderId: orderItems.orderId, variantId: orderItems.variantId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(inArray(orderItems.orderId, [paid.id, ...candidates.map((c) => c.id)]));
  const goods = (orderId: string) =>
    lines
      .filter((l) => l.orderId === orderId)
      .map((l) => `${l.variantId}×${l.quantity}`)
      .sort()
      .join(',');
  const paidGoods = goods(paid.id);
  const twins = candidates.filter((c) => goods(c.id) === paidGoods);
  for (const twin of twins) {
    await transitionOrder(ctx, tx, {
      order: twin,
      event: 'reservation_expired',
      at,
      releaseReason: 'The same items were paid in another order',
      set: { cancelledReason: paidInAnotherOrderReason(shortOrderId(paid.id)) },
    });
  }
  return twins.map((t) => t.id);
}
