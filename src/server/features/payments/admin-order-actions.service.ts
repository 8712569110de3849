// What the merchant does to an order: move fulfilment forward, cancel it (a pending order releases
// its reserved stock and its Pesapal page is cancelled; a paid order is sent to Pesapal for a refund
// and waits, as 'refund requested', until Pesapal reverses the payment: then it is cancelled, its
// stock put back unless the goods had left the shop, see payments/refund-settlement.ts), and ask
// Pesapal for the payment status now.
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { FULFILLABLE_STATUS, fulfilmentEventFor, refundRestocks } from '@/domain/order-lifecycle';
import { canAdvanceFulfilment, FULFILMENT_LABELS, type FulfilmentStatus } from '@/domain/order-status';
import type { ServerContext } from '../../context';
import { lockedOrder } from '../orders/locked-order';
import { advanceOrderFulfilment, transitionOrder } from '../orders/order-transitions';
import { deliverOrderUpdate, type QueuedOrderUpdate } from '../orders/order-updates.service';
import { LOCKS } from '../../db/locks';
import { orders, paymentTransactions } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { cancelOpenAttempts, openAttempts } from './attempt-cancellation';
import { PAYMENT_REVERSED_REASON } from './order-outcomes';
import { refreshPayment } from './payment-refresh.service';
import { auditAdmin, type AdminActor } from '../../back-office/admin-access';
import {
  hasLiveRefund,
  recordRefund,
  refundAmount,
  REFUND_MESSAGES,
  refundRefused,
  requestRefund,
  settlingPaymentId,
} from '../orders/admin-refund-request';

const ORDER_ACTION_MESSAGES = {
  notPaid: 'Only paid (completed) orders can be fulfilled.',
  cannotCancel: 'Only pending or paid orders can be cancelled.',
  paidMeanwhile: 'The customer paid this order while it was being cancelled. It is now paid: cancel it again to refund.',
  noConfirmation: 'This payment has no Pesapal confirmation code, so it cannot be refunded from here.',
  alreadyRefunded: 'A refund has already been requested for this order.',
  pesapalUnreachable: REFUND_MESSAGES.pesapalUnreachable,
} as const;

export async function advanceFulfilment(
  ctx: ServerContext,
  actor: AdminActor,
  orderId: string,
  to: FulfilmentStatus,
): Promise<{ fulfilmentStatus: FulfilmentStatus }> {
  const { result, update } = await ctx.db.transaction(async (tx) => {
    const order = await lockedOrder(tx, orderId);
    // The merchant's words for the two refusals; the order module refuses anything else.
    if (order.status !== FULFILLABLE_STATUS) throw conflict(ORDER_ACTION_MESSAGES.notPaid);
    const from = order.fulfilmentStatus;
    if (!canAdvanceFulfilment(from, to)) {
      throw conflict(`An order only moves forward: this one is already ${FULFILMENT_LABELS[from].toLowerCase()}.`);
    }
    // The customer hears of the steps that concern them, queued with the change itself.
    const { update } = await advanceOrderFulfilment(ctx, tx, { order, event: fulfilmentEventFor(to), at: ctx.now() });
    await auditAdmin(tx, actor, { action: 'ORDER_FULFILMENT', tableName: 'orders', recordId: orderId, details: { from, to } });
    return { result: { fulfilmentStatus: to }, update };
  });
  await deliverOrderUpdate(ctx, update);
  return result;
}

export type CancelOutcome =
  /** paymentInFlight: a payment may still land; the customer is told once it ends ('being cancelled'). */
  | { kind: 'released'; releasedLines: number; paymentInFlight?: true }
  /**
   * Pesapal accepted the request: the order waits for the reversal. restocksWhenRefunded: whether
   * its goods then go back into stock (not once they have left the shop).
   */
  | { kind: 'refund_requested'; refundMessage: string; restocksWhenRefunded: boolean }
  /**
   * Pesapal had reversed the payment before the request was recorded (its notice came first): the
   * order is refunded now. restocked: false when the goods had left the shop.
   */
  | { kind: 'refunded'; refundMessage: string; restocked: boolean; restockedLines: number };

/** Cancels a pending order (release) or asks Pesapal to refund a paid one; one at a time across instances. */
export async function cancelOrder(ctx: ServerContext, actor: AdminActor, orderId: string, reason: string): Promise<CancelOutcome> {
  return ctx.database.withLock(LOCKS.adminOrderCancel, async () => {
    const [order] = await ctx.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    if (!order) throw notFound('Order not found');
    if (order.status === 'pending') return cancelPendingOrder(ctx, actor, orderId, reason);
    if (order.status === 'completed') return refundPaidOrder(ctx, actor, orderId, reason);
    if (order.status === 'refund_requested') throw conflict(ORDER_ACTION_MESSAGES.alreadyRefunded);
    throw conflict(ORDER_ACTION_MESSAGES.cannotCancel);
  });
}

async function cancelPendingOrder(ctx: ServerContext, actor: AdminActor, orderId: string, reason: string): Promise<CancelOutcome> {
  // Close the payment pages first (best effort), so the customer cannot pay a cancelled order.
  await cancelOpenAttempts(ctx, orderId, `Cancelled by the shop: ${reason}`);
  // A page Pesapal would not cancel may have just been paid: ask before cancelling.
  for (const attempt of await openAttempts(ctx.db, orderId)) {
    await refreshPayment(ctx, attempt.trackingId).catch((err: unknown) =>
      ctx.logger.warn({ err, orderId }, 'admin cancel: status check failed'),
    );
  }
  const { outcome, update } = await ctx.db.transaction(async (tx) => {
    const order = await lockedOrder(tx, orderId);
    if (order.status === 'completed') throw conflict(ORDER_ACTION_MESSAGES.paidMeanwhile);
    if (order.status !== 'pending') throw conflict(ORDER_ACTION_MESSAGES.cannotCancel);
    // A page Pesapal would not close (an M-Pesa payment in flight) may still take money: the
    // customer is told when that payment ends, not now that nothing was charged.
    const paymentInFlight = (await openAttempts(tx, orderId)).length > 0;
    const { update, released: releasedLines } = await transitionOrder(ctx, tx, {
      order,
      event: 'cancelled',
      at: ctx.now(),
      releaseReason: `Order cancelled by the shop: ${reason}`,
      set: { cancelledReason: reason },
      holdNotice: paymentInFlight,
    });
    await auditAdmin(tx, actor, {
      action: 'ORDER_CANCEL',
      tableName: 'orders',
      recordId: orderId,
      details: { reason, releasedLines, ...(paymentInFlight ? { paymentInFlight } : {}) },
    });
    return { outcome: { kind: 'released' as const, releasedLines, ...(paymentInFlight ? { paymentInFlight } : {}) }, update };
  });
  await deliverOrderUpdate(ctx, update);
  return outcome;
}

async function refundPaidOrder(ctx: ServerContext, actor: AdminActor, orderId: string, reason: string): Promise<CancelOutcome> {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound('Order not found');
  const payments = await ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, orderId));
  // The payment that pays for the order, not merely the newest: a second payment is refunded on its own.
  const payment = payments.find((p) => p.id === settlingPaymentId(order, payments));
  if (!payment) throw conflict(ORDER_ACTION_MESSAGES.cannotCancel);
  const { confirmationCode } = payment;
  if (!confirmationCode) throw conflict(ORDER_ACTION_MESSAGES.noConfirmation);
  if (await hasLiveRefund(ctx.db, payment.id)) throw conflict(ORDER_ACTION_MESSAGES.alreadyRefunded);

  const attempt = await requestRefund(ctx, actor, { ...payment, confirmationCode }, reason);

  const outcome = await ctx.db.transaction(async (tx): Promise<{ outcome: CancelOutcome | null; update: QueuedOrderUpdate | null }> => {
    // The order first, then the payment (the refund row's key locks it), in the payments feature's
    // order: Pesapal's reversal notice for this refund may be applied at this very moment.
    const locked = await lockedOrder(tx, orderId);
    const [current] = await tx
      .select({ status: paymentTransactions.status })
      .from(paymentTransactions)
      .where(eq(paymentTransactions.id, payment.id));
    // Pesapal may approve at once and its notice overtake this transaction: then the reversal is
    // already recorded (as one nobody asked for) and this request is what explains it.
    const alreadyReversed = attempt.accepted && current?.status === 'REVERSED';
    const refundId = await recordRefund(tx, actor, payment, reason, attempt, { alreadyReversed });
    await auditAdmin(tx, actor, {
      action: 'ORDER_REFUND',
      tableName: 'orders',
      recordId: orderId,
      details: { refundId, transactionId: payment.id, amountCents: payment.amount, accepted: attempt.accepted, message: attempt.message },
    });
    // A refusal changes nothing but its record.
    if (!attempt.accepted) return { outcome: null, update: null };
    const at = ctx.now();
    let order = locked;
    if (locked.status === 'completed') {
      await transitionOrder(ctx, tx, { order: locked, event: 'refund_requested', at, set: { cancelledReason: reason } });
      order = { ...locked, status: 'refund_requested' };
    }
    if (!alreadyReversed) {
      const restocksWhenRefunded = refundRestocks(locked.fulfilmentStatus);
      return { outcome: { kind: 'refund_requested', refundMessage: attempt.message, restocksWhenRefunded }, update: null };
    }
    // The table's effect for a refund decides the stock, on the fulfilment read under the row lock.
    const fulfilment = locked.fulfilmentStatus;
    const { update, restock } = await transitionOrder(ctx, tx, {
      order,
      event: 'refunded',
      at,
      set: { cancelledReason: reason, ...clearedReversalFlag(locked) },
      tell: { amountCents: refundAmount(payment) },
      restock: { fulfilment, actorUserId: actor.userId },
    });
    const { restocked, restockedLines, notRestocked } = restock ?? { restocked: false, restockedLines: 0 };
    await auditAdmin(tx, actor, {
      action: 'ORDER_CANCEL',
      tableName: 'orders',
      recordId: orderId,
      details: { reason, restocked, restockedLines, fulfilment, ...(notRestocked ? { notRestocked } : {}) },
    });
    return { outcome: { kind: 'refunded', refundMessage: attempt.message, restocked, restockedLines }, update };
  });
  // A refusal is recorded (committed above) and then reported to the merchant.
  if (!outcome.outcome) throw refundRefused(attempt);
  await deliverOrderUpdate(ctx, outcome.update);
  return outcome.outcome;
}

/**
 * Pesapal's reversal notice may be processed before this refund's own transaction; it cancels the
 * order and flags it "restock by hand". The merchant's own refund explains the reversal, and its
 * restock (or the dialog's note that nothing is restocked) settles the stock, so the flag goes.
 */
function clearedReversalFlag(order: typeof orders.$inferSelect) {
  return order.status === 'cancelled' && order.cancelledReason === PAYMENT_REVERSED_REASON
    ? { needsAttention: false, attentionReason: null }
    : {};
}

export interface PaymentCheckResult {
  checked: number;
  changed: number;
  error: string | null;
}

/** 'Check payment status now': asks Pesapal about every attempt that is not final yet (or may still be reversed). */
export async function checkPaymentNow(ctx: ServerContext, actor: AdminActor, orderId: string): Promise<PaymentCheckResult> {
  const [order] = await ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound('Order not found');
  const attempts = await ctx.db
    .select({ trackingId: paymentTransactions.pesapalTrackingId })
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.orderId, orderId),
        // FAILED too: a declined customer can still pay on the same page until it is cancelled.
        inArray(paymentTransactions.status, ['PENDING', 'COMPLETED', 'FAILED']),
        isNotNull(paymentTransactions.pesapalTrackingId),
      ),
    );
  let changed = 0;
  let error: string | null = null;
  for (const { trackingId } of attempts) {
    if (!trackingId) continue;
    try {
      if ((await refreshPayment(ctx, trackingId)).outcome === 'transitioned') changed++;
    } catch (err) {
      ctx.logger.warn({ err, orderId }, 'admin payment check failed');
      error = ORDER_ACTION_MESSAGES.pesapalUnreachable;
    }
  }
  await auditAdmin(ctx.db, actor, {
    action: 'PAYMENT_STATUS_CHECK',
    tableName: 'orders',
    recordId: orderId,
    details: { checked: attempts.length, changed, error },
  });
  return { checked: attempts.length, changed, error };
}
