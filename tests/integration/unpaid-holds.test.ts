// Unpaid orders cannot keep a zone's delivery windows from paying customers: many accounts place
// the most unpaid orders they may, aiming at every place of a zone for the week, and a customer who
// pays still orders, pays and keeps a place. Unpaid orders hold at most half of each window.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryWindows, orderDeliveryWindows, orders } from '../../src/server/db/schema';
import { MAX_UNPAID_ORDERS } from '../../src/server/features/checkout/order-placement.service';
import type { TestUser } from '../support/test-app';
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
  setStock,
  type Shop,
} from './checkout-support';

// Thursday 26 Nov 2026, 17:20 in Nairobi.
const THURSDAY_1720 = new Date('2026-11-26T17:20:00+03:00');

interface Slots {
  slots: { windowId: string; date: string; label: string; left: number; full: boolean }[];
}

async function slotsFor(shop: Shop, zoneId: string): Promise<Slots['slots']> {
  const res = await shop.request(`/api/checkout/delivery-windows?zoneId=${zoneId}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as Slots).slots;
}

describe.each(dbKinds(import.meta.url))('unpaid orders and delivery windows on %s', (kind) => {
  let shop: Shop;
  let zoneId: string;
  let productId: string;
  beforeAll(async () => {
    shop = await createShop(kind);
    shop.clock.advance(THURSDAY_1720.getTime() - shop.clock.now().getTime());
    const fee = await shop.request('/api/checkout/delivery-fee', {
      method: 'POST',
      json: { address: 'Westlands, Nairobi, Kenya', latitude: -1.266, longitude: 36.81 },
    });
    zoneId = ((await fee.json()) as { zoneId: string }).zoneId;
    // A small zone: two orders per window (the week's windows, the same in every zone).
    await shop.ctx.db.update(deliveryWindows).set({ capacity: 2 });
    productId = (await productBySlug(shop, 'fresh-whole-tilapia')).id;
    await setStock(shop, productId, 500);
  }, 120_000);
  afterAll(() => disposeShop(shop));

  it('accounts that never pay hold at most half of each window, and a paying customer still orders, pays and keeps a place', async () => {
    const before = await slotsFor(shop, zoneId);
    const places = before.reduce((sum, s) => sum + s.left, 0);
    expect(places).toBeGreaterThan(20);
    // Enough accounts, each with as many unpaid orders as it may have, to take every place of the week.
    const accounts: TestUser[] = [];
    for (let i = 0; i < Math.ceil(places / MAX_UNPAID_ORDERS); i++) accounts.push(await customer(shop));
    const unpaid: string[] = [];
    for (const [a, account] of accounts.entries()) {
      for (let n = 0; n < MAX_UNPAID_ORDERS; n++) {
        const { status, json } = await postOrder(
          shop,
          account,
          orderBody([{ productId, quantity: 1 + n }], { idempotencyKey: `hoarder-${a}-${n}` }),
        );
        expect(status, JSON.stringify(json)).toBe(200);
        unpaid.push(json.orderId!);
      }
    }

    // Every window still has a place for whoever pays first.
    const during = await slotsFor(shop, zoneId);
    expect(during.filter((s) => s.full)).toEqual([]);
    const held = await shop.ctx.db
      .select()
      .from(orderDeliveryWindows)
      .where(and(inArray(orderDeliveryWindows.orderId, unpaid), eq(orderDeliveryWindows.held, true)));
    const perSlot = new Map<string, number>();
    for (const h of held) perSlot.set(`${h.windowId}|${h.deliveryDate}`, (perSlot.get(`${h.windowId}|${h.deliveryDate}`) ?? 0) + 1);
    expect(Math.max(...perSlot.values())).toBe(1);
    expect(held.length).toBeLessThanOrEqual(places / 2);

    // A paying customer orders: told the place is theirs once they pay, then pays and keeps it.
    const buyer = await customer(shop);
    const first = during[0]!;
    const res = await shop.request('/api/checkout/orders', {
      method: 'POST',
      cookie: buyer.cookie,
      json: orderBody([{ productId, quantity: 1 }], {
        idempotencyKey: 'paying-customer',
        deliveryWindow: { windowId: first.windowId, date: first.date },
      }),
    });
    const placed = (await res.json()) as { orderId: string; iframeUrl: string; deliveryWindowNotice: string | null };
    expect(res.status, JSON.stringify(placed)).toBe(200);
    expect(placed.deliveryWindowNotice).toBe(`Places in ${first.label} go to the customers who pay first: pay now and the place is yours.`);
    await payOnSimulator(shop, new URL(placed.iframeUrl).searchParams.get('OrderTrackingId')!, 'card');
    expect(await orderRow(shop, placed.orderId)).toMatchObject({ status: 'completed', needsAttention: false });
    const [hold] = await shop.ctx.db.select().from(orderDeliveryWindows).where(eq(orderDeliveryWindows.orderId, placed.orderId));
    expect(hold).toMatchObject({ held: true, windowId: first.windowId, deliveryDate: first.date });
    const after = await slotsFor(shop, zoneId);
    expect(after.find((s) => s.windowId === first.windowId && s.date === first.date)).toMatchObject({ left: 0, full: true });

    // The unpaid orders are all still there, none was cancelled for the payer.
    const still = await shop.ctx.db.select({ status: orders.status }).from(orders).where(inArray(orders.id, unpaid));
    expect(still.every((o) => o.status === 'pending')).toBe(true);
  });

  it('never gives a window more paid orders than places when many orders waiting for a place are paid at once', async () => {
    const slot = (await slotsFor(shop, zoneId)).find((s) => s.left === 2)!;
    const buyers: TestUser[] = [];
    for (let i = 0; i < 8; i++) buyers.push(await customer(shop));
    const placed = await Promise.all(
      buyers.map((b, i) =>
        postOrder(
          shop,
          b,
          orderBody([{ productId, quantity: 1 }], {
            idempotencyKey: `rush-order-${i}`,
            deliveryWindow: { windowId: slot.windowId, date: slot.date },
          }),
        ),
      ),
    );
    expect(placed.map((p) => p.status)).toEqual(Array(8).fill(200));
    // One place held unpaid (half of two), seven orders told the place goes to whoever pays first.
    expect(placed.filter((p) => p.json.deliveryWindowNotice === null)).toHaveLength(1);
    await Promise.all(placed.map((p) => payOnSimulator(shop, new URL(p.json.iframeUrl!).searchParams.get('OrderTrackingId')!, 'card')));
    const ids = placed.map((p) => p.json.orderId!);
    const held = await shop.ctx.db
      .select()
      .from(orderDeliveryWindows)
      .where(and(inArray(orderDeliveryWindows.orderId, ids), eq(orderDeliveryWindows.held, true)));
    expect(held).toHaveLength(2);
    const paid = await shop.ctx.db.select().from(orders).where(inArray(orders.id, ids));
    expect(paid.every((o) => o.status === 'completed')).toBe(true);
    const flagged = paid.filter((o) => o.needsAttention);
    expect(flagged).toHaveLength(6);
    for (const o of flagged) {
      expect(o.attentionReason).toBe(
        `Paid, but the delivery window ${slot.label} filled with paid orders before this one was paid: agree another time with the customer.`,
      );
    }
    expect((await slotsFor(shop, zoneId)).find((s) => s.windowId === slot.windowId && s.date === slot.date)).toMatchObject({ left: 0 });
  });
});
