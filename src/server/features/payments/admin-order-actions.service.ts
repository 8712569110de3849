// What the merchant does to an order: move fulfilment forward, cancel it (a pending order releases
// its reserved stock and its Pesapal page is cancelled; a paid order is sent to Pesapal for a refund
// and waits, as 'refund requested', until Pesapal reverses the payment: then it is cancelled, its
// stock put back unless the goods had left the shop, see payments/refund-settlement.ts; an M-Pesa
// Express payment is reversed by M-Pesa when an API operator is set, mpesa/mpesa-reversal.service.ts),
// and ask Pesapal for the payment status now.
import { refuseWhileMpesaPromptOpen } from './mpesa/mpesa-prompt-open';
import { refundByReversal, reversesByMpesa } from './mpesa/mpesa-reversal.service';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { fulfilmentEventFor, isFulfillable, refundRestocks } from '@/domain/order-lifecycle';
import {
  canAdvanceFulfilment,
  FULFILMENT_LABELS,
  FULFILMENT_STATUSES,
  type FulfilmentMethod,
  type FulfilmentStatus,
} from '@/domain/order-status';
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
import { insertRefund, recordRefund, REFUND_MESSAGES, refundRefused, requestRefund } from '../orders/admin-refund-request';
import { loadOrderRefundState } from '../orders/order-refunds';
import { formatKES } from '@/domain/money';
import { holdsMoney, manualRefundReason, remainderLines, withAttention, type ResolvedRefundLine } from '@/domain/partial-refund';
import { whyNotByPesapal } from '@/domain/pesapal-refunds';
import { pesapalRefundRules } from '../../payment-config';
import type { Tx } from '../../db/client';

const ORDER_ACTION_MESSAGES = {
  notPaid: 'Only paid (completed) orders can be fulfilled.',
  cannotCancel: 'Only pending or paid orders can be cancelled.',
  paidMeanwhile: 'The customer paid this order while it was being cancelled. It is now paid: cancel it again to refund.',
  noConfirmation: 'This payment has no Pesapal confirmation code, so it cannot be refunded from here.',
  alreadyRefunded: 'A refund has already been requested for this order.',
  pesapalUnreachable: REFUND_MESSAGES.pesapalUnreachable,
  nothingLeft: 'Everything paid for this order has been refunded already.',
  otherWay: (method: FulfilmentMethod) =>
    method === 'pickup'
      ? 'This order is collected at the shop: it is never out for delivery.'
      : 'This order is delivered: it is never ready for pick-up at the shop.',
  partWaiting: (amountCents: number, status: string) =>
    status === 'manual_needed'
      ? `A refund of ${formatKES(amountCents)} is still to be made by hand: record its M-Pesa code before cancelling.`
      : `A refund of ${formatKES(amountCents)} is still waiting for Pesapal: wait until it is made or rejected before cancelling.`,
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
    if (!isFulfillable(order.status)) throw conflict(ORDER_ACTION_MESSAGES.notPaid);
    const from = order.fulfilmentStatus;
    const method = order.fulfilmentMethod;
    if (!canAdvanceFulfilment(from, to, method)) {
      if (FULFILMENT_STATUSES.indexOf(to) > FULFILMENT_STATUSES.indexOf(from)) throw conflict(ORDER_ACTION_MESSAGES.otherWay(method));
      throw conflict(`An order only moves forward: this one is already ${FULFILMENT_LABELS[from].toLowerCase()}.`);
    }
    // The customer hears of the steps that concern them, queued with the change itself.
    const { update } = await advanceOrderFulfilment(ctx, tx, { order, event: fulfilmentEventFor(to, method), at: ctx.now() });
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
   * Pesapal (or M-Pesa, by: 'mpesa', for a reversal) accepted the request: the order waits for the
   * reversal. restocksWhenRefunded: whether its goods then go back into stock (not once they have
   * left the shop).
   */
  | { kind: 'refund_requested'; refundMessage: string; restocksWhenRefunded: boolean; by?: 'mpesa' }
  /**
   * Pesapal had reversed the payment before the request was recorded (its notice came first; or
   * M-Pesa's result came before its answer): the order is refunded now. restocked: false when the
   * goods had left the shop.
   */
  | { kind: 'refunded'; refundMessage: string; restocked: boolean; restockedLines: number; by?: 'mpesa' }
  /**
   * The rest of a partly refunded order that Pesapal will not refund: the order waits for the owner
   * to refund it by M-Pesa and record the code.
   */
  | { kind: 'manual_needed'; refundId: string; amountCents: number; refundMessage: string; restocksWhenRefunded: boolean };

/** Cancels a pending order (release) or asks Pesapal to refund a paid one; one at a time across instances. */
export async function cancelOrder(ctx: ServerContext, actor: AdminActor, orderId: string, reason: string): Promise<CancelOutcome> {
  return ctx.database.withLock(LOCKS.adminOrderCancel, async () => {
    const [order] = await ctx.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    if (!order) throw notFound('Order not found');
    if (order.status === 'pending') return cancelPendingOrder(ctx, actor, orderId, reason);
    if (order.status === 'confirmed') return cancelUnpaidOrder(ctx, actor, orderId, reason);
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

/**
 * An order to be paid on delivery, cancelled before its money was taken: its goods go back in stock
 * and its rider is told not to deliver it. A prompt still open on the customer's phone is waited for.
 */
async function cancelUnpaidOrder(ctx: ServerContext, actor: AdminActor, orderId: string, reason: string): Promise<CancelOutcome> {
  const { outcome, update } = await ctx.db.transaction(async (tx) => {
    const order = await lockedOrder(tx, orderId);
    if (order.status !== 'confirmed') throw conflict(ORDER_ACTION_MESSAGES.paidMeanwhile);
    await refuseWhileMpesaPromptOpen(tx, orderId, ctx.now(), ctx.env.MPESA_PROMPT_SECONDS);
    const { update, restock } = await transitionOrder(ctx, tx, {
      order,
      event: 'cancelled_unpaid',
      at: ctx.now(),
      returnedBy: actor.userId,
      set: { cancelledReason: reason },
    });
    const releasedLines = restock?.restockedLines ?? 0;
    await auditAdmin(tx, actor, { action: 'ORDER_CANCEL', tableName: 'orders', recordId: orderId, details: { reason, releasedLines } });
    return { outcome: { kind: 'released' as const, releasedLines }, update };
  });
  await deliverOrderUpdate(ctx, update);
  return outcome;
}

/** What the refund's transaction leaves to do after the commit; `requested`: the rider's notice, if any. */
interface RefundCommit {
  outcome: CancelOutcome | null;
  update: QueuedOrderUpdate | null;
  requested: QueuedOrderUpdate | null;
}

async function refundPaidOrder(ctx: ServerContext, actor: AdminActor, orderId: string, reason: string): Promise<CancelOutcome> {
  // What is left to refund, read under the order's lock: every refund writer holds the cancel lock
  // (this one included) until it has recorded its refund, so it stays so while Pesapal is asked.
  const plan = await ctx.db.transaction(async (tx) => remainderPlan(ctx, tx, await lockedOrder(tx, orderId)));
  const { payment, amountCents, lines, partly } = plan;
  // All of an M-Pesa Express payment goes back by M-Pesa's reversal when an operator is set (a
  // partial reversal is unconfirmed: the rest of a partly refunded payment stays by hand).
  if (!partly && reversesByMpesa(ctx, payment)) {
    const reversal = await refundByReversal(ctx, actor, orderId, reason, { payment, amountCents, lines });
    switch (reversal.kind) {
      case 'not_asked':
        return refundRestByHand(ctx, actor, orderId, reason, plan, reversal.why);
      case 'requested':
        return {
          kind: 'refund_requested',
          refundMessage: reversal.message,
          restocksWhenRefunded: reversal.restocksWhenRefunded,
          by: 'mpesa',
        };
      case 'refunded':
        return {
          kind: 'refunded',
          refundMessage: reversal.message,
          restocked: reversal.restocked,
          restockedLines: reversal.restockedLines,
          by: 'mpesa',
        };
      case 'manual_needed':
        return {
          kind: 'manual_needed',
          refundId: reversal.refundId,
          amountCents,
          refundMessage: reversal.message,
          restocksWhenRefunded: reversal.restocksWhenRefunded,
        };
    }
  }
  const confirmationCode = payment.confirmationCode;
  // The rest of a partly refunded payment Pesapal will not take goes to the owner at once, and so does
  // a payment Pesapal never took (M-Pesa Express: the owner sends the money back by M-Pesa).
  const why = partly || payment.provider === 'mpesa' ? plan.whyNotPesapal : null;
  const attempt = why || !confirmationCode ? null : await requestRefund(ctx, actor, { ...payment, confirmationCode }, reason, amountCents);
  if (attempt && !attempt.accepted && partly) return refundRestByHand(ctx, actor, orderId, reason, plan, attempt.message);
  if (!attempt) return refundRestByHand(ctx, actor, orderId, reason, plan, why ?? ORDER_ACTION_MESSAGES.noConfirmation);

  const outcome = await ctx.db.transaction(async (tx): Promise<RefundCommit> => {
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
    const refundId = await recordRefund(tx, actor, payment, reason, attempt, { alreadyReversed, source: 'cancel', amountCents, lines });
    await auditAdmin(tx, actor, {
      action: 'ORDER_REFUND',
      tableName: 'orders',
      recordId: orderId,
      details: { refundId, transactionId: payment.id, amountCents, accepted: attempt.accepted, message: attempt.message },
    });
    // A refusal changes nothing but its record.
    if (!attempt.accepted) return { outcome: null, update: null, requested: null };
    const at = ctx.now();
    let order = locked;
    // Nobody is told of the request but the rider of a stop still to deliver ('do not deliver').
    let requested: QueuedOrderUpdate | null = null;
    if (locked.status === 'completed') {
      const request = await transitionOrder(ctx, tx, { order: locked, event: 'refund_requested', at, set: { cancelledReason: reason } });
      requested = request.update;
      order = { ...locked, status: 'refund_requested' };
    }
    if (!alreadyReversed) {
      const restocksWhenRefunded = refundRestocks(locked.fulfilmentStatus);
      return { outcome: { kind: 'refund_requested', refundMessage: attempt.message, restocksWhenRefunded }, update: null, requested };
    }
    // The table's effect for a refund decides the stock, on the fulfilment read under the row lock.
    const fulfilment = locked.fulfilmentStatus;
    const { update, restock } = await transitionOrder(ctx, tx, {
      order,
      event: 'refunded',
      at,
      set: { cancelledReason: reason, ...clearedReversalFlag(locked) },
      tell: { amountCents },
      restock: { fulfilment, actorUserId: actor.userId },
      refundId,
    });
    const { restocked, restockedLines, notRestocked } = restock ?? { restocked: false, restockedLines: 0 };
    await auditAdmin(tx, actor, {
      action: 'ORDER_CANCEL',
      tableName: 'orders',
      recordId: orderId,
      details: { reason, restocked, restockedLines, fulfilment, ...(notRestocked ? { notRestocked } : {}) },
    });
    return { outcome: { kind: 'refunded', refundMessage: attempt.message, restocked, restockedLines }, update, requested };
  });
  // A refusal is recorded (committed above) and then reported to the merchant.
  if (!outcome.outcome) throw refundRefused(attempt);
  await deliverOrderUpdate(ctx, outcome.requested);
  await deliverOrderUpdate(ctx, outcome.update);
  return outcome.outcome;
}

interface RemainderPlan {
  payment: typeof paymentTransactions.$inferSelect;
  /** The money to give back: what is left of the payment. */
  amountCents: number;
  /** What the credit note credits: what is left of each line. */
  lines: ResolvedRefundLine[];
  /** Earlier refunds of the payment hold money: this is the rest of it. */
  partly: boolean;
  /** Why Pesapal will not be asked for the rest, if so. */
  whyNotPesapal: string | null;
}

/** What refunding the rest of a paid order gives back, or why it cannot be refunded now. */
async function remainderPlan(ctx: ServerContext, tx: Tx, order: typeof orders.$inferSelect): Promise<RemainderPlan> {
  if (order.status === 'refund_requested') throw conflict(ORDER_ACTION_MESSAGES.alreadyRefunded);
  if (order.status !== 'completed') throw conflict(ORDER_ACTION_MESSAGES.cannotCancel);
  const state = await loadOrderRefundState(tx, order);
  const payment = state.payment;
  if (!payment) throw conflict(ORDER_ACTION_MESSAGES.cannotCancel);
  const held = state.paymentRefunds.filter((r) => holdsMoney(r.status));
  if (held.some((r) => r.kind === 'whole')) throw conflict(ORDER_ACTION_MESSAGES.alreadyRefunded);
  // The rest is known only once the refunds on their way are made (or rejected).
  const waiting = held.find((r) => r.status !== 'refunded');
  if (waiting) throw conflict(ORDER_ACTION_MESSAGES.partWaiting(waiting.amountCents, waiting.status));
  const partly = held.length > 0;
  if (!partly && !payment.confirmationCode && payment.provider === 'pesapal') throw conflict(ORDER_ACTION_MESSAGES.noConfirmation);
  if (state.paymentLeftCents <= 0) throw conflict(ORDER_ACTION_MESSAGES.nothingLeft);
  return {
    payment,
    amountCents: state.paymentLeftCents,
    lines: remainderLines(state.lines),
    partly,
    whyNotPesapal: whyNotByPesapal(payment, pesapalRefundRules(ctx.env), state.paymentRefunds),
  };
}

/**
 * The rest of a partly refunded order that Pesapal will not refund: recorded as to be made by hand,
 * and the order waits for it ('refund requested', flagged for the owner to refund by M-Pesa and
 * record the code); recording it cancels the order as Pesapal's refund would.
 */
async function refundRestByHand(
  ctx: ServerContext,
  actor: AdminActor,
  orderId: string,
  reason: string,
  plan: RemainderPlan,
  why: string,
): Promise<CancelOutcome> {
  return ctx.db.transaction(async (tx) => {
    const order = await lockedOrder(tx, orderId);
    const refundId = await insertRefund(tx, actor, {
      transactionId: plan.payment.id,
      amountCents: plan.amountCents,
      kind: 'whole',
      source: 'cancel',
      remarks: reason,
      status: 'manual_needed',
      message: why,
      restock: true,
      lines: plan.lines,
    });
    await transitionOrder(ctx, tx, {
      order,
      event: 'refund_requested',
      at: actor.at,
      set: {
        cancelledReason: reason,
        needsAttention: true,
        attentionReason: withAttention(order.attentionReason, manualRefundReason(plan.amountCents)),
      },
    });
    await auditAdmin(tx, actor, {
      action: 'ORDER_REFUND',
      tableName: 'orders',
      recordId: orderId,
      details: { refundId, transactionId: plan.payment.id, amountCents: plan.amountCents, accepted: false, manual: why },
    });
    return {
      kind: 'manual_needed',
      refundId,
      amountCents: plan.amountCents,
      refundMessage: `Pesapal will not refund the rest of this order (${why.replace(/\.$/, '')}). Refund ${formatKES(plan.amountCents)} by M-Pesa by hand and record its code.`,
      restocksWhenRefunded: refundRestocks(order.fulfilmentStatus),
    };
  });
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
