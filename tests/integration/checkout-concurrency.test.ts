// 50 customers buy the last 10 units at the same moment: exactly 10 orders reserve one unit each,
// 40 are refused with a message naming the product, and the stock ends at exactly 0. The same for
// one variant of a product with options, whose other variant is left untouched.
// Every unit may be held unpaid here (UNPAID_STOCK_SHARE=100): the share itself is unpaid-stock-holds.test.ts's.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders, productVariants, stockMovements } from '../../src/server/db/schema';
import { addProductOptions } from '../../src/server/features/catalog/product-options.service';
import type { TestUser } from '../support/test-app';
import { dbKinds } from '../support/test-database';
import { createShop, customer, disposeShop, orderBody, postOrder, productBySlug, setStock, stockOf, type Shop } from './checkout-support';
import { insertProducts } from '../../src/server/features/catalog/new-products';

describe.each(dbKinds(import.meta.url))('concurrent checkouts on %s', (kind) => {
  let shop: Shop;
  let users: TestUser[];
  beforeAll(async () => {
    // On PostgreSQL, enough connections that the 50 requests really run at once.
    shop = await createShop(kind, { poolSize: 25, env: { UNPAID_STOCK_SHARE: '100' } });
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

  it('never oversells a variant: 50 orders for its 10 units give 10 sales, and its sibling keeps its stock', async () => {
    const at = shop.clock.now();
    const [product] = await insertProducts(shop.ctx.db, [
      { name: 'Tilapia', slug: 'tilapia-by-size', category: 'fish', price: 45_000, stock: 0 },
    ]);
    const [large, medium] = await shop.ctx.db.transaction((tx) =>
      addProductOptions(
        tx,
        product!.id,
        {
          options: [
            { name: 'Size', values: ['Medium', 'Large'] },
            { name: 'Preparation', values: ['Whole', 'Scaled & gutted'] },
          ],
          variants: [
            { values: ['Large', 'Scaled & gutted'], priceCents: 95_000, stock: 10, weightGrams: 500 },
            { values: ['Medium', 'Scaled & gutted'], priceCents: 65_000, stock: 7, weightGrams: 350 },
          ],
        },
        at,
      ),
    );
    // Buyers of their own: the first race left the others with unpaid orders.
    const buyers: TestUser[] = [];
    for (let i = 0; i < 5; i++) buyers.push(await customer(shop));
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        postOrder(
          shop,
          buyers[i % buyers.length]!,
          orderBody([{ productId: product!.id, variantId: large!, quantity: 1 }], { idempotencyKey: `variant-race-${i}-key` }),
        ),
      ),
    );
    const accepted = answers.filter((a) => a.status === 200 && a.json.orderId);
    const refused = answers.filter((a) => a.status === 409);
    expect(accepted).toHaveLength(10);
    expect(refused, JSON.stringify(answers.filter((a) => a.status !== 409 && a.status !== 200))).toHaveLength(40);
    for (const r of refused) {
      expect(r.json).toEqual({ error: { code: 'OUT_OF_STOCK', message: 'Tilapia — Large, Scaled & gutted is out of stock.' } });
    }

    const variantStock = async (id: string) =>
      (await shop.ctx.db.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, id)))[0]?.stock;
    expect(await variantStock(large!)).toBe(0);
    expect(await variantStock(medium!)).toBe(7);
    // The product's stock is the sum of its variants': the medium ones only.
    expect(await stockOf(shop, product!.id)).toBe(7);
    const reservations = await shop.ctx.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.kind, 'reservation'), eq(stockMovements.productId, product!.id)));
    expect(reservations).toHaveLength(10);
    expect(reservations.every((m) => m.variantId === large)).toBe(true);
    expect(new Set(reservations.map((m) => m.stockAfter))).toEqual(new Set([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]));
    const lines = await shop.ctx.db.select().from(orderItems).where(eq(orderItems.productId, product!.id));
    expect(lines).toHaveLength(10);
    for (const line of lines) {
      expect(line).toMatchObject({
        variantId: large,
        productName: 'Tilapia — Large, Scaled & gutted',
        variantName: 'Large, Scaled & gutted',
        unitPrice: 95_000,
        quantity: 1,
      });
    }
  });
});
