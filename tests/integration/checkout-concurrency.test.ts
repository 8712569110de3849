// 50 customers buy the last 10 units at the same moment: exactly 10 orders reserve one unit each,
// 40 are refused with a message naming the product, and the stock ends at exactly 0.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, stockMovements } from '../../src/server/db/schema';
import type { TestUser } from '../support/test-app';
import { DB_KINDS } from '../support/test-database';
import { createShop, customer, disposeShop, orderBody, postOrder, productBySlug, setStock, stockOf, type Shop } from './checkout-support';

describe.each(DB_KINDS)('concurrent checkouts on %s', (kind) => {
  let shop: Shop;
  let users: TestUser[];
  beforeAll(async () => {
    // On PostgreSQL, enough connections that the 50 requests really run at once.
    shop = await createShop(kind, { poolSize: 25 });
    users = [];
    for (let i = 0; i < 5; i++) users.push(await customer(shop));
  });
  afterAll(() => disposeShop(shop));

  it('never oversells: 50 orders for 10 units give 10 reservations and 40 clear refusals', async () => {
    const product = await productBySlug(shop, 'fresh-whole-tilapia');
    await setStock(shop, product.id, 10);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        postOrder(shop, users[i % users.length]!, orderBody([{ productId: product.id, quantity: 1 }], { idempotencyKey: `race-${i}-key` })),
      ),
    );
    const accepted = answers.filter((a) => a.status === 200 && a.json.orderId);
    const refused = answers.filter((a) => a.status === 409);
    expect(accepted).toHaveLength(10);
    expect(refused, JSON.stringify(answers.filter((a) => a.status !== 409 && a.status !== 200))).toHaveLength(40);
    for (const r of refused) expect(r.json).toEqual({ error: { code: 'OUT_OF_STOCK', message: `${product.name} is out of stock.` } });

    expect(await stockOf(shop, product.id)).toBe(0);
    const reservations = await shop.ctx.db.select().from(stockMovements).where(eq(stockMovements.kind, 'reservation'));
    expect(reservations).toHaveLength(10);
    expect(reservations.reduce((sum, m) => sum + m.quantity, 0)).toBe(-10);
    expect(new Set(reservations.map((m) => m.stockAfter))).toEqual(new Set([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]));
    expect(await shop.ctx.db.select().from(orders)).toHaveLength(10);
  });
});
