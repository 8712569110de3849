// The catalogue's public API: what a visitor's browser reads on /, /shop and /cart.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { products } from '../../src/server/db/schema';
import type { ProductDto, ProductListDto } from '../../src/server/features/catalog/catalog.service';
import { createTestApp, type TestApp } from '../support/test-app';
import { dbKinds } from '../support/test-database';
import { insertProducts } from '../../src/server/features/catalog/new-products';
import { setImplicitVariant } from '../support/implicit-variant';

describe.each(dbKinds(import.meta.url))('storefront catalogue on %s', (kind) => {
  let t: TestApp;
  let clock = new Date('2026-03-05T08:00:00Z');
  const later = (ms: number) => (clock = new Date(clock.getTime() + ms));
  let hidden: { unpublished: string; archived: string };

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true, deps: { now: () => clock } });
    const rows = await insertProducts(t.ctx.db, [
      { name: 'Hidden Draft Fish', slug: 'hidden-draft', category: 'fish', price: 1000, stock: 5, published: false },
      { name: 'Archived Wings', slug: 'archived-wings', category: 'chicken', price: 2000, stock: 5, archivedAt: new Date() },
    ]);
    hidden = { unpublished: rows[0]!.id, archived: rows[1]!.id };
  });
  afterAll(async () => {
    await t.dispose();
  });

  const list = async (query = '') => {
    const res = await t.request(`/api/catalog/products${query}`);
    expect(res.status).toBe(200);
    return (await res.json()) as ProductListDto;
  };

  it('lists published, unarchived products with prices in integer cents', async () => {
    const body = await list();
    expect(body.total).toBe(body.products.length);
    expect(body.products.length).toBeGreaterThanOrEqual(12);
    expect(body.products.map((p) => p.slug)).not.toContain('hidden-draft');
    expect(body.products.map((p) => p.slug)).not.toContain('archived-wings');
    const tilapia = body.products.find((p) => p.slug === 'fresh-whole-tilapia');
    expect(tilapia).toEqual<ProductDto>({
      id: expect.any(String),
      name: 'Fresh Whole Tilapia (1 kg)',
      slug: 'fresh-whole-tilapia',
      description: expect.stringContaining('Nile tilapia'),
      category: 'fish',
      priceCents: 65_000,
      taxBand: 'B',
      stock: 40,
      imageUrl: '/images/products/tilapia-whole-640.webp',
      featured: true,
    });
    expect(body.products.every((p) => Number.isSafeInteger(p.priceCents) && p.priceCents > 0)).toBe(true);
    expect(body.products.every((p) => !('price' in p))).toBe(true);
    expect(body.categories).toEqual(['chicken', 'fish']);
    const names = body.products.map((p) => p.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('filters by category and by search words, keeping the shop-wide total and categories', async () => {
    const fish = await list('?category=fish');
    expect(fish.products.length).toBeGreaterThan(0);
    expect(fish.products.every((p) => p.category === 'fish')).toBe(true);
    expect(fish.categories).toEqual(['chicken', 'fish']);

    const search = await list('?search=TILAPIA%20fillet');
    expect(search.products.map((p) => p.slug)).toEqual(['tilapia-fillets']);

    const none = await list('?category=chicken&search=tilapia');
    expect(none.products).toEqual([]);
    expect(none.total).toBeGreaterThanOrEqual(12);
  });

  it('answers a too-long search with 400 and a message', async () => {
    const res = await t.request(`/api/catalog/products?search=${'a'.repeat(101)}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { message: 'Search text must be 100 characters or fewer' } });
  });

  it('gives four featured products and the categories', async () => {
    const featured = (await (await t.request('/api/catalog/products/featured')).json()) as { products: ProductDto[] };
    expect(featured.products).toHaveLength(4);
    expect(featured.products.every((p) => p.featured && p.stock > 0)).toBe(true);
    expect(await (await t.request('/api/catalog/categories')).json()).toEqual({ categories: ['chicken', 'fish'] });
  });

  it('sends ETag and a Cache-Control that makes browsers revalidate, and 304 when the browser has the same answer', async () => {
    const first = await t.request('/api/catalog/products?category=fish');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    const again = await t.request('/api/catalog/products?category=fish', { headers: { 'If-None-Match': `W/${etag}` } });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(await again.text()).toBe('');
    const other = await t.request('/api/catalog/products?category=chicken', { headers: { 'If-None-Match': etag! } });
    expect(other.status).toBe(200);
  });

  it('over a real socket (as in production) sends the security headers and the request id with the cached bytes', async () => {
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    try {
      await new Promise<void>((resolve) => server.once('listening', () => resolve()));
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/api/catalog/products?category=fish`);
      expect(res.status).toBe(200);
      for (const [name, value] of [
        ['x-frame-options', 'DENY'],
        ['x-content-type-options', 'nosniff'],
        ['referrer-policy', 'strict-origin'],
        ['x-robots-tag', 'noindex'],
        ['cache-control', 'public, max-age=0, must-revalidate'],
        ['content-type', 'application/json; charset=utf-8'],
      ]) {
        expect(res.headers.get(name!), name).toBe(value);
      }
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(res.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
      expect(((await res.json()) as ProductListDto).products.every((p) => p.category === 'fish')).toBe(true);
      // An error answer gets them too.
      const missing = await fetch(`http://127.0.0.1:${port}/api/catalog/nothing-here`);
      expect(missing.status).toBe(404);
      expect(missing.headers.get('x-frame-options')).toBe('DENY');
      expect(missing.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('costs one query per distinct answer within the cache time, however many reads ask for it', async () => {
    later(60_000);
    const select = vi.spyOn(t.ctx.db, 'select');
    try {
      const reads = () => Promise.all([list(), list('?category=fish'), list('?search=wings'), t.request('/api/catalog/products/featured')]);
      await reads();
      // The shop-wide categories and total, one page per filter, and the published list behind featured.
      expect(select).toHaveBeenCalledTimes(5);
      await reads();
      await Promise.all([list(), list(), list('?category=fish')]);
      expect(select).toHaveBeenCalledTimes(5);
    } finally {
      select.mockRestore();
    }
  });

  it('shows a price change once the second of server caching has passed', async () => {
    later(60_000);
    const before = (await list()).products.find((p) => p.slug === 'whole-catfish');
    await setImplicitVariant(t.ctx.db, before!.id, { price: 57_550 });
    expect((await list()).products.find((p) => p.slug === 'whole-catfish')?.priceCents).toBe(before?.priceCents);
    later(1_000);
    expect((await list()).products.find((p) => p.slug === 'whole-catfish')?.priceCents).toBe(57_550);
  });

  it('a browser revalidating after a product sold out or was unpublished gets the new list, not a 304', async () => {
    later(60_000);
    const first = await t.request('/api/catalog/products');
    const etag = first.headers.get('etag')!;
    expect(((await first.json()) as ProductListDto).products.find((p) => p.slug === 'chicken-thighs')?.stock).toBeGreaterThan(0);
    const [thighs] = await t.ctx.db.select({ id: products.id }).from(products).where(eq(products.slug, 'chicken-thighs'));
    await setImplicitVariant(t.ctx.db, thighs!.id, { stock: 0 });
    await t.ctx.db.update(products).set({ published: false }).where(eq(products.slug, 'chicken-gizzards'));
    later(1_000);
    const again = await t.request('/api/catalog/products', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(200);
    expect(again.headers.get('etag')).not.toBe(etag);
    const body = (await again.json()) as ProductListDto;
    expect(body.products.find((p) => p.slug === 'chicken-thighs')?.stock).toBe(0);
    expect(body.products.map((p) => p.slug)).not.toContain('chicken-gizzards');
  });

  it('re-checks a cart: current price and stock, and which products are no longer sold', async () => {
    const all = (await list()).products;
    const omena = all.find((p) => p.slug === 'omena-dagaa')!;
    const smoked = all.find((p) => p.slug === 'smoked-tilapia')!;
    const unknown = '00000000-0000-4000-8000-000000000000';
    const res = await t.request('/api/catalog/cart-check', {
      method: 'POST',
      json: {
        items: [
          { productId: omena.id, quantity: 2 },
          { productId: smoked.id, quantity: 1 },
          { productId: hidden.unpublished, quantity: 1 },
          { productId: hidden.archived, quantity: 1 },
          { productId: unknown, quantity: 1 },
          { productId: '7', quantity: 1 },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBeNull();
    expect(await res.json()).toEqual({
      items: [
        {
          productId: omena.id,
          available: true,
          name: omena.name,
          priceCents: 45_000,
          taxBand: 'B',
          stock: 60,
          imageUrl: omena.imageUrl,
          category: 'fish',
        },
        {
          productId: smoked.id,
          available: true,
          name: smoked.name,
          priceCents: 90_000,
          taxBand: 'B',
          stock: 0,
          imageUrl: smoked.imageUrl,
          category: 'fish',
        },
        { productId: hidden.unpublished, available: false },
        { productId: hidden.archived, available: false },
        { productId: unknown, available: false },
        { productId: '7', available: false },
      ],
    });
  });

  it('reads the cart check fresh from the database (no caching)', async () => {
    const [row] = await t.ctx.db.select({ id: products.id }).from(products).where(eq(products.slug, 'chicken-wings'));
    await setImplicitVariant(t.ctx.db, row!.id, { stock: 3 });
    const res = await t.request('/api/catalog/cart-check', { method: 'POST', json: { items: [{ productId: row!.id, quantity: 5 }] } });
    expect(await res.json()).toMatchObject({ items: [{ stock: 3, available: true }] });
  });

  it.each([
    [{}, 'items must be a list of { productId, quantity }'],
    [{ items: [{ productId: '', quantity: 1 }] }, 'Each item needs a productId'],
    [{ items: [{ productId: 'x', quantity: 1.5 }] }, 'Quantity must be a whole number'],
  ])('refuses a malformed cart check %j with 400', async (json, message) => {
    const res = await t.request('/api/catalog/cart-check', { method: 'POST', json });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', message } });
  });
});
