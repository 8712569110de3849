// The dashboard counts completed payments only: with a pending, a failed and a refunded order in the
// shop, and paid orders spread over the last 40 days, each period shows exactly the paid orders
// placed in it, and the "to do" numbers equal the totals of the lists they link to.
import { beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { nairobiDateKey, nairobiDayStart } from '../../src/domain/nairobi-days';
import { contactMessages, orders, products, productVariants } from '../../src/server/db/schema';
import { refreshPayment } from '../../src/server/features/payments/payment-refresh.service';
import { dbKinds } from '../support/test-database';
import { body, decideRefund, payByCard, placeOrder, withAdminApp } from './admin-helpers';
import { insertProducts } from '../../src/server/features/catalog/new-products';
import { setImplicitVariant } from '../support/implicit-variant';

const DAY_MS = 86_400_000;

interface Dashboard {
  today: { orders: number; revenueCents: number };
  last7Days: { orders: number; revenueCents: number };
  last30Days: { orders: number; revenueCents: number };
  paymentsPending: number;
  ordersToFulfil: number;
  ordersNeedingAttention: number;
  unreadMessages: number;
  lowStockCount: number;
  lowStock: {
    id: string;
    stock: number;
    lowStockThreshold: number;
    lowStock: boolean;
    lowVariants: { variantId: string; name: string; stock: number }[];
  }[];
  dailyRevenue: { date: string; orders: number; revenueCents: number }[];
}

describe.each(dbKinds(import.meta.url))('the admin dashboard on %s', (kind) => {
  const s = withAdminApp(kind);
  const { asAdmin } = s;
  let productId: string;
  const totals = new Map<string, number>();
  const placed = {} as Record<'today' | 'sixDaysAgo' | 'tenDaysAgo' | 'fortyDaysAgo' | 'pending' | 'failed' | 'refunded', string>;

  async function paidOrder(quantity: number, daysAgo = 0): Promise<string> {
    const { orderId, trackingId } = await placeOrder(s, [{ productId, quantity }]);
    await payByCard(s, trackingId);
    if (daysAgo > 0) {
      // Early in that Nairobi day, so the order lands on the intended date whatever the time now.
      const at = new Date(nairobiDayStart(nairobiDateKey(new Date())).getTime() - daysAgo * DAY_MS + 3_600_000);
      await s.t.ctx.db.update(orders).set({ createdAt: at, paidAt: at }).where(eq(orders.id, orderId));
    }
    return orderId;
  }

  beforeAll(async () => {
    const [p] = await insertProducts(s.t.ctx.db, [
      { name: 'Dashboard Catfish', slug: 'dashboard-catfish', category: 'fish', price: 100_000, stock: 60, lowStockThreshold: 2 },
    ]);
    productId = p!.id;

    placed.today = await paidOrder(1);
    placed.sixDaysAgo = await paidOrder(2, 6);
    placed.tenDaysAgo = await paidOrder(3, 10);
    placed.fortyDaysAgo = await paidOrder(4, 40);
    placed.pending = (await placeOrder(s, [{ productId, quantity: 5 }])).orderId;
    const failed = await placeOrder(s, [{ productId, quantity: 6 }]);
    await s.t.ctx.integrations.pesapalSimulator!.complete(failed.trackingId, 'fail');
    await s.t.ctx.integrations.pesapalSimulator!.idle();
    await refreshPayment(s.t.ctx, failed.trackingId);
    placed.failed = failed.orderId;
    const refunded = await placeOrder(s, [{ productId, quantity: 7 }]);
    await payByCard(s, refunded.trackingId);
    const refundedTrackingId = refunded.trackingId;
    placed.refunded = refunded.orderId;
    const refund = await asAdmin(`/orders/${placed.refunded}/cancel`, { method: 'POST', json: { reason: 'Customer changed their mind' } });
    expect(refund.status).toBe(200);
    await decideRefund(s, refundedTrackingId, 'approve');

    const rows = await s.t.ctx.db.select({ id: orders.id, total: orders.totalAmount, status: orders.status }).from(orders);
    for (const r of rows) totals.set(r.id, r.total);
    // The shop holds what this test is about: one order in each state.
    const statusOf = (id: string) => rows.find((r) => r.id === id)?.status;
    expect([placed.today, placed.pending, placed.failed, placed.refunded].map(statusOf)).toEqual([
      'completed',
      'pending',
      'failed',
      'cancelled',
    ]);

    await s.t.ctx.db.insert(contactMessages).values([
      { name: 'Unread', email: 'a@example.com', subject: 'Hello', message: 'Still unread' },
      { name: 'Read', email: 'b@example.com', subject: 'Hi', message: 'Already read', readAt: new Date() },
    ]);
  });

  const sum = (...ids: string[]) => ids.reduce((acc, id) => acc + (totals.get(id) ?? Number.NaN), 0);

  it('counts completed payments only, by Nairobi day, for today, 7 and 30 days', async () => {
    const d = await body<Dashboard>(await asAdmin('/dashboard'));
    expect(d.today).toEqual({ orders: 1, revenueCents: sum(placed.today) });
    expect(d.last7Days).toEqual({ orders: 2, revenueCents: sum(placed.today, placed.sixDaysAgo) });
    expect(d.last30Days).toEqual({ orders: 3, revenueCents: sum(placed.today, placed.sixDaysAgo, placed.tenDaysAgo) });

    expect(d.dailyRevenue).toHaveLength(30);
    expect(d.dailyRevenue.at(-1)).toEqual({ date: nairobiDateKey(new Date()), orders: 1, revenueCents: sum(placed.today) });
    expect(d.dailyRevenue.at(-11)).toMatchObject({ orders: 1, revenueCents: sum(placed.tenDaysAgo) });
    expect(d.dailyRevenue.reduce((acc, day) => acc + day.revenueCents, 0)).toBe(d.last30Days.revenueCents);
  });

  it('shows what needs doing, with the same numbers as the lists it links to', async () => {
    const d = await body<Dashboard>(await asAdmin('/dashboard'));
    const listTotal = async (query: string) => (await body<{ total: number }>(await asAdmin(`/orders?${query}`))).total;

    expect(d.paymentsPending).toBe(1);
    expect(await listTotal('paymentStatus=PENDING&status=pending')).toBe(1);
    // Every paid order not delivered yet (the refunded one is cancelled).
    expect(d.ordersToFulfil).toBe(4);
    expect(await listTotal('fulfilment=to_fulfil')).toBe(4);
    await asAdmin(`/orders/${placed.fortyDaysAgo}/fulfilment`, { method: 'POST', json: { status: 'delivered' } });
    expect((await body<Dashboard>(await asAdmin('/dashboard'))).ordersToFulfil).toBe(3);

    expect(d.ordersNeedingAttention).toBe(await listTotal('attention=yes'));
    expect(d.unreadMessages).toBe(1);
  });

  it('lists products at or below their low-stock threshold', async () => {
    await setImplicitVariant(s.t.ctx.db, productId, { stock: 2 });
    const d = await body<Dashboard>(await asAdmin('/dashboard'));
    expect(d.lowStock.map((p) => p.id)).toContain(productId);
    // Low is a variant's stock at or under the threshold (for this product, its one variant's).
    expect(d.lowStock.every((p) => p.lowStock)).toBe(true);
    const listed = await body<{ total: number }>(await asAdmin('/products?state=low_stock'));
    expect(d.lowStockCount).toBe(listed.total);
    await setImplicitVariant(s.t.ctx.db, productId, { stock: 3 });
    expect((await body<Dashboard>(await asAdmin('/dashboard'))).lowStock.map((p) => p.id)).not.toContain(productId);
  });

  it('names the variants that make a product low, not only its total', async () => {
    const [tilapia] = await s.t.ctx.db.select().from(products).where(eq(products.slug, 'tilapia'));
    const variants = await s.t.ctx.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, tilapia!.id))
      .orderBy(asc(productVariants.position));
    const [low] = variants;
    const before = { stock: low!.stock, threshold: tilapia!.lowStockThreshold };
    // Its other variants hold 3 or more: only the one at 2 is at or under a threshold of 2.
    await s.t.ctx.db.update(products).set({ lowStockThreshold: 2 }).where(eq(products.id, tilapia!.id));
    await s.t.ctx.db.update(productVariants).set({ stock: 2 }).where(eq(productVariants.id, low!.id));
    try {
      const d = await body<Dashboard>(await asAdmin('/dashboard'));
      const entry = d.lowStock.find((p) => p.id === tilapia!.id);
      expect(entry?.lowVariants).toEqual([{ variantId: low!.id, name: 'Small, Whole', stock: 2 }]);
    } finally {
      await s.t.ctx.db.update(productVariants).set({ stock: before.stock }).where(eq(productVariants.id, low!.id));
      await s.t.ctx.db.update(products).set({ lowStockThreshold: before.threshold }).where(eq(products.id, tilapia!.id));
    }
  });

  it('counts an order on the day it was paid, not the day it was placed', async () => {
    const before = await body<Dashboard>(await asAdmin('/dashboard'));
    const { orderId, trackingId } = await placeOrder(s, [{ productId, quantity: 1 }]);
    // Placed five minutes before today began in Nairobi, paid now.
    const lateLastNight = new Date(nairobiDayStart(nairobiDateKey(new Date())).getTime() - 5 * 60_000);
    await s.t.ctx.db.update(orders).set({ createdAt: lateLastNight }).where(eq(orders.id, orderId));
    await payByCard(s, trackingId);
    const [paid] = await s.t.ctx.db.select({ paidAt: orders.paidAt, total: orders.totalAmount }).from(orders).where(eq(orders.id, orderId));
    expect(paid?.paidAt?.getTime()).toBeGreaterThan(lateLastNight.getTime());

    const after = await body<Dashboard>(await asAdmin('/dashboard'));
    expect(after.today).toEqual({ orders: before.today.orders + 1, revenueCents: before.today.revenueCents + paid!.total });
    expect(after.dailyRevenue.at(-2)).toEqual(before.dailyRevenue.at(-2));
  });
});
