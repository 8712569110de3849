// What a public page's <head> says about it: title, description, canonical address, the Open Graph
// and Twitter card tags a link preview (WhatsApp, Facebook) reads, and schema.org JSON-LD. Built by
// each page from the data it shows; turned into tags by the server, which knows the public address.
import { centsToDecimalString } from './money';

/** The shop's own description: the home page's, and any page's without one of its own. */
export const SHOP_DESCRIPTION = 'Fresh fish and chicken from Lake Victoria, delivered across Nairobi.';

export interface PageHead {
  /** The page's own title; null on the home page (the shop's name alone). */
  title: string | null;
  description: string;
  /** Path (and query, if it names a different page) of the page's one address, e.g. '/shop/tilapia'. */
  canonicalPath: string;
  /** Absolute URL or a path on this shop ('/media/…'). */
  image?: string | null;
  type?: 'website' | 'article' | 'product';
  /** For products: the price in cents (KES) and whether it can be bought. */
  price?: { cents: number; inStock: boolean };
  jsonLd?: readonly object[];
  /** HTTP status of the page: 404 for a product, post or page that does not exist. */
  status?: number;
}

export interface HeadSite {
  shopName: string;
  /** The shop's public origin, e.g. 'https://shop.example.co.ke' (no trailing slash). */
  origin: string;
  /** When true, robots are asked not to index the page. */
  noindex: boolean;
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside <script>: '<' is escaped, so '</script>' in a product name cannot end the block. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function absoluteUrl(origin: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${origin}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

function fullTitle(title: string | null, shopName: string): string {
  return title ? `${title} | ${shopName}` : shopName;
}

/** The tags that go in <head>, as HTML. */
export function headTags(head: PageHead, site: HeadSite): string {
  const title = fullTitle(head.title, site.shopName);
  const url = absoluteUrl(site.origin, head.canonicalPath);
  const image = head.image ? absoluteUrl(site.origin, head.image) : absoluteUrl(site.origin, '/og-image.png');
  const meta = (attr: 'name' | 'property', key: string, content: string) => `<meta ${attr}="${key}" content="${escapeAttr(content)}" />`;
  // A missing page has no address of its own to name: its tags are the same for every address.
  const named = head.status !== 404;
  const tags = [
    `<title>${escapeAttr(title)}</title>`,
    meta('name', 'description', head.description || SHOP_DESCRIPTION),
    ...(named ? [`<link rel="canonical" href="${escapeAttr(url)}" />`] : []),
    meta('property', 'og:site_name', site.shopName),
    meta('property', 'og:type', head.type === 'article' ? 'article' : head.type === 'product' ? 'product' : 'website'),
    meta('property', 'og:title', head.title ?? site.shopName),
    meta('property', 'og:description', head.description || SHOP_DESCRIPTION),
    ...(named ? [meta('property', 'og:url', url)] : []),
    meta('property', 'og:image', image),
    meta('property', 'og:locale', 'en_KE'),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title ?? site.shopName),
    meta('name', 'twitter:description', head.description || SHOP_DESCRIPTION),
    meta('name', 'twitter:image', image),
  ];
  if (head.price) {
    const amount = centsToDecimalString(head.price.cents);
    tags.push(
      meta('property', 'product:price:amount', amount),
      meta('property', 'product:price:currency', 'KES'),
      meta('property', 'product:availability', head.price.inStock ? 'in stock' : 'out of stock'),
    );
  }
  if (site.noindex) tags.push(meta('name', 'robots', 'noindex, nofollow'));
  for (const block of head.jsonLd ?? []) tags.push(`<script type="application/ld+json">${jsonForScript(block)}</script>`);
  return tags.join('\n    ');
}
