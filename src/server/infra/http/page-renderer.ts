// Pages as HTML. Public pages are rendered by the server-rendering bundle (dist/ssr, built from
// src/web/entry-server.tsx) into the built index.html, with their own <head>; account, checkout and
// back-office screens get the page shell and render in the browser. A rendered page is the same for
// every visitor of a language (no cookie is read but the language's), so each address is kept for a second, like the public API reads
// (docs/decisions/011-server-rendering.md). The address is kept by what the page reads of it (every
// address no page has shares one answer), and renders are bounded per client address and for the
// whole server (docs/decisions/018-bounded-rendering.md).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { MiddlewareHandler } from 'hono';
import { headTags, type HeadSite, type PageHead } from '../../../domain/page-head';
import type { PageId } from '../../../domain/route-table';
import { requestLocale, type Locale } from '../../../domain/locale';
import { shopPageNumber } from '../../../domain/product-filter';
import type { Logger } from '../logger';
import type { PageRenderer, RenderedPage, ServerRenderModule } from './page-render-contract';
import { limitAddress } from './client-address';
import { createRenderLimiter, RENDER_LIMITS, type RenderLimits } from './render-limiter';
import { escapeHtml } from './html';
import { createTtlCache } from '../ttl-cache';
import { isPrivatePage } from './private-paths';
import { encodeBytes, negotiated, pickEncoding } from './compression';
import { loadCriticalCss, type CriticalCss } from './critical-css';

/** Paths the server answers itself: never a page. */
const NOT_PAGES = ['/api/', '/media/', '/dev/', '/pesapal-sim/', '/assets/'];

const PAGE_TTL_MS = 1_000;
/**
 * Every address no page has (/no/such/thing) shares one kept answer: the not-found page reads
 * nothing of its address and its head names none (page-head.ts), so a loop of made-up addresses
 * costs neither a render, a data read nor a compression each, and cannot push real pages out.
 */
const NOT_FOUND_PAGE: PageId = 'not-found';
const UNKNOWN_ADDRESS_KEY = ' not-found';
/** Rendered pages kept at once, by weight: a /shop page of a large catalogue is megabytes. */
const MAX_PAGE_BYTES = 48 * 1024 * 1024;
const QUERY_STATE_ID = 'query-state';

/**
 * The query parameters each page reads, and how it reads them (shopFilterFrom, blogPageFrom in
 * src/web): any other parameter (utm_*, fbclid, a random one) changes nothing on the page, so it is
 * left out of the cache key and of the address the page is rendered for.
 */
const PAGE_QUERY: Record<string, Record<string, (value: string) => string>> = {
  // The list's first page is the bare address: ?page=1 or an unreadable page shares its render.
  '/shop': { category: (v) => v.trim().toLowerCase(), search: (v) => v.trim(), page: (v) => shopPagePart(v) },
  '/blog': { page: (v) => v.trim() },
};

function shopPagePart(value: string): string {
  const page = shopPageNumber(value);
  return page > 1 ? String(page) : '';
}

/** The address as the page sees it: only the parameters it reads, normalised as it reads them, in a fixed order. */
function pageAddress(url: URL): string {
  const reads = PAGE_QUERY[url.pathname];
  if (!reads) return url.pathname;
  const kept = new URLSearchParams();
  for (const [name, normalise] of Object.entries(reads)) {
    const value = url.searchParams.get(name);
    if (value !== null && normalise(value) !== '') kept.set(name, normalise(value));
  }
  const query = kept.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

/** Bytes made once per cached page and sent as they are (no copy per request). */
type Bytes = Uint8Array<ArrayBuffer>;

interface PageBody {
  status: number;
  headers: Record<string, string>;
  body: Bytes;
  /** null: sent as it is (a page shell sent instead of a render is not worth compressing). */
  gzip: Bytes | null;
  br: Bytes | null;
  etag: string;
  /** false: this answer is for this request only (a refused render), never kept. */
  keep: boolean;
}

const NO_BYTES: Bytes = new Uint8Array(0);

const pageBytes = (p: PageBody) => p.body.byteLength + (p.gzip?.byteLength ?? 0) + (p.br?.byteLength ?? 0) + 512;

export interface PageRendererOptions {
  webRoot: string;
  shopName: string;
  publicUrl: string;
  isProduction: boolean;
  apiFetch: (path: string, init: RequestInit) => Promise<Response>;
  logger: Logger;
  now?: () => number;
  /** The server-rendering module itself, instead of loading it from beside webRoot (tests). */
  renderModule?: ServerRenderModule;
  renderLimits?: RenderLimits;
  /** The most the kept pages may weigh together (plain and compressed bytes). */
  maxCacheBytes?: number;
  /** Given the kept pages once, for whoever reports their weight (/metrics). */
  watchCache?: (cache: { readonly bytes: number }) => void;
  /** Picks a rendered page's critical CSS; by default from the build's plan beside webRoot, if any. */
  criticalCss?: CriticalCss | null;
}

/** The built index.html split where the page's <head> tags and its HTML go. */
function loadTemplate(webRoot: string, shopName: string) {
  const html = readFileSync(path.join(webRoot, 'index.html'), 'utf8').replace(/%SHOP_NAME%/g, escapeHtml(shopName));
  const [beforeHead, afterHead] = splitOnce(html, '<!--page-head-->');
  const [beforeRoot, afterRoot] = splitOnce(afterHead, '<div id="root"></div>');
  return { html, beforeHead, beforeRoot, afterRoot };
}

function splitOnce(s: string, marker: string): [string, string] {
  const i = s.indexOf(marker);
  if (i < 0) throw new Error(`index.html has no ${marker}`);
  return [s.slice(0, i), s.slice(i + marker.length)];
}

async function loadRenderer(
  webRoot: string,
  opts: PageRendererOptions,
): Promise<{ render: PageRenderer; pageOf: ServerRenderModule['pageOf'] } | null> {
  let mod = opts.renderModule;
  if (!mod) {
    const file = path.resolve(webRoot, '../ssr/entry-server.js');
    if (!existsSync(file)) {
      opts.logger.warn({ file }, 'no server-rendering bundle: pages render in the browser');
      return null;
    }
    mod = (await import(pathToFileURL(file).href)) as ServerRenderModule;
  }
  const render = mod.createPageRenderer({ apiFetch: opts.apiFetch, origin: new URL(opts.publicUrl).origin, shopName: opts.shopName });
  return { render, pageOf: mod.pageOf };
}

export function servePages(opts: PageRendererOptions): MiddlewareHandler {
  const template = loadTemplate(opts.webRoot, opts.shopName);
  const site = (pathname: string): HeadSite => ({
    shopName: opts.shopName,
    origin: new URL(opts.publicUrl).origin,
    noindex: !opts.isProduction || isPrivatePage(pathname),
  });
  const renderer = loadRenderer(opts.webRoot, opts);
  const critical = opts.criticalCss === undefined ? loadCriticalCss(opts.webRoot, template.html, opts.logger) : opts.criticalCss;
  const now = opts.now ?? Date.now;
  const pages = createTtlCache<PageBody>({ ttlMs: PAGE_TTL_MS, maxBytes: opts.maxCacheBytes ?? MAX_PAGE_BYTES, sizeOf: pageBytes, now });
  opts.watchCache?.(pages);
  const rendering = new Map<string, Promise<PageBody>>();
  const admit = createRenderLimiter(opts.renderLimits ?? RENDER_LIMITS, now);

  /** A rendered page carries its critical CSS inline; a page shell links the stylesheet (it has nothing to paint before the app). */
  const document = (locale: Locale, head: PageHead, pathname: string, html = '', state?: string) => {
    const page = whole(locale, head, pathname, html, state);
    return html && critical ? critical.inline(page) : page;
  };
  const whole = (locale: Locale, head: PageHead, pathname: string, html: string, state?: string) =>
    template.beforeHead.replace(HTML_LANG, `<html lang="${locale}"`) +
    headTags(head, site(pathname)) +
    // The browser may paint a page it has only partly parsed, and centred or right-aligned content
    // moves when what follows it arrives: the header's cart moved when the menu button after it was
    // parsed, and a product card's cart icon moved when its 'Add to Cart' text was. Holding the first
    // paint until the footer (which follows the whole of <main>) is parsed paints the page in one piece.
    (html ? EXPECT_PAGE : '') +
    template.beforeRoot +
    `<div id="root">${html}</div>` +
    (state ? `<script type="application/json" id="${QUERY_STATE_ID}">${state}</script>` : '') +
    template.afterRoot;

  const shell = (locale: Locale, pathname: string, status = 200) =>
    finish(locale, status, document(locale, { title: null, description: '', canonicalPath: pathname }, pathname));

  /** An address no page of the shop has: it shows the not-found page, whatever it says. */
  async function isUnknownAddress(pathname: string): Promise<boolean> {
    return !isPrivatePage(pathname) && (await renderer)?.pageOf(pathname) === NOT_FOUND_PAGE;
  }

  async function render(request: Request, locale: Locale, pathname: string, address: string): Promise<PageBody> {
    if (isPrivatePage(pathname)) return shell(locale, pathname);
    const loaded = await renderer;
    if (!loaded) return shell(locale, pathname);
    let page: RenderedPage;
    try {
      page = await loaded.render(request, () => admit(address));
    } catch (error) {
      page = { kind: 'failed', error };
    }
    if (page.kind === 'redirect') {
      return {
        status: page.status,
        headers: { Location: page.location },
        body: NO_BYTES,
        gzip: NO_BYTES,
        br: NO_BYTES,
        etag: '',
        keep: true,
      };
    }
    if (page.kind === 'refused') {
      // This client (or the server) has rendered enough for now: the page's own head and status with
      // the shell, and the browser renders the page from the data it asks for.
      return unrendered(locale, page.status, document(locale, page.head, pathname));
    }
    if (page.kind === 'failed') {
      // The browser can still render the page itself; the visitor never sees a blank or a 500.
      opts.logger.error({ err: page.error, path: pathname }, 'server rendering failed; sending the page shell');
      return shell(locale, pathname);
    }
    return finish(locale, page.status, document(locale, page.head, pathname, page.html, page.state));
  }

  function cached(request: Request, locale: Locale, key: string, pathname: string, address: string): Promise<PageBody> {
    const kept = pages.get(key);
    if (kept) return Promise.resolve(kept);
    // Concurrent requests for one address share one render.
    const pending = rendering.get(key);
    if (pending) return pending;
    const page = render(request, locale, pathname, address);
    rendering.set(key, page);
    const settle = () => rendering.get(key) === page && rendering.delete(key);
    page.then((p) => {
      settle();
      if (p.keep) pages.set(key, p);
    }, settle);
    return page;
  }

  return async (c, next) => {
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD') return next();
    const url = new URL(c.req.url);
    const pathname = url.pathname;
    if (NOT_PAGES.some((p) => pathname.startsWith(p)) || (path.extname(pathname) && !pathname.endsWith('.html'))) return next();
    const address = pageAddress(url);
    // The one thing a page reads of its visitor: her language (her choice, else her browser's guess).
    // The render is asked in it, and each language's page is kept apart.
    const locale = requestLocale(c.req.header('cookie'), c.req.header('accept-language'));
    const request = new Request(new URL(address, url), { headers: { accept: 'text/html', 'accept-language': locale } });
    const key = `${locale}${(await isUnknownAddress(pathname)) ? UNKNOWN_ADDRESS_KEY : address}`;
    const page = await cached(request, locale, key, pathname, limitAddress(c));
    if (page.headers.Location) return new Response(null, { status: page.status, headers: page.headers });
    if (c.req.header('if-none-match') === page.etag) {
      return negotiated(new Response(null, { status: 304, headers: { ETag: page.etag, 'Cache-Control': 'no-cache' } }));
    }
    const headers: Record<string, string> = { ...page.headers };
    let body = page.body;
    const encoding = pickEncoding(c.req.header('accept-encoding'), { br: page.br !== null, gzip: page.gzip !== null });
    if (encoding) {
      body = page[encoding] ?? body;
      headers['Content-Encoding'] = encoding;
    }
    const res = new Response(method === 'HEAD' ? null : body, { status: page.status, headers });
    // A shell sent unrendered keeps no compressed forms: compressAnswers compresses it as it leaves.
    return page.br || page.gzip ? negotiated(res) : res;
  };
}

const HTML_LANG = /<html lang="[a-z]+"/;
const EXPECT_PAGE = '<link rel="expect" href="#site-footer" blocking="render">';

/** A page differs by its compression and its language (the cookie that chose it, or the browser's). */
const pageHeaders = (locale: Locale, etag: string) => ({
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-cache',
  ETag: etag,
  'Content-Language': locale,
  Vary: 'Accept-Encoding, Accept-Language, Cookie',
});

async function finish(locale: Locale, status: number, html: string): Promise<PageBody> {
  const body = Buffer.from(html);
  const [gz, br] = await Promise.all([encodeBytes(body, 'gzip'), encodeBytes(body, 'br')]);
  const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;
  return {
    status,
    headers: pageHeaders(locale, etag),
    body: new Uint8Array(body),
    gzip: gz,
    br,
    etag,
    keep: true,
  };
}

function unrendered(locale: Locale, status: number, html: string): PageBody {
  const body = Buffer.from(html);
  const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;
  return {
    status,
    headers: pageHeaders(locale, etag),
    body: new Uint8Array(body),
    gzip: null,
    br: null,
    etag,
    keep: false,
  };
}
