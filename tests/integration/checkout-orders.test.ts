// POST /api/checkout/orders: the server prices the order, reserves stock in one transaction and
// opens a Pesapal payment page; whatever the browser says about prices or users is ignored.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { computeCartTotals } from '../../src/domain/cart-totals';
import { deliveryFeeForDistance, DEFAULT_DELIVERY_ZONES } from '../../src/domain/delivery-fee';
import { orderItems, orders, paymentTransactions, products } from '../../src/server/db/schema';
import { MAX_UNPAID_ORDERS, TOO_MANY_UNPAID } from '../../src/server/features/checkout/order-placement.service';
import { expireReservations } from '../../src/server/features/payments/reconciliation.service';
import type { PesapalClient } from '../../src/server/integrations/pesapal/pesapal-types';
import { PesapalError } from '../../src/server/integrations/pesapal/pesapal-types';
import { dbKinds } from '../support/test-database';
import { createUser } from '../support/test-app';
import {
  createShop,
  customer,
  disposeShop,
  movementsOf,
  orderBody,
  orderRow,
  postOrder,
  productBySlug,
  setStock,
  stockOf,
  transactionsOf,
  type Shop,
} from './checkout-support';

describe.each(dbKinds(import.meta.url))('checkout orders on %s', (kind) => {
  let shop: Shop;
  beforeEach(async () => {
    shop = await createShop(kind);
  });
  afterEach(() => disposeShop(shop));

  it('prices from the database and ignores prices, totals, fees and user ids in the request', async () => {
    const user = await customer(shop);
    const other = await createUser(shop);
    const tilapia = await productBySlug(shop, 'fresh-whole-tilapia');
    const before = await stockOf(shop, tilapia.id);
    const requested = [{ productId: tilapia.id, quantity: 2, unitPriceCents: 1, price: '0.01', lineTotalCents: 2 }];
    const { status, json } = await postOrder(
      shop,
      user,
      orderBody(requested, {
        userId: other.id,
        totalCents: 1,
        subtotalCents: 1,
        deliveryFeeCents: 0,
        deliveryInfo: { address: 'Westlands, Nairobi', coordinates: { lat: -1.266, lng: 36.81 }, fee: 0, zone: 'free' },
      }),
    );
    expect(status).toBe(200);
    // The window has places for unpaid orders: nothing to tell.
    expect(json).toEqual({
      orderId: expect.any(String),
      iframeUrl: expect.any(String),
      mpesa: null,
      payOnDelivery: false,
      deliveryWindowNotice: null,
      stockNotice: null,
    });
    const order = await orderRow(shop, json.orderId!);
    expect(order.userId).toBe(user.id);
    expect(order.status).toBe('pending');
    expect(order.customerPhone).toBe('+254712345678'); // typed '0712 345 678'

    // What the server must have computed, from the seeded price and the seeded zones.
    const unit = tilapia.price;
    const quote = deliveryFeeForDistance(DEFAULT_DELIVERY_ZONES, Number(order.deliveryDistanceKm));
    const expected = computeCartTotals({ lines: [{ unitPriceCents: unit, quantity: 2 }], deliveryFeeCents: quote!.feeCents });
    expect(order.subtotal).toBe(expected.subtotalCents);
    expect(order.vat).toBe(expected.vatCents);
    expect(order.deliveryFee).toBe(quote!.feeCents);
    expect(order.deliveryFee).toBeGreaterThan(0);
    expect(order.totalAmount).toBe(expected.totalCents);
    expect(order.deliveryZoneName).toBe('Zone 2 - Mid Distance');
    expect(order.reservationExpiresAt!.getTime() - order.createdAt.getTime()).toBe(30 * 60_000);

    const items = await shop.ctx.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(items).toMatchObject([{ productId: tilapia.id, quantity: 2, unitPrice: tilapia.price, productName: tilapia.name }]);
    expect(await stockOf(shop, tilapia.id)).toBe(before - 2);
    expect(await movementsOf(shop, order.id)).toMatchObject([{ kind: 'reservation', quantity: -2, stockAfter: before - 2 }]);

    // Pesapal is asked for exactly the order total, with a fresh merchant reference.
    const [txn] = await transactionsOf(shop, order.id);
    expect(txn).toMatchObject({
      status: 'PENDING',
      amount: order.totalAmount,
      currency: 'KES',
      merchantReference: `ORD-${order.id.slice(0, 8)}-1`,
    });
    expect(txn!.customerPhoneDisplay).toBe('+25*******678');
    expect(order.pesapalTransactionId).toBe(txn!.pesapalTrackingId);
    const simOrder = shop.sim.state.orders.get(txn!.pesapalTrackingId!);
    expect(simOrder?.amountCents).toBe(expected.totalCents);
    expect(simOrder?.callbackUrl).toBe('http://localhost:3000/api/payments/return');
    expect(simOrder?.cancellationUrl).toBe('http://localhost:3000/api/payments/return?payment=cancelled');
    expect(json.iframeUrl).toBe(txn!.redirectUrl);
  });

  it('prices the delivery from a point it vouched for, else from the address text', async () => {
    const user = await customer(shop);
    const tilapia = await productBySlug(shop, 'fresh-whole-tilapia');
    const res = await shop.request('/api/checkout/places/details', {
      method: 'POST',
      json: { placeId: 'gz-westlands' },
      cookie: user.cookie,
    });
    const westlands = (await res.json()) as { address: string; coordinates: { lat: number; lng: number }; placeToken: string };
    expect(westlands.placeToken).toMatch(/^[\w-]{43}$/);
    const shopDoor = { lat: -1.3162, lng: 36.7965 }; // 0 km: the cheapest band
    const karen = { lat: -1.32, lng: 36.71 };
    const place = async (delivery: { address: string; coordinates: { lat: number; lng: number }; placeToken?: string }) => {
      const { status, json } = await postOrder(shop, user, orderBody([{ productId: tilapia.id, quantity: 1 }], { deliveryInfo: delivery }));
      expect(status).toBe(200);
      const o = await orderRow(shop, json.orderId!);
      return { point: { lat: o.deliveryLatitude, lng: o.deliveryLongitude }, zone: o.deliveryZoneName, fee: o.deliveryFee };
    };

    const vouched = await place({ address: westlands.address, coordinates: westlands.coordinates, placeToken: westlands.placeToken });
    expect(vouched).toMatchObject({ point: westlands.coordinates, zone: 'Zone 2 - Mid Distance' });
    // Coordinates at the shop's door beside a Westlands address: not believed, with or without a token.
    expect(await place({ address: westlands.address, coordinates: shopDoor })).toEqual(vouched);
    expect(await place({ address: westlands.address, coordinates: shopDoor, placeToken: westlands.placeToken })).toEqual(vouched);
    // Westlands' token does not vouch for another address: Karen is priced as Karen.
    const moved = await place({ address: 'Karen, Nairobi, Kenya', coordinates: westlands.coordinates, placeToken: westlands.placeToken });
    expect(moved.point).toEqual(karen);
  });

  it('delivers free from a subtotal of KES 2,000', async () => {
    const user = await customer(shop);
    const tilapia = await productBySlug(shop, 'fresh-whole-tilapia');
    const quantity = Math.ceil(200_000 / tilapia.price);
    const { json } = await postOrder(shop, user, orderBody([{ productId: tilapia.id, quantity }]));
    const order = await orderRow(shop, json.orderId!);
    expect(order.deliveryFee).toBe(0);
    expect(order.totalAmount).toBe(order.subtotal + order.vat);
  });

  it('refuses an out-of-stock product with a message naming it, and reserves nothing', async () => {
    const user = await customer(shop);
    const tilapia = await productBySlug(shop, 'fresh-whole-tilapia');
    const [soldOut] = await shop.ctx.db.select().from(products).where(eq(products.stock, 0));
    const before = await stockOf(shop, tilapia.id);
    const { status, json } = await postOrder(
      shop,
      user,
      orderBody([
        { productId: tilapia.id, quantity: 1 },
        { productId: soldOut!.id, quantity: 1 },
      ]),
    );
    expect(status).toBe(409);
    expect(json).toEqual({ error: { code: 'OUT_OF_STOCK', message: `${soldOut!.name} is out of stock.` } });
    expect(await stockOf(shop, tilapia.id)).toBe(before);
    expect(await shop.ctx.db.select().from(orders)).toEqual([]);

    await setStock(shop, tilapia.id, 3);
    const short = await postOrder(shop, user, orderBody([{ productId: tilapia.id, quantity: 5 }]));
    expect(short.json.error).toEqual({ code: 'OUT_OF_STOCK', message: `Only 3 of ${tilapia.name} left in stock (you asked for 5).` });
  });

  it('refuses unpublished products and bad quantities', async () => {
    const user = await customer(shop);
    const tilapia = await productBySlug(shop, 'fresh-whole-tilapia');
    for (const quantity of [0, 100, 1.5, -1]) {
      const res = await postOrder(shop, user, orderBody([{ productId: tilapia.id, quantity }]));
      expect(res.status).toBe(400);
      expect(res.json.error).toMatchObject({ message: 'Quantity must be a whole number from 1 to 99.' });
    }
    const empty = await postOrder(shop, user, orderBody([]));
    expect(empty.json.error).toMatchObject({ message: 'Your cart is empty.' });
    const missing = await postOrder(shop, user, orderBody([{ productId: tilapia.id, quantity: 1 }], { customerInfo: { fullName: 'A' } }));
    const required = 'Please fill in all required fields.';
    // Field keys are the request's own (camelCase) paths: the form shows each message under its field.
    expect(missing.json.error).toEqual({
      code: 'VALIDATION_FAILED',
      message: required,
      fields: { 'customerInfo.email': required, 'customerInfo.phone': required, 'customerInfo.address': required },
    });

    await shop.ctx.db.update(products).set({ published: false }).where(eq(products.id, tilapia.id));
    const hidden = await postOrder(shop, user, orderBody([{ productId: tilapia.id, quantity: 1 }]));
    expect(hidden.status).toBe(409);
    expect(hidden.json.error).toEqual({
      code: 'PRODUCT_UNAVAILABLE',
      message: `${tilapia.name} is no longer available. Please remove it from your cart.`,
    });
  });

  it('needs a signed-in customer', async () => {
    const tilapia = await productBySlug(shop, 'fresh-whole-tilapia');
    const res = await shop.request('/api/checkout/orders', { method: 'POST', json: orderBody([{ productId: tilapia.id, quantity: 1 }]) });
    expect(res.status).toBe(401);
  });

  it('makes one order and one payment page from a double click (same idempotency key)', async () => {
    const user = await customer(shop);
    const tilapia = await productBySlug(shop, 'fresh-whole-tilapia');
    const before = await stockOf(shop, tilapia.id);
    const body = orderBody([{ productId: tilapia.id, quantity: 1 }], { idempotencyKey: 'double-click-key-1' });
    const [a, b] = await Promise.all([postOrder(shop, user, body), postOrder(shop, user, body)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.json.orderId).toBe(a.json.orderId);
    expect(b.json.iframeUrl).toBe(a.json.iframeUrl);
    const later = await postOrder(shop, user, body);
    expect(later.json.orderId).toBe(a.json.orderId);
    expect(await shop.ctx.db.select().from(orders)).toHaveLength(1);
    expect(await shop.ctx.db.select().from(paymentTransactions)).toHaveLength(1);
    expect(await stockOf(shop, tilapia.id)).toBe(before - 1);

    // The same key from another customer is their own order.
    const other = await customer(shop);
    const theirs = await postOrder(shop, other, body);
    expect(theirs.json.orderId).not.toBe(a.json.orderId);
  });

  it(`lets one customer hold at most ${MAX_UNPAID_ORDERS} unpaid orders, so nobody can keep stock off sale without paying`, async () => {
    const user = await customer(shop);
    const tilapia = await productBySlug(shop, 'fresh-whole-tilapia');
    const order = () => postOrder(shop, user, orderBody([{ productId: tilapia.id, quantity: 2 }], { idempotencyKey: crypto.randomUUID() }));
    const placed = [];
    for (let i = 0; i < MAX_UNPAID_ORDERS; i++) placed.push(await order());
    expect(placed.map((p) => p.status)).toEqual(Array(MAX_UNPAID_ORDERS).fill(200));
    const stock = await stockOf(shop, tilapia.id);

    const refused = await order();
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ error: { code: 'TOO_MANY_UNPAID', message: TOO_MANY_UNPAID } });
    expect(await stockOf(shop, tilapia.id)).toBe(stock);
    expect(await shop.ctx.db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(MAX_UNPAID_ORDERS);

    // Paying one makes room; other customers were never limited.
    await shop.sim.complete(new URL(placed[0]!.json.iframeUrl!).searchParams.get('OrderTrackingId')!, 'card');
    expect((await order()).status).toBe(200);
    const other = await customer(shop);
    expect((await postOrder(shop, other, orderBody([{ productId: tilapia.id, quantity: 1 }]))).status).toBe(200);
  });
});

describe.each(dbKinds(import.meta.url))('checkout when Pesapal cannot be reached, on %s', (kind) => {
  let shop: Shop;
  let down = true;
  beforeEach(async () => {
    down = true;
    shop = await createShop(kind);
    const real = shop.ctx.integrations.pesapal;
    const flaky: PesapalClient = {
      ...real,
      submitOrder: (req) =>
        down ? Promise.reject(new PesapalError({ code: 'network_error', message: 'connect ECONNREFUSED' })) : real.submitOrder(req),
    };
    shop.ctx.integrations.pesapal = flaky;
  });
  afterEach(() => disposeShop(shop));

  it('keeps the order pending with its reservation, shows the error, and pays later', async () => {
    const user = await customer(shop);
    const tilapia = await productBySlug(shop, 'fresh-whole-tilapia');
    const before = await stockOf(shop, tilapia.id);
    const { status, json } = await postOrder(shop, user, orderBody([{ productId: tilapia.id, quantity: 1 }]));
    expect(status).toBe(502);
    expect(json).toEqual({
      error: { code: 'PAYMENT_START_FAILED', message: 'Failed to create payment order', orderId: expect.any(String) },
    });
    const order = await orderRow(shop, json.error!.orderId!);
    expect(order.status).toBe('pending');
    expect(order.customerPhone).toBe('+254712345678'); // typed '0712 345 678'
    expect(await transactionsOf(shop, order.id)).toEqual([]);
    expect(await stockOf(shop, tilapia.id)).toBe(before - 1);

    down = false;
    const res = await shop.request(`/api/payments/orders/${order.id}/retry`, { method: 'POST', cookie: user.cookie });
    const retried = (await res.json()) as { orderId: string; iframeUrl: string };
    expect(retried).toEqual({ orderId: order.id, iframeUrl: expect.any(String) });
    // The first reference may have reached Pesapal: the retry never sends it again.
    const [txn] = await transactionsOf(shop, order.id);
    expect(txn).toMatchObject({ status: 'PENDING', merchantReference: `ORD-${order.id.slice(0, 8)}-2`, redirectUrl: retried.iframeUrl });
    expect((await orderRow(shop, order.id)).paymentAttempts).toBe(2);

    const stranger = await customer(shop);
    const theirs = await shop.request(`/api/payments/orders/${order.id}/retry`, { method: 'POST', cookie: stranger.cookie });
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Order not found' } });
  });

  it('gives the stock back when the order is still unpaid after 30 minutes', async () => {
    const user = await customer(shop);
    const tilapia = await productBySlug(shop, 'fresh-whole-tilapia');
    const before = await stockOf(shop, tilapia.id);
    const { json } = await postOrder(shop, user, orderBody([{ productId: tilapia.id, quantity: 2 }]));
    expect(json.error).toMatchObject({ code: 'PAYMENT_START_FAILED', message: 'Failed to create payment order' });
    const orderId = json.error!.orderId!;
    shop.clock.advance(31 * 60_000);
    expect(await expireReservations(shop.ctx)).toEqual({ expired: 1 });
    expect(await orderRow(shop, orderId)).toMatchObject({ status: 'failed', cancelledReason: 'Not paid within 30 minutes' });
    expect(await stockOf(shop, tilapia.id)).toBe(before);
    expect((await movementsOf(shop, orderId)).map((m) => `${m.kind} ${m.quantity}`).sort()).toEqual(['release 2', 'reservation -2']);
  });
});
