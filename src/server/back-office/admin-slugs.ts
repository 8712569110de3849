// Slugs made from a title with slugify and then made unique within their table: 'tilapia',
// 'tilapia-2', 'tilapia-3'… Reserved words (the shop's own routes) count as taken, so a page can
// never shadow /shop or /admin through the storefront's catch-all /{slug} route.
import { like, or, eq, and, ne } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { slugify } from '@/domain/text';
import type { DbOrTx } from '../db/client';

/** Paths the storefront or server already answer; a page with one of these slugs would be unreachable. */
export const RESERVED_PAGE_SLUGS: ReadonlySet<string> = new Set([
  'about',
  'aboutus',
  'admin',
  'api',
  'assets',
  'auth',
  'blog',
  'cart',
  'checkout',
  'contact',
  'dev',
  'images',
  'media',
  'order-success',
  'orders',
  'page',
  'pesapal-sim',
  'profile',
  'shop',
]);

/** The first of base, base-2, base-3… that is neither taken nor reserved. */
function firstFreeSlug(base: string, taken: ReadonlySet<string>, reserved: ReadonlySet<string> = new Set()): string {
  const free = (s: string) => !taken.has(s) && !reserved.has(s);
  if (free(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (free(candidate)) return candidate;
  }
}

interface SlugTable {
  table: PgTable;
  id: PgColumn;
  slug: PgColumn;
}

/** A unique slug for `title` in the table, ignoring the row being edited (exceptId). */
export async function uniqueSlugFor(
  db: DbOrTx,
  t: SlugTable,
  title: string,
  opts: { exceptId?: string; reserved?: ReadonlySet<string> } = {},
): Promise<string> {
  const base = slugify(title);
  const sameBase = or(eq(t.slug, base), like(t.slug, `${base}-%`));
  const rows = (await db
    .select({ slug: t.slug })
    .from(t.table)
    .where(opts.exceptId ? and(sameBase, ne(t.id, opts.exceptId)) : sameBase)) as { slug: string }[];
  return firstFreeSlug(base, new Set(rows.map((r) => r.slug)), opts.reserved);
}

/** Whether another row already uses exactly this slug. */
export async function slugTaken(db: DbOrTx, t: SlugTable, slug: string, exceptId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: t.id })
    .from(t.table)
    .where(exceptId ? and(eq(t.slug, slug), ne(t.id, exceptId)) : eq(t.slug, slug))
    .limit(1);
  return rows.length > 0;
}
