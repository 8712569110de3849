// Background work that does not wait for Pesapal to call us (jobs.ts runs both under advisory locks):
// - reconcilePayments: asks Pesapal about attempts still PENDING a minute after they started, with
//   a growing pause between checks, for a day (a payment can land after the reservation expired);
//   FAILED attempts whose page Pesapal has not confirmed cancelled are watched the same way (a
//   declined card can be retried on the page), and the cancellation is asked for again;
// - expireReservations: an order unpaid 30 minutes after checkout gives its stock back and fails;
//   its open payment pages are cancelled at Pesapal first (best effort) so they cannot take money.
//   An order whose payment failed kept its reservation for 'Pay again': it gives the stock back too.
import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { backoff } from '@/domain/backoff';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { orders, paymentTransactions } from '../../db/schema';
import { drainBatches } from '../../infra/drain';
import { transitionOrder } from '../orders/order-transitions';
import { cancelFailedAttempt, cancelOpenAttempts, openAttempts } from './attempt-cancellation';
import { writeAttemptsOf } from './attempt-writes';
import { ATTEMPT_CANCELLED, NOT_PAID_IN_TIME_REASON } from './order-outcomes';
import type { TransactionStatus } from '../../integrations/pesapal/pesapal-types';
import { applyPaymentStatus } from './payment-status.service';
import { refreshPayment } from './payment-refresh.service';
const MINUTE_MS = 60_000;
/** Attempts younger than this are left to the IPN. */
const FIRST_CHECK_AFTER_MS = MINUTE_MS;
/** After this an attempt is no longer checked. */
const GIVE_UP_AFTER_MS = 24 * 60 * MINUTE_MS;
const MAX_PAUSE_MS = 30 * MINUTE_MS;
const BATCH = 25;
/** Status calls in flight at once: each mostly waits on Pesapal, so several keep up with a peak. */
const CONCURRENT_CHECKS = 8;
/** One run works batches for at most this long (the job runs every 30 s). */
const RUN_BUDGET_MS = 20_000;

/** 1, 2, 4, 8 … minutes between checks, at most 30. */
function nextCheckDelayMs(checkAttempts: number): number {
  return backoff(checkAttempts, { baseMs: MINUTE_MS, maxMs: MAX_PAUSE_MS });
}

/** PENDING, or FAILED with a page still open at Pesapal (cancelFailedAttempt left it due). */
const watched = or(
  eq(paymentTransactions.status, 'PENDING'),
  and(eq(paymentTransactions.status, 'FAILED'), isNotNull(paymentTransactions.nextCheckAt)),
);

/** Attempts due for a status check, the longest waiting first (through the watch list's partial index). */
export function dueAttemptsQuery(db: DbOrTx, now: Date, limit: number) {
  return db
    .select({
      id: paymentTransactions.id,
      orderId: paymentTransactions.orderId,
      trackingId: paymentTransactions.pesapalTrackingId,
      checkAttempts: paymentTransactions.checkAttempts,
    })
    .from(paymentTransactions)
    .where(
      and(
        watched,
        eq(paymentTransactions.amountMismatch, false),
        isNotNull(paymentTransactions.pesapalTrackingId),
        lte(paymentTransactions.createdAt, new Date(now.getTime() - FIRST_CHECK_AFTER_MS)),
        gte(paymentTransactions.createdAt, new Date(now.getTime() - GIVE_UP_AFTER_MS)),
        or(isNull(paymentTransactions.nextCheckAt), lte(paymentTransactions.nextCheckAt, now)),
      ),
    )
    .orderBy(sql`${paymentTransactions.nextCheckAt} asc nulls first`)
    .limit(limit);
}

/** Orders whose stock hold has ended, the longest over first (through the expiry partial index). */
export function dueReservationsQuery(db: DbOrTx, now: Date) {
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(and(inArray(orders.status, ['pending', 'failed']), lte(orders.reservationExpiresAt, now)))
    .orderBy(asc(orders.reservationExpiresAt))
    .limit(BATCH);
}

export async function reconcilePayments(ctx: ServerContext): Promise<{ checked: number; transitioned: number }> {
  const now = ctx.now();
  let transitioned = 0;
  const dueAttempts = (limit: number) => dueAttemptsQuery(ctx.db, now, limit);
  type Attempt = Awaited<ReturnType<typeof dueAttempts>>[number];
  // Pesapal is asked about a batch at once (the calls wait on the network); the answers are applied
  // one by one in the batch's order, so the attempt due first is settled first (it takes scarce
  // stock before a later one), as when they were checked one at a time.
  const ask = (attempt: Attempt): Promise<TransactionStatus | { failed: unknown }> =>
    attempt.trackingId
      ? ctx.integrations.pesapal.getTransactionStatus(attempt.trackingId).catch((err: unknown) => ({ failed: err }))
      : Promise.resolve({ failed: new Error('no tracking id') });
  const apply = async (attempt: Attempt, reported: TransactionStatus | { failed: unknown }) => {
    const trackingId = attempt.trackingId;
    if (!trackingId) return;
    try {
      if ('failed' in reported) throw reported.failed;
      const result = await applyPaymentStatus(ctx, trackingId, reported);
      if (result.outcome === 'transitioned') transitioned++;
      // Still failed: ask Pesapal again to close the page; once it has, the watch ends.
      if (result.outcome === 'unchanged' && result.status === 'FAILED') {
        if (await cancelFailedAttempt(ctx, { id: attempt.id, orderId: attempt.orderId, trackingId })) return;
      }
    } catch (err) {
      ctx.logger.warn({ err, trackingId }, 'reconciliation: status check failed');
    }
    // Still pending (or Pesapal unreachable): check again later. A final attempt is left alone.
    const checks = attempt.checkAttempts + 1;
    await writeAttemptsOf(ctx.db, attempt.orderId, (attempts) =>
      attempts.update(
        { checkAttempts: checks, lastCheckedAt: now, nextCheckAt: new Date(now.getTime() + nextCheckDelayMs(checks)) },
        and(eq(paymentTransactions.id, attempt.id), watched),
      ),
    );
  };
  // Every checked attempt leaves the due set (it transitions or gets a later nextCheckAt), so the
  // batches end; the budget keeps one run shorter than the job's interval at any peak.
  const checked = await drainBatches({
    batchSize: BATCH,
    concurrency: CONCURRENT_CHECKS,
    budgetMs: RUN_BUDGET_MS,
    take: dueAttempts,
    ask,
    apply,
  });
  return { checked, transitioned };
}

export async function expireReservations(ctx: ServerContext): Promise<{ expired: number }> {
  const now = ctx.now();
  const due = await dueReservationsQuery(ctx.db, now);
  let expired = 0;
  for (const { id } of due) {
    if (await expireOrder(ctx, id)) expired++;
  }
  return { expired };
}

async function expireOrder(ctx: ServerContext, orderId: string): Promise<boolean> {
  // A last look first: a payment that went through in the final minute completes the order instead.
  for (const { trackingId } of await openAttempts(ctx.db, orderId)) {
    try {
      await refreshPayment(ctx, trackingId);
    } catch (err) {
      ctx.logger.warn({ err, orderId, trackingId }, 'reservation expiry: status check failed');
    }
  }
  await cancelOpenAttempts(ctx, orderId, ATTEMPT_CANCELLED.notPaidInTime);
  return ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.status, expiresAt: orders.reservationExpiresAt })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    const now = ctx.now();
    if (!order || (order.status !== 'pending' && order.status !== 'failed') || !order.expiresAt || order.expiresAt > now) return false;
    // A failed payment is the reason already; an order nobody paid for ends for lack of time.
    const reason = order.status === 'pending' ? { cancelledReason: NOT_PAID_IN_TIME_REASON } : {};
    await transitionOrder(ctx, tx, {
      order: { id: orderId, status: order.status },
      event: 'reservation_expired',
      at: now,
      releaseReason: 'Reservation expired',
      set: reason,
    });
    return true;
  });
}
