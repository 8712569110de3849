// The shop's list at a large catalogue's size (2,000 products seeded in SQL beside the demo ones):
// pages of 24 in name order with nothing skipped or repeated, the category and search filters in
// SQL (search by name, category and the Kiswahili keywords, without case or accents), each read
// through an index (the test reads the plan), and /shop as HTML small however large the catalogue.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { and, asc, eq, isNull, sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { products } from '../../src/server/db/schema';
import { productPageQuery, type ProductListDto } from '../../src/server/features/catalog/catalog.service';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app';
import { dbKinds } from '../support/test-database';
import { SEED_PRODUCTS } from '../../src/server/seed/seed-data';
import { insertProducts } from '../../src/server/features/catalog/new-products';

/** The demo catalogue's products, all on sale. */
const DEMO = SEED_PRODUCTS.length;
/** Products added in SQL, half fish: with the demo ones and the pâté, 2,016 on sale, exactly 84 pages. */
const SEEDED = 2_016 - DEMO - 1;
const INDEX_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><!--page-head--></head>
<body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>`;
/** The most /shop may weigh gzipped, at any catalogue size. */
const SHOP_HTML_GZIP_MAX = 60 * 1024;

/**
 * The plan with the table scan priced out: at 2,000 products reading them all and reading an index
 * cost about the same, so the planner's choice between them flips with its statistics. What must
 * not happen is that no index can answer (one lost from a migration): then the scan stays.
 */
async function planOf(t: TestApp, query: SQLWrapper): Promise<string> {
  return t.ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const rows = await queryRows<{ 'QUERY PLAN': string }>(tx, sql`explain ${query}`);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

describe.each(dbKinds(import.meta.url))('the shop list at 2,000 products on %s', (kind) => {
  let t: TestApp;
  let webRoot: string;
  let clock = new Date('2026-03-05T08:00:00Z');

  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'shop-paging-'));
    writeFileSync(path.join(webRoot, 'index.html'), INDEX_HTML);
    const renderModule = await import('../../src/web/entry-server');
    t = await createTestApp(kind, { seed: true, deps: { now: () => clock }, app: { webRoot, renderModule } });
    // Each product with its implicit variant, which holds its price and stock.
    await t.ctx.db.execute(sql`with made as (insert into products (name, slug, description, category, price)
        select 'Lake Product ' || lpad(g::text, 4, '0'), 'lake-product-' || g, 'Fresh from the lake, packed on the day.',
          case when g % 2 = 0 then 'fish' else 'chicken' end, 50000 + g
        from generate_series(1, ${SEEDED}) g returning id, price)
      insert into product_variants (product_id, price, stock) select id, price, 40 from made`);
    await insertProducts(t.ctx.db, [
      {
        name: 'Pâté de Poisson Fumé',
        slug: 'pate-de-poisson',
        category: 'fish',
        price: 90_000,
        stock: 3,
        searchKeywords: 'Samaki wa Kuvúta',
      },
      { name: 'Hidden Ngege Draft', slug: 'hidden-ngege', category: 'fish', price: 1_000, stock: 3, published: false },
    ]);
    await t.ctx.db.execute(sql`analyze products`);
  }, 120_000);
  afterAll(async () => {
    await t?.dispose();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const list = async (query: string) => {
    clock = new Date(clock.getTime() + 60_000); // past the public read cache: every answer is read afresh
    const res = await t.request(`/api/catalog/products${query}`);
    expect(res.status).toBe(200);
    return (await res.json()) as ProductListDto;
  };
  const slugs = (body: ProductListDto) => body.products.map((p) => p.slug);

  it('pages through every product on sale in name order, 24 at a time, nothing skipped or repeated', async () => {
    const onSale = await t.ctx.db
      .select({ slug: products.slug })
      .from(products)
      .where(and(eq(products.published, true), isNull(products.archivedAt)))
      .orderBy(asc(products.name), asc(products.id));
    expect(onSale).toHaveLength(2_016);

    const seen: string[] = [];
    let page: number | null = 1;
    let pages = 0;
    while (page !== null) {
      const body = await list(page === 1 ? '' : `?page=${page}`);
      expect(body.page).toBe(page);
      expect(body.total).toBe(onSale.length);
      expect(body.categories).toEqual(['chicken', 'fish']);
      expect(body.products).toHaveLength(24);
      seen.push(...slugs(body));
      pages += 1;
      page = body.nextPage;
    }
    expect(pages).toBe(84);
    expect(seen).toEqual(onSale.map((r) => r.slug));
    // Past the end: no products, no next page, the shop-wide total still there.
    const past = await list('?page=85');
    expect(past).toMatchObject({ products: [], nextPage: null, page: 85, total: onSale.length });
  });

  it('pages a category to its last, short page', async () => {
    const first = await list('?category=FISH');
    expect(first.products.every((p) => p.category === 'fish')).toBe(true);
    expect(first.nextPage).toBe(2);
    // 999 seeded, 9 demo fish and the pâté: 42 full pages and one of 1.
    const last = await list('?category=fish&page=43');
    expect(slugs(last)).toEqual(['whole-catfish']);
    expect(last.nextPage).toBeNull();
    expect(last.products.every((p) => p.category === 'fish')).toBe(true);
  });

  it('finds tilapia by its Kiswahili name, in any case and with accents, and only what is on sale', async () => {
    const tilapia = ['fresh-whole-tilapia', 'smoked-tilapia', 'tilapia', 'tilapia-family-pack', 'tilapia-fillets'];
    for (const search of ['ngege', 'NGEGE', 'Ngégé', '  ngege  ']) {
      const body = await list(`?search=${encodeURIComponent(search)}`);
      expect(slugs(body).sort()).toEqual(tilapia);
      expect(body.nextPage).toBeNull();
    }
    expect(slugs(await list('?search=samaki%20ngege%20minofu'))).toEqual(['tilapia', 'tilapia-fillets']);
    expect(slugs(await list('?search=mbuta'))).toEqual(['nile-perch-fillets']);
    expect((await list('?search=kuku')).products.every((p) => p.category === 'chicken')).toBe(true);
    expect((await list('?search=kuku')).products.length).toBe(8);
    expect(slugs(await list('?search=kienyeji'))).toEqual(['farm-chicken', 'kienyeji-chicken']);
    expect(slugs(await list('?category=chicken&search=ngege'))).toEqual([]);
  });

  it('matches accents and case in names and keywords both ways, and treats LIKE wildcards as text', async () => {
    expect(slugs(await list('?search=pate%20fume'))).toEqual(['pate-de-poisson']);
    expect(slugs(await list(`?search=${encodeURIComponent('PÂTÉ')}`))).toEqual(['pate-de-poisson']);
    expect(slugs(await list('?search=kuvuta')).sort()).toEqual(['pate-de-poisson', 'smoked-tilapia']);
    expect(slugs(await list('?search=lake%20product%200940'))).toEqual(['lake-product-940']);
    expect(slugs(await list('?search=%25'))).toEqual([]);
    expect(slugs(await list('?search=lake_product'))).toEqual([]);
  });

  it('refuses a page that is not a whole number from 1 with a message', async () => {
    for (const page of ['0', '-1', '1.5', 'two', '10001']) {
      const res = await t.request(`/api/catalog/products?page=${page}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { message: 'Page must be a whole number from 1 to 10,000' } });
    }
  });

  it('reads every page and filter through an index', async () => {
    const cases: [Parameters<typeof productPageQuery>[1], number, RegExp][] = [
      [{}, 1, /products_on_sale_name_idx/],
      [{}, 40, /products_on_sale_name_idx/],
      // Half the catalogue is fish: walking the name index and skipping chicken serves as well.
      [{ category: 'fish' }, 1, /products_(on_sale_category_name|on_sale_name|listing)_idx/],
      [{ category: 'fish' }, 40, /products_(on_sale_category_name|on_sale_name|listing)_idx/],
      [{ search: 'ngege' }, 1, /products_(search_trgm|on_sale_name|on_sale_category_name|listing)_idx/],
      [{ category: 'fish', search: 'lake product 0940' }, 1, /products_(search_trgm|on_sale_name|on_sale_category_name|listing)_idx/],
    ];
    for (const [filter, page, index] of cases) {
      const plan = await planOf(t, productPageQuery(t.ctx.db, filter, page));
      expect(plan, JSON.stringify(filter)).toMatch(index);
      expect(plan, JSON.stringify(filter)).not.toMatch(/Seq Scan on products/);
    }
  });

  it('renders /shop with its first 24 products and a Show more link, small at any catalogue size', async () => {
    const page = async (address: string) => {
      clock = new Date(clock.getTime() + 60_000);
      const res = await t.app.request(`${TEST_ORIGIN}${address}`, {}, { incoming: { socket: { remoteAddress: '203.0.113.9' } } });
      expect(res.status).toBe(200);
      return res.text();
    };
    const html = await page('/shop');
    const cards = (html.match(/<article/g) ?? []).length;
    expect(cards).toBe(24);
    expect(html).toContain('href="/shop?page=2"');
    expect(html).toContain('>Show more<');
    const gzip = gzipSync(html).byteLength;
    expect(gzip).toBeLessThanOrEqual(SHOP_HTML_GZIP_MAX);
    process.stdout.write(
      `  /shop at ${DEMO + SEEDED + 1} products on ${kind}: ${(html.length / 1024).toFixed(1)} KB, gzip ${(gzip / 1024).toFixed(1)} KB\n`,
    );

    // The page is part of the address the page is kept by; a campaign tag is not.
    const second = await page('/shop?page=2&utm_source=newsletter');
    expect(second).not.toBe(html);
    expect(second).toContain('href="/shop?page=3"');
    expect(second).not.toContain('utm_source');
    const last = await page('/shop?page=84');
    expect((last.match(/<article/g) ?? []).length).toBe(24);
    expect(last).not.toContain('>Show more<');
    // The filter rides along on the next page's link.
    const fish = await page('/shop?category=fish&search=lake');
    expect(fish).toContain('href="/shop?category=fish&amp;search=lake&amp;page=2"');
  });
});
