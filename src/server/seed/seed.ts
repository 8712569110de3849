// Fills an empty shop with the demo catalogue, blog, pages and delivery zones (./seed-data).
// Everything goes in one transaction, and only when the products table is empty: a restart, or a
// second instance starting at the same moment, finds the data there and leaves it alone.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { LOCKS } from '../db/locks';
import { blogPosts, deliveryWindows, deliveryZones, pageContent, products } from '../db/schema';
import { SEED_BLOG_POSTS, SEED_DELIVERY_ZONES, SEED_PAGES, SEED_PRODUCTS, SEED_SEARCH_KEYWORDS } from './seed-data';
import { DEFAULT_ZONE_WINDOWS } from '@/domain/delivery-slots';
import { sanitizePageHtml } from '../features/content/sanitize-page-html';
import { addProductOptions } from '../features/catalog/product-options.service';
import { insertProducts } from '../features/catalog/new-products';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** The catalogue "went online" this long before the base date. */
const CATALOGUE_AGE_DAYS = 60;

export interface SeedOptions {
  /** Base date for every created_at (defaults to the current time). */
  now?: Date;
}

export async function seedDemoData(db: Db, opts: SeedOptions = {}): Promise<{ seeded: boolean }> {
  const now = opts.now ?? new Date();
  const daysBefore = (days: number, minutes = 0) => new Date(now.getTime() - days * DAY_MS + minutes * MINUTE_MS);

  return db.transaction(async (tx) => {
    // Instances seeding at once queue here; the second one then sees the first one's products.
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCKS.seed})`);
    const existing = await tx.select({ id: products.id }).from(products).limit(1);
    if (existing.length > 0) return { seeded: false };

    // Each product comes with its implicit variant and opening stock (one restock in the ledger);
    // a product sold by options starts empty, and its options' variants replace that one.
    const inserted = await insertProducts(
      tx,
      SEED_PRODUCTS.map((p, i) => {
        const createdAt = daysBefore(CATALOGUE_AGE_DAYS, i);
        return {
          name: p.name,
          slug: p.slug,
          description: p.description,
          searchKeywords: SEED_SEARCH_KEYWORDS[p.slug] ?? '',
          category: p.category,
          price: p.price,
          stock: p.options ? 0 : p.stock,
          imageUrl: p.imageUrl,
          published: true,
          featured: p.featured,
          createdAt,
          updatedAt: createdAt,
        };
      }),
    );
    for (const p of inserted) {
      const options = SEED_PRODUCTS.find((s) => s.slug === p.slug)?.options;
      if (options) await addProductOptions(tx, p.id, options, p.createdAt);
    }

    // Zones may already have been set up by hand; never duplicate them.
    const zones = await tx.select({ id: deliveryZones.id }).from(deliveryZones).limit(1);
    if (zones.length === 0) {
      const createdAt = daysBefore(CATALOGUE_AGE_DAYS);
      const seededZones = await tx
        .insert(deliveryZones)
        .values(SEED_DELIVERY_ZONES.map((z) => ({ ...z, active: true, createdAt, updatedAt: createdAt })))
        .returning({ id: deliveryZones.id });
      // The shop's week of windows, the same for every zone.
      const week = await tx.select({ id: deliveryWindows.id }).from(deliveryWindows).limit(1);
      if (seededZones.length > 0 && week.length === 0) {
        await tx.insert(deliveryWindows).values(DEFAULT_ZONE_WINDOWS.map((w) => ({ ...w, createdAt, updatedAt: createdAt })));
      }
    }

    await tx
      .insert(pageContent)
      .values(
        SEED_PAGES.map((page) => {
          const createdAt = daysBefore(CATALOGUE_AGE_DAYS);
          return { ...page, content: sanitizePageHtml(page.content), createdAt, updatedAt: createdAt };
        }),
      )
      .onConflictDoNothing({ target: pageContent.slug });

    await tx
      .insert(blogPosts)
      .values(
        SEED_BLOG_POSTS.map((post) => {
          const createdAt = daysBefore(post.daysAgo);
          return {
            slug: post.slug,
            title: post.title,
            content: post.content,
            featuredImage: post.featuredImage,
            metaDescription: post.metaDescription,
            published: post.published,
            createdAt,
            updatedAt: createdAt,
          };
        }),
      )
      .onConflictDoNothing({ target: blogPosts.slug });

    return { seeded: true };
  });
}
