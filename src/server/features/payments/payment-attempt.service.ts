// One payment attempt = one SubmitOrderRequest at Pesapal with a fresh merchant reference
// (ORD-<first 8 of the order id>-<n>) and one payment_transactions row. Runs outside any database
// transaction: a slow Pesapal must never hold a lock or a connection.
//
// The row is inserted first, without a tracking id, as a claim: the unique merchant reference makes
// two requests for the same attempt number pick different numbers. Checkout claims the first
// attempt inside the order's transaction, so a second request for the same order (a double click)
// always finds the claim and waits for its payment page instead of opening a second one.
import { and, count, desc, eq } from 'drizzle-orm';
import { toCents } from '../../../domain/money';
import { normalizePhone } from '../../../domain/validation';
import { maskPhone } from '../../../domain/phone-mask';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { orders, paymentTransactions } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { PesapalError } from '../../integrations/pesapal/pesapal-types';
import { ensureIpnId, forgetIpnId } from './ipn-registration';

export const PAYMENT_START_FAILED = 'Failed to create payment order';

/** Pesapal could not be reached or refused the order; the order stays pending. */
export class PaymentStartError extends Error {
  constructor(cause: unknown) {
    super(PAYMENT_START_FAILED, { cause });
    this.name = 'PaymentStartError';
  }
}

export interface PaymentAttempt {
  transactionId: string;
  trackingId: string;
  merchantReference: string;
  iframeUrl: string;
}

const CLAIM_WAIT_MS = 20_000;
const CLAIM_POLL_MS = 100;
const MAX_REFERENCE_TRIES = 5;

type PayableOrder = typeof orders.$inferSelect;

async function loadPayableOrder(ctx: ServerContext, orderId: string): Promise<PayableOrder> {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound('Order not found');
  if (order.status !== 'pending') throw conflict('This order can no longer be paid. Please place a new order.');
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
  if (opts.reuseOpenAttempt) {
    const open = await findOpenAttempt(ctx, orderId);
    if (open) return open;
  }
  return submitAttempt(ctx, await claimAttempt(ctx.db, order, ctx.now()));
}

/**
 * Sends a claimed attempt to Pesapal and stores its tracking id and payment page. On failure the
 * claim is removed (the order stays pending) and PaymentStartError is thrown.
 */
export async function submitAttempt(ctx: ServerContext, claim: AttemptClaim): Promise<PaymentAttempt> {
  const orderId = claim.orderId;
  try {
    const order = await loadPayableOrder(ctx, orderId);
    const submitted = await submitWithIpn(ctx, order, claim.merchantReference);
    await ctx.db
      .update(paymentTransactions)
      .set({ pesapalTrackingId: submitted.orderTrackingId, redirectUrl: submitted.redirectUrl, updatedAt: ctx.now() })
      .where(eq(paymentTransactions.id, claim.id));
    await ctx.db
      .update(orders)
      .set({ pesapalTransactionId: submitted.orderTrackingId, updatedAt: ctx.now() })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')));
    return {
      transactionId: claim.id,
      trackingId: submitted.orderTrackingId,
      merchantReference: claim.merchantReference,
      iframeUrl: submitted.redirectUrl,
    };
  } catch (err) {
    // Never reached Pesapal (or refused there): the claim goes, the order stays pending.
    await ctx.db.delete(paymentTransactions).where(eq(paymentTransactions.id, claim.id));
    ctx.logger.warn(
      { orderId, merchantReference: claim.merchantReference, code: err instanceof PesapalError ? err.code : undefined, err },
      'pesapal: SubmitOrderRequest failed',
    );
    throw new PaymentStartError(err);
  }
}

/** The newest PENDING attempt's page; a claim still being submitted is waited for. */
async function findOpenAttempt(ctx: ServerContext, orderId: string): Promise<PaymentAttempt | null> {
  const deadline = Date.now() + CLAIM_WAIT_MS;
  for (;;) {
    const [row] = await ctx.db
      .select()
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.orderId, orderId), eq(paymentTransactions.status, 'PENDING')))
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
    if (Date.now() > deadline) throw new PaymentStartError(new Error('a concurrent payment attempt did not finish'));
    await new Promise((resolve) => setTimeout(resolve, CLAIM_POLL_MS));
  }
}

export interface AttemptClaim {
  id: string;
  orderId: string;
  merchantReference: string;
}

/**
 * Reserves the next attempt number (a PENDING row without a tracking id). Checkout does this inside
 * the order's own transaction, so whoever can see the new order also sees its first attempt.
 */
export async function claimAttempt(
  db: DbOrTx,
  order: Pick<PayableOrder, 'id' | 'totalAmount' | 'currency' | 'customerPhone'>,
  at: Date,
): Promise<AttemptClaim> {
  const [existing] = await db.select({ n: count() }).from(paymentTransactions).where(eq(paymentTransactions.orderId, order.id));
  const first = (existing?.n ?? 0) + 1;
  for (let attempt = first; attempt < first + MAX_REFERENCE_TRIES; attempt++) {
    const merchantReference = `ORD-${order.id.slice(0, 8)}-${attempt}`;
    const [row] = await db
      .insert(paymentTransactions)
      .values({
        orderId: order.id,
        status: 'PENDING',
        merchantReference,
        amount: order.totalAmount,
        currency: order.currency,
        customerPhone: order.customerPhone,
        customerPhoneDisplay: maskPhone(order.customerPhone),
        createdAt: at,
        updatedAt: at,
      })
      .onConflictDoNothing()
      .returning({ id: paymentTransactions.id });
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
      amount: toCents(order.totalAmount) / 100,
      description: `Order ${order.id.slice(0, 8)} at ${ctx.env.SHOP_NAME}`,
      callbackUrl: `${ctx.env.PUBLIC_URL}/order-success`,
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
