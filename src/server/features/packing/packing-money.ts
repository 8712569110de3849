// The money side of finished packing. What packing owes the customer is stored line by line when
// packing finishes (order_items.packing_refund, orders.packing_refund_total); this settles it through
// the partial-refund engine (refundPartOfOrder, source 'packing'): Pesapal refunds it to what she paid
// with, or it waits for the owner to send it by M-Pesa by hand. It runs after the finish's commit (the
// engine takes the order's lock itself and asks Pesapal outside any transaction), so a retry or the
// reconciliation job may run it again: an order gets at most one packing refund, read first, checked
// again by the engine under the order's lock, and kept by a unique index (payment_refunds_packing_once_idx).
import { and, eq } from 'drizzle-orm';
import { formatKES, sumCents, type Cents } from '@/domain/money';
import { manualRefundReason } from '@/domain/partial-refund';
import type { PackingRefundWay } from '@/domain/packing';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { orders, paymentRefunds, paymentTransactions } from '../../db/schema';
import { DomainError } from '../../errors';
import type { AdminActor } from '../../back-office/admin-access';
import { lockedOrder } from '../orders/locked-order';
import { refundPartOfOrder } from '../refunds/partial-refund.service';

/** One line owed back, as the partial-refund engine takes it: nothing goes back on the shelf. */
interface PackingRefundLine {
  orderItemId: string;
  amountCents: Cents;
  restockQuantity: 0;
}

export interface PackingOwed {
  lines: PackingRefundLine[];
  /** 'Packing: Tilapia — Large: weighed 650 g …; Farm Chicken: unavailable, KES 850.00 back'. */
  reason: string;
}

export type PackingSettlement =
  | { status: 'nothing_owed'; amountCents: Cents; message: string }
  /** The packing refund: accepted by Pesapal, made, left to the owner by M-Pesa, or withdrawn by the owner. */
  | { status: 'requested' | 'refunded' | 'manual_needed' | 'withdrawn'; refundId: string; amountCents: Cents; message: string }
  /** The engine would not take it (the order has no payment to refund): the owner is told by a flag. */
  | { status: 'flagged'; amountCents: Cents; message: string }
  /** Not settled now (the database or Pesapal lost mid-way): the reconciliation job settles it. */
  | { status: 'retrying'; amountCents: Cents; message: string };

const REASON_LIMIT = 500;

const SETTLEMENT_MESSAGES = {
  nothing: 'Nothing to refund.',
  requested: (amount: string) =>
    `${amount} refunded to the customer through Pesapal; the money moves once it is approved in Pesapal's dashboard.`,
  refunded: (amount: string) => `${amount} refunded to the customer through Pesapal.`,
  withdrawn: (amount: string) => `The owner withdrew the packing refund of ${amount}: it is not paid.`,
  rejected: (amount: string) => `The packing refund of ${amount} was not made by Pesapal: it is still owed to the customer.`,
  covered: 'The order is being refunded in full: nothing more to refund after packing.',
  flag: (amount: string) => `${amount} to refund after packing`,
} as const;

/** The owed lines (those owed something) and the reason the refund carries. */
export function packingOwed(lines: readonly { orderItemId: string; owedCents: Cents }[], changes: readonly string[]): PackingOwed {
  const reason = `Packing: ${changes.join('; ')}`;
  return {
    lines: lines.filter((l) => l.owedCents > 0).map((l) => ({ orderItemId: l.orderItemId, amountCents: l.owedCents, restockQuantity: 0 })),
    reason: reason.length > REASON_LIMIT ? `${reason.slice(0, REASON_LIMIT - 1)}…` : reason,
  };
}

/** How the customer's message says the money goes back, from where the settlement stands. */
export function refundWayOf(settlement: PackingSettlement): PackingRefundWay {
  if (settlement.status === 'requested' || settlement.status === 'refunded') return 'pesapal';
  return settlement.status === 'manual_needed' ? 'manual' : 'pending';
}

/** The order's packing refund, whatever its status; null when packing has refunded nothing yet. */
async function packingRefundOf(db: DbOrTx, orderId: string) {
  const [row] = await db
    .select({ id: paymentRefunds.id, status: paymentRefunds.status, amount: paymentRefunds.amount })
    .from(paymentRefunds)
    .innerJoin(paymentTransactions, eq(paymentTransactions.id, paymentRefunds.transactionId))
    .where(and(eq(paymentTransactions.orderId, orderId), eq(paymentRefunds.source, 'packing')));
  return row ?? null;
}

function settledAs(refund: { id: string; status: string; amount: Cents }, message?: string): PackingSettlement {
  const amount = formatKES(refund.amount);
  const base = { refundId: refund.id, amountCents: refund.amount };
  switch (refund.status) {
    case 'refunded':
      return { status: 'refunded', ...base, message: message ?? SETTLEMENT_MESSAGES.refunded(amount) };
    case 'manual_needed':
      return { status: 'manual_needed', ...base, message: message ?? manualRefundReason(refund.amount) };
    case 'withdrawn':
      return { status: 'withdrawn', ...base, message: SETTLEMENT_MESSAGES.withdrawn(amount) };
    case 'requested':
      return { status: 'requested', ...base, message: message ?? SETTLEMENT_MESSAGES.requested(amount) };
    default:
      // Rejected or refused at Pesapal: the owner decides from the order page.
      return { status: 'flagged', amountCents: refund.amount, message: SETTLEMENT_MESSAGES.rejected(amount) };
  }
}

/** Flags the order for the owner when the engine would not refund it (both reasons stay in view). */
async function flagForOwner(ctx: ServerContext, actor: AdminActor, orderId: string, message: string) {
  await ctx.db.transaction(async (tx) => {
    const order = await lockedOrder(tx, orderId);
    if (order.attentionReason?.includes(message)) return;
    const attentionReason = order.needsAttention && order.attentionReason ? `${order.attentionReason} Also, ${message}.` : `${message}.`;
    await tx.update(orders).set({ needsAttention: true, attentionReason, updatedAt: actor.at }).where(eq(orders.id, orderId));
  });
}

/** Refunds what packing owes through the partial-refund engine, once per order whoever calls. */
export async function settlePackingDifference(
  ctx: ServerContext,
  actor: AdminActor,
  orderId: string,
  owed: PackingOwed,
): Promise<PackingSettlement> {
  const amountCents = sumCents(owed.lines.map((l) => l.amountCents));
  if (amountCents === 0) return { status: 'nothing_owed', amountCents, message: SETTLEMENT_MESSAGES.nothing };
  const already = await packingRefundOf(ctx.db, orderId);
  if (already) return settledAs(already);
  try {
    const outcome = await refundPartOfOrder(ctx, actor, { orderId, lines: owed.lines, reason: owed.reason, source: 'packing' });
    const amount = formatKES(outcome.amountCents);
    const message =
      outcome.status === 'manual_needed'
        ? outcome.message
        : outcome.status === 'refunded'
          ? SETTLEMENT_MESSAGES.refunded(amount)
          : SETTLEMENT_MESSAGES.requested(amount);
    return { status: outcome.status, refundId: outcome.refundId, amountCents: outcome.amountCents, message };
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    // Another settler (a retry, the reconciliation job) made it first.
    const made = await packingRefundOf(ctx.db, orderId);
    if (made) return settledAs(made);
    // Cancelled (or waiting for its whole refund) meanwhile: that refund gives back all that is left.
    const [order] = await ctx.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    if (order && order.status !== 'completed') return { status: 'nothing_owed', amountCents: 0, message: SETTLEMENT_MESSAGES.covered };
    const message = SETTLEMENT_MESSAGES.flag(formatKES(amountCents));
    ctx.logger.warn({ err, orderId }, 'packing refund refused by the refund engine; the order is flagged');
    await flagForOwner(ctx, actor, orderId, message);
    return { status: 'flagged', amountCents, message: `${message}: ${err.message}` };
  }
}
