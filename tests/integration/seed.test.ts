import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, createTestDatabase, openSecondHandle, type TestDatabase } from '../support/test-database';
import { SEEDED_PICTURE_WIDTHS } from '@/domain/media-widths';
import { paragraphs } from '@/domain/text';
import type { Database, Db } from '@/server/db/client';
import { openDatabase } from '@/server/db/client';
import { runMigrations } from '@/server/db/migrate';
import { blogPosts, deliveryZones, pageContent, products, stockMovements, productVariants } from '@/server/db/schema';
import { SEED_PRODUCTS } from '@/server/seed/seed-data';
import { seedDemoData } from '@/server/seed/seed';

const PUBLIC_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../public');
const NOW = new Date('2025-06-15T09:00:00.000Z');
const DAY_MS = 86_400_000;

async function tableCounts(db: Db) {
  const one = async (table: PgTable) => (await db.select({ n: count() }).from(table))[0]?.n ?? -1;
  return {
    products: await one(products),
    variants: await one(productVariants),
    stockMovements: await one(stockMovements),
    deliveryZones: await one(deliveryZones),
    pages: await one(pageContent),
    posts: await one(blogPosts),
  };
}

describe('seedDemoData on a fresh in-memory PGlite', () => {
  let database: Database;
  let db: Db;
  let first: { seeded: boolean };

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await runMigrations(database);
    db = database.db;
    first = await seedDemoData(db, { now: NOW });
  });
  afterAll(async () => {
    await database.close();
  });

  it('reports that it seeded', () => {
    expect(first).toEqual({ seeded: true });
  });

  it('inserts the catalogue: fish and chicken, one out of stock, four featured, all published', async () => {
    const rows = await db.select().from(products).orderBy(asc(products.createdAt));
    expect(rows.length).toBeGreaterThanOrEqual(12);
    expect(new Set(rows.map((p) => p.category))).toEqual(new Set(['fish', 'chicken']));
    expect(rows.filter((p) => p.stock === 0).map((p) => p.slug)).toHaveLength(1);
    expect(rows.filter((p) => p.featured)).toHaveLength(4);
    expect(rows.filter((p) => p.featured && p.stock === 0)).toHaveLength(0);
    expect(rows.every((p) => p.published && p.archivedAt === null)).toBe(true);
    expect(new Set(rows.map((p) => p.slug)).size).toBe(rows.length);
    for (const p of rows) {
      expect(Number.isSafeInteger(p.price)).toBe(true);
      expect(p.price).toBeGreaterThanOrEqual(45_000);
      expect(p.price).toBeLessThanOrEqual(180_000);
      if (p.stock !== 0) expect(p.stock).toBeGreaterThanOrEqual(5);
      expect(p.stock).toBeLessThanOrEqual(60);
      expect(p.description.length).toBeGreaterThan(60);
      expect(p.createdAt.getTime()).toBeLessThan(NOW.getTime());
    }
    expect(rows.filter((p) => p.imageUrl === null)).toHaveLength(1);
  });

  it('opens the stock ledger with one restock per variant that matches its stock', async () => {
    const variants = await db.select().from(productVariants);
    const ledger = await db.select().from(stockMovements);
    // A variant that starts with nothing (the product out of stock) has no opening restock of 0.
    const stocked = variants.filter((v) => v.stock > 0);
    expect(stocked.length).toBe(variants.length - 1);
    expect(ledger).toHaveLength(stocked.length);
    for (const v of variants) {
      const moves = ledger.filter((m) => m.variantId === v.id);
      if (v.stock === 0) {
        expect(moves).toEqual([]);
        continue;
      }
      expect(moves).toHaveLength(1);
      expect(moves[0]).toMatchObject({
        productId: v.productId,
        kind: 'restock',
        quantity: v.stock,
        stockAfter: v.stock,
        reason: 'Opening stock',
        orderId: null,
        actorUserId: null,
      });
    }
    // A product's stock is its variants' together.
    for (const p of await db.select().from(products)) {
      expect(variants.filter((v) => v.productId === p.id).reduce((sum, v) => sum + v.stock, 0)).toBe(p.stock);
    }
  });

  it('sells the tilapia by size and preparation and the farm chicken by bird, each variant with its price, stock and weight', async () => {
    const [tilapia] = await db.select().from(products).where(eq(products.slug, 'tilapia'));
    const variants = await db.select().from(productVariants).where(eq(productVariants.productId, tilapia!.id));
    expect(variants).toHaveLength(9);
    expect(tilapia!.price).toBe(45_000);
    const largeScaled = variants.find((v) => v.sku === 'TIL-L-SG');
    expect(largeScaled).toMatchObject({ price: 133_000, stock: 6, weightGrams: 700, enabled: true });
    const [chicken] = await db.select().from(products).where(eq(products.slug, 'farm-chicken'));
    expect(
      await db.select({ sku: productVariants.sku }).from(productVariants).where(eq(productVariants.productId, chicken!.id)),
    ).toHaveLength(3);
  });

  it('inserts the five delivery zones of the real pricing', async () => {
    const zones = await db.select().from(deliveryZones).orderBy(asc(deliveryZones.minKm));
    expect(zones.map((z) => [z.name, z.minKm, z.maxKm, z.baseFee, z.perKmRate, z.estimatedMinutes, z.active])).toEqual([
      ['Zone 1 - Local Area', '0.00', '5.00', 6000, 500, 25, true],
      ['Zone 2 - Mid Distance', '5.00', '10.00', 12_000, 800, 35, true],
      ['Zone 3 - Extended Area', '10.00', '15.00', 20_000, 1200, 45, true],
      ['Zone 4 - Far Distance', '15.00', '25.00', 30_000, 1500, 60, true],
      ['Zone 5 - Extended Nairobi', '25.00', '50.00', 40_000, 2000, 90, true],
    ]);
  });

  it('inserts three published posts and one draft, plain text, dated over the past weeks', async () => {
    const posts = await db.select().from(blogPosts).orderBy(asc(blogPosts.createdAt));
    expect(posts.filter((p) => p.published)).toHaveLength(3);
    expect(posts.filter((p) => !p.published)).toHaveLength(1);
    expect(posts.some((p) => p.featuredImage === null)).toBe(true);
    expect(posts.some((p) => p.featuredImage !== null)).toBe(true);
    for (const post of posts) {
      const count = paragraphs(post.content).length;
      expect(count).toBeGreaterThanOrEqual(4);
      expect(count).toBeLessThanOrEqual(7);
      expect(post.content).not.toMatch(/<[a-z]|^#|\*\*|\]\(/m);
      expect(post.metaDescription).toBeTruthy();
      const age = (NOW.getTime() - post.createdAt.getTime()) / DAY_MS;
      expect(age).toBeGreaterThan(0);
      expect(age).toBeLessThan(8 * 7);
    }
    const ages = posts.map((p) => Math.round((NOW.getTime() - p.createdAt.getTime()) / DAY_MS));
    expect(Math.max(...ages) - Math.min(...ages)).toBeGreaterThanOrEqual(14);
  });

  it('inserts the faq, shipping, returns, terms and privacy pages published and one unpublished page', async () => {
    const pages = await db.select().from(pageContent);
    const published = pages
      .filter((p) => p.published)
      .map((p) => p.slug)
      .sort();
    expect(published).toEqual(['faq', 'privacy', 'returns', 'shipping', 'terms']);
    expect(pages.filter((p) => !p.published)).toHaveLength(1);
    for (const page of pages) {
      expect(page.content).toContain('<h2>');
      expect(page.content).toContain('<p>');
      expect(page.metaDescription).toBeTruthy();
      expect(page.content).not.toMatch(/<script|on\w+=|javascript:/i);
    }
  });

  it('states the real delivery pricing on the shipping page', async () => {
    const [shipping] = await db.select().from(pageContent).where(eq(pageContent.slug, 'shipping'));
    const html = shipping?.content ?? '';
    expect(html).toContain('<table>');
    expect(html).toContain('Kogo Star Plaza, Nairobi West');
    for (const [name, base, perKm, minutes] of [
      ['Zone 1 - Local Area', 'KES 60.00', 'KES 5.00', 25],
      ['Zone 2 - Mid Distance', 'KES 120.00', 'KES 8.00', 35],
      ['Zone 3 - Extended Area', 'KES 200.00', 'KES 12.00', 45],
      ['Zone 4 - Far Distance', 'KES 300.00', 'KES 15.00', 60],
      ['Zone 5 - Extended Nairobi', 'KES 400.00', 'KES 20.00', 90],
    ] as const) {
      expect(html).toContain(`<tr><td>${name}</td>`);
      expect(html).toMatch(new RegExp(`${name}</td><td>[^<]+</td><td>${base}</td><td>${perKm}</td><td>About ${minutes} minutes</td>`));
    }
    expect(html).toContain('KES 2,000.00 or more');
    expect(html).toContain('16%');
    // 12 km is in Zone 3: 200 + 12 × 12.
    expect(html).toContain('<strong>KES 344.00</strong>');
    // The original's flat prices must not come back.
    expect(html).not.toMatch(/5,000|Kisumu|CBD/);
  });

  it('reuses the data on a second call and inserts nothing', async () => {
    const before = await tableCounts(db);
    expect(await seedDemoData(db, { now: new Date(NOW.getTime() + DAY_MS) })).toEqual({ seeded: false });
    expect(await tableCounts(db)).toEqual(before);
  });

  it('points every product image at a file under public/', async () => {
    const rows = await db.select({ imageUrl: products.imageUrl }).from(products);
    const urls = rows.map((r) => r.imageUrl).filter((u): u is string => u !== null);
    expect(urls.length).toBe(rows.length - 1);
    for (const url of urls) {
      expect(url).toMatch(/^\/images\/products\/[a-z0-9-]+-640\.webp$/);
      expect(existsSync(path.join(PUBLIC_DIR, url)), url).toBe(true);
    }
  });

  it('points every blog featured image at a file under public/', async () => {
    const rows = await db.select({ featuredImage: blogPosts.featuredImage }).from(blogPosts);
    for (const { featuredImage } of rows) {
      if (featuredImage === null) continue;
      expect(existsSync(path.join(PUBLIC_DIR, featuredImage)), featuredImage).toBe(true);
    }
  });
});

describe('demo images', () => {
  const images = path.join(PUBLIC_DIR, 'images');
  const svgs = [
    ...['fallback-fish', 'fallback-fish-2', 'fallback-chicken', 'fallback-chicken-2'].map((n) => `${n}.svg`),
    ...SEED_PRODUCTS.flatMap((p) => (p.imageUrl ? [p.imageUrl.replace('/images/', '').replace(/-640\.webp$/, '.svg')] : [])),
  ];

  it.each(svgs)('%s is a small accessible 640×480 SVG', (name) => {
    const file = path.join(images, name);
    const text = readFileSync(file, 'utf8');
    expect(text.length).toBeLessThan(6 * 1024);
    expect(text).toMatch(/^<svg [^>]*viewBox="0 0 640 480"/);
    expect(text).toMatch(/^<svg [^>]*role="img"/);
    expect(text).toMatch(/<title[^>]*>[^<]{10,}<\/title>/);
  });

  it('has every seeded width (320, 480 px) beside each 640 px product image', () => {
    for (const p of SEED_PRODUCTS) {
      for (const width of SEEDED_PICTURE_WIDTHS.products) {
        if (p.imageUrl) expect(existsSync(path.join(PUBLIC_DIR, p.imageUrl.replace('-640.webp', `-${width}.webp`)))).toBe(true);
      }
    }
  });
});

describe.each(dbKinds(import.meta.url))('seedDemoData from two instances at once on %s', (kind) => {
  let t: TestDatabase;
  let second: Database | null = null;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterEach(async () => {
    await second?.close();
    second = null;
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('seeds exactly once', async () => {
    second = t.url ? await openSecondHandle(t.url) : null;
    const other = second ?? t.database;
    const results = await Promise.all([seedDemoData(t.database.db, { now: NOW }), seedDemoData(other.db, { now: NOW })]);
    expect(results.filter((r) => r.seeded)).toHaveLength(1);
    const counts = await tableCounts(t.database.db);
    // One variant per product without options (its implicit one), the listed ones of the others,
    // and one opening restock for each that starts with stock.
    const variants = SEED_PRODUCTS.reduce((n, p) => n + (p.options ? p.options.variants.length : 1), 0);
    const stocked = SEED_PRODUCTS.reduce(
      (n, p) => n + (p.options ? p.options.variants.filter((v) => v.stock > 0).length : p.stock > 0 ? 1 : 0),
      0,
    );
    expect(counts).toEqual({
      products: SEED_PRODUCTS.length,
      variants,
      stockMovements: stocked,
      deliveryZones: 5,
      pages: 6,
      posts: 4,
    });
  });
});
