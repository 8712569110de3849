// Asking Pesapal about one of our payment attempts and applying the answer. Every path that learns
// "something may have changed" (IPN, callback, sync, reconciliation) goes through here.
import { and, eq, like, lt, or } from 'drizzle-orm';
import type { ServerContext } from '../../context';
import { paymentNotifications, paymentTransactions } from '../../db/schema';
import { applyPaymentStatus, type ApplyResult } from './payment-status.service';

/** GetTransactionStatus for a tracking id of ours, then applyPaymentStatus. Pesapal errors are thrown. */
/** Whether a tracking id is one of our payment attempts. */
export async function isKnownTrackingId(ctx: ServerContext, trackingId: string): Promise<boolean> {
  const [known] = await ctx.db
    .select({ id: paymentTransactions.id })
    .from(paymentTransactions)
    .where(eq(paymentTransactions.pesapalTrackingId, trackingId))
    .limit(1);
  return known !== undefined;
}

export async function refreshPayment(ctx: ServerContext, trackingId: string): Promise<ApplyResult> {
  // Unknown ids are not looked up: a stranger's notification must not make us call Pesapal.
  if (!(await isKnownTrackingId(ctx, trackingId))) return { outcome: 'unknown', orderId: null, status: null };
  const reported = await ctx.integrations.pesapal.getTransactionStatus(trackingId);
  return applyPaymentStatus(ctx, trackingId, reported);
}

export interface NoticeRecord {
  source: 'ipn' | 'callback';
  method: string;
  trackingId: string;
  merchantReference: string;
  notificationType: string;
  raw: unknown;
}

/** Stores a notification as received, before anything in it is believed; returns its id. */
export async function recordNotice(ctx: ServerContext, notice: NoticeRecord): Promise<string> {
  const [row] = await ctx.db
    .insert(paymentNotifications)
    .values({
      source: notice.source,
      method: notice.method,
      trackingId: notice.trackingId || null,
      merchantReference: notice.merchantReference || null,
      notificationType: notice.notificationType || null,
      raw: notice.raw ?? {},
      createdAt: ctx.now(),
    })
    .returning({ id: paymentNotifications.id });
  if (!row) throw new Error('payment notification was not stored');
  return row.id;
}

export async function recordNoticeOutcome(ctx: ServerContext, noticeId: string, outcome: string): Promise<void> {
  await ctx.db
    .update(paymentNotifications)
    .set({ outcome: outcome.slice(0, 500), processedAt: ctx.now() })
    .where(eq(paymentNotifications.id, noticeId));
}

export function describeResult(result: ApplyResult): string {
  return result.status ? `${result.outcome}: ${result.status}` : result.outcome;
}

/** How long notices that were not about our payments (unknown or missing tracking id) are kept. */
export const STRANGER_NOTICE_DAYS = 7;

/**
 * Drops notices that were not about our payments a week after the last one came; ours are the
 * payment's history and stay (one row per tracking id, so they cannot grow by repetition).
 */
export async function pruneStrangerNotices(ctx: ServerContext): Promise<number> {
  const before = new Date(ctx.now().getTime() - STRANGER_NOTICE_DAYS * 24 * 60 * 60_000);
  const gone = await ctx.db
    .delete(paymentNotifications)
    .where(
      and(
        lt(paymentNotifications.lastSeenAt, before),
        or(eq(paymentNotifications.outcome, 'unknown'), like(paymentNotifications.outcome, 'invalid:%')),
      ),
    )
    .returning({ id: paymentNotifications.id });
  return gone.length;
}
