// Addresses past the farthest delivery zone: the fee endpoint and order creation both refuse them
// with 422 DELIVERY_OUT_OF_AREA and a message the customer can act on; nothing is written and no
// stock moves. Also: visitors without a session can price an area (the cart does), within a budget.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deliveryZones, orders, paymentTransactions } from '../../src/server/db/schema';
import { dbKinds } from '../support/test-database';
import type { TestUser } from '../support/test-app';
import { createShop, customer, disposeShop, orderBody, postOrder, productBySlug, stockOf, WESTLANDS, type Shop } from './checkout-support';

const KITENGELA = 'Plot 7, Kitengela';
/** Nakuru: about 160 km from Nairobi West, past the default 50 km. */
const NAKURU = { lat: -0.3031, lng: 36.08 };

describe.each(dbKinds(import.meta.url))('delivery beyond the zones on %s', (kind) => {
  let shop: Shop;
  let user: TestUser;
  beforeEach(async () => {
    shop = await createShop(kind);
    user = await customer(shop);
  });
  afterEach(() => disposeShop(shop));

  const fee = async (json: unknown, cookie = '', forwardedFor = '203.0.113.7') => {
    const res = await shop.request('/api/checkout/delivery-fee', {
      method: 'POST',
      json,
      cookie,
      headers: { 'X-Forwarded-For': forwardedFor },
    });
    return { status: res.status, body: (await res.json()) as { error?: { code: string; message: string } } & Record<string, unknown> };
  };

  it('refuses a point past the farthest zone, to visitors and customers alike', async () => {
    const expected = {
      error: {
        code: 'DELIVERY_OUT_OF_AREA',
        message: 'We do not deliver there yet. We deliver within 50 km of Kogo Star Plaza, Nairobi West.',
        fields: { address: 'We do not deliver there yet. We deliver within 50 km of Kogo Star Plaza, Nairobi West.' },
      },
    };
    const anonymous = await fee({ address: 'Nakuru', latitude: NAKURU.lat, longitude: NAKURU.lng });
    expect(anonymous).toEqual({ status: 422, body: expected });
    expect(await fee({ address: 'Nakuru', latitude: NAKURU.lat, longitude: NAKURU.lng }, user.cookie)).toEqual({
      status: 422,
      body: expected,
    });
  });

  it('prices Kitengela for a visitor who has not signed in', async () => {
    const res = await fee({ address: KITENGELA });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ zoneName: 'Zone 5 - Extended Nairobi', deliveryFeeCents: expect.any(Number) });
  });

  it('refuses the order when the merchant no longer delivers that far: no order, no payment, stock untouched', async () => {
    await shop.ctx.db.update(deliveryZones).set({ active: false }).where(eq(deliveryZones.name, 'Zone 5 - Extended Nairobi'));
    const tilapia = await productBySlug(shop, 'fresh-whole-tilapia');
    const stockBefore = await stockOf(shop, tilapia.id);
    const message = 'We do not deliver there yet. We deliver within 25 km of Kogo Star Plaza, Nairobi West.';

    expect(await fee({ address: KITENGELA }, user.cookie)).toMatchObject({
      status: 422,
      body: { error: { code: 'DELIVERY_OUT_OF_AREA', message } },
    });

    const body = orderBody([{ productId: tilapia.id, quantity: 2 }]);
    const refused = await postOrder(shop, user, { ...body, deliveryInfo: { address: KITENGELA } });
    expect(refused.status).toBe(422);
    expect(refused.json).toEqual({ error: { code: 'DELIVERY_OUT_OF_AREA', message, fields: { 'deliveryInfo.address': message } } });
    expect(await shop.ctx.db.select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);
    expect(await shop.ctx.db.select().from(paymentTransactions)).toEqual([]);
    expect(await stockOf(shop, tilapia.id)).toBe(stockBefore);

    // A place inside the zones is still delivered.
    const placed = await postOrder(shop, user, { ...body, deliveryInfo: { address: WESTLANDS.address } });
    expect(placed.status).toBe(200);
    expect(await shop.ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);
  });

  it('gives a visitor without a session 120 look-ups per 15 minutes; signed-in customers are not counted', async () => {
    const lookup = (cookie = '') =>
      shop.request('/api/checkout/places/autocomplete', {
        method: 'POST',
        json: { input: 'Kite' },
        cookie,
        headers: { 'X-Forwarded-For': '198.51.100.4' },
      });
    for (let i = 0; i < 120; i += 1) expect((await lookup()).status).toBe(200);
    const refused = await lookup();
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      error: {
        code: 'TOO_MANY_REQUESTS',
        message: 'Too many address look-ups from your network. Please wait 15 minutes, or sign in to go on.',
      },
    });
    expect((await fee({ address: KITENGELA }, '', '198.51.100.4')).status).toBe(429);
    expect((await lookup(user.cookie)).status).toBe(200);
    // The window ends; the visitor may look up again.
    shop.clock.advance(15 * 60_000 + 1);
    expect((await lookup()).status).toBe(200);
  });
});
