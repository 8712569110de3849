// A back-office edit of a product's variants beside a sale of one of them, on PostgreSQL (PGlite has
// one connection, so nothing there waits for anything). A sale takes the variant's row, then its
// product's (the variants trigger keeps the product's price and stock). An edit that took the
// product first would wait for the variant while the sale waits for the product: PostgreSQL ends one
// of them with a deadlock error. The edit takes the variants first, so it waits its turn.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_POSTGRES } from '../support/test-database';
import { waitFor } from '../support/wait-for';
import { body, withAdminApp, type AdminTestSetup } from './admin-helpers';

interface View {
  variants: { id: string; sku: string | null; stock: number }[];
}

describe.runIf(HAS_POSTGRES)('a variant edit beside a sale of that variant, on PostgreSQL', () => {
  const s: AdminTestSetup = withAdminApp('postgres');
  let sale: pg.Client;
  let watcher: pg.Client;

  beforeAll(async () => {
    sale = new pg.Client({ connectionString: s.t.testDb.url });
    watcher = new pg.Client({ connectionString: s.t.testDb.url });
    await sale.connect();
    await watcher.connect();
  });
  afterAll(async () => {
    await sale?.end();
    await watcher?.end();
  });

  it('both finish: the edit waits for the sale, and neither is ended as a deadlock', async () => {
    const created = await s.asAdmin('/products', {
      method: 'POST',
      json: { name: 'Lock Order Tilapia', category: 'fish', priceCents: 50_000, stock: 6 },
    });
    expect(created.status).toBe(201);
    const productId = (await body<{ product: { id: string } }>(created)).product.id;
    // A product without options is sold as its one implicit variant.
    const view = await body<View>(await s.asAdmin(`/products/${productId}/variants`));
    const variantId = view.variants[0]!.id;

    // The sale: its variant locked, as checkout does before it counts the stock, its transaction open.
    await sale.query('begin');
    await sale.query('select id from product_variants where id = $1 for no key update', [variantId]);

    // The owner's edit of that variant's SKU starts meanwhile, and waits for a row lock.
    const edit = s.asAdmin(`/products/${productId}/variants/${variantId}`, { method: 'PATCH', json: { sku: 'LOCK-ORDER-1' } });
    const waiting = async () =>
      (
        await watcher.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()",
        )
      ).rows[0]!.n === 1;
    await waitFor('the edit to wait for a row the sale holds', waiting);

    // The sale takes the stock (its trigger then updates the product) and commits.
    await sale.query('update product_variants set stock = stock - 1 where id = $1', [variantId]);
    await sale.query('commit');

    const res = await edit;
    expect(res.status).toBe(200);
    const after = await body<View>(res);
    expect(after.variants.find((v) => v.id === variantId)).toMatchObject({ sku: 'LOCK-ORDER-1', stock: 5 });
  });
});
