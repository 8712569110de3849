// Security headers on every response: CSP, frame denial, nosniff, referrer, permissions and opener
// policies, and noindex where a page must not be found through a search engine.
import type { HttpBindings } from '@hono/node-server';
import type { Context, MiddlewareHandler, Next } from 'hono';
import { PAYMENT_RETURN_PATH } from '@/domain/payment-return';
import { isPrivatePath } from './private-paths';

const PESAPAL_ORIGINS = ['https://pay.pesapal.com', 'https://cybqa.pesapal.com'];
const GOOGLE_SIGN_IN = ['https://accounts.google.com'];

/**
 * The page Pesapal returns the customer to (callback_url and cancellation_url, both the small return
 * page). Pesapal loads it inside the payment modal's frame, which is our own page, so it may be
 * framed by the shop itself and by nobody else. The app's own pages are never framed.
 */
const PAYMENT_RETURN_PATHS: readonly string[] = [PAYMENT_RETURN_PATH];

function contentSecurityPolicy(
  opts: { pesapalBaseUrl: string; publicUrl: string; inlineScriptHashes?: readonly string[] },
  frameAncestors = "'none'",
): string {
  const pesapalOrigin = safeOrigin(opts.pesapalBaseUrl);
  const frames = unique(["'self'", ...PESAPAL_ORIGINS, ...(pesapalOrigin ? [pesapalOrigin] : [])]);
  return [
    "default-src 'self'",
    ["script-src 'self'", ...(opts.inlineScriptHashes ?? []).map((h) => `'${h}'`)].join(' '),
    "style-src 'self' 'unsafe-inline'",
    // Any https picture: the merchant's pages and posts may show images kept on another site.
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${frames.join(' ')}`,
    `form-action 'self' ${GOOGLE_SIGN_IN.join(' ')} ${frames.filter((f) => f !== "'self'").join(' ')}`,
    `frame-ancestors ${frameAncestors}`,
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** Off: camera, microphone, location. Payment only for our pages and Pesapal's card frame. */
function permissionsPolicy(opts: { pesapalBaseUrl: string }): string {
  const pesapalOrigin = safeOrigin(opts.pesapalBaseUrl);
  const payers = unique(['self', ...[...PESAPAL_ORIGINS, ...(pesapalOrigin ? [pesapalOrigin] : [])].map((o) => `"${o}"`)]);
  return `camera=(), microphone=(), geolocation=(), payment=(${payers.join(' ')})`;
}

/**
 * Paths search engines must not index: accounts, the cart and checkout, the back office (each page
 * and everything under it), the API and the development tools. The shop's catalogue, blog and
 * pages stay indexable in production.
 */
export interface SecurityHeaderOptions {
  pesapalBaseUrl: string;
  publicUrl: string;
  /** Outside production every page is noindex: a development or staging shop must not be found. */
  isProduction: boolean;
  /** Where the Pesapal simulator's hosted page is mounted (development only), which may be framed. */
  framablePrefix?: string;
  /** 'sha256-…' of each inline script the pages carry (the built index.html's), allowed and no other. */
  inlineScriptHashes?: readonly string[];
}

export function securityHeaders(opts: SecurityHeaderOptions): MiddlewareHandler {
  const common: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin',
    'Permissions-Policy': permissionsPolicy(opts),
    ...(opts.publicUrl.startsWith('https://') ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
  // COOP same-origin: no other site's window keeps a handle on ours. Redirects to Google and back,
  // and frames (Pesapal's page), are not affected. The framable simulator page leaves it out.
  const everywhere = {
    ...common,
    'Content-Security-Policy': contentSecurityPolicy(opts),
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
  const noindex = { 'X-Robots-Tag': 'noindex' };
  const selfFramed = {
    ...everywhere,
    'Content-Security-Policy': contentSecurityPolicy(opts, "'self'"),
    'X-Frame-Options': 'SAMEORIGIN',
    ...noindex,
  };
  const sets = {
    everywhere,
    everywhereNoindex: { ...everywhere, ...noindex },
    framable: { ...common, ...noindex },
  };
  // The Pesapal simulator's hosted page is meant to be framed, like the real one. Only while the
  // simulator is mounted: otherwise the path is the app's own page and must not be framed.
  const framable = opts.framablePrefix;
  const switches = framable ? `${framable}switches` : '';
  return (c, next) => {
    const path = c.req.path;
    if (framable && path.startsWith(framable) && !path.startsWith(switches)) return addResponseHeaders(c, sets.framable, next);
    if (PAYMENT_RETURN_PATHS.includes(path)) return addResponseHeaders(c, selfFramed, next);
    const hidden = !opts.isProduction || isPrivatePath(path);
    return addResponseHeaders(c, hidden ? sets.everywhereNoindex : sets.everywhere, next);
  };
}

/**
 * Adds headers to whatever answer the handlers give; a header a handler set itself is kept. Under
 * @hono/node-server they go straight onto Node's response (writeHead merges the handler's over
 * them): touching c.res.headers instead turns every answer into a WHATWG Headers object, which
 * cost a cached product list about a fifth of its CPU time (npm run bench).
 */
export async function addResponseHeaders(c: Context, headers: Readonly<Record<string, string>>, next: Next): Promise<void> {
  const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
  if (outgoing) {
    for (const name in headers) outgoing.setHeader(name, headers[name]!);
    await next();
    return;
  }
  await next();
  const h = c.res.headers;
  for (const name in headers) if (!h.has(name)) h.set(name, headers[name]!);
}

function safeOrigin(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

function unique(list: string[]): string[] {
  return [...new Set(list)];
}
