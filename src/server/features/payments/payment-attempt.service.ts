// One payment attempt = one SubmitOrderRequest at Pesapal with a fresh merchant reference
// (ORD-<first 8 of the order id>-<n>) and one payment_transactions row. Runs outside any database
// transaction: a slow Pesapal must never hold a lock or a connection.
//
// The row is inserted first, without a tracking id, as a claim. Its number comes from the order's
// payment_attempts counter, which only goes up: a reference is never sent twice, even after a failed
// SubmitOrderRequest (a timed-out one may have reached Pesapal). Checkout claims the first attempt
// inside the order's transaction, so a second request for the same order (a double click) always
// finds the claim and waits for its payment page instead of opening a second one. A claim older than
// that wait has lost its process (a crash mid-request): it is marked FAILED and a new attempt starts.
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { PAYMENT_RETURN_CANCELLED_QUERY, PAYMENT_RETURN_PATH } from '@/domain/payment-return';
import { normalizePhone } from '@/domain/validation';
import { maskPhone } from '@/domain/phone-mask';
import { PAY_ON_DELIVERY_MESSAGES } from '@/domain/pay-on-delivery';
import type { ServerContext } from '../../context';
import type { Tx } from '../../db/client';
import { isConnectionError } from '../../db/connection-errors';
import { orders, paymentTransactions } from '../../db/schema';
import { conflict, DomainError, notFound } from '../../errors';
import { PesapalError } from '../../integrations/pesapal/pesapal-types';
import { cancelFailedAttempt, cancelOpenAttempts } from './attempt-cancellation';
import { ensureIpnId, forgetIpnId } from './ipn-registration';
import { ATTEMPT_CANCELLED, ATTEMPT_INTERRUPTED } from './order-outcomes';
import { transitionOrder } from '../orders/order-transitions';
import { isPayable } from '../orders/order-payability';
import { lockAttemptsOf, writeAttemptsOf } from './attempt-writes';
import { refuseWhileMpesaPromptOpen } from './mpesa/mpesa-prompt-open';

const PAYMENT_START_FAILED = 'Failed to create payment order';
const ORDER_ALREADY_PAID = 'This order is already paid.';
const ORDER_NOT_PAYABLE = 'This order can no longer be paid. Please place a new order.';

/** A conflict for an order that is not pending; a paid one says so (code ORDER_PAID) so the page can show it. */
function notPayable(status: string): DomainError {
  return status === 'completed' ? new DomainError('conflict', 'ORDER_PAID', ORDER_ALREADY_PAID) : conflict(ORDER_NOT_PAYABLE);
}

/**
 * A lost database connection on the way to Pesapal (reading or storing the IPN registration, reading
 * the order). Pesapal's own errors may carry a refused or reset socket too: those stay Pesapal's.
 */
function isDatabaseFault(err: unknown): boolean {
  return !(err instanceof PesapalError) && isConnectionError(err);
}

/** Pesapal could not be reached or refused the order; the order stays pending. */
class PaymentStartError extends DomainError {
  constructor(cause: unknown) {
    super('upstream_failed', 'PAYMENT_START_FAILED', PAYMENT_START_FAILED, {}, { cause });
    this.name = 'PaymentStartError';
  }
}

export interface PaymentAttempt {
  transactionId: string;
  trackingId: string;
  merchantReference: string;
  iframeUrl: string;
}

/** How long a request waits for a concurrent claim's page; a claim older than this is dead. */
const CLAIM_WAIT_MS = 20_000;
const CLAIM_POLL_MS = 100;
const MAX_REFERENCE_TRIES = 5;

type PayableOrder = typeof orders.$inferSelect;

async function loadPayableOrder(ctx: ServerContext, orderId: string): Promise<PayableOrder> {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound('Order not found');
  if (!isPayable(order, ctx.now())) throw notPayable(order.status);
  return order;
}

/**
 * A payment page for a pending order. With `reuseOpenAttempt` an attempt that is already open (or
 * being opened by a concurrent request) is returned instead of a new one: that is what makes a
 * double click open one payment. Without it ('pay again') a new attempt always starts.
 */
export async function startPaymentAttempt(
  ctx: ServerContext,
  orderId: string,
  opts: { reuseOpenAttempt: boolean },
): Promise<PaymentAttempt> {
  const order = await loadPayableOrder(ctx, orderId);
  if (opts.reuseOpenAttempt && order.status === 'pending') {
    const open = await findOpenAttempt(ctx, orderId);
    if (open) return open;
    const claim = await ctx.db.transaction(async (tx) => {
      await refuseWhileMpesaPromptOpen(tx, orderId, ctx.now(), ctx.env.MPESA_PROMPT_SECONDS);
      return claimAttempt(tx, order, ctx.now());
    });
    return submitAttempt(ctx, claim);
  }
  const claim = await claimUnlessOneInFlight(ctx, order);
  if (claim) return submitAttempt(ctx, claim);
  // Two 'pay again' clicks at once: the second shares the first's new page rather than cancelling it.
  return (await findOpenAttempt(ctx, orderId)) ?? submitAttempt(ctx, await ctx.db.transaction((tx) => claimAttempt(tx, order, ctx.now())));
}

/** A new page gets at least this long to be paid: 'pay again' near the deadline extends the hold. */
export const MIN_PAYMENT_WINDOW_MS = 10 * 60_000;
/** ...but an order never keeps its stock off sale longer than this after it was placed. */
export const MAX_HOLD_MS = 60 * 60_000;
export const HOLD_ENDED = 'This order has waited too long for payment. Please place a new order.';

/**
 * The reservation's end for a page opened now: at least MIN_PAYMENT_WINDOW_MS away (a page the expiry
 * job cancels while the customer pays helps nobody), at most MAX_HOLD_MS after the order was placed.
 * Null when that leaves too little time to pay.
 */
function holdForNewPage(placedAt: Date, expiresAt: Date | null, now: Date): Date | null {
  const wanted = now.getTime() + MIN_PAYMENT_WINDOW_MS;
  const current = expiresAt?.getTime() ?? 0;
  if (current >= wanted) return new Date(current);
  const end = Math.min(wanted, placedAt.getTime() + MAX_HOLD_MS);
  return end - now.getTime() >= MIN_PAYMENT_WINDOW_MS / 2 ? new Date(Math.max(end, current)) : null;
}

/**
 * A new claim for 'pay again', or null when another request is opening a page for this order right
 * now. The order row's lock makes the check and the claim one step across instances. A failed order
 * whose reservation holds becomes pending again here, under the same lock.
 */
async function claimUnlessOneInFlight(ctx: ServerContext, order: PayableOrder, mpesa?: { phone: string }): Promise<AttemptClaim | null> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ status: orders.status, createdAt: orders.createdAt, expiresAt: orders.reservationExpiresAt })
      .from(orders)
      .where(eq(orders.id, order.id))
      .for('update');
    if (!locked || !isPayable({ status: locked.status, reservationExpiresAt: locked.expiresAt }, now)) {
      throw notPayable(locked?.status ?? 'cancelled');
    }
    const hold = holdForNewPage(locked.createdAt, locked.expiresAt, now);
    if (!hold) throw conflict(HOLD_ENDED);
    if (hold.getTime() !== locked.expiresAt?.getTime() || locked.status !== 'pending') {
      await transitionOrder(ctx, tx, {
        order: { id: order.id, status: locked.status },
        event: 'payment_started',
        at: now,
        holdUntil: hold,
      });
    }
    await refuseWhileMpesaPromptOpen(tx, order.id, now, ctx.env.MPESA_PROMPT_SECONDS);
    const [inFlight] = await tx
      .select({ id: paymentTransactions.id })
      .from(paymentTransactions)
      .where(
        and(
          eq(paymentTransactions.orderId, order.id),
          eq(paymentTransactions.status, 'PENDING'),
          isNull(paymentTransactions.pesapalTrackingId),
          gt(paymentTransactions.createdAt, new Date(now.getTime() - CLAIM_WAIT_MS)),
        ),
      )
      .limit(1);
    return inFlight ? null : claimAttempt(tx, order, now, mpesa);
  });
}

/**
 * A new M-Pesa Express attempt on a payable order (its first prompt, 'Send the prompt again', or
 * M-Pesa after a Pesapal page): the same lock, hold and 'failed becomes pending again' as 'pay
 * again'; refused while a prompt is still open or another page is being opened.
 */
export async function claimMpesaAttempt(ctx: ServerContext, orderId: string, phone: string): Promise<AttemptClaim> {
  const claim = await claimUnlessOneInFlight(ctx, await loadPayableOrder(ctx, orderId), { phone });
  if (!claim) throw conflict('Your payment is being opened. Please wait a moment.');
  return claim;
}

/**
 * An M-Pesa Express attempt the rider sends at the door, for an order confirmed to be paid on
 * delivery: under the order's lock, refused while a prompt is still open or once the order is paid.
 */
export async function claimDoorPromptAttempt(ctx: ServerContext, orderId: string, phone: string, riderId: string): Promise<AttemptClaim> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw notFound('Order not found');
    if (order.status !== 'confirmed') throw conflict(PAY_ON_DELIVERY_MESSAGES.notConfirmed(orderId));
    await refuseWhileMpesaPromptOpen(tx, orderId, now, ctx.env.MPESA_PROMPT_SECONDS);
    return claimAttempt(tx, order, now, { phone, collectedBy: riderId });
  });
}

/**
 * Sends a claimed attempt to Pesapal and stores its tracking id and payment page. On failure the
 * claim is removed (the order stays pending; its number is not reused) and PaymentStartError is thrown.
 */
export async function submitAttempt(ctx: ServerContext, claim: AttemptClaim): Promise<PaymentAttempt> {
  const orderId = claim.orderId;
  let submitted: Awaited<ReturnType<typeof submitWithIpn>>;
  try {
    const order = await loadPayableOrder(ctx, orderId);
    submitted = await submitWithIpn(ctx, order, claim.merchantReference);
  } catch (err) {
    // Never reached Pesapal (or refused there): the claim goes, the order stays pending. A claim
    // already given up as dead (FAILED) stays as the record of its reference.
    const removed = writeAttemptsOf(ctx.db, orderId, (attempts) =>
      attempts.delete(and(eq(paymentTransactions.id, claim.id), eq(paymentTransactions.status, 'PENDING'))),
    );
    if (isDatabaseFault(err)) {
      // The shop's own outage, not Pesapal's: a 503 to try again. A claim the database would not let
      // go either is retired as dead by the next request for this order.
      await removed.catch(() => undefined);
      throw err;
    }
    await removed;
    ctx.logger.warn(
      { orderId, merchantReference: claim.merchantReference, code: err instanceof PesapalError ? err.code : undefined, err },
      'pesapal: SubmitOrderRequest failed',
    );
    throw new PaymentStartError(err);
  }
  const page = { pesapalTrackingId: submitted.orderTrackingId, redirectUrl: submitted.redirectUrl, updatedAt: ctx.now() };
  const [stored] = await writeAttemptsOf(ctx.db, orderId, (attempts) =>
    attempts
      .update(page, and(eq(paymentTransactions.id, claim.id), eq(paymentTransactions.status, 'PENDING')))
      .returning({ id: paymentTransactions.id }),
  );
  if (!stored) return abandonLatePage(ctx, claim, page);
  const [current] = await ctx.db
    .update(orders)
    .set({ pesapalTransactionId: submitted.orderTrackingId, updatedAt: ctx.now() })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')))
    .returning({ id: orders.id });
  if (!current) await closeLatePage(ctx, orderId);
  return {
    transactionId: claim.id,
    trackingId: submitted.orderTrackingId,
    merchantReference: claim.merchantReference,
    iframeUrl: submitted.redirectUrl,
  };
}

/**
 * The order was paid through another attempt, expired or was cancelled while Pesapal opened this
 * page. Whatever closed it cancelled the pages it could see, and this one had no tracking id yet:
 * it is cancelled here (its tracking id is stored, so reconciliation still follows it if Pesapal
 * refuses), and the customer is told instead of being shown a page that would take money twice.
 */
async function closeLatePage(ctx: ServerContext, orderId: string): Promise<never> {
  const [order] = await ctx.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  await cancelOpenAttempts(ctx, orderId, order?.status === 'completed' ? ATTEMPT_CANCELLED.paidElsewhere : ATTEMPT_CANCELLED.orderClosed);
  throw notPayable(order?.status ?? 'cancelled');
}

/**
 * Pesapal answered after the claim was given up as dead and a newer attempt may have started: the
 * page is kept on the FAILED row (so a payment through it is still recognised) and cancelled.
 */
async function abandonLatePage(
  ctx: ServerContext,
  claim: AttemptClaim,
  page: { pesapalTrackingId: string; redirectUrl: string; updatedAt: Date },
): Promise<never> {
  await writeAttemptsOf(ctx.db, claim.orderId, (attempts) => attempts.update(page, eq(paymentTransactions.id, claim.id)));
  await cancelFailedAttempt(ctx, { id: claim.id, orderId: claim.orderId, trackingId: page.pesapalTrackingId });
  throw new PaymentStartError(new Error('Pesapal answered after the attempt was given up'));
}

/**
 * The newest PENDING attempt's page; a claim still being submitted is waited for, and one older
 * than the wait (its process is gone) is marked FAILED so that the caller starts a new attempt.
 */
async function findOpenAttempt(ctx: ServerContext, orderId: string): Promise<PaymentAttempt | null> {
  const deadline = Date.now() + CLAIM_WAIT_MS;
  for (;;) {
    const [row] = await ctx.db
      .select()
      .from(paymentTransactions)
      .where(
        and(
          eq(paymentTransactions.orderId, orderId),
          eq(paymentTransactions.status, 'PENDING'),
          eq(paymentTransactions.provider, 'pesapal'),
        ),
      )
      .orderBy(desc(paymentTransactions.createdAt))
      .limit(1);
    if (!row) return null;
    if (row.pesapalTrackingId && row.redirectUrl) {
      return {
        transactionId: row.id,
        trackingId: row.pesapalTrackingId,
        merchantReference: row.merchantReference,
        iframeUrl: row.redirectUrl,
      };
    }
    if (row.createdAt.getTime() <= ctx.now().getTime() - CLAIM_WAIT_MS) {
      await retireDeadClaim(ctx, orderId, row.id);
      continue;
    }
    if (Date.now() > deadline) throw new PaymentStartError(new Error('a concurrent payment attempt did not finish'));
    await new Promise((resolve) => setTimeout(resolve, CLAIM_POLL_MS));
  }
}

async function retireDeadClaim(ctx: ServerContext, orderId: string, transactionId: string): Promise<void> {
  await writeAttemptsOf(ctx.db, orderId, (attempts) =>
    attempts.update(
      { status: 'FAILED', statusDescription: ATTEMPT_INTERRUPTED, nextCheckAt: null, updatedAt: ctx.now() },
      and(
        eq(paymentTransactions.id, transactionId),
        eq(paymentTransactions.status, 'PENDING'),
        isNull(paymentTransactions.pesapalTrackingId),
      ),
    ),
  );
  ctx.logger.warn({ transactionId }, 'payment attempt claim abandoned by its process; starting a new one');
}

export interface AttemptClaim {
  id: string;
  orderId: string;
  merchantReference: string;
}

/** The order's next attempt number as a merchant reference ('ORD-1a2b3c4d-3'): atomic, so concurrent claims get different numbers and none is handed out again. */
export async function nextMerchantReference(tx: Tx, orderId: string): Promise<string> {
  const [numbered] = await tx
    .update(orders)
    .set({ paymentAttempts: sql`${orders.paymentAttempts} + 1` })
    .where(eq(orders.id, orderId))
    .returning({ attempt: orders.paymentAttempts });
  if (!numbered) throw notFound('Order not found');
  return `ORD-${orderId.slice(0, 8)}-${numbered.attempt}`;
}

/**
 * Reserves the next attempt number (a PENDING row without a tracking id). Checkout does this inside
 * the order's own transaction, so whoever can see the new order also sees its first attempt.
 */
export async function claimAttempt(
  tx: Tx,
  order: Pick<PayableOrder, 'id' | 'totalAmount' | 'currency' | 'customerPhone'>,
  at: Date,
  /** An M-Pesa Express prompt to this number (2547XXXXXXXX) instead of a Pesapal page; collectedBy: the rider who sent it at the door. */
  mpesa?: { phone: string; collectedBy?: string },
): Promise<AttemptClaim> {
  const attempts = await lockAttemptsOf(tx, order.id);
  for (let tries = 0; tries < MAX_REFERENCE_TRIES; tries++) {
    const merchantReference = await nextMerchantReference(tx, order.id);
    const [row] = await attempts
      .insert({
        status: 'PENDING',
        merchantReference,
        amount: order.totalAmount,
        currency: order.currency,
        customerPhone: order.customerPhone,
        customerPhoneDisplay: maskPhone(order.customerPhone),
        ...(mpesa && { provider: 'mpesa' as const, mpesaPhone: mpesa.phone, collectedBy: mpesa.collectedBy ?? null }),
        createdAt: at,
        updatedAt: at,
      })
      .onConflictDoNothing()
      .returning({ id: paymentTransactions.id });
    // Taken only when the counter lags the references in use (an order from before the counter).
    if (row) return { id: row.id, orderId: order.id, merchantReference };
  }
  throw new PaymentStartError(new Error('no free merchant reference'));
}

function isUnknownIpnId(err: unknown): boolean {
  return err instanceof PesapalError && /ipn/i.test(err.message) && err.code === 'invalid_api_request_parameters';
}

async function submitWithIpn(ctx: ServerContext, order: PayableOrder, merchantReference: string) {
  const submit = async (notificationId: string) => {
    const [firstName = '', ...rest] = order.customerName.split(/\s+/).filter(Boolean);
    return ctx.integrations.pesapal.submitOrder({
      id: merchantReference,
      currency: order.currency,
      amount: order.totalAmount / 100, // the client takes KES; cents / 100 has at most 2 decimals
      description: `Order ${order.id.slice(0, 8)} at ${ctx.env.SHOP_NAME}`,
      // Our small return page (payment-return-page.ts), not the app: inside the modal it only tells
      // the modal; as the whole tab it goes on to /order-success. A customer who presses Cancel on
      // Pesapal's page comes back through it to checkout, cart intact, told it was cancelled (not
      // "Payment failed" on the order page).
      callbackUrl: `${ctx.env.PUBLIC_URL}${PAYMENT_RETURN_PATH}`,
      cancellationUrl: `${ctx.env.PUBLIC_URL}${PAYMENT_RETURN_PATH}?${PAYMENT_RETURN_CANCELLED_QUERY}`,
      // The modal frames Pesapal's page inside a frame of its own: returning to the page's parent
      // keeps the customer in the modal, where the return page tells the shop to ask the server.
      // Opened in a tab of its own, the page is its own parent and the return fills that tab.
      redirectMode: 'PARENT_WINDOW',
      notificationId,
      billingAddress: {
        emailAddress: order.customerEmail,
        // Digits only: Pesapal's phone format is undocumented; '2547…' and '07…' are both seen.
        phoneNumber: normalizePhone(order.customerPhone).replace(/^\+/, ''),
        countryCode: 'KE',
        firstName,
        lastName: rest.join(' '),
        line1: order.deliveryAddress,
      },
    });
  };
  try {
    return await submit(await ensureIpnId(ctx));
  } catch (err) {
    if (!isUnknownIpnId(err)) throw err;
    // The stored id belongs to other credentials or a restarted simulator: register again, once.
    await forgetIpnId(ctx);
    return submit(await ensureIpnId(ctx));
  }
}
