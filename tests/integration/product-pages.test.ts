// /shop/{slug}: the product page's API, slugs the merchant edits (old addresses answer with the
// new one), and what search engines are given (sitemap.xml, robots.txt).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSlugRedirects, products } from '../../src/server/db/schema';
import type { ProductPageAnswer, ProductPageDto } from '../../src/server/features/catalog/catalog.service';
import { createTestApp, createUser, type TestApp, type TestUser } from '../support/test-app';
import { dbKinds } from '../support/test-database';
import { insertProducts } from '../../src/server/features/catalog/new-products';

describe.each(dbKinds(import.meta.url))('product pages on %s', (kind) => {
  let t: TestApp;
  let admin: TestUser;
  let clock = new Date('2026-03-05T08:00:00Z');
  const later = () => (clock = new Date(clock.getTime() + 5_000));

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true, deps: { now: () => clock } });
    admin = await createUser(t, { role: 'owner', name: 'Amina Admin' });
    await insertProducts(t.ctx.db, [
      { name: 'Hidden Draft Fish', slug: 'hidden-draft', category: 'fish', price: 1000, stock: 5, published: false },
      { name: 'Archived Wings', slug: 'archived-wings', category: 'chicken', price: 2000, stock: 5, archivedAt: new Date() },
    ]);
  });
  afterAll(async () => {
    await t.dispose();
  });

  const productPage = async (slug: string) => {
    const res = await t.request(`/api/catalog/products/by-slug/${slug}`);
    return { status: res.status, body: (await res.json()) as ProductPageAnswer & { error?: { message: string } } };
  };
  const rename = (id: string, slug: string) =>
    t.request(`/api/admin/products/${id}`, { method: 'PATCH', cookie: admin.cookie, json: { slug } });

  it('gives a published product with up to 4 others of its category, in stock first', async () => {
    const { status, body } = await productPage('fresh-whole-tilapia');
    expect(status).toBe(200);
    const page = body as ProductPageDto;
    expect(page.product).toMatchObject({ name: 'Fresh Whole Tilapia (1 kg)', priceCents: 65_000, category: 'fish', stock: 40 });
    expect(page.product.description).toContain('Nile tilapia');
    expect(page.related.length).toBeGreaterThan(0);
    expect(page.related.length).toBeLessThanOrEqual(4);
    expect(page.related.every((p) => p.category === 'fish' && p.slug !== 'fresh-whole-tilapia')).toBe(true);
    const firstSoldOut = page.related.findIndex((p) => p.stock === 0);
    if (firstSoldOut >= 0) expect(page.related.slice(firstSoldOut).every((p) => p.stock === 0)).toBe(true);
  });

  it.each(['no-such-fish', 'hidden-draft', 'archived-wings'])('answers 404 for %s (unknown, unpublished or archived)', async (slug) => {
    const { status, body } = await productPage(slug);
    expect(status).toBe(404);
    expect(body.error?.message).toBe('Product not found');
  });

  it('a renamed slug: the new address shows the product, the old one says where it moved', async () => {
    const [tilapia] = await t.ctx.db.select().from(products).where(eq(products.slug, 'fresh-whole-tilapia'));
    const res = await rename(tilapia!.id, '  Whole-Tilapia-1kg ');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { product: { slug: string } }).product.slug).toBe('whole-tilapia-1kg');
    later();
    expect((await productPage('whole-tilapia-1kg')).status).toBe(200);
    expect((await productPage('fresh-whole-tilapia')).body).toEqual({ movedTo: 'whole-tilapia-1kg' });
    const redirects = await t.ctx.db.select().from(productSlugRedirects).where(eq(productSlugRedirects.productId, tilapia!.id));
    expect(redirects.map((r) => r.slug)).toEqual(['fresh-whole-tilapia']);

    // Renamed back: the first address is live again, and the second now leads to it.
    expect((await rename(tilapia!.id, 'fresh-whole-tilapia')).status).toBe(200);
    later();
    expect((await productPage('fresh-whole-tilapia')).status).toBe(200);
    expect((await productPage('whole-tilapia-1kg')).body).toEqual({ movedTo: 'fresh-whole-tilapia' });
  });

  it('refuses a slug another product uses, or a badly formed one, and changes nothing', async () => {
    const [perch] = await t.ctx.db.select().from(products).where(eq(products.category, 'fish')).limit(1);
    const taken = await rename(perch!.id, 'whole-tilapia-1kg');
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as { error: { fields: Record<string, string> } }).error.fields.slug).toBe(
      'Another product already uses that web address',
    );
    const bad = await rename(perch!.id, 'no spaces--allowed');
    expect(bad.status).toBe(400);
    const [after] = await t.ctx.db.select().from(products).where(eq(products.id, perch!.id));
    expect(after!.slug).toBe(perch!.slug);
  });

  it('sitemap.xml lists the public pages and every published product and post, with lastmod, and nothing hidden', async () => {
    const res = await t.request('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/xml');
    const xml = await res.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    const published = await t.ctx.db
      .select({ slug: products.slug, published: products.published, archivedAt: products.archivedAt })
      .from(products);
    for (const p of published) {
      const listed = locs.includes(`/shop/${p.slug}`);
      expect(listed, p.slug).toBe(p.published && p.archivedAt === null);
    }
    expect(locs).toEqual(expect.arrayContaining(['/', '/shop', '/blog', '/about', '/contact']));
    expect(locs.some((l) => l.startsWith('/blog/'))).toBe(true);
    expect(xml).toMatch(/<url><loc>[^<]+\/shop\/[^<]+<\/loc><lastmod>\d{4}-\d{2}-\d{2}T/);
  });

  it('robots.txt keeps robots out of everything outside production', async () => {
    const res = await t.request('/robots.txt');
    expect(await res.text()).toBe('User-agent: *\nDisallow: /\n');
  });
});
