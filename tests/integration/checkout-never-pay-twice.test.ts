// Never pay twice: checking out the same goods again while an earlier order of the customer waits
// for Pesapal to confirm its payment (the customer came back from Pesapal's page, or Pesapal
// notified the shop) offers that order (wait for it, or continue paying it on its open page) instead
// of a second order and a second charge. Different goods, an order never taken to Pesapal's end, or
// the same goods once the earlier order is settled make a new order as always.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orders } from '../../src/server/db/schema';
import { ORDER_AWAITING_PAYMENT } from '../../src/server/features/checkout/waiting-order';
import { dbKinds } from '../support/test-database';
import {
  createShop,
  customer,
  disposeShop,
  orderBody,
  orderRow,
  payOnSimulator,
  postOrder,
  productBySlug,
  stockOf,
  type Shop,
} from './checkout-support';

describe.each(dbKinds(import.meta.url))('never paying twice at checkout on %s', (kind) => {
  let shop: Shop;
  beforeEach(async () => {
    shop = await createShop(kind);
  });
  afterEach(() => disposeShop(shop));

  /** What the payment modal sends when Pesapal's page returns the customer to the shop. */
  const returnFromPesapal = async (user: Awaited<ReturnType<typeof customer>>, orderId: string) => {
    const res = await shop.request('/api/payments/sync', {
      method: 'POST',
      json: { orderIds: [orderId], returned: true },
      cookie: user.cookie,
    });
    expect(res.status).toBe(200);
  };

  const place = (user: Awaited<ReturnType<typeof customer>>, items: { productId: string; quantity: number }[]) =>
    postOrder(shop, user, orderBody(items, { idempotencyKey: `key-${crypto.randomUUID()}` }));

  it('offers the waiting order for the same goods, and makes no second order or reservation', async () => {
    const user = await customer(shop);
    const tilapia = await productBySlug(shop, 'fresh-whole-tilapia');
    const catfish = await productBySlug(shop, 'whole-catfish');
    const first = await place(user, [
      { productId: tilapia.id, quantity: 2 },
      { productId: catfish.id, quantity: 1 },
    ]);
    expect(first.status).toBe(200);
    await returnFromPesapal(user, first.json.orderId!);
    const stockAfterFirst = await stockOf(shop, tilapia.id);

    // The same goods in another order of lines (and a line split in two) are the same goods.
    const again = await place(user, [
      { productId: catfish.id, quantity: 1 },
      { productId: tilapia.id, quantity: 1 },
      { productId: tilapia.id, quantity: 1 },
    ]);
    expect(again.status).toBe(409);
    expect(again.json.error).toMatchObject({
      code: 'ORDER_AWAITING_PAYMENT',
      message: ORDER_AWAITING_PAYMENT,
      orderId: first.json.orderId,
    });
    expect(await shop.ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);
    expect(await stockOf(shop, tilapia.id)).toBe(stockAfterFirst);

    // Different quantities are different goods: a new order.
    const more = await place(user, [
      { productId: tilapia.id, quantity: 3 },
      { productId: catfish.id, quantity: 1 },
    ]);
    expect(more.status).toBe(200);
    expect(more.json.orderId).not.toBe(first.json.orderId);
  });

  it("an order never taken to the end of Pesapal's page is not waiting: the same goods are a new order", async () => {
    const user = await customer(shop);
    const tilapia = await productBySlug(shop, 'fresh-whole-tilapia');
    const first = await place(user, [{ productId: tilapia.id, quantity: 1 }]);
    const again = await place(user, [{ productId: tilapia.id, quantity: 1 }]);
    expect(again.status).toBe(200);
    expect(again.json.orderId).not.toBe(first.json.orderId);
  });

  it('an order Pesapal notified the shop about (IPN) is waiting until it is confirmed', async () => {
    const user = await customer(shop);
    const tilapia = await productBySlug(shop, 'fresh-whole-tilapia');
    const first = await place(user, [{ productId: tilapia.id, quantity: 1 }]);
    const trackingId = new URL(first.json.iframeUrl!).searchParams.get('OrderTrackingId')!;
    // Pesapal's notice arrives while the payment is still pending at Pesapal.
    const ipn = await shop.request(
      `/api/payments/ipn?OrderTrackingId=${trackingId}&OrderMerchantReference=x&OrderNotificationType=IPNCHANGE`,
    );
    expect(ipn.status).toBe(200);
    expect((await orderRow(shop, first.json.orderId!)).status).toBe('pending');
    const again = await place(user, [{ productId: tilapia.id, quantity: 1 }]);
    expect(again.status).toBe(409);
    expect(again.json.error?.orderId).toBe(first.json.orderId);
  });

  it("'Continue that order' opens the page already open on it, and cancels nothing", async () => {
    const user = await customer(shop);
    const tilapia = await productBySlug(shop, 'fresh-whole-tilapia');
    const first = await place(user, [{ productId: tilapia.id, quantity: 1 }]);
    const res = await shop.request(`/api/payments/orders/${first.json.orderId}/continue`, { method: 'POST', cookie: user.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ orderId: first.json.orderId, iframeUrl: first.json.iframeUrl });

    // Another customer cannot continue it.
    const stranger = await customer(shop);
    const refused = await shop.request(`/api/payments/orders/${first.json.orderId}/continue`, { method: 'POST', cookie: stranger.cookie });
    expect(refused.status).toBe(404);
  });

  it('the same goods once the earlier order is paid are a new order', async () => {
    const user = await customer(shop);
    const tilapia = await productBySlug(shop, 'fresh-whole-tilapia');
    const first = await place(user, [{ productId: tilapia.id, quantity: 1 }]);
    await payOnSimulator(shop, new URL(first.json.iframeUrl!).searchParams.get('OrderTrackingId')!, 'card');
    expect((await orderRow(shop, first.json.orderId!)).status).toBe('completed');
    const again = await place(user, [{ productId: tilapia.id, quantity: 1 }]);
    expect(again.status).toBe(200);
    expect(again.json.orderId).not.toBe(first.json.orderId);
  });
});
