// applyPaymentStatus: the only code that moves a payment (and with it the order and its stock).
// IPN, callback, sync and reconciliation all end here, always with a status just fetched from
// Pesapal's GetTransactionStatus, never with what a notification or a browser claimed.
//
//   PENDING   → COMPLETED  the reservation becomes a sale (once), order completed, confirmation mail
//   PENDING   → FAILED     order failed (when it is the current attempt) but its reservation holds
//                          until it expires, so 'Pay again' pays the same order; after the commit the
//                          page is cancelled at Pesapal, where a declined card could otherwise be retried
//   FAILED    → COMPLETED  paid on the same page after all: a failed order sells its stock again (or is
//                          flagged when the stock is gone); a settled one is flagged for a refund
//   COMPLETED → REVERSED   the shop's waiting refund, if it asked for one: the refund is recorded as
//                          done (refund-settlement.ts); else a reversal nobody here asked for
//                          (chargeback): recorded, order cancelled and flagged. A partial refund
//                          Pesapal made may show so, or as a lower amount: partial-refund-report.ts for the merchant
//   PENDING   → REVERSED   paid and given back before we heard of the payment (it went through
//                          COMPLETED at Pesapal): nothing was sold, so the reservation is released,
//                          the order cancelled and flagged
// Pesapal's amount, currency and merchant reference must match ours, else the mismatch is recorded
// and flagged and nothing completes; a mobile-money payment reported in whole shillings (less than a
// shilling away) matches, the difference kept on the payment as rounding (mobile-money-rounding.ts). Everything happens under row locks (order first, then the
// transaction), so duplicate, late and concurrent reports make one transition.
import { lockAttemptsOf, type AttemptWriter } from './attempt-writes';
import { and, eq, type SQL } from 'drizzle-orm';
import { formatAmount } from '@/domain/money';
import { paymentRounding } from '@/domain/mobile-money-rounding';
import { canTransitionPayment, isPaymentStatus, type PaymentStatus } from '@/domain/order-status';
import type { StockShortfall } from '../inventory/inventory.service';
import type { ServerContext } from '../../context';
import type { Tx } from '../../db/client';
import { orders, paymentTransactions } from '../../db/schema';
import type { TransactionStatus } from '../../integrations/pesapal/pesapal-types';
import { cancelFailedAttempt, cancelOpenAttempts } from './attempt-cancellation';
import { closeUnpaidTwins } from './paid-twins';
import { ATTEMPT_CANCELLED, PAYMENT_REVERSED_REASON } from './order-outcomes';
import { deliverOrderUpdate, type QueuedOrderUpdate } from '../orders/order-updates.service';
import { tellHeldCancellation } from '../orders/held-cancel-notice';
import { transitionOrder } from '../orders/order-transitions';
import { recordRefundReversal, waitingRefund } from './refund-settlement';
import { readRefundReport } from './partial-refund-report';

type ApplyOutcome =
  /** The payment status changed. */
  | 'transitioned'
  /** Already there or past it: a duplicate, late or out-of-order report. */
  | 'unchanged'
  /** Pesapal says not paid yet (status_code 0): nothing changes. */
  | 'unpaid'
  /** Amount, currency or merchant reference differ from ours: recorded and flagged, never completed. */
  | 'mismatch'
  /** No payment attempt of ours has this tracking id. */
  | 'unknown';

export interface ApplyResult {
  outcome: ApplyOutcome;
  orderId: string | null;
  /** The attempt's status after this call. */
  status: PaymentStatus | null;
}

type OrderRow = typeof orders.$inferSelect;
type TransactionRow = typeof paymentTransactions.$inferSelect;

interface Effects {
  result: ApplyResult;
  /** A cancelled order's message, held while this attempt could complete, now that it has ended. */
  heldNotice: QueuedOrderUpdate | null;
  /** The 'payment received' SMS and confirmation mail queued with the transition. */
  paidUpdate: QueuedOrderUpdate | null;
  /** The customer's 'refunded' messages (and the credit note) when the reversal was the shop's refund. */
  refundUpdate: QueuedOrderUpdate | null;
  cancelOtherAttempts: boolean;
  /** The attempt just became FAILED: its page is cancelled at Pesapal. */
  cancelFailedPage: boolean;
  transactionId: string | null;
  /** The attempt's Pesapal page, when it has one (an M-Pesa attempt has none to cancel). */
  pesapalTrackingId: string | null;
  /** The customer's older unpaid orders for the same goods, closed with this payment: their pages are cancelled. */
  closedTwins: string[];
}

/** Applies Pesapal's GetTransactionStatus answer to the attempt with that tracking id. */
export function applyPaymentStatus(ctx: ServerContext, trackingId: string, reported: TransactionStatus): Promise<ApplyResult> {
  return applyAttemptStatus(ctx, eq(paymentTransactions.pesapalTrackingId, trackingId), reported);
}

/**
 * Applies an M-Pesa Express result the STK query confirmed (mpesa-confirmation.ts turns it into the
 * same shape) to the attempt of that CheckoutRequestID.
 */
export function applyMpesaStatus(ctx: ServerContext, checkoutRequestId: string, reported: TransactionStatus): Promise<ApplyResult> {
  return applyAttemptStatus(ctx, eq(paymentTransactions.mpesaCheckoutRequestId, checkoutRequestId), reported);
}

/** The provider's own id of an attempt: what the order's pointer (orders.pesapal_transaction_id) names. */
function providerReference(txn: Pick<TransactionRow, 'pesapalTrackingId' | 'mpesaCheckoutRequestId'>): string | null {
  return txn.pesapalTrackingId ?? txn.mpesaCheckoutRequestId;
}

async function applyAttemptStatus(ctx: ServerContext, attemptKey: SQL, reported: TransactionStatus): Promise<ApplyResult> {
  const [found] = await ctx.db
    .select({ id: paymentTransactions.id, orderId: paymentTransactions.orderId })
    .from(paymentTransactions)
    .where(attemptKey);
  if (!found) return { outcome: 'unknown', orderId: null, status: null };

  const effects = await ctx.db.transaction(async (tx): Promise<Effects> => {
    const attempts = await lockAttemptsOf(tx, found.orderId);
    const order = attempts.order;
    const [txn] = await tx.select().from(paymentTransactions).where(eq(paymentTransactions.id, found.id)).for('update');
    if (!order || !txn) return noEffects({ outcome: 'unknown', orderId: null, status: null });
    const current = isPaymentStatus(txn.status) ? txn.status : 'PENDING';
    const at = ctx.now();
    const base = { orderId: order.id, status: current };

    if (reported.status === 'PENDING') return noEffects({ ...base, outcome: 'unpaid' });
    // A partial refund made (or made before) is neither a chargeback nor a mismatch.
    if (current === 'COMPLETED') {
      const refundReport = await readRefundReport(ctx, tx, attempts, order, txn, reported, at);
      if (refundReport) return { ...noEffects({ ...base, outcome: refundReport.outcome }), refundUpdate: refundReport.update };
    }
    const mismatch = describeMismatch(txn, reported) ?? (await receiptUsedElsewhere(tx, txn, reported));
    if (mismatch) {
      await recordMismatch(tx, attempts, order, txn, mismatch, at);
      return noEffects({ ...base, outcome: 'mismatch' });
    }
    const reversedUnseen = current === 'PENDING' && reported.status === 'REVERSED';
    if (!reversedUnseen && !canTransitionPayment(current, reported.status)) return noEffects({ ...base, outcome: 'unchanged' });

    await attempts.update(
      {
        status: reported.status,
        paymentMethod: reported.paymentMethod || txn.paymentMethod,
        confirmationCode: reported.confirmationCode || txn.confirmationCode,
        statusDescription: reported.description,
        ...(reported.status === 'COMPLETED' ? { rounding: roundingOf(txn, reported) ?? 0 } : {}),
        nextCheckAt: null,
        lastCheckedAt: at,
        updatedAt: at,
      },
      eq(paymentTransactions.id, txn.id),
    );

    const result: ApplyResult = { ...base, outcome: 'transitioned', status: reported.status };
    const effects: Effects = {
      ...noEffects(result),
      transactionId: txn.id,
      pesapalTrackingId: txn.pesapalTrackingId,
      heldNotice: await tellHeldCancellation(ctx, tx, order.id),
    };
    if (reported.status === 'COMPLETED') {
      // Queued in the same transaction: if the process dies before sending, the mail and SMS jobs send it.
      const paidUpdate = await completeOrder(ctx, tx, order, txn, at);
      const closedTwins = paidUpdate && order.userId ? await closeUnpaidTwins(ctx, tx, { ...order, userId: order.userId }, at) : [];
      return { ...effects, paidUpdate, cancelOtherAttempts: paidUpdate !== null, closedTwins };
    }
    if (reported.status === 'FAILED') {
      await failOrder(ctx, tx, order, txn, at);
      // A Pesapal page can still take a declined card again; a finished M-Pesa prompt cannot.
      return { ...effects, cancelFailedPage: txn.provider === 'pesapal' };
    }
    if (reversedUnseen) {
      await cancelUnseenPayment(ctx, tx, order, txn, at);
      return effects;
    }
    const refund = await waitingRefund(tx, txn.id);
    if (refund) return { ...effects, refundUpdate: await recordRefundReversal(ctx, tx, order, txn, refund, at) };
    await reverseOrder(ctx, tx, order, txn, at);
    return effects;
  });

  // After the commit: mail and Pesapal calls must never hold the locks.
  const orderId = effects.result.orderId;
  await deliverOrderUpdate(ctx, effects.paidUpdate);
  await deliverOrderUpdate(ctx, effects.refundUpdate);
  await deliverOrderUpdate(ctx, effects.heldNotice);
  if (orderId && effects.cancelOtherAttempts && effects.transactionId) {
    await cancelOpenAttempts(ctx, orderId, ATTEMPT_CANCELLED.paidElsewhere, effects.transactionId);
  }
  if (orderId && effects.cancelFailedPage && effects.transactionId && effects.pesapalTrackingId) {
    await cancelFailedAttempt(ctx, { id: effects.transactionId, orderId, trackingId: effects.pesapalTrackingId });
  }
  for (const twin of effects.closedTwins) await cancelOpenAttempts(ctx, twin, ATTEMPT_CANCELLED.paidInAnotherOrder);
  return effects.result;
}

function noEffects(result: ApplyResult): Effects {
  return {
    result,
    heldNotice: null,
    paidUpdate: null,
    refundUpdate: null,
    cancelOtherAttempts: false,
    cancelFailedPage: false,
    transactionId: null,
    pesapalTrackingId: null,
    closedTwins: [],
  };
}

/** Why Pesapal's answer does not describe our payment, or null when it does. */
function describeMismatch(
  txn: Pick<TransactionRow, 'amount' | 'currency' | 'merchantReference' | 'paymentMethod' | 'provider'>,
  reported: TransactionStatus,
): string | null {
  if (reported.merchantReference !== txn.merchantReference) {
    return `${providerName(txn)} reported merchant reference "${reported.merchantReference}" for ${txn.merchantReference}.`;
  }
  if (reported.status !== 'COMPLETED') return null;
  const expected = txn.amount;
  if (reported.currency.toUpperCase() !== txn.currency.toUpperCase() || roundingOf(txn, reported) === null) {
    return `${providerName(txn)} reported ${reported.currency} ${formatAmount(reported.amountCents)} paid for ${txn.merchantReference}; the order is ${txn.currency} ${formatAmount(expected)}.`;
  }
  return null;
}

/** An M-Pesa receipt that already paid another attempt pays nothing more (a replayed or forged result). */
async function receiptUsedElsewhere(tx: Tx, txn: TransactionRow, reported: TransactionStatus): Promise<string | null> {
  if (txn.provider !== 'mpesa' || reported.status !== 'COMPLETED' || !reported.confirmationCode) return null;
  const [other] = await tx
    .select({ id: paymentTransactions.id, merchantReference: paymentTransactions.merchantReference })
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.provider, 'mpesa'), eq(paymentTransactions.confirmationCode, reported.confirmationCode)))
    .limit(1);
  if (!other || other.id === txn.id) return null;
  return `M-Pesa receipt ${reported.confirmationCode} reported for ${txn.merchantReference} already paid ${other.merchantReference}.`;
}

function providerName(txn: Pick<TransactionRow, 'provider'>): string {
  return txn.provider === 'mpesa' ? 'M-Pesa' : 'Pesapal';
}

/** The payment's rounding (amount − collected), or null when Pesapal's amount is not this payment's. */
function roundingOf(txn: Pick<TransactionRow, 'amount' | 'paymentMethod'>, reported: TransactionStatus): number | null {
  return paymentRounding(reported.paymentMethod || txn.paymentMethod, txn.amount, reported.amountCents);
}

async function recordMismatch(
  tx: Tx,
  attempts: AttemptWriter,
  order: OrderRow,
  txn: TransactionRow,
  reason: string,
  at: Date,
): Promise<void> {
  await attempts.update(
    { amountMismatch: true, statusDescription: reason, nextCheckAt: null, lastCheckedAt: at, updatedAt: at },
    eq(paymentTransactions.id, txn.id),
  );
  await tx
    .update(orders)
    .set({ needsAttention: true, attentionReason: `Payment mismatch: ${reason}`, updatedAt: at })
    .where(eq(orders.id, order.id));
}

/** Returns the customer's queued 'paid' messages when this payment completed the order, null when the order was already settled. */
async function completeOrder(
  ctx: ServerContext,
  tx: Tx,
  order: OrderRow,
  txn: TransactionRow,
  at: Date,
): Promise<QueuedOrderUpdate | null> {
  if (order.status === 'confirmed') {
    // An order to be paid on delivery, paid by the prompt its rider sent: stock and window are its already.
    const { update } = await transitionOrder(ctx, tx, {
      order,
      event: 'paid_on_delivery',
      at,
      set: { paidAt: at, pesapalTransactionId: providerReference(txn) },
    });
    return update;
  }
  if (order.status !== 'pending' && order.status !== 'failed') {
    // Paid through two attempts, or paid after a reversal: the merchant must refund one.
    await tx
      .update(orders)
      .set({
        needsAttention: true,
        attentionReason: `Payment ${txn.merchantReference} completed for an order that was already ${order.status}: refund it.`,
        updatedAt: at,
      })
      .where(eq(orders.id, order.id));
    return null;
  }
  const paidLate =
    txn.status === 'FAILED'
      ? `Payment ${txn.merchantReference} completed after Pesapal had reported it failed and the reservation had ended`
      : 'Paid after the reservation expired';
  // Lines placed past unpaid orders' share of the stock were never held: others paid first.
  const why = (shortfalls: readonly StockShortfall[]) =>
    shortfalls.every((s) => s.neverHeld) && txn.status !== 'FAILED' ? 'Paid, but others paid first for the last units' : paidLate;
  const { update } = await transitionOrder(ctx, tx, {
    order,
    event: 'paid',
    at,
    set: ({ shortfalls }) => ({
      paidAt: at,
      pesapalTransactionId: providerReference(txn),
      // A failed order's reason (e.g. not paid in time) no longer describes it.
      cancelledReason: null,
      ...(shortfalls.length > 0
        ? {
            needsAttention: true,
            attentionReason: `${why(shortfalls)}; not enough stock for ${shortfalls
              .map((s) => `${s.productName} (${s.requested} paid, ${s.available} in stock)`)
              .join(', ')}. Refund it or find the goods.`,
          }
        : {}),
    }),
  });
  return update;
}

/** An older attempt ending does not end an order that has moved on to a newer attempt. */
function isCurrentAttempt(order: OrderRow, txn: TransactionRow): boolean {
  return order.pesapalTransactionId === null || order.pesapalTransactionId === providerReference(txn);
}

/**
 * The stock stays reserved until reservation_expires_at: the customer may pay the same order again
 * meanwhile, and the expiry job releases it if they do not.
 */
async function failOrder(ctx: ServerContext, tx: Tx, order: OrderRow, txn: TransactionRow, at: Date): Promise<void> {
  if (order.status !== 'pending' || !isCurrentAttempt(order, txn)) return;
  await transitionOrder(ctx, tx, { order, event: 'payment_failed', at });
}

async function reverseOrder(ctx: ServerContext, tx: Tx, order: OrderRow, txn: TransactionRow, at: Date): Promise<void> {
  if (order.pesapalTransactionId !== providerReference(txn) || order.status !== 'completed') return;
  // Stock is not put back: the goods may have been delivered. The merchant decides and restocks.
  await transitionOrder(ctx, tx, {
    order,
    event: 'payment_reversed',
    at,
    set: {
      cancelledReason: PAYMENT_REVERSED_REASON,
      needsAttention: true,
      attentionReason: `Payment ${txn.merchantReference} was reversed at Pesapal (refund or chargeback). Restock by hand if the goods came back.`,
    },
  });
}

async function cancelUnseenPayment(ctx: ServerContext, tx: Tx, order: OrderRow, txn: TransactionRow, at: Date): Promise<void> {
  if (order.status !== 'pending' || !isCurrentAttempt(order, txn)) return;
  await transitionOrder(ctx, tx, {
    order,
    event: 'reversed_before_seen',
    at,
    releaseReason: PAYMENT_REVERSED_REASON,
    set: {
      cancelledReason: PAYMENT_REVERSED_REASON,
      needsAttention: true,
      attentionReason: `Payment ${txn.merchantReference} was reversed at Pesapal before the shop saw it complete; nothing was sold and the stock went back.`,
    },
  });
}
