// How a refund request ends (docs/decisions/046-refunds-wait-for-the-reversal.md). Pesapal's "200"
// to RefundRequest only says the request was received; the money moves when the merchant approves
// it in Pesapal's dashboard and the payment turns REVERSED, or it stays when the refund is rejected.
// Both endings are recorded here, inside the transaction that holds the order's row lock (the order
// first, then its payment: attempt-writes.ts), so two instances hearing of one reversal record it
// once: the second finds the refund settled already.
// - Refunded: the order's own payment ends the order through the table's 'refunded' event (its
//   credit note, its stock effect, the customer's 'refunded' SMS and mail); a payment the order did
//   not need only tells the customer ('payment_refunded').
// - Rejected: the order is paid again ('refund_rejected'); nothing is declared to KRA. When Pesapal
//   gave the sign, the merchant is told (the order's flag, their SMS and mail).
import { and, eq } from 'drizzle-orm';
import { refundRejectedText, type RefundRejectedNotice } from '@/domain/merchant-notices';
import type { ServerContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { orders, paymentRefunds, type paymentTransactions } from '../../db/schema';
import { writeAudit } from '../../infra/audit-log';
import { queueRefundRejectedNotices } from '../merchant-notices/refund-rejected-notice';
import { transitionOrder } from '../orders/order-transitions';
import { lockedOrder } from '../orders/locked-order';
import { settlePartialRefund } from '../refunds/partial-refund-settlement';
import { formatKES } from '@/domain/money';
import { withAttention } from '@/domain/partial-refund';
import { PAYMENT_REVERSED_REASON } from '@/domain/order-reasons';
import { queueOrderUpdate, type QueuedOrderUpdate } from '../orders/order-updates.service';

type OrderRow = typeof orders.$inferSelect;
type PaymentRow = typeof paymentTransactions.$inferSelect;
export type RefundRow = typeof paymentRefunds.$inferSelect;

/** The payment's refund waiting for Pesapal, if any; read under the order's lock. */
export async function waitingRefund(db: DbOrTx, transactionId: string): Promise<RefundRow | undefined> {
  const [refund] = await db
    .select()
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.transactionId, transactionId), eq(paymentRefunds.status, 'requested')));
  return refund;
}

/** Whether the refund is of the payment that pays for the order, and the order is waiting for it. */
function endsTheOrder(order: OrderRow, payment: PaymentRow): boolean {
  return order.status === 'refund_requested' && order.pesapalTransactionId === payment.pesapalTrackingId;
}

async function settle(tx: Tx, refund: RefundRow, status: 'refunded' | 'rejected', at: Date): Promise<boolean> {
  const [settled] = await tx
    .update(paymentRefunds)
    .set({ status, settledAt: at, nextCheckAt: null })
    .where(and(eq(paymentRefunds.id, refund.id), eq(paymentRefunds.status, 'requested')))
    .returning({ id: paymentRefunds.id });
  return settled !== undefined;
}

/** Pesapal reversed a payment whose refund was waiting: the refund is done, with what it entails. */
export async function recordRefundReversal(
  ctx: ServerContext,
  tx: Tx,
  order: OrderRow,
  payment: PaymentRow,
  refund: RefundRow,
  at: Date,
): Promise<QueuedOrderUpdate | null> {
  // Pesapal shows partial refunds by the amount (PESAPAL_PARTIAL_REFUND_SIGN=amount), yet reversed
  // all of the payment: the refund waiting is made, and the rest went back with it, unasked.
  if (refund.kind === 'partial') {
    const update = await settlePartialRefund(ctx, tx, order, refund, { by: 'pesapal' }, at);
    await reversedBeyondRefund(ctx, tx, order.id, payment, refund, at);
    return update;
  }
  if (!(await settle(tx, refund, 'refunded', at))) return null;
  if (endsTheOrder(order, payment)) return endOrderByRefund(ctx, tx, order, refund, at, 'ORDER_REFUNDED');
  // Money the order did not need (paid twice, paid after a cancel): the order goes on.
  return queueOrderUpdate(ctx, tx, order.id, 'payment_refunded', { amountCents: refund.amount, key: payment.id });
}

/**
 * A whole refund made (Pesapal's, or M-Pesa's reversal): the order takes the table's 'refunded' event
 * under its lock, with the goods' state now (they may have left the shop since the request), audited
 * with what the refund did to the stock and why not when it did nothing (no one acted: the provider did).
 */
export async function endOrderByRefund(
  ctx: ServerContext,
  tx: Tx,
  order: typeof orders.$inferSelect,
  refund: RefundRow,
  at: Date,
  action: 'ORDER_REFUNDED' | 'ORDER_REVERSED',
): Promise<QueuedOrderUpdate | null> {
  const fulfilment = order.fulfilmentStatus;
  const { update, restock } = await transitionOrder(ctx, tx, {
    order,
    event: 'refunded',
    at,
    tell: { amountCents: refund.amount },
    restock: { fulfilment, actorUserId: refund.requestedBy },
    refundId: refund.id,
  });
  const { restocked, restockedLines, notRestocked } = restock ?? { restocked: false, restockedLines: 0 };
  await writeAudit(tx, {
    userId: null,
    action,
    tableName: 'orders',
    recordId: order.id,
    details: {
      refundId: refund.id,
      amountCents: refund.amount,
      restocked,
      restockedLines,
      fulfilment,
      ...(notRestocked ? { notRestocked } : {}),
    },
  });
  return update;
}

/** The whole payment reversed while only part of it was to be refunded: a reversal nobody asked for, flagged. */
async function reversedBeyondRefund(ctx: ServerContext, tx: Tx, orderId: string, payment: PaymentRow, refund: RefundRow, at: Date) {
  // As the refund left it (its flag to refund by hand gone), under the lock this transaction holds.
  const locked = await lockedOrder(tx, orderId);
  if (locked.status !== 'completed' || locked.pesapalTransactionId !== payment.pesapalTrackingId) return;
  await transitionOrder(ctx, tx, {
    order: locked,
    event: 'payment_reversed',
    at,
    set: {
      cancelledReason: PAYMENT_REVERSED_REASON,
      needsAttention: true,
      attentionReason: withAttention(
        locked.attentionReason,
        `Pesapal reversed all of payment ${payment.merchantReference} while a refund of ${formatKES(refund.amount)} was waiting. Check Pesapal's dashboard, and restock by hand if the goods came back.`,
      ),
    },
  });
}

export type RejectionSource = { by: 'pesapal' } | { by: 'merchant' };

/**
 * The refund was rejected: the money stays with the shop. The order's own payment makes it paid
 * again; the merchant is told when the sign came from Pesapal (their own 'Refund was rejected' needs
 * no notice). Returns the notices to send after the commit, or null when the refund was not waiting.
 */
export async function recordRefundRejection(
  ctx: ServerContext,
  tx: Tx,
  order: OrderRow,
  payment: PaymentRow,
  refund: RefundRow,
  at: Date,
  source: RejectionSource,
): Promise<QueuedOrderUpdate | null> {
  if (!(await settle(tx, refund, 'rejected', at))) return null;
  const notice: RefundRejectedNotice = { orderId: order.id, amountCents: refund.amount, orderPaidAgain: endsTheOrder(order, payment) };
  const told = source.by === 'pesapal';
  const reason = refundRejectedText(notice);
  const flag = told
    ? {
        needsAttention: true,
        attentionReason: order.needsAttention && order.attentionReason ? `${order.attentionReason} Also: ${reason}` : reason,
      }
    : {};
  if (notice.orderPaidAgain) {
    // The reason it was cancelled for no longer describes it.
    await transitionOrder(ctx, tx, { order, event: 'refund_rejected', at, set: { cancelledReason: null, ...flag } });
  } else if (told) {
    await tx
      .update(orders)
      .set({ ...flag, updatedAt: at })
      .where(eq(orders.id, order.id));
  }
  if (!told) return null;
  return { orderId: order.id, smsId: null, mailId: null, merchant: await queueRefundRejectedNotices(ctx, tx, refund.id, notice) };
}
