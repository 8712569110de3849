// Sends an M-Pesa Express prompt for a claimed attempt (payment-attempt.service.ts claims it, under
// the order's lock, with the same numbering and holds as a Pesapal page) and keeps its
// CheckoutRequestID. Runs outside any transaction: a slow Safaricom never holds a lock. A push that
// failed removes its claim (the order stays unpaid, the number is not reused); Daraja's answer that
// never came may still have reached the phone, and is said so.
import { and, eq, isNull } from 'drizzle-orm';
import { accountReference, MPESA_MESSAGES, mpesaAmountShillings, mpesaMsisdn } from '@/domain/mpesa-express';
import { maskPhone } from '@/domain/phone-mask';
import type { ServerContext } from '../../../context';
import { orders, paymentTransactions } from '../../../db/schema';
import { DomainError, notFound } from '../../../errors';
import { DarajaError } from '../../../integrations/daraja/daraja-types';
import { MPESA_CALLBACK_PATH, mpesaCallbackToken } from '../../../mpesa-config';
import { writeAttemptsOf } from '../attempt-writes';
import { claimDoorPromptAttempt, claimMpesaAttempt, type AttemptClaim } from '../payment-attempt.service';
import { confirmMpesaAttempt } from './mpesa-confirmation';
import { MPESA_PROMPT_OPEN, openMpesaPrompt } from './mpesa-prompt-open';

/** The first query follows the push by this much (a PIN takes the customer a few seconds). */
const FIRST_QUERY_AFTER_MS = 20_000;

const { off: MPESA_OFF, notWholeShillings: MPESA_NOT_WHOLE_SHILLINGS, badPhone: MPESA_BAD_PHONE } = MPESA_MESSAGES;
const PROMPT_NOT_SENT = 'We could not send the M-Pesa prompt. Please try again or pay another way.';
const PROMPT_MAYBE_SENT =
  'M-Pesa did not answer. If a prompt reached your phone you may enter your PIN; otherwise try again or pay another way.';

/** What the waiting screen shows. */
export interface MpesaPrompt {
  orderId: string;
  checkoutRequestId: string;
  /** The number prompted, masked (0712 *** 678). */
  phoneDisplay: string;
  sentAt: string;
  /** When M-Pesa ends an unanswered prompt (the countdown). */
  endsAt: string;
}

/** The number M-Pesa can prompt, or a field error under 'mpesaPhone'. */
export function requireMpesaPhone(input: string): string {
  const phone = mpesaMsisdn(input);
  if (!phone) throw new DomainError('invalid', 'MPESA_BAD_PHONE', MPESA_BAD_PHONE, { fields: { mpesaPhone: MPESA_BAD_PHONE } });
  return phone;
}

/** Whether the total can be paid by M-Pesa Express (configured, whole shillings); the refusal otherwise. */
function assertMpesaPayable(ctx: ServerContext, totalCents: number): number {
  if (!ctx.integrations.mpesa) throw new DomainError('unprocessable', 'MPESA_OFF', MPESA_OFF);
  const shillings = mpesaAmountShillings(totalCents);
  if (shillings === null) throw new DomainError('unprocessable', 'MPESA_NOT_WHOLE_SHILLINGS', MPESA_NOT_WHOLE_SHILLINGS);
  return shillings;
}

/** 'Send the prompt again' (or M-Pesa after another way): a new prompt once the last one is over. */
export async function sendMpesaPrompt(ctx: ServerContext, orderId: string, phoneInput: string): Promise<MpesaPrompt> {
  const phone = requireMpesaPhone(phoneInput);
  const [order] = await ctx.db.select({ totalAmount: orders.totalAmount }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound('Order not found');
  assertMpesaPayable(ctx, order.totalAmount);
  await askAboutOpenPrompt(ctx, orderId);
  return pushMpesaPrompt(ctx, await claimMpesaAttempt(ctx, orderId, phone));
}

/**
 * The last prompt may have ended without its result reaching us: ask M-Pesa before refusing a new
 * one. Still open (or no answer): refused; paid meanwhile: said so.
 */
async function askAboutOpenPrompt(ctx: ServerContext, orderId: string): Promise<void> {
  const open = await openMpesaPrompt(ctx.db, orderId, ctx.now(), ctx.env.MPESA_PROMPT_SECONDS);
  if (!open?.checkoutRequestId) return;
  const answer = await confirmMpesaAttempt(ctx, open.checkoutRequestId).catch(() => null);
  if (!answer || answer.status === 'PENDING') throw new DomainError('conflict', 'MPESA_PROMPT_OPEN', MPESA_PROMPT_OPEN);
  if (answer.status === 'COMPLETED') throw new DomainError('conflict', 'ORDER_PAID', 'This order is already paid.');
}

/**
 * The rider's prompt at the door, for an order to be paid on delivery: to the number the customer
 * gives (her own phone by default). The last prompt is asked about first, as at checkout.
 */
export async function sendDoorPrompt(ctx: ServerContext, orderId: string, phoneInput: string, riderId: string): Promise<MpesaPrompt> {
  const phone = requireMpesaPhone(phoneInput);
  const [order] = await ctx.db.select({ totalAmount: orders.totalAmount }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound('Order not found');
  assertMpesaPayable(ctx, order.totalAmount);
  await askAboutOpenPrompt(ctx, orderId);
  return pushMpesaPrompt(ctx, await claimDoorPromptAttempt(ctx, orderId, phone, riderId));
}

/** The same checkout again (a double tap): the prompt still open on the phone, else a new one. */
export async function mpesaPromptFor(ctx: ServerContext, orderId: string, phone: string): Promise<MpesaPrompt> {
  const open = await openMpesaPrompt(ctx.db, orderId, ctx.now(), ctx.env.MPESA_PROMPT_SECONDS);
  if (!open?.checkoutRequestId || !open.phone) return sendMpesaPrompt(ctx, orderId, phone);
  return describePrompt(ctx, orderId, open.checkoutRequestId, open.phone, open.createdAt);
}

function describePrompt(ctx: ServerContext, orderId: string, checkoutRequestId: string, phone: string, sentAt: Date): MpesaPrompt {
  return {
    orderId,
    checkoutRequestId,
    phoneDisplay: maskPhone(`0${phone.slice(3)}`),
    sentAt: sentAt.toISOString(),
    endsAt: new Date(sentAt.getTime() + ctx.env.MPESA_PROMPT_SECONDS * 1000).toISOString(),
  };
}

/** Sends the claimed attempt's prompt and stores its CheckoutRequestID. */
export async function pushMpesaPrompt(ctx: ServerContext, claim: AttemptClaim): Promise<MpesaPrompt> {
  const [row] = await ctx.db
    .select({ amount: paymentTransactions.amount, phone: paymentTransactions.mpesaPhone })
    .from(paymentTransactions)
    .where(eq(paymentTransactions.id, claim.id));
  const daraja = ctx.integrations.mpesa;
  const token = mpesaCallbackToken(ctx.env);
  const shillings = row ? mpesaAmountShillings(row.amount) : null;
  try {
    if (!row?.phone || !daraja || !token || shillings === null) throw new DomainError('unprocessable', 'MPESA_OFF', MPESA_OFF);
    const sentAt = ctx.now();
    const accepted = await daraja.stkPush({
      amountShillings: shillings,
      phone: row.phone,
      callbackUrl: `${ctx.env.PUBLIC_URL}${MPESA_CALLBACK_PATH}/${token}`,
      accountReference: accountReference(claim.orderId.slice(0, 8)),
      description: `Order ${claim.orderId.slice(0, 8)}`,
    });
    await writeAttemptsOf(ctx.db, claim.orderId, async (attempts, tx) => {
      await attempts.update(
        {
          mpesaCheckoutRequestId: accepted.checkoutRequestId,
          nextCheckAt: new Date(sentAt.getTime() + FIRST_QUERY_AFTER_MS),
          updatedAt: ctx.now(),
        },
        eq(paymentTransactions.id, claim.id),
      );
      // The newest prompt is the order's current payment.
      await tx
        .update(orders)
        .set({ pesapalTransactionId: accepted.checkoutRequestId, updatedAt: ctx.now() })
        .where(and(eq(orders.id, claim.orderId), eq(orders.status, 'pending')));
    });
    return describePrompt(ctx, claim.orderId, accepted.checkoutRequestId, row.phone, sentAt);
  } catch (err) {
    await writeAttemptsOf(ctx.db, claim.orderId, (attempts) =>
      attempts.delete(
        and(
          eq(paymentTransactions.id, claim.id),
          eq(paymentTransactions.status, 'PENDING'),
          isNull(paymentTransactions.mpesaCheckoutRequestId),
        ),
      ),
    );
    if (err instanceof DomainError) throw err;
    ctx.logger.warn({ err, orderId: claim.orderId, merchantReference: claim.merchantReference }, 'mpesa: STK push failed');
    const maybeSent = err instanceof DarajaError && err.kind === 'unavailable';
    throw new DomainError('upstream_failed', 'MPESA_PROMPT_FAILED', maybeSent ? PROMPT_MAYBE_SENT : PROMPT_NOT_SENT, {}, { cause: err });
  }
}
