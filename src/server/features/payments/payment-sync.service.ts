// What a signed-in customer may ask about their own payments: sync the status with Pesapal,
// find the order behind a Pesapal callback, and start a new attempt for a pending order.
import { and, desc, eq, isNotNull, or } from 'drizzle-orm';
import { isPaymentStatus, type PaymentStatus } from '@/domain/order-status';
import type { ServerContext } from '../../context';
import { orders, paymentTransactions } from '../../db/schema';
import { aboutOrder, DomainError, notFound } from '../../errors';
import { cancelOpenAttempts } from './attempt-cancellation';
import { findCurrentAttempt } from '../orders/current-attempt';
import { ATTEMPT_CANCELLED } from './order-outcomes';
import { startPaymentAttempt, type PaymentAttempt } from './payment-attempt.service';
import { recordCallback, setNoticeOutcome } from './ipn-notices';
import { describeResult, refreshPayment } from './payment-refresh.service';
import { confirmMpesaAttempt } from './mpesa/mpesa-confirmation';

const ORDER_NOT_FOUND = 'Order not found';
const SYNC_FAILED = 'Could not reach Pesapal. Please try again.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface SyncResult {
  orderId: string;
  updated: boolean;
  newStatus: PaymentStatus | null;
  error: string | null;
}

async function ownedOrder(ctx: ServerContext, userId: string, orderId: string) {
  if (!UUID.test(orderId)) return null;
  const [order] = await ctx.db
    .select({ id: orders.id, status: orders.status, pesapalTransactionId: orders.pesapalTransactionId })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return order ?? null;
}

/** The id of the caller's order; anyone else's is 'Order not found'. */
export async function ownedOrderId(ctx: ServerContext, userId: string, orderId: string): Promise<string> {
  const order = await ownedOrder(ctx, userId, orderId);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  return order.id;
}

/** Asks Pesapal about each of the caller's orders that has a pending attempt; others' orders are 'Order not found'. */
/**
 * With `returned`, Pesapal has just sent the customer back from its page inside the payment modal:
 * that return is recorded like a callback to the shop's page, so until Pesapal confirms, the order
 * counts as waiting for its payment (checkout then offers it instead of charging the same goods again).
 */
export async function syncOrders(
  ctx: ServerContext,
  userId: string,
  orderIds: readonly string[],
  opts: { returned: boolean } = { returned: false },
): Promise<SyncResult[]> {
  const results: SyncResult[] = [];
  for (const orderId of [...new Set(orderIds)]) {
    const order = await ownedOrder(ctx, userId, orderId);
    if (!order) {
      results.push({ orderId, updated: false, newStatus: null, error: ORDER_NOT_FOUND });
      continue;
    }
    const attempts = await ctx.db
      .select({
        trackingId: paymentTransactions.pesapalTrackingId,
        checkoutRequestId: paymentTransactions.mpesaCheckoutRequestId,
        merchantReference: paymentTransactions.merchantReference,
        status: paymentTransactions.status,
      })
      .from(paymentTransactions)
      .where(
        and(
          eq(paymentTransactions.orderId, orderId),
          or(isNotNull(paymentTransactions.pesapalTrackingId), isNotNull(paymentTransactions.mpesaCheckoutRequestId)),
        ),
      )
      .orderBy(desc(paymentTransactions.createdAt));
    if (attempts.length === 0) {
      results.push({ orderId, updated: false, newStatus: null, error: 'No payment found for this order' });
      continue;
    }
    if (opts.returned && attempts[0]?.trackingId) {
      await recordCallback(ctx, {
        method: 'POST',
        trackingId: attempts[0].trackingId,
        merchantReference: attempts[0].merchantReference,
        notificationType: 'CALLBACKURL',
        raw: { orderId, userId, via: 'payment modal' },
      });
    }
    let updated = false;
    let error: string | null = null;
    for (const attempt of attempts) {
      if (attempt.status !== 'PENDING') continue;
      try {
        const result = attempt.trackingId
          ? await refreshPayment(ctx, attempt.trackingId)
          : attempt.checkoutRequestId
            ? await confirmMpesaAttempt(ctx, attempt.checkoutRequestId)
            : null;
        updated = result?.outcome === 'transitioned' || updated;
      } catch (err) {
        ctx.logger.warn({ err, orderId }, 'payment sync failed');
        error = SYNC_FAILED;
      }
    }
    results.push({ orderId, updated, newStatus: await currentPaymentStatus(ctx, orderId), error });
  }
  return results;
}

/** The status of the order's current attempt (see current-attempt.ts). */
async function currentPaymentStatus(ctx: ServerContext, orderId: string): Promise<PaymentStatus | null> {
  const current = await findCurrentAttempt(ctx.db, orderId);
  return current && isPaymentStatus(current.status) ? current.status : null;
}

/**
 * The order behind a Pesapal callback (/order-success?OrderTrackingId=…&OrderMerchantReference=…),
 * for the caller only. The callback is recorded and, being a hint that something happened, the
 * payment is refreshed from Pesapal (best effort).
 */
export async function lookupCallbackOrder(
  ctx: ServerContext,
  userId: string,
  query: { trackingId?: string; merchantReference?: string },
): Promise<{ orderId: string }> {
  const trackingId = query.trackingId?.trim() ?? '';
  const merchantReference = query.merchantReference?.trim() ?? '';
  const noticeId = await recordCallback(ctx, {
    method: 'GET',
    trackingId,
    merchantReference,
    notificationType: 'CALLBACKURL',
    raw: { trackingId, merchantReference, userId },
  });
  const matches = [
    trackingId ? eq(paymentTransactions.pesapalTrackingId, trackingId) : undefined,
    merchantReference ? eq(paymentTransactions.merchantReference, merchantReference) : undefined,
  ].filter((m) => m !== undefined);
  const [found] =
    matches.length === 0
      ? []
      : await ctx.db
          .select({ orderId: orders.id, trackingId: paymentTransactions.pesapalTrackingId, status: paymentTransactions.status })
          .from(paymentTransactions)
          .innerJoin(orders, eq(orders.id, paymentTransactions.orderId))
          .where(and(eq(orders.userId, userId), or(...matches)))
          .limit(1);
  if (!found) {
    await setNoticeOutcome(ctx, noticeId, 'not found for this user');
    throw notFound(ORDER_NOT_FOUND);
  }
  let outcome = `found: ${found.status}`;
  // FAILED too: after a declined card the customer can pay on the same page and come back here.
  if ((found.status === 'PENDING' || found.status === 'FAILED') && found.trackingId) {
    try {
      outcome = describeResult(await refreshPayment(ctx, found.trackingId));
    } catch (err) {
      outcome = `refresh failed: ${err instanceof Error ? err.message : String(err)}`;
    }
  }
  await setNoticeOutcome(ctx, noticeId, outcome);
  return { orderId: found.orderId };
}

/** 'Pay again' for the caller's pending order: a new attempt, and the old pages are cancelled. */
export async function retryPayment(ctx: ServerContext, userId: string, orderId: string): Promise<PaymentAttempt> {
  const order = await ownedOrder(ctx, userId, orderId);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  let attempt: PaymentAttempt;
  try {
    attempt = await startPaymentAttempt(ctx, order.id, { reuseOpenAttempt: false });
  } catch (err) {
    // The order exists: the error names it, as checkout's do.
    throw err instanceof DomainError ? aboutOrder(err, order.id) : err;
  }
  await cancelOpenAttempts(ctx, order.id, ATTEMPT_CANCELLED.superseded, attempt.transactionId);
  return attempt;
}

/**
 * 'Continue that order' at checkout: the page of the attempt already open on the customer's pending
 * order (what they may have paid on already), a new one only when none is open. Never cancels one.
 */
export async function continuePayment(ctx: ServerContext, userId: string, orderId: string): Promise<PaymentAttempt> {
  const order = await ownedOrder(ctx, userId, orderId);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  try {
    return await startPaymentAttempt(ctx, order.id, { reuseOpenAttempt: true });
  } catch (err) {
    throw err instanceof DomainError ? aboutOrder(err, order.id) : err;
  }
}
