// Sync, the callback lookup and 'pay again', scoped to the signed-in customer's own orders; the
// return page Pesapal sends the customer to.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dbKinds } from '../support/test-database';
import type { TestUser } from '../support/test-app';
import {
  createShop,
  customer,
  disposeShop,
  orderRow,
  payOnSimulator,
  placePaidOrderAttempt,
  productBySlug,
  transactionsOf,
  type Shop,
} from './checkout-support';

describe.each(dbKinds(import.meta.url))('payment sync and lookup on %s', (kind) => {
  let shop: Shop;
  let owner: TestUser;
  let stranger: TestUser;
  let productId: string;

  beforeEach(async () => {
    shop = await createShop(kind);
    owner = await customer(shop);
    stranger = await customer(shop);
    productId = (await productBySlug(shop, 'fresh-whole-tilapia')).id;
    shop.sim.switches.dropIpn = true;
  });
  afterEach(() => disposeShop(shop));

  const sync = async (user: TestUser, orderIds: string[]) => {
    const res = await shop.request('/api/payments/sync', { method: 'POST', json: { orderIds }, cookie: user.cookie });
    return { status: res.status, body: (await res.json()) as { results: unknown[] } };
  };

  it('serves Pesapal’s return page to anyone: a page of its own and its script, framable by the shop alone', async () => {
    const page = await shop.request('/api/payments/return?OrderTrackingId=x&OrderMerchantReference=y');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const html = await page.text();
    expect(html).toContain('Waiting for Pesapal to confirm your payment. Do not pay again.');
    expect(html).toContain('<script src="/api/payments/return.js"></script>');
    const script = await shop.request('/api/payments/return.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toContain('shop:payment-return');
  });

  it('syncs the caller’s own orders only', async () => {
    const { orderId, trackingId } = await placePaidOrderAttempt(shop, owner, [{ productId, quantity: 1 }]);
    expect((await sync(owner, [orderId])).body.results).toEqual([{ orderId, updated: false, newStatus: 'PENDING', error: null }]);
    await payOnSimulator(shop, trackingId, 'mpesa');
    await shop.sim.idle();

    expect((await sync(stranger, [orderId])).body.results).toEqual([
      { orderId, updated: false, newStatus: null, error: 'Order not found' },
    ]);
    expect((await orderRow(shop, orderId)).status).toBe('pending');

    expect((await sync(owner, [orderId, 'not-a-uuid'])).body.results).toEqual([
      { orderId, updated: true, newStatus: 'COMPLETED', error: null },
      { orderId: 'not-a-uuid', updated: false, newStatus: null, error: 'Order not found' },
    ]);
    expect((await orderRow(shop, orderId)).status).toBe('completed');
    expect((await sync(owner, [orderId])).body.results).toEqual([{ orderId, updated: false, newStatus: 'COMPLETED', error: null }]);
    expect((await sync(owner, [])).status).toBe(400);
  });

  it('finds the order behind a callback for its owner, and refreshes the payment', async () => {
    const { orderId, trackingId } = await placePaidOrderAttempt(shop, owner, [{ productId, quantity: 1 }]);
    await payOnSimulator(shop, trackingId, 'card');
    const [txn] = await transactionsOf(shop, orderId);
    const lookup = (user: TestUser, query: string) => shop.request(`/api/payments/lookup?${query}`, { cookie: user.cookie });

    const byTracking = await lookup(owner, `trackingId=${trackingId}`);
    expect(await byTracking.json()).toEqual({ orderId });
    expect((await orderRow(shop, orderId)).status).toBe('completed');
    const byReference = await lookup(owner, `merchantReference=${txn!.merchantReference}`);
    expect(await byReference.json()).toEqual({ orderId });

    const theirs = await lookup(stranger, `trackingId=${trackingId}`);
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toMatchObject({ error: { message: 'Order not found' } });
    expect((await lookup(owner, '')).status).toBe(400);
  });

  it('pays again with a new merchant reference and cancels the old page', async () => {
    const first = await placePaidOrderAttempt(shop, owner, [{ productId, quantity: 1 }]);
    const res = await shop.request(`/api/payments/orders/${first.orderId}/retry`, { method: 'POST', cookie: owner.cookie });
    const again = (await res.json()) as { orderId: string; iframeUrl: string };
    expect(again).toEqual({ orderId: first.orderId, iframeUrl: expect.any(String) });
    expect(again.iframeUrl).not.toBe(first.iframeUrl);

    const attempts = await transactionsOf(shop, first.orderId);
    const byRef = Object.fromEntries(attempts.map((a) => [a.merchantReference.slice(-1), a]));
    expect(byRef['1']).toMatchObject({ status: 'FAILED', statusDescription: 'Cancelled: superseded by a new payment attempt' });
    expect(byRef['2']).toMatchObject({ status: 'PENDING', redirectUrl: again.iframeUrl });
    expect(shop.sim.state.orders.get(first.trackingId)?.cancelled).toBe(true);
    const order = await orderRow(shop, first.orderId);
    expect(order.status).toBe('pending');
    expect(order.pesapalTransactionId).toBe(byRef['2']!.pesapalTrackingId);

    // Paying the new page completes the order; a paid order cannot be paid again.
    await payOnSimulator(shop, byRef['2']!.pesapalTrackingId!, 'card');
    await sync(owner, [first.orderId]);
    expect((await orderRow(shop, first.orderId)).status).toBe('completed');
    const late = await shop.request(`/api/payments/orders/${first.orderId}/retry`, { method: 'POST', cookie: owner.cookie });
    expect(late.status).toBe(409);
    expect(await late.json()).toEqual({ error: { code: 'ORDER_PAID', message: 'This order is already paid.', orderId: first.orderId } });
  });
});
