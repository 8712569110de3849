// Unpaid orders cannot keep a fish 'Out of Stock' for paying customers: accounts that never pay
// place the most unpaid orders they may, and hold at most half of the units left to sell; a customer
// who pays still buys. Orders placed past that share are told the last units go to whoever pays first,
// and when more of them pay than there are units, nothing is oversold: the rest are flagged for the
// merchant to refund.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryWindows, orders, stockMovements } from '../../src/server/db/schema';
import { MAX_UNPAID_ORDERS } from '../../src/server/features/checkout/order-placement.service';
import type { TestUser } from '../support/test-app';
import { dbKinds } from '../support/test-database';
import {
  createShop,
  customer,
  disposeShop,
  movementsOf,
  orderBody,
  orderRow,
  payOnSimulator,
  postOrder,
  productBySlug,
  setStock,
  stockOf,
  type Shop,
} from './checkout-support';

// Thursday 26 Nov 2026, 08:00 in Nairobi: the day's windows are open.
const THURSDAY_0800 = new Date('2026-11-26T08:00:00+03:00');
const PRODUCT = 'Fresh Whole Tilapia (1 kg)';
const payFirst = (name: string) => `The last ${name} in stock go to the customers who pay first: pay now and they are yours.`;
const FILLETS = 'Tilapia Fillets (500 g)';

const trackingOf = (iframeUrl: string) => new URL(iframeUrl).searchParams.get('OrderTrackingId')!;

async function unpaidHeld(shop: Shop, orderIds: readonly string[]): Promise<number> {
  const rows = await shop.ctx.db
    .select({ quantity: stockMovements.quantity })
    .from(stockMovements)
    .where(and(inArray(stockMovements.orderId, orderIds), eq(stockMovements.kind, 'reservation')));
  return rows.reduce((sum, r) => sum - r.quantity, 0);
}

describe.each(dbKinds(import.meta.url))('unpaid orders and stock on %s', (kind) => {
  let shop: Shop;
  let productId: string;
  beforeAll(async () => {
    // On PostgreSQL, enough connections that the checkouts really run at once.
    shop = await createShop(kind, { poolSize: 25 });
    shop.clock.advance(THURSDAY_0800.getTime() - shop.clock.now().getTime());
    productId = (await productBySlug(shop, 'fresh-whole-tilapia')).id;
    // Windows large enough that every order here has a place: stock is what is tested.
    await shop.ctx.db.update(deliveryWindows).set({ capacity: 200 });
  }, 120_000);
  afterAll(() => disposeShop(shop));

  it('accounts that never pay hold at most half of the units, and a paying customer still buys', async () => {
    await setStock(shop, productId, 10);
    const accounts: TestUser[] = [];
    for (let i = 0; i < 4; i++) accounts.push(await customer(shop));
    const unpaid: string[] = [];
    for (const [a, account] of accounts.entries()) {
      for (let n = 0; n < MAX_UNPAID_ORDERS; n++) {
        const { status, json } = await postOrder(
          shop,
          account,
          orderBody([{ productId, quantity: 1 }], { idempotencyKey: `hoard-${a}-${n}` }),
        );
        expect(status, JSON.stringify(json)).toBe(200);
        unpaid.push(json.orderId!);
      }
    }
    // Twenty unpaid orders, five units held: the other five are still for sale.
    expect(await unpaidHeld(shop, unpaid)).toBe(5);
    expect(await stockOf(shop, productId)).toBe(5);

    // More than is free is refused as ever, naming what is left.
    const buyer = await customer(shop);
    const tooMany = await postOrder(shop, buyer, orderBody([{ productId, quantity: 6 }], { idempotencyKey: 'too-many-units' }));
    expect(tooMany.status).toBe(409);
    expect(tooMany.json.error?.message).toBe(`Only 5 of ${PRODUCT} left in stock (you asked for 6).`);

    // A customer who pays buys three: told first that the last units go to whoever pays first.
    const { status, json } = await postOrder(shop, buyer, orderBody([{ productId, quantity: 3 }], { idempotencyKey: 'pays-for-three' }));
    expect(status, JSON.stringify(json)).toBe(200);
    expect(json.stockNotice).toBe(payFirst(PRODUCT));
    expect(await movementsOf(shop, json.orderId!)).toEqual([]);
    await payOnSimulator(shop, trackingOf(json.iframeUrl!), 'card');
    expect(await orderRow(shop, json.orderId!)).toMatchObject({ status: 'completed', needsAttention: false });
    const [sale] = await movementsOf(shop, json.orderId!, 'sale');
    expect(sale).toMatchObject({ quantity: -3, reason: 'Paid first: not held while unpaid' });
    expect(await stockOf(shop, productId)).toBe(2);

    // The unpaid orders were not touched for the payer; when they lapse, their units come back.
    const still = await shop.ctx.db.select({ status: orders.status }).from(orders).where(inArray(orders.id, unpaid));
    expect(still.every((o) => o.status === 'pending')).toBe(true);
  });

  it('never oversells when more customers past the share pay at once than there are units', async () => {
    // Another fish than the first test's, whose unpaid orders still hold theirs.
    const productId = (await productBySlug(shop, 'tilapia-fillets')).id;
    await setStock(shop, productId, 10);
    const buyers: TestUser[] = [];
    for (let i = 0; i < 16; i++) buyers.push(await customer(shop));
    const placed = await Promise.all(
      buyers.map((b, i) => postOrder(shop, b, orderBody([{ productId, quantity: 1 }], { idempotencyKey: `rush-${i}-key` }))),
    );
    expect(
      placed.map((p) => p.status),
      JSON.stringify(placed.find((p) => p.status !== 200)?.json),
    ).toEqual(Array(16).fill(200));
    const ids = placed.map((p) => p.json.orderId!);
    // Half of the ten units held unpaid; the other eleven orders are told they go to whoever pays first.
    expect(await unpaidHeld(shop, ids)).toBe(5);
    expect(placed.filter((p) => p.json.stockNotice === null)).toHaveLength(5);
    expect(placed.filter((p) => p.json.stockNotice === payFirst(FILLETS))).toHaveLength(11);

    await Promise.all(placed.map((p) => payOnSimulator(shop, trackingOf(p.json.iframeUrl!), 'card')));
    const paid = await shop.ctx.db.select().from(orders).where(inArray(orders.id, ids));
    expect(paid.every((o) => o.status === 'completed')).toBe(true);
    // Ten sold, never more; the six paid past the last unit are flagged for a refund.
    const sales = await shop.ctx.db
      .select({ quantity: stockMovements.quantity, orderId: stockMovements.orderId })
      .from(stockMovements)
      .where(and(inArray(stockMovements.orderId, ids), eq(stockMovements.kind, 'sale')));
    expect(sales).toHaveLength(10);
    expect(await stockOf(shop, productId)).toBe(0);
    const flagged = paid.filter((o) => o.needsAttention);
    expect(flagged).toHaveLength(6);
    for (const o of flagged) {
      expect(o.attentionReason).toBe(
        `Paid, but others paid first for the last units; not enough stock for ${FILLETS} (1 paid, 0 in stock). Refund it or find the goods.`,
      );
    }
  });
});
