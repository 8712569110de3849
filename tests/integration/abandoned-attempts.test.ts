// Orders a customer left unpaid (Pesapal's page closed before paying, then checkout again) are not
// 'waiting for Pesapal': My Orders reads them 'Not paid' (waitingForPesapal false) and the header's
// pending count leaves them out. Once the customer pays for the same goods, the older unpaid orders
// for exactly those goods are closed at once: stock and window places freed, their Pesapal pages
// cancelled. Different goods, and an order Pesapal has seen a payment of, are left alone.
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shortOrderId } from '../../src/domain/order-status';
import { orderDeliveryWindows, orders, paymentNotifications, stockMovements } from '../../src/server/db/schema';
import type { TestUser } from '../support/test-app';
import { dbKinds } from '../support/test-database';
import {
  createShop,
  customer,
  disposeShop,
  orderRow,
  payOnSimulator,
  placePaidOrderAttempt,
  productBySlug,
  setStock,
  stockOf,
  transactionsOf,
  type Shop,
} from './checkout-support';

// Thursday 26 Nov 2026, 08:00 in Nairobi: the day's windows are open.
const THURSDAY_0800 = new Date('2026-11-26T08:00:00+03:00');

interface OrdersAnswer {
  awaitingPayment: { id: string; paymentStatus: string | null; waitingForPesapal: boolean }[];
}

describe.each(dbKinds(import.meta.url))('orders left unpaid on %s', (kind) => {
  let shop: Shop;
  let buyer: TestUser;
  let tilapia: string;
  let omena: string;
  beforeAll(async () => {
    shop = await createShop(kind);
    shop.clock.advance(THURSDAY_0800.getTime() - shop.clock.now().getTime());
    buyer = await customer(shop);
    tilapia = (await productBySlug(shop, 'fresh-whole-tilapia')).id;
    omena = (await productBySlug(shop, 'omena-dagaa')).id;
    await setStock(shop, tilapia, 40);
  }, 120_000);
  afterAll(() => disposeShop(shop));

  const listed = async () => (await (await shop.request('/api/orders', { cookie: buyer.cookie })).json()) as OrdersAnswer;
  const pendingCount = async () =>
    ((await (await shop.request('/api/orders/pending-count', { cookie: buyer.cookie })).json()) as { count: number }).count;

  it('reads a page closed unpaid as not paid, and counts only orders Pesapal has seen as pending', async () => {
    const left = await placePaidOrderAttempt(shop, buyer, [{ productId: omena, quantity: 1 }]);
    const seen = await placePaidOrderAttempt(shop, buyer, [{ productId: omena, quantity: 2 }]);
    // Pesapal sent the customer back from the second one's page: its payment may be on its way.
    await shop.ctx.db.insert(paymentNotifications).values({ source: 'callback', trackingId: seen.trackingId, raw: {} });
    const { awaitingPayment } = await listed();
    expect(awaitingPayment.find((o) => o.id === left.orderId)).toMatchObject({ paymentStatus: 'PENDING', waitingForPesapal: false });
    expect(awaitingPayment.find((o) => o.id === seen.orderId)).toMatchObject({ paymentStatus: 'PENDING', waitingForPesapal: true });
    expect(await pendingCount()).toBe(1);
  });

  it('closes the older unpaid orders for the same goods once they are paid, freeing their stock and window places', async () => {
    // Another customer: the first test's unpaid orders count towards the cap of unpaid orders.
    buyer = await customer(shop);
    const stockBefore = await stockOf(shop, tilapia);
    const first = await placePaidOrderAttempt(shop, buyer, [{ productId: tilapia, quantity: 2 }]);
    const second = await placePaidOrderAttempt(shop, buyer, [{ productId: tilapia, quantity: 2 }]);
    const otherGoods = await placePaidOrderAttempt(shop, buyer, [{ productId: tilapia, quantity: 3 }]);
    const paid = await placePaidOrderAttempt(shop, buyer, [{ productId: tilapia, quantity: 2 }]);
    expect(await stockOf(shop, tilapia)).toBe(stockBefore - 9);

    await payOnSimulator(shop, paid.trackingId, 'card');
    expect(await orderRow(shop, paid.orderId)).toMatchObject({ status: 'completed', needsAttention: false });
    const reason = `Closed unpaid: the same items were paid in order #${shortOrderId(paid.orderId)}`;
    for (const left of [first, second]) {
      expect(await orderRow(shop, left.orderId)).toMatchObject({ status: 'failed', cancelledReason: reason, reservationExpiresAt: null });
      const [attempt] = await transactionsOf(shop, left.orderId);
      expect(attempt?.statusDescription).toBe('Cancelled: the same items were paid in another order');
    }
    // Their two units each are back; the paid order's are sold and the other goods still held.
    expect(await stockOf(shop, tilapia)).toBe(stockBefore - 5);
    const released = await shop.ctx.db
      .select()
      .from(stockMovements)
      .where(and(inArray(stockMovements.orderId, [first.orderId, second.orderId]), eq(stockMovements.kind, 'release')));
    expect(released).toHaveLength(2);
    const freed = await shop.ctx.db
      .select({ orderId: orderDeliveryWindows.orderId })
      .from(orderDeliveryWindows)
      .where(and(inArray(orderDeliveryWindows.orderId, [first.orderId, second.orderId]), isNotNull(orderDeliveryWindows.releasedAt)));
    expect(freed).toHaveLength(2);
    expect(await orderRow(shop, otherGoods.orderId)).toMatchObject({ status: 'pending' });
    const { awaitingPayment } = await listed();
    expect(awaitingPayment.map((o) => o.id)).not.toContain(first.orderId);
    expect(awaitingPayment.map((o) => o.id)).toContain(otherGoods.orderId);
    // The other customer's unpaid orders of the same goods are not hers to close.
    const stillPending = await shop.ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.status, 'pending'));
    expect(stillPending.length).toBe(3);
  });
});
