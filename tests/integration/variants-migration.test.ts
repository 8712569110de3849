// Migration 0019 on a shop from the previous release: every product becomes one variant with its
// old price and stock, the stock ledger and old order lines name that variant and keep what they
// held, and the product's stock and price keep following the variant.
// Checked as the releases up to 0030 ran it, with its triggers both ways; migration 0031 (variants
// alone written) is tested from there in variants-own-price-migration.test.ts.
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { migrateTo, migrationSteps } from '../support/migration-steps';
import { dbKinds } from '../support/test-database';

const steps = migrationSteps('variants_migration');
afterAll(() => steps.cleanup());

const TILAPIA = '33333333-3333-4333-8333-333333333333';
const BREAST = '44444444-4444-4444-8444-444444444444';
const ORDER = '11111111-1111-4111-8111-111111111111';

describe.each(dbKinds(import.meta.url))('migration 0019 on %s', (kind) => {
  it('gives every product one variant with its price and stock and keeps old order lines', async () => {
    const database = await steps.emptyDatabase(kind);
    await migrateTo(database, steps.folderBefore('0019_product_variants'));
    const db = database.db;
    await db.execute(sql`insert into "user" (id, name, email) values ('u1', 'Someone', 'u1@example.test')`);
    await db.execute(sql`insert into products (id, name, slug, category, price, stock) values
      (${TILAPIA}, 'Fresh Whole Tilapia', 'fresh-whole-tilapia', 'fish', '650.00', 12),
      (${BREAST}, 'Chicken Breast Fillets (1 kg)', 'chicken-breast', 'chicken', '950.50', 0)`);
    await db.execute(sql`insert into stock_movements (product_id, kind, quantity, stock_after, reason)
      values (${TILAPIA}, 'restock', 14, 14, 'Opening stock')`);
    await db.execute(sql`insert into orders (id, user_id, subtotal, vat, delivery_fee, total_amount, customer_name, customer_email, customer_phone, delivery_address)
      values (${ORDER}, 'u1', '1300.00', '208.00', '0.00', '1508.00', 'Someone', 'u1@example.test', '+254712345678', 'Westlands')`);
    await db.execute(sql`insert into order_items (order_id, product_id, product_name, unit_price, quantity, line_total)
      values (${ORDER}, ${TILAPIA}, 'Fresh Whole Tilapia', '650.00', 2, '1300.00')`);
    await db.execute(sql`insert into stock_movements (product_id, order_id, kind, quantity, stock_after)
      values (${TILAPIA}, ${ORDER}, 'reservation', -2, 12)`);

    const upTo0030 = steps.folderBefore('0031_variants_own_price_and_stock');
    await migrateTo(database, upTo0030);
    // Every instance migrates at start: a second run changes nothing.
    await migrateTo(database, upTo0030);

    const variants = await queryRows<Record<string, unknown>>(
      db,
      sql`select p.slug, v.price::text as price, v.stock, v.enabled, cardinality(v.option_value_ids) as values, p.price::text as product_price, p.stock as product_stock
          from product_variants v join products p on p.id = v.product_id order by p.slug`,
    );
    expect(variants).toEqual([
      { slug: 'chicken-breast', price: '950.50', stock: 0, enabled: true, values: 0, product_price: '950.50', product_stock: 0 },
      { slug: 'fresh-whole-tilapia', price: '650.00', stock: 12, enabled: true, values: 0, product_price: '650.00', product_stock: 12 },
    ]);
    const lines = await queryRows<Record<string, unknown>>(
      db,
      sql`select i.product_name, i.variant_name, i.unit_price::text as unit_price, i.quantity, i.line_total::text as line_total, v.product_id
          from order_items i join product_variants v on v.id = i.variant_id`,
    );
    expect(lines).toEqual([
      {
        product_name: 'Fresh Whole Tilapia',
        variant_name: '',
        unit_price: '650.00',
        quantity: 2,
        line_total: '1300.00',
        product_id: TILAPIA,
      },
    ]);
    const movements = await queryRows<Record<string, unknown>>(
      db,
      sql`select m.kind, m.quantity, v.product_id from stock_movements m join product_variants v on v.id = m.variant_id order by m.kind`,
    );
    expect(movements).toEqual([
      { kind: 'reservation', quantity: -2, product_id: TILAPIA },
      { kind: 'restock', quantity: 14, product_id: TILAPIA },
    ]);

    // The product and its one variant stay one: a change of either shows in both.
    await db.execute(sql`update products set stock = 20, price = '700.00' where id = ${TILAPIA}`);
    await db.execute(sql`update product_variants set stock = stock - 3 where product_id = ${TILAPIA}`);
    expect(
      await queryRows(
        db,
        sql`select p.stock as product_stock, p.price::text as product_price, v.stock, v.price::text as price
            from products p join product_variants v on v.product_id = p.id where p.id = ${TILAPIA}`,
      ),
    ).toEqual([{ product_stock: 17, product_price: '700.00', stock: 17, price: '700.00' }]);
    // A new product gets its variant.
    await db.execute(sql`insert into products (name, slug, category, price, stock) values ('Catfish', 'catfish', 'fish', '550.00', 4)`);
    expect(
      await queryRows(
        db,
        sql`select v.stock, v.price::text as price from product_variants v join products p on p.id = v.product_id where p.slug = 'catfish'`,
      ),
    ).toEqual([{ stock: 4, price: '550.00' }]);
    // Two lines of one order for the same variant are refused, as two for one product were.
    await expect(
      db.execute(sql`insert into order_items (order_id, product_id, variant_id, product_name, unit_price, quantity, line_total)
        select ${ORDER}, product_id, id, 'Fresh Whole Tilapia', '650.00', 1, '650.00' from product_variants where product_id = ${TILAPIA}`),
    ).rejects.toThrow();
  });
});
