// Starting payment attempts: a merchant reference is never sent to Pesapal twice (a request that
// failed here may have reached Pesapal), and an attempt whose process died mid-request does not
// block the customer's next Pay click.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paymentTransactions } from '../../src/server/db/schema';
import { ATTEMPT_INTERRUPTED } from '../../src/server/features/payments/order-outcomes';
import type { PesapalClient, SubmitOrderInput, SubmitOrderResult } from '../../src/server/integrations/pesapal/pesapal-types';
import { PesapalError } from '../../src/server/integrations/pesapal/pesapal-types';
import { DB_KINDS } from '../support/test-database';
import type { TestUser } from '../support/test-app';
import { createShop, customer, disposeShop, orderBody, orderRow, postOrder, productBySlug, transactionsOf, type Shop } from './checkout-support';

describe.each(DB_KINDS)('payment attempts on %s', (kind) => {
  let shop: Shop;
  let user: TestUser;
  let real: PesapalClient;
  let body: ReturnType<typeof orderBody>;

  beforeEach(async () => {
    shop = await createShop(kind);
    user = await customer(shop);
    real = shop.ctx.integrations.pesapal;
    const tilapia = await productBySlug(shop, 'fresh-whole-tilapia');
    body = orderBody([{ product_id: tilapia.id, quantity: 1 }], { idempotency_key: `key-${crypto.randomUUID()}` });
  });
  afterEach(() => disposeShop(shop));

  const referencesAtPesapal = () => [...shop.sim.state.orders.values()].map((o) => o.merchantReference).sort();

  it('retries a request that timed out after reaching Pesapal with a fresh merchant reference', async () => {
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
    const orderId = first.json.order_id!;
    expect(await transactionsOf(shop, orderId)).toEqual([]);

    const again = await postOrder(shop, user, body);
    expect(again.status).toBe(200);
    expect(again.json.order_id).toBe(orderId);
    const ref = (n: number) => `ORD-${orderId.slice(0, 8)}-${n}`;
    const [txn] = await transactionsOf(shop, orderId);
    expect(txn).toMatchObject({ status: 'PENDING', merchantReference: ref(2), redirectUrl: again.json.iframe_url });
    expect(referencesAtPesapal()).toEqual([ref(1), ref(2)]);
    expect((await orderRow(shop, orderId)).paymentAttempts).toBe(2);
  });

  it('gives up an attempt whose process died before Pesapal answered, and opens a new page', async () => {
    const hung: { req: SubmitOrderInput; release: (answer: Promise<SubmitOrderResult>) => void }[] = [];
    shop.ctx.integrations.pesapal = {
      ...real,
      submitOrder: (req) =>
        hung.length === 0 ? new Promise((release) => hung.push({ req, release })) : real.submitOrder(req),
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
    const orderId = again.json.order_id!;
    const ref = (n: number) => `ORD-${orderId.slice(0, 8)}-${n}`;
    const byRef = async () => Object.fromEntries((await transactionsOf(shop, orderId)).map((t) => [t.merchantReference, t]));
    expect(await byRef()).toMatchObject({
      [ref(1)]: { status: 'FAILED', statusDescription: ATTEMPT_INTERRUPTED, pesapalTrackingId: null },
      [ref(2)]: { status: 'PENDING', redirectUrl: again.json.iframe_url },
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
    expect(third.json.iframe_url).toBe(again.json.iframe_url);
    expect(await shop.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, orderId))).toHaveLength(2);
  });
});
