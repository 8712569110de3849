// Asking Pesapal about one of our payment attempts and applying the answer. Every path that learns
// "something may have changed" (IPN, callback, sync, reconciliation) goes through here.
import { eq } from 'drizzle-orm';
import type { ServerContext } from '../../context';
import { paymentTransactions } from '../../db/schema';
import { applyPaymentStatus, type ApplyResult } from './payment-status.service';

/** Whether a tracking id is one of our payment attempts. */
export async function isKnownTrackingId(ctx: ServerContext, trackingId: string): Promise<boolean> {
  const [known] = await ctx.db
    .select({ id: paymentTransactions.id })
    .from(paymentTransactions)
    .where(eq(paymentTransactions.pesapalTrackingId, trackingId))
    .limit(1);
  return known !== undefined;
}

/** GetTransactionStatus for a tracking id of ours, then applyPaymentStatus. Pesapal errors are thrown. */
export async function refreshPayment(ctx: ServerContext, trackingId: string): Promise<ApplyResult> {
  // Unknown ids are not looked up: a stranger's notification must not make us call Pesapal.
  if (!(await isKnownTrackingId(ctx, trackingId))) return { outcome: 'unknown', orderId: null, status: null };
  const reported = await ctx.integrations.pesapal.getTransactionStatus(trackingId);
  return applyPaymentStatus(ctx, trackingId, reported);
}

export function describeResult(result: ApplyResult): string {
  return result.status ? `${result.outcome}: ${result.status}` : result.outcome;
}
