// The job that does not wait for Daraja's callback (which may be lost, duplicated or late): it asks
// the STK query about each M-Pesa prompt 20 s after it was sent, then every 10 s. A prompt still
// unanswered after GIVE_UP_AFTER_MS fails the attempt ('not completed, try again'), as the customer's
// phone has long given up; it is still asked about, less and less often, for a day, so a payment
// that lands late is found (FAILED → COMPLETED, as for Pesapal). A final answer ends the watch.
import { and, asc, eq, gte, isNotNull, lte, or } from 'drizzle-orm';
import { MPESA_UNKNOWN_RESULT } from '@/domain/mpesa-express';
import type { ServerContext } from '../../../context';
import { paymentTransactions } from '../../../db/schema';
import type { TransactionStatus } from '../../../integrations/pesapal/pesapal-types';
import { writeAttemptsOf } from '../attempt-writes';
import { applyMpesaStatus } from '../payment-status.service';
import { MPESA_METHOD, confirmMpesaAttempt } from './mpesa-confirmation';

const QUERY_EVERY_MS = 10_000;
const GIVE_UP_AFTER_MS = 180_000;
const WATCH_FOR_MS = 24 * 60 * 60_000;
const MAX_PAUSE_MS = 30 * 60_000;
const BATCH = 25;

const watched = or(
  eq(paymentTransactions.status, 'PENDING'),
  and(eq(paymentTransactions.status, 'FAILED'), isNotNull(paymentTransactions.nextCheckAt)),
);

/** Prompts due for a query, the longest waiting first (through the M-Pesa watch list's partial index). */
function dueMpesaAttemptsQuery(ctx: ServerContext, now: Date) {
  return ctx.db
    .select({
      id: paymentTransactions.id,
      orderId: paymentTransactions.orderId,
      checkoutRequestId: paymentTransactions.mpesaCheckoutRequestId,
      status: paymentTransactions.status,
      amount: paymentTransactions.amount,
      merchantReference: paymentTransactions.merchantReference,
      checkAttempts: paymentTransactions.checkAttempts,
      createdAt: paymentTransactions.createdAt,
    })
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.provider, 'mpesa'),
        isNotNull(paymentTransactions.mpesaCheckoutRequestId),
        watched,
        eq(paymentTransactions.amountMismatch, false),
        lte(paymentTransactions.nextCheckAt, now),
        gte(paymentTransactions.createdAt, new Date(now.getTime() - WATCH_FOR_MS)),
      ),
    )
    .orderBy(asc(paymentTransactions.nextCheckAt))
    .limit(BATCH);
}

type Due = Awaited<ReturnType<typeof dueMpesaAttemptsQuery>>[number];

export async function reconcileMpesaPayments(ctx: ServerContext): Promise<{ checked: number; transitioned: number }> {
  if (!ctx.integrations.mpesa) return { checked: 0, transitioned: 0 };
  const now = ctx.now();
  const due = await dueMpesaAttemptsQuery(ctx, now);
  let transitioned = 0;
  for (const attempt of due) {
    if (!attempt.checkoutRequestId) continue;
    let stillOpen = true;
    try {
      const result = await confirmMpesaAttempt(ctx, attempt.checkoutRequestId);
      if (result.outcome === 'transitioned') transitioned++;
      stillOpen = result.outcome === 'unpaid';
      if (stillOpen && attempt.status === 'PENDING' && now.getTime() - attempt.createdAt.getTime() >= GIVE_UP_AFTER_MS) {
        if ((await giveUp(ctx, attempt)).outcome === 'transitioned') transitioned++;
      }
    } catch (err) {
      ctx.logger.warn({ err, checkoutRequestId: attempt.checkoutRequestId }, 'mpesa reconciliation: the query failed');
    }
    await scheduleNext(ctx, attempt, stillOpen, now);
  }
  return { checked: due.length, transitioned };
}

/** Fails an attempt whose prompt never got an answer: the order can be paid again. */
function giveUp(ctx: ServerContext, attempt: Due) {
  const reported: TransactionStatus = {
    statusCode: 2,
    status: 'FAILED',
    description: MPESA_UNKNOWN_RESULT,
    paymentMethod: MPESA_METHOD,
    amountCents: attempt.amount,
    currency: 'KES',
    merchantReference: attempt.merchantReference,
    confirmationCode: '',
    paymentAccount: '',
    createdAt: null,
    raw: { gaveUpAfterMs: GIVE_UP_AFTER_MS },
  };
  return applyMpesaStatus(ctx, attempt.checkoutRequestId!, reported);
}

/** Every 10 s while the prompt may be answered; then a quarter of its age (1 to 30 minutes) for a day; a final answer ends it. */
async function scheduleNext(ctx: ServerContext, attempt: Due, stillOpen: boolean, now: Date): Promise<void> {
  const checks = attempt.checkAttempts + 1;
  const age = now.getTime() - attempt.createdAt.getTime();
  const pause = age < GIVE_UP_AFTER_MS ? QUERY_EVERY_MS : Math.min(MAX_PAUSE_MS, Math.max(60_000, age / 4));
  const nextCheckAt = stillOpen ? new Date(now.getTime() + pause) : null;
  await writeAttemptsOf(ctx.db, attempt.orderId, (attempts) =>
    attempts.update(
      { checkAttempts: checks, lastCheckedAt: now, nextCheckAt },
      and(eq(paymentTransactions.id, attempt.id), or(eq(paymentTransactions.status, 'PENDING'), eq(paymentTransactions.status, 'FAILED'))),
    ),
  );
}
