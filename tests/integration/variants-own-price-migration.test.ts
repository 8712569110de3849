// Migration 0031 on a shop from the previous release: variants become the only writable source of
// price and stock. products.price and products.stock stay as read models the variants keep (made
// exact once by the migration), a statement that writes them is refused and changes nothing, and
// a product is written together with its variant; on PGlite and PostgreSQL.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../src/server/db/client';
import { migrationsFolder } from '../../src/server/db/migrate';
import { migrateTo, migrationSteps } from '../support/migration-steps';
import { dbKinds } from '../support/test-database';

const steps = migrationSteps('variants_own_price');
afterAll(() => steps.cleanup());

const TILAPIA = '33333333-3333-4333-8333-333333333333';
const CHICKEN = '44444444-4444-4444-8444-444444444444';
const BIRD = '55555555-5555-4555-8555-555555555555';
const WHOLE = '66666666-6666-4666-8666-666666666661';
const PARTS = '66666666-6666-4666-8666-666666666662';
const KIENYEJI = '66666666-6666-4666-8666-666666666663';

/** The database's own message for a refused statement (the driver's error carries it as its cause). */
async function refusal(statement: Promise<unknown>): Promise<string> {
  try {
    await statement;
  } catch (err) {
    const cause = (err as { cause?: unknown }).cause;
    return cause instanceof Error ? cause.message : (err as Error).message;
  }
  throw new Error('the statement was not refused');
}

const READ_ONLY = "products.price and products.stock follow the product's variants";

describe.each(dbKinds(import.meta.url))('migration 0031 on %s', (kind) => {
  let database: Database;
  const rows = <T = Record<string, unknown>>(query: ReturnType<typeof sql>) => queryRows<T>(database.db, query);
  const product = async (id: string) =>
    (await rows<{ price: string; stock: number }>(sql`select price::text as price, stock from products where id = ${id}`))[0];

  beforeAll(async () => {
    database = await steps.emptyDatabase(kind);
    await migrateTo(database, steps.folderBefore('0031_variants_own_price_and_stock'));
    const db = database.db;
    // The previous release: a product without options (its implicit variant made by 0019's trigger)…
    await db.execute(sql`insert into products (id, name, slug, category, price, stock)
      values (${TILAPIA}, 'Fresh Whole Tilapia', 'fresh-whole-tilapia', 'fish', '650.00', 12)`);
    await db.execute(sql`insert into stock_movements (product_id, variant_id, kind, quantity, stock_after, reason)
      select ${TILAPIA}, id, 'restock', 12, 12, 'Opening stock' from product_variants where product_id = ${TILAPIA}`);
    // …and one sold by options, its implicit variant retired, one of its variants switched off…
    await db.execute(sql`insert into products (id, name, slug, category, price, stock)
      values (${CHICKEN}, 'Farm Chicken', 'farm-chicken', 'chicken', '690.00', 0)`);
    await db.execute(sql`delete from product_variants where product_id = ${CHICKEN}`);
    await db.execute(sql`insert into product_options (id, product_id, name) values (${BIRD}, ${CHICKEN}, 'Bird')`);
    await db.execute(sql`insert into product_option_values (id, option_id, value, position)
      values (${WHOLE}, ${BIRD}, 'Whole broiler', 0), (${PARTS}, ${BIRD}, 'Parts', 1), (${KIENYEJI}, ${BIRD}, 'Kienyeji', 2)`);
    await db.execute(sql`insert into product_variants (product_id, option_value_ids, price, stock, enabled, position)
      values (${CHICKEN}, ARRAY[${WHOLE}::uuid], '750.00', 15, true, 0),
             (${CHICKEN}, ARRAY[${PARTS}::uuid], '690.00', 20, true, 1),
             (${CHICKEN}, ARRAY[${KIENYEJI}::uuid], '600.00', 9, false, 2)`);
    await db.execute(sql`insert into stock_movements (product_id, variant_id, kind, quantity, stock_after, reason)
      select product_id, id, 'restock', stock, stock, 'Opening stock' from product_variants where product_id = ${CHICKEN}`);
    // …whose own stock and price were then written directly, which never reached its variants.
    await db.execute(sql`update products set stock = 99, price = '500.00' where id = ${CHICKEN}`);
    expect(await product(CHICKEN)).toEqual({ price: '500.00', stock: 99 });

    await migrateTo(database, migrationsFolder());
    // Every instance migrates at start: a second run changes nothing.
    await migrateTo(database, migrationsFolder());
  });

  it('keeps what each product shows, and shows its variants where its own columns had drifted', async () => {
    expect(await product(TILAPIA)).toEqual({ price: '650.00', stock: 12 });
    // 15 + 20 of the enabled variants; the lowest enabled price (the disabled one's 600 does not count).
    expect(await product(CHICKEN)).toEqual({ price: '690.00', stock: 35 });
    expect(
      await rows(sql`select p.slug, v.price::text as price, v.stock, v.enabled from product_variants v
        join products p on p.id = v.product_id order by p.slug, v.position`),
    ).toEqual([
      { slug: 'farm-chicken', price: '750.00', stock: 15, enabled: true },
      { slug: 'farm-chicken', price: '690.00', stock: 20, enabled: true },
      { slug: 'farm-chicken', price: '600.00', stock: 9, enabled: false },
      { slug: 'fresh-whole-tilapia', price: '650.00', stock: 12, enabled: true },
    ]);
  });

  it('refuses a statement that writes products.price or products.stock, and changes nothing', async () => {
    for (const statement of [
      sql`update products set stock = 20 where id = ${TILAPIA}`,
      sql`update products set price = '700.00' where id = ${TILAPIA}`,
      sql`update products set stock = stock + 1, name = 'Renamed' where id = ${TILAPIA}`,
      sql`update products set stock = 0 where id = ${CHICKEN}`,
    ]) {
      expect(await refusal(database.db.execute(statement))).toContain(READ_ONLY);
    }
    expect(await rows(sql`select name, price::text as price, stock from products where id = ${TILAPIA}`)).toEqual([
      { name: 'Fresh Whole Tilapia', price: '650.00', stock: 12 },
    ]);
    expect(await rows(sql`select stock, price::text as price from product_variants where product_id = ${TILAPIA}`)).toEqual([
      { stock: 12, price: '650.00' },
    ]);
    // Its other columns stay the product's, and a write that leaves price and stock as they are passes.
    await database.db.execute(sql`update products set featured = true, price = price, stock = stock where id = ${TILAPIA}`);
    expect(await rows(sql`select featured, price::text as price, stock from products where id = ${TILAPIA}`)).toEqual([
      { featured: true, price: '650.00', stock: 12 },
    ]);
  });

  it("moves a product's stock and price with its variants: the enabled stock summed, the lowest enabled price", async () => {
    await database.db.execute(sql`update product_variants set stock = stock - 3, price = '700.00' where product_id = ${TILAPIA}`);
    expect(await product(TILAPIA)).toEqual({ price: '700.00', stock: 9 });
    await database.db.execute(sql`update product_variants set enabled = false where option_value_ids = ARRAY[${PARTS}::uuid]`);
    expect(await product(CHICKEN)).toEqual({ price: '750.00', stock: 15 });
    await database.db.execute(sql`update product_variants set enabled = true where option_value_ids = ARRAY[${PARTS}::uuid]`);
    expect(await product(CHICKEN)).toEqual({ price: '690.00', stock: 35 });
  });

  it('writes a new product with its variant in one transaction, and refuses one without or with stock of its own', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into products (name, slug, category, price) values ('Catfish', 'catfish', 'fish', '550.00')`);
      await tx.execute(
        sql`insert into product_variants (product_id, price, stock) select id, '550.00', 4 from products where slug = 'catfish'`,
      );
    });
    expect(await rows(sql`select price::text as price, stock from products where slug = 'catfish'`)).toEqual([
      { price: '550.00', stock: 4 },
    ]);

    expect(
      await refusal(
        database.db.execute(sql`insert into products (name, slug, category, price) values ('Omena', 'omena', 'fish', '300.00')`),
      ),
    ).toContain('has no variant');
    expect(
      await refusal(
        database.db.transaction(async (tx) => {
          await tx.execute(sql`insert into products (name, slug, category, price, stock) values ('Omena', 'omena', 'fish', '300.00', 5)`);
        }),
      ),
    ).toContain("A new product's stock is its variants'");
    // Nor may a product lose its last variant.
    expect(
      await refusal(
        database.db.execute(sql`delete from product_variants where product_id = (select id from products where slug = 'catfish')`),
      ),
    ).toContain('has no variant');
    expect(await rows(sql`select slug from products where slug in ('omena', 'catfish')`)).toEqual([{ slug: 'catfish' }]);
    expect(await rows(sql`select stock from products where slug = 'catfish'`)).toEqual([{ stock: 4 }]);
  });
});
