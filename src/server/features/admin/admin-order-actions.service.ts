// What the merchant does to an order: move fulfilment forward, cancel it (a pending order releases
// its reserved stock and its Pesapal page is cancelled; a paid order is refunded through Pesapal's
// RefundRequest and its stock put back), and ask Pesapal for the payment status now.
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { toCents } from '../../../domain/money';
import { canAdvanceFulfilment, FULFILMENT_LABELS, type FulfilmentStatus } from '../../../domain/order-status';
import type { ServerContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { LOCKS } from '../../db/locks';
import { orderItems, orders, paymentRefunds, paymentTransactions, products, stockMovements } from '../../db/schema';
import { AppError, conflict, notFound } from '../../http/errors';
import { releaseReservation } from '../inventory/inventory.service';
import { cancelOpenAttempts, openAttempts } from '../payments/attempt-cancellation';
import { PAYMENT_REVERSED_REASON } from '../payments/order-outcomes';
import { refreshPayment } from '../payments/payment-refresh.service';
import { auditAdmin, type AdminActor } from './admin-access';

export const ORDER_ACTION_MESSAGES = {
  notPaid: 'Only paid (completed) orders can be fulfilled.',
  cannotCancel: 'Only pending or paid orders can be cancelled.',
  paidMeanwhile: 'The customer paid this order while it was being cancelled. It is now paid: cancel it again to refund.',
  noConfirmation: 'This payment has no Pesapal confirmation code, so it cannot be refunded from here.',
  alreadyRefunded: 'A refund has already been requested for this order.',
  pesapalUnreachable: 'Pesapal could not be reached. Please try again.',
} as const;

async function lockedOrder(tx: Tx, id: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  if (!order) throw notFound('Order not found');
  return order;
}

export async function advanceFulfilment(
  db: DbOrTx,
  actor: AdminActor,
  orderId: string,
  to: FulfilmentStatus,
): Promise<{ fulfilmentStatus: FulfilmentStatus }> {
  return db.transaction(async (tx) => {
    const order = await lockedOrder(tx, orderId);
    if (order.status !== 'completed') throw conflict(ORDER_ACTION_MESSAGES.notPaid);
    const from = order.fulfilmentStatus as FulfilmentStatus;
    if (!canAdvanceFulfilment(from, to)) {
      throw conflict(`An order only moves forward: this one is already ${FULFILMENT_LABELS[from].toLowerCase()}.`);
    }
    await tx.update(orders).set({ fulfilmentStatus: to, updatedAt: new Date() }).where(eq(orders.id, orderId));
    await auditAdmin(tx, actor, { action: 'ORDER_FULFILMENT', tableName: 'orders', recordId: orderId, details: { from, to } });
    return { fulfilmentStatus: to };
  });
}

export type CancelOutcome =
  | { kind: 'released'; releasedLines: number }
  | { kind: 'refunded'; refundMessage: string; restockedLines: number };

/** Cancels a pending order (release) or refunds a paid one; one at a time across instances. */
export async function cancelOrder(ctx: ServerContext, actor: AdminActor, orderId: string, reason: string): Promise<CancelOutcome> {
  return ctx.database.withLock(LOCKS.adminOrderCancel, async () => {
    const [order] = await ctx.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    if (!order) throw notFound('Order not found');
    if (order.status === 'pending') return cancelPendingOrder(ctx, actor, orderId, reason);
    if (order.status === 'completed') return refundPaidOrder(ctx, actor, orderId, reason);
    throw conflict(ORDER_ACTION_MESSAGES.cannotCancel);
  });
}

async function cancelPendingOrder(ctx: ServerContext, actor: AdminActor, orderId: string, reason: string): Promise<CancelOutcome> {
  // Close the payment pages first (best effort), so the customer cannot pay a cancelled order.
  await cancelOpenAttempts(ctx, orderId, `Cancelled by the shop: ${reason}`);
  // A page Pesapal would not cancel may have just been paid: ask before cancelling.
  for (const attempt of await openAttempts(ctx.db, orderId)) {
    await refreshPayment(ctx, attempt.trackingId).catch((err: unknown) => ctx.logger.warn({ err, orderId }, 'admin cancel: status check failed'));
  }
  return ctx.db.transaction(async (tx) => {
    const order = await lockedOrder(tx, orderId);
    if (order.status === 'completed') throw conflict(ORDER_ACTION_MESSAGES.paidMeanwhile);
    if (order.status !== 'pending') throw conflict(ORDER_ACTION_MESSAGES.cannotCancel);
    const at = ctx.now();
    const releasedLines = await releaseReservation(tx, orderId, `Order cancelled by the shop: ${reason}`, at);
    await tx
      .update(orders)
      .set({ status: 'cancelled', cancelledReason: reason, reservationExpiresAt: null, updatedAt: at })
      .where(eq(orders.id, orderId));
    await auditAdmin(tx, actor, { action: 'ORDER_CANCEL', tableName: 'orders', recordId: orderId, details: { reason, releasedLines } });
    return { kind: 'released' as const, releasedLines };
  });
}

async function refundPaidOrder(ctx: ServerContext, actor: AdminActor, orderId: string, reason: string): Promise<CancelOutcome> {
  const [payment] = await ctx.db
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.orderId, orderId), eq(paymentTransactions.status, 'COMPLETED')))
    .orderBy(desc(paymentTransactions.createdAt))
    .limit(1);
  if (!payment) throw conflict(ORDER_ACTION_MESSAGES.cannotCancel);
  if (!payment.confirmationCode) throw conflict(ORDER_ACTION_MESSAGES.noConfirmation);
  const [earlier] = await ctx.db
    .select({ id: paymentRefunds.id })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.transactionId, payment.id), eq(paymentRefunds.accepted, true)));
  if (earlier) throw conflict(ORDER_ACTION_MESSAGES.alreadyRefunded);

  let accepted = false;
  let reached = true;
  let message: string;
  try {
    const result = await ctx.integrations.pesapal.refund({
      confirmationCode: payment.confirmationCode,
      amount: toCents(payment.amount) / 100,
      username: actor.email,
      remarks: reason,
    });
    accepted = result.accepted;
    message = result.message;
  } catch (err) {
    // Unreachable or an unreadable answer: record the attempt, change nothing else.
    reached = false;
    message = `Pesapal could not be reached (${err instanceof Error ? err.message : String(err)})`;
    ctx.logger.warn({ err, orderId }, 'pesapal: RefundRequest failed');
  }

  return ctx.db.transaction(async (tx) => {
    const [refund] = await tx
      .insert(paymentRefunds)
      .values({ transactionId: payment.id, amount: payment.amount, requestedBy: actor.userId, remarks: reason, accepted, message })
      .returning({ id: paymentRefunds.id });
    await auditAdmin(tx, actor, {
      action: 'ORDER_REFUND',
      tableName: 'orders',
      recordId: orderId,
      details: { refundId: refund?.id, transactionId: payment.id, amount: payment.amount, accepted, message },
    });
    if (!accepted) {
      return { kind: 'refused' as const, message: reached ? `The refund was not accepted: ${message}` : ORDER_ACTION_MESSAGES.pesapalUnreachable };
    }
    const order = await lockedOrder(tx, orderId);
    const restockedLines = await restockOrder(tx, actor, orderId, ctx.now());
    await tx
      .update(orders)
      .set({ status: 'cancelled', cancelledReason: reason, ...clearedReversalFlag(order), updatedAt: ctx.now() })
      .where(eq(orders.id, orderId));
    await auditAdmin(tx, actor, { action: 'ORDER_CANCEL', tableName: 'orders', recordId: orderId, details: { reason, restockedLines } });
    return { kind: 'refunded' as const, refundMessage: message, restockedLines };
  }).then((result) => {
    // The refusal is recorded (committed above) and then reported to the merchant.
    if (result.kind === 'refused') throw new AppError(502, 'REFUND_REFUSED', result.message);
    return result;
  });
}

/**
 * Pesapal's reversal notice may be processed before this refund's own transaction; it cancels the
 * order and flags it "restock by hand". This refund restocks, so that flag no longer applies.
 */
function clearedReversalFlag(order: typeof orders.$inferSelect) {
  return order.status === 'cancelled' && order.cancelledReason === PAYMENT_REVERSED_REASON
    ? { needsAttention: false, attentionReason: null }
    : {};
}

/** Puts a refunded order's goods back on the shelf: one restock row per line, tied to the order. */
async function restockOrder(tx: Tx, actor: AdminActor, orderId: string, at: Date): Promise<number> {
  const lines = await tx
    .select({ productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productId));
  let restocked = 0;
  for (const line of lines) {
    // The unique (order, product, kind) index claims the row first: an order is restocked once.
    const [claim] = await tx
      .insert(stockMovements)
      .values({
        productId: line.productId,
        orderId,
        kind: 'restock',
        quantity: line.quantity,
        stockAfter: 0,
        reason: 'Order cancelled and refunded',
        actorUserId: actor.userId,
        createdAt: at,
      })
      .onConflictDoNothing()
      .returning({ id: stockMovements.id });
    if (!claim) continue;
    const [product] = await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${line.quantity}`, updatedAt: at })
      .where(eq(products.id, line.productId))
      .returning({ stock: products.stock });
    await tx.update(stockMovements).set({ stockAfter: product?.stock ?? 0 }).where(eq(stockMovements.id, claim.id));
    restocked++;
  }
  return restocked;
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
        inArray(paymentTransactions.status, ['PENDING', 'COMPLETED']),
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
