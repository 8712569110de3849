// Refunding part of a paid order, and recording a refund the owner made by hand by M-Pesa
// (docs/decisions/049-partial-refunds.md). Called by the back office's 'Refund part of this order'
// and by packing's 'Finish packing' (after its own transaction: Pesapal is asked outside any).
//
// One refund writer at a time across instances (the cancel lock, as 'Cancel and refund' and 'Refund
// this payment' take it), and the refund is claimed under the order's row lock before Pesapal is
// asked: its lines are checked against what is left of each line and of the payment (the refunds
// holding money, read under the lock), and the row is written 'requested' in that same transaction.
// So a refund beside a cancellation, or two of the same line, never give back more than was paid,
// and a Pesapal notice that overtakes the answer finds the refund it is about. Pesapal's refusal
// (mobile money in part, a second refund, Pesapal down) leaves it 'manual_needed': the order is
// flagged for the owner to refund by M-Pesa and record the code. Made, it settles as
// partial-refund-settlement.ts says; a whole refund made by hand ends the order as Pesapal's would.
import { and, eq } from 'drizzle-orm';
import { formatKES, type Cents } from '@/domain/money';
import { isMpesaCode, MPESA_CODE_MESSAGE, normaliseMpesaCode } from '@/domain/mpesa-code';
import { checkPartialRefund, manualRefundReason, PARTIAL_REFUND_MESSAGES, withAttention } from '@/domain/partial-refund';
import { whyNotByPesapal } from '@/domain/pesapal-refunds';
import type { ServerContext } from '../../context';
import type { Tx } from '../../db/client';
import { LOCKS } from '../../db/locks';
import { orders, paymentRefunds } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import { auditAdmin, type AdminActor } from '../../back-office/admin-access';
import { pesapalRefundRules } from '../../payment-config';
import { insertRefund, requestRefund } from '../orders/admin-refund-request';
import { lockedOrder } from '../orders/locked-order';
import { loadOrderRefundState } from '../orders/order-refunds';
import { transitionOrder } from '../orders/order-transitions';
import { lockedManualRefund } from './manual-refund-row';
import { deliverOrderUpdate, type QueuedOrderUpdate } from '../orders/order-updates.service';
import { clearManualFlag, markRefundMade, settlePartialRefund } from './partial-refund-settlement';

/** A line to refund, as packing's 'Finish packing' passes its owed lines too. @public */
export interface PartialRefundLine {
  /** The order line; null for the delivery fee. */
  orderItemId: string | null;
  /** What to give back for it, gross (VAT included), at most what is left of it. */
  amountCents: Cents;
  /** Units put back on the shelf once the refund is made (0: none). */
  restockQuantity: number;
}

export interface PartialRefundInput {
  orderId: string;
  lines: PartialRefundLine[];
  /** Told to the customer (a merchant's refund) and sent to Pesapal with the request. */
  reason: string;
  source: 'merchant' | 'packing';
}

export type PartialRefundOutcome =
  /** Pesapal accepted it ('requested', made once approved there) or has made it already ('refunded'). */
  | { status: 'requested' | 'refunded'; refundId: string; amountCents: Cents; message: string }
  /** Pesapal would not make it: the owner refunds by M-Pesa and records the code (recordManualRefund). */
  | { status: 'manual_needed'; refundId: string; amountCents: Cents; message: string };

export interface ManualRefundInput {
  orderId: string;
  refundId: string;
  /** The M-Pesa transaction code of the money sent ('QGH7XK2P1L'). */
  mpesaCode: string;
}

export interface ManualRefundOutcome {
  status: 'refunded';
  refundId: string;
  amountCents: Cents;
  message: string;
  /** The order's status after: a whole refund made by hand cancels it. */
  orderStatus: string;
}

const REFUND_SERVICE_MESSAGES = {
  noReason: 'Say why you are refunding (the customer is told).',
  longReason: 'Keep the reason under 500 characters.',
  notPaid: 'Only a paid order can be partly refunded.',
  waitingForRefund: 'This order is waiting for its refund, so it cannot be partly refunded.',
  noPayment: 'This order has no payment that can be refunded.',
  packingOnce: 'Packing has refunded this order already: an order gets one packing refund.',
  refundNotFound: 'Refund not found',
  notManual: {
    requested: 'This refund is waiting for Pesapal, not for a refund by hand.',
    refunded: 'This refund has been made already.',
    rejected: 'This refund was rejected at Pesapal: nothing is owed by hand.',
    refused: 'Pesapal did not accept this refund request, and it is not waiting to be made by hand.',
    withdrawn: 'This refund was withdrawn: nothing is owed by hand.',
  },
  codeUsed: (code: string) => `The M-Pesa code ${code} is recorded for another refund already.`,
  requested: (amount: string) => `Pesapal accepted the refund of ${amount}; the money moves once it is approved in Pesapal's dashboard.`,
  refunded: (amount: string) => `${amount} has been refunded by Pesapal.`,
  manual: (amount: string, why: string) =>
    `Pesapal will not make this refund (${why}) Refund ${amount} by M-Pesa by hand and record its code.`,
  recorded: (amount: string, code: string) => `Recorded: ${amount} refunded by M-Pesa (${code}).`,
} as const;

const MAX_REASON = 500;

function checkedReason(reason: string): string {
  const text = reason.trim();
  if (!text) throw badRequest(REFUND_SERVICE_MESSAGES.noReason, { reason: REFUND_SERVICE_MESSAGES.noReason });
  if (text.length > MAX_REASON) throw badRequest(REFUND_SERVICE_MESSAGES.longReason, { reason: REFUND_SERVICE_MESSAGES.longReason });
  return text;
}

/** What is wrong with the money asked for: the order's state (409), or the lines asked (400). */
function refusal(message: string) {
  const stateNow = message === PARTIAL_REFUND_MESSAGES.paymentRefunded || message.startsWith('The payment has only');
  return stateNow ? conflict(message) : badRequest(message);
}

/** Pesapal's reason as a sentence of its own. */
const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

async function flagManual(tx: Tx, order: Pick<typeof orders.$inferSelect, 'id' | 'attentionReason'>, amountCents: Cents, at: Date) {
  await tx
    .update(orders)
    .set({ needsAttention: true, attentionReason: withAttention(order.attentionReason, manualRefundReason(amountCents)), updatedAt: at })
    .where(eq(orders.id, order.id));
}

/** Refunds the given lines of a paid order; the order goes on. */
export async function refundPartOfOrder(ctx: ServerContext, actor: AdminActor, input: PartialRefundInput): Promise<PartialRefundOutcome> {
  const reason = checkedReason(input.reason);
  const rules = pesapalRefundRules(ctx.env);
  return ctx.database.withLock(LOCKS.adminOrderCancel, async () => {
    const claim = await ctx.db
      .transaction(async (tx) => {
        const order = await lockedOrder(tx, input.orderId);
        if (order.status !== 'completed')
          throw conflict(order.status === 'refund_requested' ? REFUND_SERVICE_MESSAGES.waitingForRefund : REFUND_SERVICE_MESSAGES.notPaid);
        const state = await loadOrderRefundState(tx, order);
        const payment = state.payment;
        if (!payment) throw conflict(REFUND_SERVICE_MESSAGES.noPayment);
        // One packing refund per order, whatever became of it (a unique index keeps it too).
        if (input.source === 'packing' && state.refunds.some((r) => r.refund.source === 'packing'))
          throw conflict(REFUND_SERVICE_MESSAGES.packingOnce);
        const check = checkPartialRefund(state.lines, input.lines, state.paymentLeftCents);
        if (!check.ok) throw refusal(check.message);
        const why = whyNotByPesapal(payment, rules, state.paymentRefunds);
        const refundId = await insertRefund(tx, actor, {
          transactionId: payment.id,
          amountCents: check.totalCents,
          kind: 'partial',
          source: input.source,
          remarks: reason,
          status: why ? 'manual_needed' : 'requested',
          message: why,
          restock: check.lines.some((l) => l.restockQuantity > 0),
          lines: check.lines,
        });
        if (why) await flagManual(tx, order, check.totalCents, actor.at);
        await auditAdmin(tx, actor, {
          action: 'ORDER_PART_REFUND',
          tableName: 'orders',
          recordId: order.id,
          details: {
            refundId,
            transactionId: payment.id,
            amountCents: check.totalCents,
            source: input.source,
            reason,
            lines: check.lines.map((l) => ({ orderItemId: l.orderItemId, amountCents: l.amountCents, restockQuantity: l.restockQuantity })),
            ...(why ? { manual: why } : {}),
          },
        });
        return { refundId, amountCents: check.totalCents, payment, why };
      })
      .catch((err: unknown) => {
        if (input.source === 'packing' && isUniqueViolation(err)) throw conflict(REFUND_SERVICE_MESSAGES.packingOnce);
        throw err;
      });
    const { refundId, amountCents, payment } = claim;
    const amount = formatKES(amountCents);
    if (claim.why || !payment.confirmationCode) {
      return { status: 'manual_needed', refundId, amountCents, message: REFUND_SERVICE_MESSAGES.manual(amount, sentence(claim.why ?? '')) };
    }

    const attempt = await requestRefund(ctx, actor, { ...payment, confirmationCode: payment.confirmationCode }, reason, amountCents);

    return ctx.db.transaction(async (tx): Promise<PartialRefundOutcome> => {
      const order = await lockedOrder(tx, input.orderId);
      const [refund] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.id, refundId)).for('update');
      if (attempt.accepted) {
        await tx.update(paymentRefunds).set({ message: attempt.message }).where(eq(paymentRefunds.id, refundId));
        // Pesapal's notice of an at-once approval may have been applied first.
        return refund?.status === 'refunded'
          ? { status: 'refunded', refundId, amountCents, message: REFUND_SERVICE_MESSAGES.refunded(amount) }
          : { status: 'requested', refundId, amountCents, message: REFUND_SERVICE_MESSAGES.requested(amount) };
      }
      await tx
        .update(paymentRefunds)
        .set({ status: 'manual_needed', accepted: false, message: attempt.message, nextCheckAt: null })
        .where(and(eq(paymentRefunds.id, refundId), eq(paymentRefunds.status, 'requested')));
      await flagManual(tx, order, amountCents, actor.at);
      await auditAdmin(tx, actor, {
        action: 'ORDER_PART_REFUND_REFUSED',
        tableName: 'orders',
        recordId: order.id,
        details: { refundId, amountCents, reached: attempt.reached, message: attempt.message },
      });
      return { status: 'manual_needed', refundId, amountCents, message: REFUND_SERVICE_MESSAGES.manual(amount, sentence(attempt.message)) };
    });
  });
}

/** The owner refunded by M-Pesa by hand a refund Pesapal would not make: it is made, with its code. */
export async function recordManualRefund(ctx: ServerContext, actor: AdminActor, input: ManualRefundInput): Promise<ManualRefundOutcome> {
  const code = normaliseMpesaCode(input.mpesaCode);
  if (!isMpesaCode(code)) throw badRequest(MPESA_CODE_MESSAGE, { mpesaCode: MPESA_CODE_MESSAGE });
  const { outcome, update } = await ctx.db
    .transaction(async (tx) => {
      const order = await lockedOrder(tx, input.orderId);
      const found = await lockedManualRefund(tx, order.id, input.refundId, {
        notFound: REFUND_SERVICE_MESSAGES.refundNotFound,
        notManual: REFUND_SERVICE_MESSAGES.notManual,
      });
      const { refund } = found;
      const [used] = await tx.select({ id: paymentRefunds.id }).from(paymentRefunds).where(eq(paymentRefunds.mpesaCode, code));
      if (used) throw conflict(REFUND_SERVICE_MESSAGES.codeUsed(code), { mpesaCode: REFUND_SERVICE_MESSAGES.codeUsed(code) });
      const made = { by: 'manual', mpesaCode: code, actorUserId: actor.userId } as const;
      let queued: QueuedOrderUpdate | null;
      if (refund.kind === 'partial') {
        queued = await settlePartialRefund(ctx, tx, order, refund, made, actor.at);
      } else {
        queued = await settleWholeByHand(ctx, tx, order, found.trackingId, refund, made, actor.at);
      }
      await auditAdmin(tx, actor, {
        action: 'REFUND_RECORDED_BY_HAND',
        tableName: 'orders',
        recordId: order.id,
        details: { refundId: refund.id, amountCents: refund.amount, mpesaCode: code, kind: refund.kind },
      });
      const [after] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
      const amount = formatKES(refund.amount);
      const result: ManualRefundOutcome = {
        status: 'refunded',
        refundId: refund.id,
        amountCents: refund.amount,
        message: REFUND_SERVICE_MESSAGES.recorded(amount, code),
        orderStatus: after?.status ?? order.status,
      };
      return { outcome: result, update: queued };
    })
    .catch((err: unknown) => {
      // Two refunds recorded with one code at the same moment: the second finds the first's.
      if (isUniqueViolation(err))
        throw conflict(REFUND_SERVICE_MESSAGES.codeUsed(code), { mpesaCode: REFUND_SERVICE_MESSAGES.codeUsed(code) });
      throw err;
    });
  await deliverOrderUpdate(ctx, update);
  return outcome;
}

const isUniqueViolation = (err: unknown) =>
  (err as { code?: string }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505';

/**
 * The rest of a partly refunded order, refunded by hand after Pesapal would not: the order, waiting
 * for it, is refunded as the lifecycle table says (its goods back unless they left the shop, its
 * credit note for the refund's lines, the customer's 'refunded' messages).
 */
async function settleWholeByHand(
  ctx: ServerContext,
  tx: Tx,
  order: typeof orders.$inferSelect,
  trackingId: string | null,
  refund: typeof paymentRefunds.$inferSelect,
  made: { by: 'manual'; mpesaCode: string; actorUserId: string },
  at: Date,
): Promise<QueuedOrderUpdate | null> {
  if (!(await markRefundMade(tx, refund, made, at))) return null;
  const endsTheOrder = order.status === 'refund_requested' && order.pesapalTransactionId === trackingId;
  if (!endsTheOrder) {
    await clearManualFlag(tx, order, refund.amount, at);
    return null;
  }
  const reason = manualRefundReason(refund.amount);
  const rest = order.attentionReason?.split(' Also: ').filter((r) => r !== reason) ?? [];
  const fulfilment = order.fulfilmentStatus;
  const { update } = await transitionOrder(ctx, tx, {
    order,
    event: 'refunded',
    at,
    set: { needsAttention: rest.length > 0, attentionReason: rest.length > 0 ? rest.join(' Also: ') : null },
    tell: { amountCents: refund.amount },
    restock: { fulfilment, actorUserId: made.actorUserId },
    refundId: refund.id,
  });
  return update;
}
