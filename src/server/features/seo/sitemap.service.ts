// What search engines are told about: every published product, post and page with its last change,
// and the fixed public pages of the route table. Unpublished and archived things are never listed.
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { blogPosts, pageContent, products } from '../../db/schema';
import { SITEMAP_PAGES } from '@/domain/route-table';
import { PRIVATE_PAGES, SERVER_PREFIXES } from '../../infra/http/private-paths';

export interface SitemapEntry {
  path: string;
  lastmod?: Date;
}

export async function sitemapEntries(db: DbOrTx): Promise<SitemapEntry[]> {
  const [productRows, postRows, pageRows] = await Promise.all([
    db
      .select({ slug: products.slug, updatedAt: products.updatedAt })
      .from(products)
      .where(and(eq(products.published, true), isNull(products.archivedAt)))
      .orderBy(asc(products.slug)),
    db
      .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
      .from(blogPosts)
      .where(eq(blogPosts.published, true))
      .orderBy(asc(blogPosts.slug)),
    db
      .select({ slug: pageContent.slug, updatedAt: pageContent.updatedAt })
      .from(pageContent)
      .where(eq(pageContent.published, true))
      .orderBy(asc(pageContent.slug)),
  ]);
  return [
    ...SITEMAP_PAGES.map((path) => ({ path })),
    ...productRows.map((r) => ({ path: `/shop/${r.slug}`, lastmod: r.updatedAt })),
    ...postRows.map((r) => ({ path: `/blog/${r.slug}`, lastmod: r.updatedAt })),
    ...pageRows.map((r) => ({ path: `/${r.slug}`, lastmod: r.updatedAt })),
  ];
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function sitemapXml(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((e) => {
    const loc = `<loc>${escapeXml(origin + encodeURI(e.path))}</loc>`;
    return `  <url>${loc}${e.lastmod ? `<lastmod>${e.lastmod.toISOString()}</lastmod>` : ''}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** Paths robots may not crawl: a customer's or the merchant's screens and the development tools. */
const ROBOTS_DISALLOW = [...PRIVATE_PAGES, ...SERVER_PREFIXES];

export function robotsTxt(origin: string, allowIndexing: boolean): string {
  if (!allowIndexing) return 'User-agent: *\nDisallow: /\n';
  return ['User-agent: *', 'Allow: /', ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join(
    '\n',
  );
}
