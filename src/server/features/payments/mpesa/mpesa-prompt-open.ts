// One M-Pesa prompt at a time per order, and no second way to pay while one is on the phone: a
// prompt cannot be withdrawn, so a page or a new prompt opened beside it could take the money twice.
// A prompt counts as open while its attempt is PENDING and younger than the prompt's life (plus a
// little for the network); after that the query decides, and a late payment is still found.
import { and, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { paymentTransactions } from '../../../db/schema';
import { DomainError } from '../../../errors';

export const MPESA_PROMPT_OPEN =
  'Your M-Pesa prompt is still open on your phone. Enter your PIN there, or wait for it to end before paying another way.';
/** Time for the prompt to reach the phone and for its result to come back. */
const NETWORK_GRACE_MS = 15_000;

/** The order's M-Pesa attempt whose prompt may still be answered, if any. */
export async function openMpesaPrompt(db: DbOrTx, orderId: string, now: Date, promptSeconds: number) {
  const since = new Date(now.getTime() - promptSeconds * 1000 - NETWORK_GRACE_MS);
  const [open] = await db
    .select({
      id: paymentTransactions.id,
      checkoutRequestId: paymentTransactions.mpesaCheckoutRequestId,
      phone: paymentTransactions.mpesaPhone,
      createdAt: paymentTransactions.createdAt,
    })
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.orderId, orderId),
        eq(paymentTransactions.provider, 'mpesa'),
        eq(paymentTransactions.status, 'PENDING'),
        gt(paymentTransactions.createdAt, since),
      ),
    )
    .limit(1);
  return open ?? null;
}

export async function refuseWhileMpesaPromptOpen(db: DbOrTx, orderId: string, now: Date, promptSeconds: number): Promise<void> {
  if (await openMpesaPrompt(db, orderId, now, promptSeconds)) throw new DomainError('conflict', 'MPESA_PROMPT_OPEN', MPESA_PROMPT_OPEN);
}
