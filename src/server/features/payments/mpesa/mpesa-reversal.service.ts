// 'Cancel and refund' of an order paid by M-Pesa Express, by Daraja's Reversal API when an API
// operator is set (docs/decisions/067-mpesa-reversal-refunds.md). Daraja's answer only accepts the
// request; the money moves when its result, posted later to the shop, says ResultCode 0.
//
// Never refund twice, never lose money:
// - The refund is claimed before Daraja is asked (written 'requested', method 'mpesa_reversal', the
//   order 'refund_requested'), so a result that overtakes the answer finds it; the answer's
//   ConversationID keys it, and results stored before that are applied once it is known.
// - A result is applied under the order's row lock by conditional updates: a repeated result finds
//   nothing left to do. ResultCode 0 makes the refund 'refunded' through the table's 'refunded'
//   event (restock as the goods allow, the customer's messages, the credit note), as Pesapal's does.
// - Anything else (R000001 'already reversed' included: the shop cannot tell whose reversal that
//   was), a refusal, no answer, or no result within the hour leaves it to the owner ('manual_needed',
//   flagged) with words saying what to check first. A success that comes after that still settles
//   the refund if the owner has not recorded one by hand; after one, the order is flagged.
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { formatKES, type Cents } from '@/domain/money';
import { refundRestocks } from '@/domain/order-lifecycle';
import { manualRefundReason, withAttention, type ResolvedRefundLine } from '@/domain/partial-refund';
import type { ServerContext } from '../../../context';
import { queryRows, type Tx } from '../../../db/client';
import { orders, paymentRefunds, paymentTransactions } from '../../../db/schema';
import { writeAudit } from '../../../infra/audit-log';
import { DarajaError, type ReversalResult } from '../../../integrations/daraja/daraja-types';
import { parseReversalResult } from '../../../integrations/daraja/reversal-result';
import { MPESA_REVERSAL_PATH, mpesaCallbackToken, mpesaReversalSettings } from '../../../mpesa-config';
import { auditAdmin, type AdminActor } from '../../../back-office/admin-access';
import { insertRefund } from '../../orders/admin-refund-request';
import { lockedOrder } from '../../orders/locked-order';
import { transitionOrder } from '../../orders/order-transitions';
import { deliverOrderUpdate, type QueuedOrderUpdate } from '../../orders/order-updates.service';
import { clearManualFlag } from '../../refunds/partial-refund-settlement';
import { endOrderByRefund } from '../refund-settlement';

type PaymentRow = typeof paymentTransactions.$inferSelect;
type RefundRow = typeof paymentRefunds.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** A result normally comes within seconds; after this the owner is asked to look (Daraja has no reversal query). */
const RESULT_WAIT_MS = 60 * 60_000;
const WATCH_BATCH = 25;
/** How the results are stored in payment_notifications (source 'mpesa'), keyed by ConversationID. */
export const REVERSAL_NOTICE_TYPES = { result: 'REVERSAL_RESULT', timeout: 'REVERSAL_TIMEOUT' } as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const SEND_BY_HAND = 'Send the money back by M-Pesa and record it here.';
const REVERSAL_MESSAGES = {
  accepted: 'M-Pesa accepted the reversal request; the money goes back once M-Pesa reverses the payment.',
  noReceipt:
    'This M-Pesa payment has no receipt on record (its callback never came), so M-Pesa cannot be asked to reverse it: send the money back by M-Pesa and record it here.',
  notWhole: 'M-Pesa reverses whole shillings, and this refund has cents: send the money back by M-Pesa and record it here.',
  refused: (why: string) => `M-Pesa refused the reversal request (${why.replace(/\.$/, '')}). ${SEND_BY_HAND}`,
  noAnswer: (receipt: string) =>
    `M-Pesa did not answer the reversal request, so it may still be made: check the M-Pesa org portal for a reversal of ${receipt} before sending the money by hand, and record the code here.`,
  silent: (receipt: string) =>
    `M-Pesa has sent no result for the reversal within an hour: check the M-Pesa org portal for a reversal of ${receipt}. If it was reversed, record that reversal's code here; if not, send the money by M-Pesa and record its code.`,
  alreadyReversed: (receipt: string) =>
    `M-Pesa says payment ${receipt} was already reversed (R000001), but the shop has no reversal of it on record: check the M-Pesa org portal. If the money went back, record that reversal's code here; if not, send it by M-Pesa and record its code.`,
  operator: (code: string, desc: string) =>
    `M-Pesa refused the shop's API operator (${code}: ${desc.replace(/\.$/, '')}): check MPESA_INITIATOR_NAME and MPESA_SECURITY_CREDENTIAL. ${SEND_BY_HAND}`,
  queueTimeout: (receipt: string) =>
    `M-Pesa gave up queueing the reversal: check the M-Pesa org portal that ${receipt} was not reversed, then send the money by M-Pesa and record its code here.`,
  failed: (code: string, desc: string) =>
    `M-Pesa did not reverse the payment (${code}: ${desc.replace(/\.$/, '') || 'no reason given'}). ${SEND_BY_HAND}`,
  twice: (receipt: string, amountCents: Cents) =>
    `M-Pesa reversed payment ${receipt} (${formatKES(amountCents)}) after its refund was recorded by hand or withdrawn: the customer may have been refunded twice. Check the M-Pesa org portal.`,
} as const;

/** Codes that say the API operator (the owner's settings) was refused. */
const OPERATOR_CODES = new Set(['21', '2001', '8006']);

/** Why the owner must refund by hand after a result that is not a reversal made. */
function failureMessage(result: ReversalResult, receipt: string, timeout: boolean): string {
  if (timeout) return REVERSAL_MESSAGES.queueTimeout(receipt);
  if (result.resultCode === 'R000001') return REVERSAL_MESSAGES.alreadyReversed(receipt);
  if (OPERATOR_CODES.has(result.resultCode)) return REVERSAL_MESSAGES.operator(result.resultCode, result.resultDesc);
  return REVERSAL_MESSAGES.failed(result.resultCode, result.resultDesc);
}

/** Whether a whole refund of this payment goes to M-Pesa's reversal: an M-Pesa Express payment with an API operator set. */
export function reversesByMpesa(ctx: ServerContext, payment: Pick<PaymentRow, 'provider'>): boolean {
  return payment.provider === 'mpesa' && ctx.integrations.mpesa !== null && mpesaReversalSettings(ctx.env) !== null;
}

export type ReversalOutcome =
  /** M-Pesa could not be asked (no receipt, cents): the caller records the refund by hand, as without an operator. */
  | { kind: 'not_asked'; why: string }
  | { kind: 'requested'; refundId: string; message: string; restocksWhenRefunded: boolean }
  /** Its result came (and was applied) before the request's own answer was recorded. */
  | { kind: 'refunded'; refundId: string; message: string; restocked: boolean; restockedLines: number }
  | { kind: 'manual_needed'; refundId: string; message: string; restocksWhenRefunded: boolean };

export interface ReversalPlan {
  payment: PaymentRow;
  amountCents: Cents;
  lines: ResolvedRefundLine[];
}

/**
 * Asks M-Pesa to reverse the payment that pays for a completed order, all of it. The caller holds the
 * cancel lock (every refund writer does) and has checked that nothing else of the payment is refunded.
 */
export async function refundByReversal(
  ctx: ServerContext,
  actor: AdminActor,
  orderId: string,
  reason: string,
  plan: ReversalPlan,
): Promise<ReversalOutcome> {
  const daraja = ctx.integrations.mpesa;
  const token = mpesaCallbackToken(ctx.env);
  const receipt = plan.payment.confirmationCode;
  if (!daraja || !token) throw new Error('M-Pesa reversal is not configured');
  if (!receipt) return { kind: 'not_asked', why: REVERSAL_MESSAGES.noReceipt };
  if (plan.amountCents % 100 !== 0) return { kind: 'not_asked', why: REVERSAL_MESSAGES.notWhole };

  const claim = await ctx.db.transaction(async (tx) => {
    const order = await lockedOrder(tx, orderId);
    const refundId = await insertRefund(tx, actor, {
      transactionId: plan.payment.id,
      amountCents: plan.amountCents,
      kind: 'whole',
      source: 'cancel',
      remarks: reason,
      status: 'requested',
      message: null,
      restock: true,
      lines: plan.lines,
      method: 'mpesa_reversal',
      firstCheckAt: new Date(actor.at.getTime() + RESULT_WAIT_MS),
    });
    const { update } = await transitionOrder(ctx, tx, { order, event: 'refund_requested', at: actor.at, set: { cancelledReason: reason } });
    await auditAdmin(tx, actor, {
      action: 'ORDER_REFUND',
      tableName: 'orders',
      recordId: orderId,
      details: { refundId, transactionId: plan.payment.id, amountCents: plan.amountCents, reversal: true },
    });
    return { refundId, update, restocksWhenRefunded: refundRestocks(order.fulfilmentStatus) };
  });
  // The rider of a stop still to deliver hears 'do not deliver' now, as for Pesapal's request.
  await deliverOrderUpdate(ctx, claim.update);
  const { refundId, restocksWhenRefunded } = claim;

  const base = `${ctx.env.PUBLIC_URL}${MPESA_REVERSAL_PATH}/${token}`;
  let conversationId: string;
  try {
    const accepted = await daraja.reversal({
      receipt,
      amountShillings: plan.amountCents / 100,
      resultUrl: base,
      queueTimeoutUrl: `${base}/timeout`,
      remarks: reason,
      occasion: refundId,
    });
    conversationId = accepted.conversationId;
  } catch (err) {
    ctx.logger.warn({ err, orderId, refundId }, 'mpesa: reversal request failed');
    // No answer (or one the shop cannot read) may still have been a request taken.
    const maybeTaken = !(err instanceof DarajaError) || err.kind === 'unavailable' || err.kind === 'invalid_response';
    const why = maybeTaken ? REVERSAL_MESSAGES.noAnswer(receipt) : REVERSAL_MESSAGES.refused(err.message);
    await ctx.db.transaction(async (tx) => {
      const order = await lockedOrder(tx, orderId);
      await leaveToOwner(tx, order, refundId, plan.amountCents, why, actor.at);
      await auditAdmin(tx, actor, {
        action: 'MPESA_REVERSAL_FAILED',
        tableName: 'orders',
        recordId: orderId,
        details: { refundId, message: why },
      });
    });
    return { kind: 'manual_needed', refundId, message: why, restocksWhenRefunded };
  }

  await ctx.db
    .update(paymentRefunds)
    .set({ mpesaConversationId: conversationId, message: REVERSAL_MESSAGES.accepted })
    .where(and(eq(paymentRefunds.id, refundId), isNull(paymentRefunds.mpesaConversationId)));
  // A result that came before the ConversationID was kept waits in the notices.
  await applyStoredResults(ctx, conversationId);

  const [now] = await ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.id, refundId));
  if (now?.status === 'refunded') {
    // The order could not move while it waited, so the restock is what the claim foresaw.
    const restockedLines = restocksWhenRefunded ? plan.lines.filter((l) => l.restockQuantity > 0).length : 0;
    const message = `M-Pesa reversed the payment: ${formatKES(plan.amountCents)} is back with the customer.`;
    return { kind: 'refunded', refundId, message, restocked: restocksWhenRefunded, restockedLines };
  }
  if (now?.status === 'manual_needed') return { kind: 'manual_needed', refundId, message: now.message ?? '', restocksWhenRefunded };
  return { kind: 'requested', refundId, message: REVERSAL_MESSAGES.accepted, restocksWhenRefunded };
}

/** A waiting reversal that will not be made by M-Pesa: the owner refunds by hand, the order flagged. */
async function leaveToOwner(tx: Tx, order: OrderRow, refundId: string, amountCents: Cents, why: string, at: Date): Promise<boolean> {
  const [left] = await tx
    .update(paymentRefunds)
    .set({ status: 'manual_needed', accepted: false, message: why, nextCheckAt: null })
    .where(and(eq(paymentRefunds.id, refundId), eq(paymentRefunds.status, 'requested')))
    .returning({ id: paymentRefunds.id });
  if (!left) return false;
  await tx
    .update(orders)
    .set({ needsAttention: true, attentionReason: withAttention(order.attentionReason, manualRefundReason(amountCents)), updatedAt: at })
    .where(eq(orders.id, order.id));
  return true;
}

/** The results of this ConversationID stored but not yet applied (they came before it was kept). */
async function applyStoredResults(ctx: ServerContext, conversationId: string): Promise<void> {
  const stored = await queryRows<{ id: string; raw: unknown; notification_type: string }>(
    ctx.db,
    sql`select id, raw, notification_type from payment_notifications
        where source = 'mpesa' and tracking_id = ${conversationId} and processed_at is null
          and notification_type in (${REVERSAL_NOTICE_TYPES.result}, ${REVERSAL_NOTICE_TYPES.timeout})
        order by created_at`,
  );
  for (const notice of stored) {
    const result = parseReversalResult(notice.raw);
    if (!result) continue;
    const outcome = await applyReversalResult(ctx, result, notice.notification_type === REVERSAL_NOTICE_TYPES.timeout);
    await markNoticeProcessed(ctx, notice.id, outcome);
  }
}

/** Records what became of a stored result; one still waiting for its refund's ConversationID stays unprocessed. */
export async function markNoticeProcessed(ctx: ServerContext, noticeId: string | undefined, outcome: string): Promise<void> {
  if (!noticeId) return;
  const processedAt = outcome === 'waiting' ? null : ctx.now().toISOString();
  await queryRows(
    ctx.db,
    sql`update payment_notifications set outcome = ${outcome}, processed_at = ${processedAt}::timestamptz where id = ${noticeId}::uuid`,
  );
}

/** The refund a result is about: by its ConversationID, else by the Occasion the request sent (its id). */
async function refundOfResult(ctx: ServerContext, result: ReversalResult): Promise<{ refund: RefundRow; payment: PaymentRow } | null> {
  if (result.conversationId) {
    const [found] = await ctx.db
      .select({ refund: paymentRefunds, payment: paymentTransactions })
      .from(paymentRefunds)
      .innerJoin(paymentTransactions, eq(paymentTransactions.id, paymentRefunds.transactionId))
      .where(eq(paymentRefunds.mpesaConversationId, result.conversationId));
    if (found) return found;
  }
  if (!result.occasion || !UUID.test(result.occasion)) return null;
  // Only a request whose answer never came (no ConversationID kept) is found by its Occasion.
  const [byOccasion] = await ctx.db
    .select({ refund: paymentRefunds, payment: paymentTransactions })
    .from(paymentRefunds)
    .innerJoin(paymentTransactions, eq(paymentTransactions.id, paymentRefunds.transactionId))
    .where(
      and(
        eq(paymentRefunds.id, result.occasion),
        isNull(paymentRefunds.mpesaConversationId),
        inArray(paymentRefunds.method, ['mpesa_reversal', 'manual']),
        eq(paymentTransactions.provider, 'mpesa'),
      ),
    );
  return byOccasion ?? null;
}

/**
 * Applies a reversal's result (or its queue time-out) to the refund it is about. Returns what it
 * did: 'refunded', 'manual_needed', 'flagged' (a reversal after a refund by hand), 'as_before'
 * (a repeat), or 'waiting' (no refund known yet by that ConversationID: kept for when it is).
 */
export async function applyReversalResult(ctx: ServerContext, result: ReversalResult, timeout: boolean): Promise<string> {
  const found = await refundOfResult(ctx, result);
  if (!found) return 'waiting';
  const { outcome, update } = await ctx.db.transaction(async (tx) => {
    const order = await lockedOrder(tx, found.payment.orderId);
    const [refund] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.id, found.refund.id)).for('update');
    if (!refund) return { outcome: 'as_before', update: null };
    const receipt = found.payment.confirmationCode ?? found.payment.merchantReference;
    const at = ctx.now();
    if (result.resultCode === '0' && !timeout) return reversed(ctx, tx, order, found.payment, refund, receipt, at);
    const why = failureMessage(result, receipt, timeout);
    if (!(await leaveToOwner(tx, order, refund.id, refund.amount, why, at))) return { outcome: 'as_before', update: null };
    await writeAudit(tx, {
      userId: null,
      action: 'MPESA_REVERSAL_FAILED',
      tableName: 'orders',
      recordId: order.id,
      details: { refundId: refund.id, resultCode: result.resultCode, resultDesc: result.resultDesc, timeout, message: why },
    });
    return { outcome: 'manual_needed', update: null };
  });
  await deliverOrderUpdate(ctx, update);
  return outcome;
}

/** M-Pesa reversed the payment: the refund is made, and the order waiting for it is refunded. */
async function reversed(
  ctx: ServerContext,
  tx: Tx,
  order: OrderRow,
  payment: PaymentRow,
  refund: RefundRow,
  receipt: string,
  at: Date,
): Promise<{ outcome: string; update: QueuedOrderUpdate | null }> {
  if (refund.status === 'refunded' && refund.method === 'mpesa_reversal') return { outcome: 'as_before', update: null };
  // Still owed (waiting, or left to the owner who has not sent it): this reversal makes it.
  const [made] = await tx
    .update(paymentRefunds)
    .set({ status: 'refunded', method: 'mpesa_reversal', accepted: true, settledAt: at, nextCheckAt: null })
    .where(
      and(
        eq(paymentRefunds.id, refund.id),
        inArray(paymentRefunds.status, ['requested', 'manual_needed']),
        eq(paymentRefunds.method, 'mpesa_reversal'),
      ),
    )
    .returning({ id: paymentRefunds.id });
  if (!made) {
    // Recorded by hand or withdrawn meanwhile: the money may have gone back twice.
    const reason = REVERSAL_MESSAGES.twice(receipt, refund.amount);
    ctx.logger.error({ orderId: order.id, refundId: refund.id }, 'mpesa: a reversal after the refund was settled otherwise');
    await tx
      .update(orders)
      .set({ needsAttention: true, attentionReason: withAttention(order.attentionReason, reason), updatedAt: at })
      .where(eq(orders.id, order.id));
    return { outcome: 'flagged', update: null };
  }
  if (refund.status === 'manual_needed') await clearManualFlag(tx, order, refund.amount, at);
  if (!(order.status === 'refund_requested' && order.pesapalTransactionId === payment.mpesaCheckoutRequestId)) {
    ctx.logger.error({ orderId: order.id, refundId: refund.id }, 'mpesa: a reversal made for an order not waiting for it');
    return { outcome: 'refunded', update: null };
  }
  return { outcome: 'refunded', update: await endOrderByRefund(ctx, tx, order, refund, at, 'ORDER_REVERSED') };
}

/**
 * Reversals with no result after the hour: left to the owner, who checks the org portal first (a
 * result that comes later still settles the refund, unless one was recorded by hand).
 */
export async function watchSilentReversals(ctx: ServerContext): Promise<{ leftToOwner: number }> {
  const now = ctx.now();
  const due = await ctx.db
    .select({ refund: paymentRefunds, payment: paymentTransactions })
    .from(paymentRefunds)
    .innerJoin(paymentTransactions, eq(paymentTransactions.id, paymentRefunds.transactionId))
    .where(and(eq(paymentRefunds.status, 'requested'), eq(paymentRefunds.method, 'mpesa_reversal'), lte(paymentRefunds.nextCheckAt, now)))
    .orderBy(asc(paymentRefunds.nextCheckAt))
    .limit(WATCH_BATCH);
  let leftToOwner = 0;
  for (const { refund, payment } of due) {
    const why = REVERSAL_MESSAGES.silent(payment.confirmationCode ?? payment.merchantReference);
    const left = await ctx.db.transaction(async (tx) => {
      const order = await lockedOrder(tx, payment.orderId);
      const done = await leaveToOwner(tx, order, refund.id, refund.amount, why, now);
      if (done)
        await writeAudit(tx, {
          userId: null,
          action: 'MPESA_REVERSAL_FAILED',
          tableName: 'orders',
          recordId: order.id,
          details: { refundId: refund.id, message: why },
        });
      return done;
    });
    if (left) leftToOwner++;
  }
  return { leftToOwner };
}
