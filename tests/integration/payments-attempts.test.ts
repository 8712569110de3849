// Starting payment attempts: a merchant reference is never sent to Pesapal twice (a request that
// failed here may have reached Pesapal), and an attempt whose process died mid-request does not
// block the customer's next Pay click.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paymentTransactions } from '../../src/server/db/schema';
import { ATTEMPT_CANCELLED, ATTEMPT_INTERRUPTED } from '../../src/server/features/payments/order-outcomes';
import { HOLD_ENDED, MAX_HOLD_MS, MIN_PAYMENT_WINDOW_MS } from '../../src/server/features/payments/payment-attempt.service';
import { expireReservations } from '../../src/server/features/payments/reconciliation.service';
import type { PesapalClient, SubmitOrderInput, SubmitOrderResult } from '../../src/server/integrations/pesapal/pesapal-types';
import { PesapalError } from '../../src/server/integrations/pesapal/pesapal-types';
import { itOnOneDatabase } from '../support/one-database';
import { dbKinds } from '../support/test-database';
import type { TestUser } from '../support/test-app';
import {
  createShop,
  customer,
  disposeShop,
  orderBody,
  orderRow,
  postOrder,
  productBySlug,
  transactionsOf,
  type Shop,
} from './checkout-support';

describe.each(dbKinds(import.meta.url))('payment attempts on %s', (kind) => {
  const once = itOnOneDatabase(kind);
  let shop: Shop;
  let user: TestUser;
  let real: PesapalClient;
  let body: ReturnType<typeof orderBody>;

  beforeEach(async () => {
    shop = await createShop(kind);
    user = await customer(shop);
    real = shop.ctx.integrations.pesapal;
    const tilapia = await productBySlug(shop, 'fresh-whole-tilapia');
    body = orderBody([{ productId: tilapia.id, quantity: 1 }], { idempotencyKey: `key-${crypto.randomUUID()}` });
  });
  afterEach(() => disposeShop(shop));

  const referencesAtPesapal = () => [...shop.sim.state.orders.values()].map((o) => o.merchantReference).sort();

  once('retries a request that timed out after reaching Pesapal with a fresh merchant reference', async () => {
    let timeOutOnce = true;
    shop.ctx.integrations.pesapal = {
      ...real,
      submitOrder: async (req) => {
        const answer = await real.submitOrder(req);
        if (!timeOutOnce) return answer;
        timeOutOnce = false;
        throw new PesapalError({ code: 'timeout', message: 'Pesapal SubmitOrderRequest timed out after 15000 ms' });
      },
    };
    const first = await postOrder(shop, user, body);
    expect(first.status).toBe(502);
    expect(first.json.error).toMatchObject({ code: 'PAYMENT_START_FAILED', message: 'Failed to create payment order' });
    const orderId = first.json.error!.orderId!;
    expect(await transactionsOf(shop, orderId)).toEqual([]);

    const again = await postOrder(shop, user, body);
    expect(again.status).toBe(200);
    expect(again.json.orderId).toBe(orderId);
    const ref = (n: number) => `ORD-${orderId.slice(0, 8)}-${n}`;
    const [txn] = await transactionsOf(shop, orderId);
    expect(txn).toMatchObject({ status: 'PENDING', merchantReference: ref(2), redirectUrl: again.json.iframeUrl });
    expect(referencesAtPesapal()).toEqual([ref(1), ref(2)]);
    expect((await orderRow(shop, orderId)).paymentAttempts).toBe(2);
  });

  it('gives up an attempt whose process died before Pesapal answered, and opens a new page', async () => {
    const hung: { req: SubmitOrderInput; release: (answer: Promise<SubmitOrderResult>) => void }[] = [];
    shop.ctx.integrations.pesapal = {
      ...real,
      submitOrder: (req) => (hung.length === 0 ? new Promise((release) => hung.push({ req, release })) : real.submitOrder(req)),
    };
    // The first Pay click claims attempt 1 and never hears back (its process is gone).
    const lost = postOrder(shop, user, body);
    await expect.poll(() => hung.length).toBe(1);
    const [claim] = await shop.ctx.db.select().from(paymentTransactions);
    expect(claim).toMatchObject({ status: 'PENDING', pesapalTrackingId: null });
    shop.clock.advance(21_000);

    // A live claim would be waited for (20 s) and then answered with 502.
    const again = await postOrder(shop, user, body);
    expect(again.status).toBe(200);
    const orderId = again.json.orderId!;
    const ref = (n: number) => `ORD-${orderId.slice(0, 8)}-${n}`;
    const byRef = async () => Object.fromEntries((await transactionsOf(shop, orderId)).map((t) => [t.merchantReference, t]));
    expect(await byRef()).toMatchObject({
      [ref(1)]: { status: 'FAILED', statusDescription: ATTEMPT_INTERRUPTED, pesapalTrackingId: null },
      [ref(2)]: { status: 'PENDING', redirectUrl: again.json.iframeUrl },
    });

    // Had the first request lived on after all, its late page is kept on the dead attempt and cancelled.
    hung[0]!.release(real.submitOrder(hung[0]!.req));
    expect((await lost).status).toBe(502);
    const rows = await byRef();
    expect(rows[ref(1)]!.status).toBe('FAILED');
    const latePage = rows[ref(1)]!.pesapalTrackingId;
    expect(latePage).not.toBeNull();
    expect(shop.sim.state.orders.get(latePage!)?.cancelled).toBe(true);
    expect((await orderRow(shop, orderId)).pesapalTransactionId).toBe(rows[ref(2)]!.pesapalTrackingId);

    // The next click finds the open page of attempt 2.
    const third = await postOrder(shop, user, body);
    expect(third.json.iframeUrl).toBe(again.json.iframeUrl);
    expect(await shop.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, orderId))).toHaveLength(2);
  });

  const retry = async (orderId: string) => {
    const res = await shop.request(`/api/payments/orders/${orderId}/retry`, { method: 'POST', cookie: user.cookie });
    return {
      status: res.status,
      json: (await res.json()) as { iframeUrl?: string; error?: { code: string; message: string; orderId?: string } },
    };
  };

  it('two "pay again" clicks at once share one new page instead of cancelling each other', async () => {
    const placed = await postOrder(shop, user, body);
    const orderId = placed.json.orderId!;
    // The first click's page is still being made at Pesapal when the second click's claim step runs.
    const hung: (() => void)[] = [];
    let submits = 0;
    shop.ctx.integrations.pesapal = {
      ...real,
      submitOrder: async (req) => {
        submits += 1;
        await new Promise<void>((resolve) => hung.push(resolve));
        return real.submitOrder(req);
      },
    };
    const db = shop.ctx.db;
    const transaction = db.transaction.bind(db);
    let transactionsDone = 0;
    db.transaction = (async (...args: Parameters<typeof transaction>) => {
      const result = await transaction(...args);
      transactionsDone += 1;
      return result;
    }) as typeof db.transaction;
    try {
      const first = retry(orderId);
      await expect.poll(() => hung.length).toBe(1);
      const second = retry(orderId);
      await expect.poll(() => transactionsDone).toBe(2);
      hung[0]!();
      const [a, b] = await Promise.all([first, second]);
      expect(submits).toBe(1);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(a.json.iframeUrl).toBe(b.json.iframeUrl);
      const trackingId = new URL(a.json.iframeUrl!).searchParams.get('OrderTrackingId')!;
      expect(shop.sim.state.orders.get(trackingId)?.cancelled).toBe(false);
      const rows = await transactionsOf(shop, orderId);
      expect(rows.filter((t) => t.status === 'PENDING').map((t) => t.pesapalTrackingId)).toEqual([trackingId]);
      expect(rows).toHaveLength(2); // the first page (superseded) and the shared new one
    } finally {
      db.transaction = transaction;
    }
  });

  once('does not hand out a new page for an order paid while Pesapal was opening it, and cancels that page', async () => {
    const placed = await postOrder(shop, user, body);
    const orderId = placed.json.orderId!;
    const firstPage = new URL(placed.json.iframeUrl!).searchParams.get('OrderTrackingId')!;
    shop.ctx.integrations.pesapal = {
      ...real,
      submitOrder: async (req) => {
        // While Pesapal creates the new page, the customer's payment on the first page completes.
        await shop.sim.complete(firstPage, 'card');
        return real.submitOrder(req);
      },
    };
    const answer = await retry(orderId);
    expect(answer.status).toBe(409);
    expect(answer.json).toEqual({ error: { code: 'ORDER_PAID', message: 'This order is already paid.', orderId } });
    expect((await orderRow(shop, orderId)).status).toBe('completed');
    const late = (await transactionsOf(shop, orderId)).find((t) => t.pesapalTrackingId !== firstPage)!;
    expect(late).toMatchObject({ status: 'FAILED', statusDescription: ATTEMPT_CANCELLED.paidElsewhere });
    expect(shop.sim.state.orders.get(late.pesapalTrackingId!)?.cancelled).toBe(true);
  });

  once('tells checkout that the order behind its key is already paid, so the page shows it', async () => {
    const placed = await postOrder(shop, user, body);
    await shop.sim.complete(new URL(placed.json.iframeUrl!).searchParams.get('OrderTrackingId')!, 'card');
    const again = await postOrder(shop, user, body);
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ error: { code: 'ORDER_PAID', message: 'This order is already paid.', orderId: placed.json.orderId } });
  });

  once('"pay again" near the deadline gives the new page ten minutes, but never holds stock past an hour', async () => {
    const placed = await postOrder(shop, user, body);
    const orderId = placed.json.orderId!;
    const placedAt = (await orderRow(shop, orderId)).createdAt.getTime();
    shop.clock.advance(28 * 60_000);
    expect((await retry(orderId)).status).toBe(200);
    expect((await orderRow(shop, orderId)).reservationExpiresAt?.getTime()).toBe(shop.clock.now().getTime() + MIN_PAYMENT_WINDOW_MS);
    shop.clock.advance(3 * 60_000); // past the first 30 minutes: the reservation is kept
    expect(await expireReservations(shop.ctx)).toEqual({ expired: 0 });
    expect((await orderRow(shop, orderId)).status).toBe('pending');

    shop.clock.advance(26 * 60_000); // 57 minutes after placing: three minutes of the hour are left
    const late = await retry(orderId);
    expect(late.status).toBe(409);
    expect(late.json.error).toEqual({ code: 'CONFLICT', message: HOLD_ENDED, orderId });
    expect((await orderRow(shop, orderId)).reservationExpiresAt!.getTime()).toBeLessThanOrEqual(placedAt + MAX_HOLD_MS);
  });
});
