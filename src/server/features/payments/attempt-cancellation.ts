// Open payment pages that must no longer take money (the order was paid through another attempt,
// the customer started a new attempt, or the reservation expired) are cancelled at Pesapal, best
// effort. A page Pesapal confirms as cancelled can never be paid, so its attempt is FAILED here too;
// one Pesapal refuses to cancel (a payment in flight) stays PENDING for reconciliation to follow.
//
// A FAILED attempt's page is cancelled too: a customer whose card was declined can retry on the same
// page and pay. Until Pesapal confirms the cancellation the attempt stays on reconciliation's list
// (next_check_at set), so a payment made there is still found.
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { paymentTransactions } from '../../db/schema';
import { tellHeldCancellation } from '../orders/held-cancel-notice';
import { deliverOrderUpdate } from '../orders/order-updates.service';
import { writeAttemptsOf } from './attempt-writes';

export interface OpenAttempt {
  /** payment_transactions.id */
  id: string;
  trackingId: string;
}

/** The order's attempts whose page is still open at Pesapal: PENDING and submitted (tracking id known). */
export async function openAttempts(db: DbOrTx, orderId: string, exceptTransactionId?: string): Promise<OpenAttempt[]> {
  const rows = await db
    .select({ id: paymentTransactions.id, trackingId: paymentTransactions.pesapalTrackingId })
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.orderId, orderId),
        eq(paymentTransactions.status, 'PENDING'),
        isNotNull(paymentTransactions.pesapalTrackingId),
        exceptTransactionId ? ne(paymentTransactions.id, exceptTransactionId) : undefined,
      ),
    );
  return rows.flatMap((r) => (r.trackingId ? [{ id: r.id, trackingId: r.trackingId }] : []));
}

export async function cancelOpenAttempts(ctx: ServerContext, orderId: string, reason: string, exceptTransactionId?: string): Promise<void> {
  for (const attempt of await openAttempts(ctx.db, orderId, exceptTransactionId)) {
    try {
      const result = await ctx.integrations.pesapal.cancelOrder(attempt.trackingId);
      if (!result.cancelled) {
        ctx.logger.info({ orderId, trackingId: attempt.trackingId, message: result.message }, 'pesapal: CancelOrder refused');
        continue;
      }
      const held = await writeAttemptsOf(ctx.db, orderId, async (attempts, tx) => {
        await attempts.update(
          { status: 'FAILED', statusDescription: reason, nextCheckAt: null, updatedAt: ctx.now() },
          and(eq(paymentTransactions.id, attempt.id), eq(paymentTransactions.status, 'PENDING')),
        );
        return tellHeldCancellation(ctx, tx, orderId);
      });
      await deliverOrderUpdate(ctx, held);
    } catch (err) {
      ctx.logger.warn({ orderId, trackingId: attempt.trackingId, err }, 'pesapal: CancelOrder failed');
    }
  }
}

/**
 * Cancels a FAILED attempt's page at Pesapal, best effort. Returns true when Pesapal confirmed it;
 * otherwise the attempt is left due for reconciliation, which checks it and tries again.
 */
export async function cancelFailedAttempt(ctx: ServerContext, attempt: OpenAttempt & { orderId: string }): Promise<boolean> {
  let cancelled = false;
  try {
    const result = await ctx.integrations.pesapal.cancelOrder(attempt.trackingId);
    cancelled = result.cancelled;
    if (!cancelled) {
      ctx.logger.info(
        { orderId: attempt.orderId, trackingId: attempt.trackingId, message: result.message },
        'pesapal: CancelOrder refused for a failed payment',
      );
    }
  } catch (err) {
    ctx.logger.warn({ orderId: attempt.orderId, trackingId: attempt.trackingId, err }, 'pesapal: CancelOrder failed for a failed payment');
  }
  await writeAttemptsOf(ctx.db, attempt.orderId, (attempts) =>
    attempts.update(
      { nextCheckAt: cancelled ? null : ctx.now() },
      and(eq(paymentTransactions.id, attempt.id), eq(paymentTransactions.status, 'FAILED')),
    ),
  );
  return cancelled;
}
