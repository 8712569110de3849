// An M-Pesa Express result is believed only when Safaricom's STK query confirms it: a callback (or a
// customer pressing 'I have paid') only makes the shop ask. '0' pays the attempt: the amount it
// pushed, or the callback's amount when one came (a different one is a mismatch, never a payment),
// with the receipt as its confirmation code (a receipt already used pays nothing). Any other final
// code fails it with the customer's message; 'being processed' changes nothing. The answer goes
// through applyMpesaStatus, the same locked transition as Pesapal's, so duplicated, late and
// concurrent results on any instance make one payment.
import { and, eq, isNull } from 'drizzle-orm';
import { mpesaResult } from '@/domain/mpesa-express';
import type { ServerContext } from '../../../context';
import { paymentTransactions } from '../../../db/schema';
import type { StkCallback } from '../../../integrations/daraja/daraja-types';
import type { TransactionStatus } from '../../../integrations/pesapal/pesapal-types';
import { writeAttemptsOf } from '../attempt-writes';
import { applyMpesaStatus, type ApplyResult } from '../payment-status.service';

/** The name the receipt, the back office and the reports show for these payments. */
export const MPESA_METHOD = 'M-Pesa';

/** Asks Safaricom about a prompt of ours and applies the answer. Daraja's errors are thrown. */
export async function confirmMpesaAttempt(
  ctx: ServerContext,
  checkoutRequestId: string,
  callback: StkCallback | null = null,
): Promise<ApplyResult> {
  const [txn] = await ctx.db
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.mpesaCheckoutRequestId, checkoutRequestId), eq(paymentTransactions.provider, 'mpesa')));
  // A stranger's CheckoutRequestID never makes the shop call Safaricom.
  if (!txn) return { outcome: 'unknown', orderId: null, status: null };
  const daraja = ctx.integrations.mpesa;
  if (!daraja) throw new Error('M-Pesa Express is off (MPESA_ENV=off)');
  const answer = await daraja.stkQuery(checkoutRequestId);
  if (answer.state === 'pending') return { outcome: 'unpaid', orderId: txn.orderId, status: txn.status };
  const result = mpesaResult(answer.resultCode);
  const paid = result.outcome === 'paid';
  const receipt = paid ? (callback?.receipt ?? null) : null;
  const reported: TransactionStatus = {
    statusCode: paid ? 1 : 2,
    status: paid ? 'COMPLETED' : 'FAILED',
    description: paid ? answer.resultDesc : result.message,
    paymentMethod: MPESA_METHOD,
    // The query names no amount: it confirms the prompt, which asked for the attempt's amount.
    amountCents: paid && callback?.amountShillings != null ? Math.round(callback.amountShillings * 100) : txn.amount,
    currency: 'KES',
    merchantReference: txn.merchantReference,
    confirmationCode: receipt ?? '',
    paymentAccount: callback?.phone ?? txn.mpesaPhone ?? '',
    createdAt: callback?.transactionDate ?? null,
    raw: { query: answer, callback },
  };
  const applied = await applyMpesaStatus(ctx, checkoutRequestId, reported);
  // Paid through the query while the callback was lost: its late arrival brings the receipt.
  if (receipt && applied.status === 'COMPLETED') await keepLateReceipt(ctx, txn.id, txn.orderId, receipt);
  return applied;
}

async function keepLateReceipt(ctx: ServerContext, transactionId: string, orderId: string, receipt: string): Promise<void> {
  try {
    await writeAttemptsOf(ctx.db, orderId, (attempts) =>
      attempts.update(
        { confirmationCode: receipt, updatedAt: ctx.now() },
        and(eq(paymentTransactions.id, transactionId), isNull(paymentTransactions.confirmationCode)),
      ),
    );
  } catch (err) {
    // The receipt is another payment's (the unique index): the payment stands, the merchant is told by the log.
    ctx.logger.warn({ err, transactionId, receipt }, 'mpesa: a late receipt is already on another payment');
  }
}
