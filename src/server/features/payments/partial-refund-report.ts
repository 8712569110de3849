// Pesapal's report of a payment the shop holds COMPLETED, read against its refunds (decision 049,
// src/domain/pesapal-refunds.ts): a partial refund Pesapal made may show as the payment REVERSED, or
// as its amount lowered, while the payment still pays for what is left of the order. Such a report
// makes the waiting refund, or is what earlier refunds explain; it never reads as a chargeback or an
// amount mismatch. The payment keeps its status: the order is still paid by it.
import { eq } from 'drizzle-orm';
import { refundableCents } from '@/domain/mobile-money-rounding';
import { readRefundSign } from '@/domain/pesapal-refunds';
import type { ServerContext } from '../../context';
import type { Tx } from '../../db/client';
import { paymentRefunds, paymentTransactions, type orders } from '../../db/schema';
import type { TransactionStatus } from '../../integrations/pesapal/pesapal-types';
import { pesapalRefundRules } from '../../payment-config';
import { refundFact } from '../orders/order-refunds';
import type { QueuedOrderUpdate } from '../orders/order-updates.service';
import { settlePartialRefund } from '../refunds/partial-refund-settlement';
import type { AttemptWriter } from './attempt-writes';
import { recordRefundReversal } from './refund-settlement';

export interface RefundReport {
  outcome: 'transitioned' | 'unchanged';
  /** The customer's messages and the credit note of the refund made. */
  update: QueuedOrderUpdate | null;
}

/** What the report says of the payment's refunds; null when it is not about them. */
export async function readRefundReport(
  ctx: ServerContext,
  tx: Tx,
  attempts: AttemptWriter,
  order: typeof orders.$inferSelect,
  txn: typeof paymentTransactions.$inferSelect,
  reported: TransactionStatus,
  at: Date,
): Promise<RefundReport | null> {
  if (reported.merchantReference !== txn.merchantReference) return null;
  const refunds = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.transactionId, txn.id));
  if (refunds.length === 0) return null;
  const reading = readRefundSign(
    pesapalRefundRules(ctx.env).sign,
    reported,
    refundableCents(txn.amount, txn.rounding),
    refunds.map(refundFact),
  );
  if (!reading) return null;
  if (reading.kind === 'as_before') {
    await attempts.update({ lastCheckedAt: at }, eq(paymentTransactions.id, txn.id));
    return { outcome: 'unchanged', update: null };
  }
  const refund = refunds.find((r) => r.id === reading.refundId);
  if (!refund) return null;
  // Pesapal's words are kept; the status stays what pays for the order.
  await attempts.update({ statusDescription: reported.description, lastCheckedAt: at, updatedAt: at }, eq(paymentTransactions.id, txn.id));
  const update =
    refund.kind === 'partial'
      ? await settlePartialRefund(ctx, tx, order, refund, { by: 'pesapal' }, at)
      : await recordRefundReversal(ctx, tx, order, txn, refund, at);
  return { outcome: 'transitioned', update };
}
