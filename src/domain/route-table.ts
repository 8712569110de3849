// The shop's pages, listed once. The browser's routes (src/web/app/router.tsx), the server-rendered
// pages' data and <head> (src/web/app/page-handles.ts), the sitemap's fixed pages and the private
// paths (noindex, robots.txt, no server rendering) are all derived from this table, and the ids are
// a type: a page cannot be listed in one place and forgotten, or misspelt, in another.
// Plain data, so the server reads it without any React code.

interface PageRoute {
  /** Stable id: the route's id in react-router and the key of its element and of its handle. */
  readonly id: string;
  /** The whole address pattern: '/shop/:slug'; '/*' is anything else. */
  readonly path: string;
  /**
   * 'public': rendered by the server with its own data and head, indexable. 'private': one
   * visitor's screen (account, cart, checkout, back office), sent as the page shell, never indexed.
   */
  readonly access: 'public' | 'private';
  /** A fixed public address search engines are told about in /sitemap.xml. */
  readonly sitemap?: true;
  /** Its own layout instead of the storefront's header and footer. */
  readonly layout?: 'own';
}

export const PAGE_ROUTES = [
  { id: 'home', path: '/', access: 'public', sitemap: true },
  { id: 'auth', path: '/auth', access: 'private' },
  { id: 'auth-callback', path: '/auth/callback', access: 'private' },
  { id: 'shop', path: '/shop', access: 'public', sitemap: true },
  { id: 'product', path: '/shop/:slug', access: 'public' },
  { id: 'cart', path: '/cart', access: 'private' },
  { id: 'blog', path: '/blog', access: 'public', sitemap: true },
  { id: 'blog-post', path: '/blog/:slug', access: 'public' },
  { id: 'about', path: '/about', access: 'public', sitemap: true },
  { id: 'aboutus', path: '/aboutus', access: 'public' },
  { id: 'contact', path: '/contact', access: 'public', sitemap: true },
  // The merchant's pages with addresses of their own; the rest are /page/{slug} and /{slug}.
  { id: 'content-faq', path: '/faq', access: 'public' },
  { id: 'content-shipping', path: '/shipping', access: 'public' },
  { id: 'content-returns', path: '/returns', access: 'public' },
  { id: 'content-terms', path: '/terms', access: 'public' },
  { id: 'content-privacy', path: '/privacy', access: 'public' },
  { id: 'content-page', path: '/page/:slug', access: 'public' },
  { id: 'checkout', path: '/checkout', access: 'private' },
  { id: 'order-success', path: '/order-success', access: 'private' },
  { id: 'profile', path: '/profile', access: 'private' },
  { id: 'orders', path: '/orders', access: 'private' },
  { id: 'order', path: '/orders/:ref', access: 'private' },
  // A customer's link to pick a new time after a failed delivery: one person's page, no sign-in.
  { id: 'delivery-reschedule', path: '/delivery/:token', access: 'private' },
  { id: 'content-slug', path: '/:slug', access: 'public' },
  { id: 'not-found', path: '/*', access: 'public' },
  { id: 'admin', path: '/admin/*', access: 'private', layout: 'own' },
] as const satisfies readonly PageRoute[];

type PageRouteEntry = (typeof PAGE_ROUTES)[number];
export type PageId = PageRouteEntry['id'];
export type PublicPageId = Extract<PageRouteEntry, { access: 'public' }>['id'];

/** The storefront layout's own id: its handle reads what every page's header and footer show. */
export const LAYOUT_ROUTE_ID = 'root';

/** The fixed pages listed in /sitemap.xml (products, posts and the merchant's pages come from the database). */
export const SITEMAP_PAGES: readonly string[] = PAGE_ROUTES.filter((r) => 'sitemap' in r).map((r) => r.path);

/** A private screen's address prefix: '/admin/*' and '/delivery/:token' are '/admin' and '/delivery'. */
const privateBase = (path: string) => path.replace(/\/(\*|:[^/]+)$/, '');
const privateBases = [...new Set(PAGE_ROUTES.filter((r) => r.access === 'private').map((r) => privateBase(r.path)))];

/**
 * The private screens as address prefixes ('/admin/*' is '/admin', '/delivery/:token' is '/delivery'): each screen and anything under
 * it. A screen under another one ('/auth/callback') is covered by it and not listed again.
 */
export const PRIVATE_PAGES: readonly string[] = privateBases.filter(
  (path) => !privateBases.some((other) => other !== path && path.startsWith(`${other}/`)),
);
