// The message of an order cancelled while a payment could still land (see holdNotice in
// order-transitions.ts). Once none of the order's payment attempts is open, the customer is told:
// 'cancelled, you have not been charged' when no attempt took money; when one did, nothing here (the
// order is flagged for the merchant, whose refund tells the customer once it is refunded).
import { and, eq, isNotNull } from 'drizzle-orm';
import type { ServerContext } from '../../context';
import type { Tx } from '../../db/client';
import { orders, paymentTransactions } from '../../db/schema';
import { queueOrderUpdate, type QueuedOrderUpdate } from './order-updates.service';

/** Call in the transaction that ended an attempt of `orderId`; send the result after the commit. */
export async function tellHeldCancellation(ctx: ServerContext, tx: Tx, orderId: string): Promise<QueuedOrderUpdate | null> {
  const [order] = await tx
    .select({ status: orders.status, due: orders.cancelNoticeDue })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  if (!order?.due || order.status !== 'cancelled') return null;
  const attempts = await tx
    .select({ status: paymentTransactions.status })
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.orderId, orderId), isNotNull(paymentTransactions.pesapalTrackingId)));
  if (attempts.some((a) => a.status === 'PENDING')) return null;
  await tx.update(orders).set({ cancelNoticeDue: false, updatedAt: ctx.now() }).where(eq(orders.id, orderId));
  const charged = attempts.some((a) => a.status === 'COMPLETED' || a.status === 'REVERSED');
  return charged ? null : queueOrderUpdate(ctx, tx, orderId, 'cancelled');
}
