// Delivery windows at checkout: the slots offered for the address's zone at a given Nairobi time,
// exact capacity when many customers take the last places at once (two instances on PostgreSQL),
// a hold that ends with the stock reservation, and a payment after that keeps the order and flags it;
// a window's places are each zone's own, and a zone's exceptions (its own capacity, a window it is
// not served in) hold at checkout.
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, createContext } from '../../src/server/app';
import type { Database } from '../../src/server/db/client';
import { deliveryWindowZones, deliveryWindows, deliveryZones, orderDeliveryWindows } from '../../src/server/db/schema';
import { refreshPayment } from '../../src/server/features/payments/payment-refresh.service';
import { expireReservations, reconcilePayments } from '../../src/server/features/payments/reconciliation.service';
import { createMailer } from '../../src/server/infra/mail/mailer';
import { createUser, TEST_ORIGIN, type TestUser } from '../support/test-app';
import { dbKinds, openSecondHandle } from '../support/test-database';
import {
  createShop,
  customer,
  disposeShop,
  orderBody,
  orderRow,
  payOnSimulator,
  productBySlug,
  setStock,
  type OrderAnswer,
  type Shop,
} from './checkout-support';

const MINUTE = 60_000;
// Thursday 26 Nov 2026, 17:20 in Nairobi.
const THURSDAY_1720 = new Date('2026-11-26T17:20:00+03:00');

interface Slots {
  slots: { windowId: string; date: string; label: string; left: number; full: boolean }[];
  chosen: { windowId: string; date: string } | null;
  closedNotice: string | null;
}

async function slotsFor(shop: Shop, zone: string): Promise<Slots> {
  const res = await shop.request(`/api/checkout/delivery-windows?zoneId=${zone}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Slots;
}

describe.each(dbKinds(import.meta.url))('delivery windows at checkout on %s', (kind) => {
  let shop: Shop;
  let users: TestUser[];
  let westlands: string;
  let secondDatabase: Database | null = null;
  beforeAll(async () => {
    // Every place may be held unpaid here: these tests are about capacity itself. The share kept for
    // customers who pay first is tested in unpaid-holds.test.ts.
    shop = await createShop(kind, { poolSize: 25, env: { UNPAID_WINDOW_SHARE: '100' } });
    shop.clock.advance(THURSDAY_1720.getTime() - shop.clock.now().getTime());
    users = [];
    for (let i = 0; i < 6; i++) users.push(await customer(shop));
    // Westlands (the checkout tests' address) is in Zone 2.
    const fee = await shop.request('/api/checkout/delivery-fee', {
      method: 'POST',
      json: { address: 'Westlands, Nairobi, Kenya', latitude: -1.266, longitude: 36.81 },
    });
    westlands = ((await fee.json()) as { zoneId: string }).zoneId;
    const product = await productBySlug(shop, 'fresh-whole-tilapia');
    await setStock(shop, product.id, 500);
  }, 120_000);
  afterAll(async () => {
    await secondDatabase?.close();
    await disposeShop(shop);
  });

  it("offers the next morning's window at 17:20 on a weekday, and today's none after closing", async () => {
    const s = await slotsFor(shop, westlands);
    expect(s.slots[0]).toMatchObject({ label: 'Fri 27 Nov, 10:00–12:00', left: 20, full: false });
    expect(s.chosen).toEqual({ windowId: s.slots[0]!.windowId, date: '2026-11-27' });
    expect(s.slots.some((x) => x.date === '2026-11-26')).toBe(false);
    expect(s.closedNotice).toBeNull();
  });

  it('says when the shop opens on a Sunday night', async () => {
    const back = shop.clock.now().getTime();
    shop.clock.advance(new Date('2026-11-29T22:30:00+03:00').getTime() - back);
    try {
      const s = await slotsFor(shop, westlands);
      expect(s.closedNotice).toBe('We are closed now and open tomorrow at 9:00 AM. The next delivery is Mon 30 Nov, 10:00–12:00.');
    } finally {
      shop.clock.advance(back - shop.clock.now().getTime());
    }
  });

  it('refuses an unknown zone id with a clear message', async () => {
    const res = await shop.request('/api/checkout/delivery-windows?zoneId=nope');
    expect(res.status).toBe(400);
    expect(((await res.json()) as OrderAnswer).error?.message).toBe('Choose a delivery zone.');
  });

  it('never fills a window past its capacity: 30 orders for 5 places give 5 holds and 25 clear refusals', async () => {
    const { slots } = await slotsFor(shop, westlands);
    const target = slots.find((x) => x.label === 'Fri 27 Nov, 14:00–16:00')!;
    await shop.ctx.db.update(deliveryWindows).set({ capacity: 5 }).where(eq(deliveryWindows.id, target.windowId));
    const productId = (await productBySlug(shop, 'fresh-whole-tilapia')).id;
    // On PostgreSQL, half the customers reach a second instance with its own connections.
    if (kind === 'postgres') secondDatabase = await openSecondHandle(shop.testDb.url!);
    const second = secondDatabase
      ? createApp(
          createContext({
            env: shop.ctx.env,
            database: secondDatabase,
            logger: shop.ctx.logger,
            mailer: createMailer({ db: secondDatabase.db, from: 'Shop <shop@example.test>' }),
            now: shop.clock.now,
            integrations: shop.ctx.integrations,
          }),
        )
      : null;
    const post = async (i: number) => {
      const body = orderBody([{ productId, quantity: 1 }], {
        idempotencyKey: `window-race-${i}`,
        deliveryWindow: { windowId: target.windowId, date: target.date },
      });
      const user = users[i % 6]!;
      const init = {
        method: 'POST',
        headers: { Origin: TEST_ORIGIN, Cookie: user.cookie, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      };
      const res =
        second && i % 2 === 1
          ? await second.request(`${TEST_ORIGIN}/api/checkout/orders`, init)
          : await shop.request('/api/checkout/orders', { method: 'POST', json: body, cookie: user.cookie });
      return { status: res.status, json: (await res.json()) as OrderAnswer };
    };
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => post(i)));
    const accepted = answers.filter((a) => a.status === 200 && a.json.orderId);
    const refused = answers.filter((a) => a.status === 409);
    expect(accepted).toHaveLength(5);
    expect(refused, JSON.stringify(answers.filter((a) => a.status !== 200 && a.status !== 409))).toHaveLength(25);
    for (const r of refused) {
      expect(r.json.error).toMatchObject({ code: 'DELIVERY_WINDOW_FULL', message: 'That delivery window is full. Please choose another.' });
    }
    const holds = await shop.ctx.db
      .select()
      .from(orderDeliveryWindows)
      .where(and(eq(orderDeliveryWindows.windowId, target.windowId), eq(orderDeliveryWindows.held, true)));
    expect(holds.map((h) => h.orderId).sort()).toEqual(accepted.map((a) => a.json.orderId).sort());
    const after = await slotsFor(shop, westlands);
    expect(after.slots.find((x) => x.windowId === target.windowId && x.date === target.date)).toMatchObject({ left: 0, full: true });

    // The holds end with the reservations: the places are free again.
    shop.clock.advance(31 * MINUTE);
    expect((await expireReservations(shop.ctx)).expired).toBeGreaterThanOrEqual(5);
    const freed = await slotsFor(shop, westlands);
    expect(freed.slots.find((x) => x.windowId === target.windowId && x.date === target.date)).toMatchObject({ left: 5, full: false });
  });

  it('shows the window on the order, and a payment after the hold ended keeps the order and flags it when the window filled', async () => {
    const productId = (await productBySlug(shop, 'fresh-whole-tilapia')).id;
    const { slots } = await slotsFor(shop, westlands);
    const target = slots.find((x) => x.label === 'Fri 27 Nov, 16:00–18:00')!;
    await shop.ctx.db.update(deliveryWindows).set({ capacity: 1 }).where(eq(deliveryWindows.id, target.windowId));
    const pesapal = shop.ctx.integrations.pesapal;
    shop.ctx.integrations.pesapal = { ...pesapal, cancelOrder: async () => ({ cancelled: false, message: 'Payment in progress' }) };
    shop.sim.switches.dropIpn = true;
    try {
      const res = await shop.request('/api/checkout/orders', {
        method: 'POST',
        cookie: users[0]!.cookie,
        json: orderBody([{ productId, quantity: 1 }], {
          idempotencyKey: 'late-payer-1',
          deliveryWindow: { windowId: target.windowId, date: target.date },
        }),
      });
      const placed = (await res.json()) as OrderAnswer;
      expect(res.status).toBe(200);
      const trackingId = new URL(placed.iframeUrl!).searchParams.get('OrderTrackingId')!;
      const detail = await shop.request(`/api/orders/${placed.orderId}`, { cookie: users[0]!.cookie });
      expect(((await detail.json()) as { deliveryWindow: { label: string } }).deliveryWindow).toMatchObject({
        date: '2026-11-27',
        label: 'Fri 27 Nov, 16:00–18:00',
      });
      // The back office's order page names the window, not an estimated time.
      const owner = await createUser(shop, { role: 'owner' });
      const office = await shop.request(`/api/admin/orders/${placed.orderId}`, { cookie: owner.cookie });
      expect(((await office.json()) as { deliveryWindow: string | null }).deliveryWindow).toBe('Fri 27 Nov, 16:00–18:00');

      shop.clock.advance(31 * MINUTE);
      await expireReservations(shop.ctx);
      // Someone else takes the place meanwhile.
      shop.sim.switches.dropIpn = false;
      const other = await shop.request('/api/checkout/orders', {
        method: 'POST',
        cookie: users[1]!.cookie,
        json: orderBody([{ productId, quantity: 1 }], {
          idempotencyKey: 'window-taker',
          deliveryWindow: { windowId: target.windowId, date: target.date },
        }),
      });
      expect(other.status).toBe(200);

      await payOnSimulator(shop, trackingId, 'card');
      await reconcilePayments(shop.ctx);
      const paid = await orderRow(shop, placed.orderId!);
      expect(paid).toMatchObject({ status: 'completed', needsAttention: true });
      expect(paid.attentionReason).toBe(
        'Paid after the reservation expired; the delivery window Fri 27 Nov, 16:00–18:00 is full: agree another time with the customer.',
      );
      const [hold] = await shop.ctx.db.select().from(orderDeliveryWindows).where(eq(orderDeliveryWindows.orderId, placed.orderId!));
      expect(hold).toMatchObject({ held: false, deliveryDate: '2026-11-27' });
    } finally {
      shop.ctx.integrations.pesapal = pesapal;
      shop.sim.switches.dropIpn = false;
    }
  });
  it("gives a refunded order's place back, so the next customer can have the window", async () => {
    const productId = (await productBySlug(shop, 'fresh-whole-tilapia')).id;
    const { slots } = await slotsFor(shop, westlands);
    const target = slots.find((x) => x.label === 'Sat 28 Nov, 10:00–12:00')!;
    await shop.ctx.db.update(deliveryWindows).set({ capacity: 1 }).where(eq(deliveryWindows.id, target.windowId));
    const place = (user: TestUser, key: string) =>
      shop.request('/api/checkout/orders', {
        method: 'POST',
        cookie: user.cookie,
        json: orderBody([{ productId, quantity: 1 }], {
          idempotencyKey: key,
          deliveryWindow: { windowId: target.windowId, date: target.date },
        }),
      });
    const first = await place(users[2]!, 'refunded-window-1');
    expect(first.status).toBe(200);
    const placed = (await first.json()) as OrderAnswer;
    const trackingId = new URL(placed.iframeUrl!).searchParams.get('OrderTrackingId')!;
    await payOnSimulator(shop, trackingId, 'card');
    await reconcilePayments(shop.ctx);
    expect(await orderRow(shop, placed.orderId!)).toMatchObject({ status: 'completed' });
    // The window is full while the order is paid for.
    expect((await slotsFor(shop, westlands)).slots.find((x) => x.windowId === target.windowId && x.date === target.date)).toMatchObject({
      left: 0,
      full: true,
    });

    const owner = await createUser(shop, { role: 'owner' });
    const cancel = await shop.request(`/api/admin/orders/${placed.orderId}/cancel`, {
      method: 'POST',
      cookie: owner.cookie,
      json: { reason: 'Customer travelling' },
    });
    expect(cancel.status).toBe(200);
    // Asked for, not yet refunded: the place is still the order's.
    expect((await slotsFor(shop, westlands)).slots.find((x) => x.windowId === target.windowId && x.date === target.date)).toMatchObject({
      full: true,
    });
    const decided = await shop.sim.decideRefund(trackingId, 'approve');
    expect(decided.ok).toBe(true);
    await shop.sim.idle();
    await refreshPayment(shop.ctx, trackingId);
    expect(await orderRow(shop, placed.orderId!)).toMatchObject({ status: 'cancelled' });
    const [hold] = await shop.ctx.db.select().from(orderDeliveryWindows).where(eq(orderDeliveryWindows.orderId, placed.orderId!));
    expect(hold).toMatchObject({ held: false });
    expect(hold?.releasedAt).not.toBeNull();
    expect((await slotsFor(shop, westlands)).slots.find((x) => x.windowId === target.windowId && x.date === target.date)).toMatchObject({
      left: 1,
      full: false,
    });
    const next = await place(users[3]!, 'refunded-window-2');
    expect(next.status).toBe(200);
    const [taken] = await shop.ctx.db
      .select()
      .from(orderDeliveryWindows)
      .where(and(eq(orderDeliveryWindows.orderId, ((await next.json()) as OrderAnswer).orderId!), eq(orderDeliveryWindows.held, true)));
    expect(taken).toMatchObject({ deliveryDate: target.date });
  });

  it("gives each zone its own places in a window, and keeps a zone's own capacity and unserved windows", async () => {
    const productId = (await productBySlug(shop, 'fresh-whole-tilapia')).id;
    const { slots } = await slotsFor(shop, westlands);
    const target = slots.find((x) => x.label === 'Wed 2 Dec, 16:00–18:00')!;
    expect(target.left).toBe(20);
    await shop.ctx.db.update(deliveryWindows).set({ capacity: 1 }).where(eq(deliveryWindows.id, target.windowId));
    const placeIn = (user: TestUser, key: string) =>
      shop.request('/api/checkout/orders', {
        method: 'POST',
        cookie: user.cookie,
        json: orderBody([{ productId, quantity: 1 }], {
          idempotencyKey: key,
          deliveryWindow: { windowId: target.windowId, date: target.date },
        }),
      });
    // Customers of their own: the earlier tests' customers have unpaid orders waiting.
    const [one, two] = [await customer(shop), await customer(shop)];
    const first = await placeIn(one, 'zone-places-1');
    expect(first.status, await first.clone().text()).toBe(200);
    const slotIn = async (zoneId: string) =>
      (await slotsFor(shop, zoneId)).slots.find((x) => x.windowId === target.windowId && x.date === target.date);
    expect(await slotIn(westlands)).toMatchObject({ left: 0, full: true });
    // Another zone still has its one place in the same window.
    const [other] = await shop.ctx.db.select({ id: deliveryZones.id }).from(deliveryZones).where(ne(deliveryZones.id, westlands)).limit(1);
    expect(await slotIn(other!.id)).toMatchObject({ left: 1, full: false });

    // Westlands' own capacity of 2 gives it one more place; then it is not served in that window at all.
    await shop.ctx.db.insert(deliveryWindowZones).values({ windowId: target.windowId, zoneId: westlands, capacity: 2 });
    expect(await slotIn(westlands)).toMatchObject({ left: 1, full: false });
    expect(await slotIn(other!.id)).toMatchObject({ left: 1 });
    await shop.ctx.db
      .update(deliveryWindowZones)
      .set({ served: false })
      .where(and(eq(deliveryWindowZones.windowId, target.windowId), eq(deliveryWindowZones.zoneId, westlands)));
    expect(await slotIn(westlands)).toBeUndefined();
    const refused = await placeIn(two, 'zone-places-2');
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as OrderAnswer).error?.message).toBe(
      'That delivery window can no longer be chosen. Please choose another.',
    );
  });
});
