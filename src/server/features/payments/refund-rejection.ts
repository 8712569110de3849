// A refund the merchant rejected in Pesapal's dashboard. Pesapal documents no sign of a rejection
// (docs/pesapal.md): a rejected refund leaves the payment COMPLETED. The shop reads one, unconfirmed,
// from what it can observe: a notice (IPN) received after the request while Pesapal still reports the
// payment COMPLETED, the only change left for Pesapal to notify. When Pesapal sends nothing, the
// merchant says so in the back office ('Refund was rejected'), after the shop has asked Pesapal that
// the refund was not made meanwhile. Both settle the refund in refund-settlement.ts.
import { and, eq } from 'drizzle-orm';
import type { ServerContext } from '../../context';
import { LOCKS } from '../../db/locks';
import { paymentNotifications, paymentRefunds, paymentTransactions } from '../../db/schema';
import { conflict, DomainError, notFound } from '../../errors';
import { auditAdmin, type AdminActor } from '../../back-office/admin-access';
import { lockedOrder } from '../orders/locked-order';
import { deliverOrderUpdate } from '../orders/order-updates.service';
import { writeAttemptsOf } from './attempt-writes';
import { refreshPayment } from './payment-refresh.service';
import { recordRefundRejection, waitingRefund } from './refund-settlement';

const REJECTED_MESSAGES = {
  notFound: 'Refund not found',
  refused: 'Pesapal did not accept this refund request, so there is nothing to reject.',
  refunded: 'Pesapal has refunded this payment: the refund cannot be marked rejected.',
  rejected: 'This refund is already marked rejected.',
  manual_needed: 'This refund is to be made by hand by M-Pesa: Pesapal has nothing to reject.',
  withdrawn: 'This refund was withdrawn: Pesapal has nothing to reject.',
  unreachable: 'Pesapal could not be reached to check the refund first. Please try again.',
  reversal: "This refund is M-Pesa's reversal of the payment: its result from M-Pesa decides it, not Pesapal.",
} as const;

/**
 * After an IPN whose status check found the payment still COMPLETED: the payment's waiting refund,
 * requested before that notice arrived, was rejected. True when one was.
 */
export async function rejectedByNotice(ctx: ServerContext, noticeId: string, trackingId: string): Promise<boolean> {
  const [notice] = await ctx.db
    .select({ seenAt: paymentNotifications.lastSeenAt })
    .from(paymentNotifications)
    .where(eq(paymentNotifications.id, noticeId));
  const [payment] = await ctx.db
    .select({ id: paymentTransactions.id, orderId: paymentTransactions.orderId })
    .from(paymentTransactions)
    .where(eq(paymentTransactions.pesapalTrackingId, trackingId));
  if (!notice || !payment) return false;
  const update = await writeAttemptsOf(ctx.db, payment.orderId, async (attempts, tx) => {
    const [locked] = await tx.select().from(paymentTransactions).where(eq(paymentTransactions.id, payment.id)).for('update');
    const refund = await waitingRefund(tx, payment.id);
    // A notice from before the request (a late repeat of the payment's own) says nothing of it.
    if (!attempts.order || locked?.status !== 'COMPLETED' || !refund || notice.seenAt <= refund.createdAt) return null;
    return recordRefundRejection(ctx, tx, attempts.order, locked, refund, ctx.now(), { by: 'pesapal' });
  });
  await deliverOrderUpdate(ctx, update);
  return update !== null;
}

/** 'Refund was rejected': the merchant saw it in Pesapal's dashboard. Returns the order's status after. */
export async function markRefundRejected(
  ctx: ServerContext,
  actor: AdminActor,
  orderId: string,
  refundId: string,
  note: string,
): Promise<{ orderStatus: string }> {
  return ctx.database.withLock(LOCKS.adminOrderCancel, async () => {
    const [found] = await ctx.db
      .select({ refund: paymentRefunds, trackingId: paymentTransactions.pesapalTrackingId })
      .from(paymentRefunds)
      .innerJoin(paymentTransactions, eq(paymentTransactions.id, paymentRefunds.transactionId))
      .where(and(eq(paymentRefunds.id, refundId), eq(paymentTransactions.orderId, orderId)));
    if (!found) throw notFound(REJECTED_MESSAGES.notFound);
    const { status } = found.refund;
    if (status !== 'requested') throw conflict(REJECTED_MESSAGES[status]);
    if (found.refund.method !== 'pesapal') throw conflict(REJECTED_MESSAGES.reversal);
    // Pesapal may have made the refund meanwhile: a refund it made is never marked rejected.
    if (found.trackingId) {
      try {
        await refreshPayment(ctx, found.trackingId);
      } catch (err) {
        ctx.logger.warn({ err, orderId, refundId }, 'refund rejected: status check failed');
        throw new DomainError('upstream_failed', 'PESAPAL_UNREACHABLE', REJECTED_MESSAGES.unreachable);
      }
    }
    return ctx.db.transaction(async (tx) => {
      const order = await lockedOrder(tx, orderId);
      const [payment] = await tx
        .select()
        .from(paymentTransactions)
        .where(eq(paymentTransactions.id, found.refund.transactionId))
        .for('update');
      const refund = payment ? await waitingRefund(tx, payment.id) : undefined;
      if (!payment || refund?.id !== refundId) {
        const [now] = await tx.select({ status: paymentRefunds.status }).from(paymentRefunds).where(eq(paymentRefunds.id, refundId));
        throw conflict(REJECTED_MESSAGES[now?.status === 'rejected' ? 'rejected' : 'refunded']);
      }
      await recordRefundRejection(ctx, tx, order, payment, refund, actor.at, { by: 'merchant' });
      await auditAdmin(tx, actor, {
        action: 'REFUND_REJECTED',
        tableName: 'orders',
        recordId: orderId,
        details: { refundId, transactionId: payment.id, amountCents: refund.amount, note },
      });
      return { orderStatus: (await lockedOrder(tx, orderId)).status };
    });
  });
}
