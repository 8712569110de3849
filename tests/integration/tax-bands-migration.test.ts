// Migration 0014 on a shop with orders already placed: every product goes to band B, the lines of
// old orders keep band B at 16% and their fee band D, and each old order records what it was
// charged per band (its subtotal and stored VAT in B, its fee in D).
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { migrationsFolder } from '../../src/server/db/migrate';
import { migrateTo, migrationSteps } from '../support/migration-steps';
import { dbKinds } from '../support/test-database';

const steps = migrationSteps('tax_bands_migration');
afterAll(() => steps.cleanup());

const ORDER_WITH_FEE = '11111111-1111-4111-8111-111111111111';
const FREE_DELIVERY = '22222222-2222-4222-8222-222222222222';

describe.each(dbKinds(import.meta.url))('migration 0014 on %s', (kind) => {
  it('puts the catalogue in band B and records old orders as charged: lines in B at 16%, the fee in D', async () => {
    const database = await steps.emptyDatabase(kind);
    await migrateTo(database, steps.folderBefore('0014_tax_bands'));
    const db = database.db;
    await db.execute(sql`insert into "user" (id, name, email) values ('u1', 'Someone', 'u1@example.test')`);
    await db.execute(
      sql`insert into products (id, name, slug, category, price) values ('33333333-3333-4333-8333-333333333333', 'Tilapia', 'tilapia', 'fish', '650.00')`,
    );
    for (const [id, subtotal, vat, fee, total] of [
      [ORDER_WITH_FEE, '1300.00', '208.00', '245.50', '1753.50'],
      [FREE_DELIVERY, '2600.00', '416.00', '0.00', '3016.00'],
    ]) {
      await db.execute(sql`insert into orders (id, user_id, subtotal, vat, delivery_fee, total_amount, customer_name, customer_email, customer_phone, delivery_address)
        values (${id}, 'u1', ${subtotal}, ${vat}, ${fee}, ${total}, 'Someone', 'u1@example.test', '+254712345678', 'Westlands')`);
      await db.execute(sql`insert into order_items (order_id, product_id, product_name, unit_price, quantity, line_total)
        values (${id}, '33333333-3333-4333-8333-333333333333', 'Tilapia', '650.00', 2, ${subtotal})`);
    }

    await migrateTo(database, migrationsFolder());
    // Every instance migrates at start: a second run changes nothing.
    await migrateTo(database, migrationsFolder());

    expect(await queryRows(db, sql`select tax_band from products`)).toEqual([{ tax_band: 'B' }]);
    expect(await queryRows(db, sql`select distinct tax_band, tax_rate_bp from order_items`)).toEqual([
      { tax_band: 'B', tax_rate_bp: 1600 },
    ]);
    expect(await queryRows(db, sql`select distinct delivery_fee_tax_band, delivery_fee_tax_rate_bp from orders`)).toEqual([
      { delivery_fee_tax_band: 'D', delivery_fee_tax_rate_bp: 0 },
    ]);
    const bands = await queryRows<Record<string, unknown>>(
      db,
      sql`select order_id, band, rate_bp, taxable_amount::text as taxable, tax_amount::text as tax, total_amount::text as total
          from order_tax_bands order by order_id, band`,
    );
    expect(bands).toEqual([
      { order_id: ORDER_WITH_FEE, band: 'B', rate_bp: 1600, taxable: '1300.00', tax: '208.00', total: '1508.00' },
      { order_id: ORDER_WITH_FEE, band: 'D', rate_bp: 0, taxable: '245.50', tax: '0.00', total: '245.50' },
      { order_id: FREE_DELIVERY, band: 'B', rate_bp: 1600, taxable: '2600.00', tax: '416.00', total: '3016.00' },
    ]);
    // A band row whose taxable amount and tax do not add up to its total is refused.
    await expect(
      db.execute(sql`insert into order_tax_bands (order_id, band, rate_bp, taxable_amount, tax_amount, total_amount)
        values (${FREE_DELIVERY}, 'E', 800, '100.00', '8.00', '108.01')`),
    ).rejects.toThrow();
  });
});
