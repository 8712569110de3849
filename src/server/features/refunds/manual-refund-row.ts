// The refund an owner acts on by hand ('Record the M-Pesa refund', 'Withdraw this refund'): found
// under its order (a refund of another order's payment is not found) and locked, and only while it is
// left to be made by hand; anything else is refused with the caller's own words for its status.
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { paymentRefunds, paymentTransactions } from '../../db/schema';
import { conflict, notFound } from '../../errors';

type RefundRow = typeof paymentRefunds.$inferSelect;
type NotManualStatus = Exclude<RefundRow['status'], 'manual_needed'>;

export interface ManualRefundMessages {
  notFound: string;
  notManual: Readonly<Record<NotManualStatus, string>>;
}

/** The order's refund waiting to be made by hand, locked, with its payment's id at its provider (the order's pointer names it). */
export async function lockedManualRefund(
  tx: Tx,
  orderId: string,
  refundId: string,
  messages: ManualRefundMessages,
): Promise<{ refund: RefundRow; trackingId: string | null }> {
  const [found] = await tx
    .select({
      refund: paymentRefunds,
      // Pesapal's tracking id, or an M-Pesa Express prompt's CheckoutRequestID.
      trackingId: sql<string | null>`coalesce(${paymentTransactions.pesapalTrackingId}, ${paymentTransactions.mpesaCheckoutRequestId})`,
    })
    .from(paymentRefunds)
    .innerJoin(paymentTransactions, eq(paymentTransactions.id, paymentRefunds.transactionId))
    .where(and(eq(paymentRefunds.id, refundId), eq(paymentTransactions.orderId, orderId)))
    .for('update');
  if (!found) throw notFound(messages.notFound);
  if (found.refund.status !== 'manual_needed') throw conflict(messages.notManual[found.refund.status]);
  return found;
}
