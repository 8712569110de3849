// 'Refund this payment': money the order does not need (a second payment on the same order, a
// payment that landed on a cancelled order) goes back through Pesapal's RefundRequest. The order is
// neither cancelled nor restocked; the payment that pays for a completed order is refunded only by
// cancelling the order. One refund at a time, under the same lock as cancelling. The customer hears
// of it once Pesapal has reversed the payment (refund-settlement.ts), not when it is asked for.
import { eq } from 'drizzle-orm';
import type { ServerContext } from '../../context';
import { LOCKS } from '../../db/locks';
import { orders, paymentTransactions } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { auditAdmin, type AdminActor } from '../../back-office/admin-access';
import { lockedOrder } from '../orders/locked-order';
import { deliverOrderUpdate, queueOrderUpdate } from '../orders/order-updates.service';
import {
  hasLiveWholeRefund,
  recordRefund,
  refundAmount,
  refundRefused,
  requestRefund,
  settlingPaymentId,
} from '../orders/admin-refund-request';

const PAYMENT_REFUND_MESSAGES = {
  notFound: 'Payment not found',
  notCompleted: 'Only a completed payment can be refunded.',
  paysForOrder: 'This payment pays for the order: use "Cancel and refund" to refund it.',
  noConfirmation: 'This payment has no Pesapal confirmation code, so it cannot be refunded from here.',
  alreadyRefunded: 'A refund has already been requested for this payment.',
} as const;

export interface PaymentRefundOutcome {
  refundMessage: string;
}

export async function refundPayment(
  ctx: ServerContext,
  actor: AdminActor,
  orderId: string,
  paymentId: string,
  reason: string,
): Promise<PaymentRefundOutcome> {
  return ctx.database.withLock(LOCKS.adminOrderCancel, async () => {
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
    if (!order) throw notFound('Order not found');
    const payments = await ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, orderId));
    const payment = payments.find((p) => p.id === paymentId);
    if (!payment) throw notFound(PAYMENT_REFUND_MESSAGES.notFound);
    if (payment.status !== 'COMPLETED') throw conflict(PAYMENT_REFUND_MESSAGES.notCompleted);
    if (payment.id === settlingPaymentId(order, payments)) throw conflict(PAYMENT_REFUND_MESSAGES.paysForOrder);
    const { confirmationCode } = payment;
    if (!confirmationCode) throw conflict(PAYMENT_REFUND_MESSAGES.noConfirmation);
    if (await hasLiveWholeRefund(ctx.db, payment.id)) throw conflict(PAYMENT_REFUND_MESSAGES.alreadyRefunded);

    const attempt = await requestRefund(ctx, actor, { ...payment, confirmationCode }, reason);
    const update = await ctx.db.transaction(async (tx) => {
      // The order first, then the payment, as the payments feature locks them (see cancelOrder).
      const locked = await lockedOrder(tx, orderId);
      const [current] = await tx
        .select({ status: paymentTransactions.status })
        .from(paymentTransactions)
        .where(eq(paymentTransactions.id, payment.id));
      // Pesapal's notice of an at-once approval may have been applied first (see cancelOrder).
      const alreadyReversed = attempt.accepted && current?.status === 'REVERSED';
      const refundId = await recordRefund(tx, actor, payment, reason, attempt, { alreadyReversed, source: 'extra_payment' });
      await auditAdmin(tx, actor, {
        action: 'PAYMENT_REFUND',
        tableName: 'orders',
        recordId: orderId,
        details: {
          refundId,
          transactionId: payment.id,
          merchantReference: payment.merchantReference,
          amountCents: refundAmount(payment),
          reason,
          accepted: attempt.accepted,
          message: attempt.message,
          orderStatus: locked.status,
        },
      });
      // Already reversed: the money is back, and the customer hears of it now, once per payment.
      return alreadyReversed
        ? queueOrderUpdate(ctx, tx, orderId, 'payment_refunded', { amountCents: refundAmount(payment), key: payment.id })
        : null;
    });
    if (!attempt.accepted) throw refundRefused(attempt);
    await deliverOrderUpdate(ctx, update);
    return { refundMessage: attempt.message };
  });
}
