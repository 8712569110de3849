// Refunds waiting for Pesapal are asked about now and then, for when its notice of the reversal is
// lost: 1, 2, 4 … minutes after the request, then hourly, for 30 days (a merchant may take days to
// approve in Pesapal's dashboard). A reversal found here is recorded as any other
// (refund-settlement.ts). A refund still waiting after 30 days flags its order: Pesapal gives no sign
// of a rejection the shop can rely on, so the merchant looks and says 'Refund was rejected'.
import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { backoff } from '@/domain/backoff';
import { formatKES } from '@/domain/money';
import type { ServerContext } from '../../context';
import { orders, paymentRefunds, paymentTransactions } from '../../db/schema';
import { refreshPayment } from './payment-refresh.service';

const MINUTE_MS = 60_000;
const MAX_PAUSE_MS = 60 * MINUTE_MS;
export const REFUND_WAIT_LIMIT_MS = 30 * 24 * 60 * MINUTE_MS;
const BATCH = 25;

/** What the order's flag says when Pesapal has not made a refund within the limit. */
function refundOverdueReason(amountCents: number): string {
  return `Pesapal has not made the refund of ${formatKES(amountCents)} requested 30 days ago. Check Pesapal's dashboard: if the refund was rejected there, choose 'Refund was rejected'.`;
}

export async function reconcileRefunds(ctx: ServerContext): Promise<{ checked: number; refunded: number }> {
  const now = ctx.now();
  const due = await ctx.db
    .select({
      id: paymentRefunds.id,
      amount: paymentRefunds.amount,
      checkAttempts: paymentRefunds.checkAttempts,
      createdAt: paymentRefunds.createdAt,
      orderId: paymentTransactions.orderId,
      trackingId: paymentTransactions.pesapalTrackingId,
    })
    .from(paymentRefunds)
    .innerJoin(paymentTransactions, eq(paymentTransactions.id, paymentRefunds.transactionId))
    .where(
      and(
        eq(paymentRefunds.status, 'requested'),
        // M-Pesa's reversals wait for their result instead (mpesa/mpesa-reversal.service.ts).
        eq(paymentRefunds.method, 'pesapal'),
        isNotNull(paymentRefunds.nextCheckAt),
        lte(paymentRefunds.nextCheckAt, now),
      ),
    )
    .orderBy(asc(paymentRefunds.nextCheckAt))
    .limit(BATCH);
  let refunded = 0;
  for (const refund of due) {
    try {
      if (refund.trackingId && (await refreshPayment(ctx, refund.trackingId)).outcome === 'transitioned') refunded++;
    } catch (err) {
      ctx.logger.warn({ err, refundId: refund.id }, 'refund reconciliation: status check failed');
    }
    const checks = refund.checkAttempts + 1;
    const overdue = now.getTime() - refund.createdAt.getTime() >= REFUND_WAIT_LIMIT_MS;
    // Only a refund still waiting: one the check just settled is left as it is.
    const [still] = await ctx.db
      .update(paymentRefunds)
      .set({
        checkAttempts: checks,
        nextCheckAt: overdue ? null : new Date(now.getTime() + backoff(checks, { baseMs: MINUTE_MS, maxMs: MAX_PAUSE_MS })),
      })
      .where(and(eq(paymentRefunds.id, refund.id), eq(paymentRefunds.status, 'requested')))
      .returning({ id: paymentRefunds.id });
    if (still && overdue) {
      // Beside a flag the order may have already, not in its place.
      const reason = refundOverdueReason(refund.amount);
      const attentionReason = sql<string>`case when ${orders.needsAttention} and ${orders.attentionReason} is not null
        then ${orders.attentionReason} || ' Also: ' || ${reason} else ${reason} end`;
      await ctx.db.update(orders).set({ needsAttention: true, attentionReason, updatedAt: now }).where(eq(orders.id, refund.orderId));
    }
  }
  return { checked: due.length, refunded };
}
