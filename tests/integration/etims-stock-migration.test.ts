// Migration 0036 on a shop that already holds stock: each product's units on the shelf (its
// variants' stock plus what unpaid orders hold) are queued for KRA as opening stock, numbered from 1,
// and the next movement takes the next number.
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { migrationsFolder } from '../../src/server/db/migrate';
import { restock } from '../../src/server/features/inventory/inventory.service';
import { migrateTo, migrationSteps } from '../support/migration-steps';
import { dbKinds } from '../support/test-database';

const steps = migrationSteps('etims_stock_migration');
afterAll(() => steps.cleanup());

const HELD = '11111111-1111-4111-8111-111111111111';
const SOLD = '22222222-2222-4222-8222-222222222222';

describe.each(dbKinds(import.meta.url))('migration 0036 on %s', (kind) => {
  it("queues each product's units on the shelf as opening stock, reserved ones included, sold ones not", async () => {
    const database = await steps.emptyDatabase(kind);
    await migrateTo(database, steps.folderBefore('0036_etims_stock_reporting'));
    const db = database.db;
    const product = async (name: string, stock: number, at: string) => {
      const [row] = await queryRows<{ product_id: string; id: string }>(
        db,
        sql`with p as (insert into products (name, slug, category, price, created_at) values (${name}, ${name}, 'fish', '650.00', ${at}) returning id)
            insert into product_variants (product_id, price, stock) select id, '650.00', ${stock} from p returning product_id, id`,
      );
      return row!;
    };
    const tilapia = await product('tilapia', 7, '2026-01-01T08:00:00Z');
    const empty = await product('empty', 0, '2026-01-02T08:00:00Z');
    const perch = await product('perch', 3, '2026-01-03T08:00:00Z');
    // An unpaid order holds 2 tilapia (still on the shelf); a paid one took 1 (gone).
    for (const [orderId, kinds] of [
      [HELD, ['reservation']],
      [SOLD, ['reservation', 'sale']],
    ] as const) {
      for (const k of kinds) {
        const quantity = orderId === HELD ? (k === 'reservation' ? -2 : 0) : k === 'reservation' ? -1 : 0;
        await db.execute(sql`insert into stock_movements (product_id, variant_id, order_id, kind, quantity, stock_after)
          values (${tilapia.product_id}, ${tilapia.id}, ${orderId}, ${k}, ${quantity}, 7)`);
      }
    }

    await migrateTo(database, migrationsFolder());
    await migrateTo(database, migrationsFolder());

    const declared = await queryRows(
      db,
      sql`select sar_no, product_id, sar_ty_cd, quantity, rsd_qty, status, stock_movement_id from etims_stock_moves order by sar_no`,
    );
    expect(declared).toEqual([
      { sar_no: 1, product_id: tilapia.product_id, sar_ty_cd: '06', quantity: 9, rsd_qty: 9, status: 'queued', stock_movement_id: null },
      { sar_no: 2, product_id: perch.product_id, sar_ty_cd: '06', quantity: 3, rsd_qty: 3, status: 'queued', stock_movement_id: null },
    ]);
    expect(declared.some((d) => (d as { product_id: string }).product_id === empty.product_id)).toBe(false);

    await restock(db, { productId: perch.product_id, quantity: 2, reason: 'Delivery', at: new Date('2026-02-01T08:00:00Z') });
    expect(await queryRows(db, sql`select sar_no, sar_ty_cd, quantity, rsd_qty from etims_stock_moves where sar_no = 3`)).toEqual([
      { sar_no: 3, sar_ty_cd: '02', quantity: 2, rsd_qty: 5 },
    ]);
  });
});
