// Public reads (products, pages, posts) are the same for every visitor. Each answer is kept in
// memory, serialised with its ETag, for a second: a busy shop then runs at most one query per
// answer per second, and browsers revalidate with If-None-Match for a 304. Nothing invalidates the
// cache on a merchant's edit or a sale (on this or another instance), so the TTL is the bound on how
// long a sold-out or unpublished product can still look available: keep it short. Large answers are
// kept compressed too (brotli and gzip), made once per load, not once per request.
import { createHash } from 'node:crypto';
import type { Context, TypedResponse } from 'hono';
import { notFound } from '../../errors';
import { encodeBytes, negotiated, pickEncoding } from '../../infra/http/compression';
import type { OutgoingHttpHeaders } from 'node:http';
import type { HttpBindings } from '@hono/node-server';
import { frontLaneOf, matchesEtag } from '../../infra/http/front-lane';
import { routeLabel } from '../../infra/metrics/route-label';
import { createTtlCache, type TtlCache } from '../../infra/ttl-cache';

/**
 * Browsers keep the answer but ask again every time (a 304 when unchanged): a product the merchant
 * just sold out or unpublished must not stay buyable from a browser's cache.
 */
const PUBLIC_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
const PUBLIC_READ_TTL_MS = 1_000;
/** What the kept answers may weigh together (JSON and its compressed forms), per cache. */
const MAX_BYTES = 16 * 1024 * 1024;

type Bytes = Uint8Array<ArrayBuffer>;

export interface PublicBody<T> {
  value: T;
  /** The JSON, encoded once (not on every send); null: the thing asked for does not exist (kept
   * too, so repeated misses cost no query). */
  json: Bytes | null;
  /** The JSON compressed once, when it is large enough to be worth it. */
  br: Bytes | null;
  gzip: Bytes | null;
  etag: string;
  /** When the kept answer expires (ms, the shop's clock): the front lane sends it no longer. */
  expires: number;
}

/** How long compressed forms are kept after their last use: a few of the answers' reloads. */
const COMPRESSED_FORMS_TTL_MS = 10_000;

/** Below this the JSON goes out as it is. */
const COMPRESS_FROM_BYTES = 1024;

/** An answer's compressed forms, by its ETag (a hash of its JSON): the same JSON is not compressed again. */
type CompressedForms = TtlCache<{ br: Bytes; gzip: Bytes }>;

async function toPublicBody<T>(value: T, sent: boolean, expires: number, compressed: CompressedForms): Promise<PublicBody<T>> {
  if (value === null || value === undefined) return { value, json: null, br: null, gzip: null, etag: '', expires };
  const json = new TextEncoder().encode(JSON.stringify(value));
  const etag = `"${createHash('sha1').update(json).digest('base64url').slice(0, 27)}"`;
  if (!sent || json.byteLength < COMPRESS_FROM_BYTES) return { value, json, br: null, gzip: null, etag, expires };
  // Each second's reload mostly finds what the last one did: its compressed forms are those.
  let forms = compressed.get(etag);
  if (!forms) {
    const [br, gzip] = await Promise.all([encodeBytes(json, 'br'), encodeBytes(json, 'gzip')]);
    forms = { br, gzip };
  }
  compressed.set(etag, forms);
  return { value, json, ...forms, etag, expires };
}

/** A rough weight of the value object beside its bytes: its JSON again. */
const bodyBytes = (b: PublicBody<unknown>) => 2 * (b.json?.byteLength ?? 0) + (b.br?.byteLength ?? 0) + (b.gzip?.byteLength ?? 0) + 256;

/**
 * Single-flight TTL cache: concurrent misses for one key share one load. Failed loads are not kept.
 * Bounded by bytes (the oldest answers go first) and emptied of expired answers on its own, so odd
 * search texts cannot grow memory.
 */
export function createPublicReadCache(now: () => Date, ttlMs = PUBLIC_READ_TTL_MS, maxBytes = MAX_BYTES) {
  const kept = createTtlCache<PublicBody<unknown>>({ ttlMs, maxBytes, sizeOf: bodyBytes, now: () => now().getTime() });
  const compressed: CompressedForms = createTtlCache({
    ttlMs: COMPRESSED_FORMS_TTL_MS,
    maxBytes: maxBytes / 2,
    sizeOf: (forms) => forms.br.byteLength + forms.gzip.byteLength + 128,
    now: () => now().getTime(),
  });
  const loading = new Map<string, Promise<PublicBody<unknown>>>();
  return {
    /**
     * Callers use one value type per key (keys are namespaced by the caller). sent: false for a value
     * only read by other answers (never compressed; its JSON is still made, as its weight).
     */
    get<T>(key: string, load: () => Promise<T>, { sent = true } = {}): Promise<PublicBody<T>> {
      const hit = kept.get(key);
      if (hit) return Promise.resolve(hit as PublicBody<T>);
      const pending = loading.get(key);
      if (pending) return pending as Promise<PublicBody<T>>;
      // The expiry counts from the load's start: the kept answer is never older than the TTL says.
      const expires = now().getTime() + ttlMs;
      const body = load().then((value) => toPublicBody(value, sent, expires, compressed));
      loading.set(key, body);
      const settle = () => loading.get(key) === body && loading.delete(key);
      body.then((b) => {
        settle();
        kept.set(key, b);
      }, settle);
      return body;
    },
    /** What the kept answers weigh now (tests). */
    get bytes() {
      return kept.bytes;
    },
  };
}

/**
 * Lets the front lane (infra/http/front-lane.ts) send this answer again to this address until it
 * expires, with the headers the request path gave it so far (the security headers).
 */
function rememberInFrontLane(c: Context, body: PublicBody<unknown> & { json: Bytes }) {
  const bindings = c.env as Partial<HttpBindings> | undefined;
  const lane = frontLaneOf(bindings?.incoming);
  if (!lane || !bindings?.outgoing || !bindings.incoming?.url || c.req.method !== 'GET') return;
  const pathHeaders: OutgoingHttpHeaders = bindings.outgoing.getHeaders();
  // This request's own: never sent to another visitor (a cookie would hand one visitor's session to all).
  for (const own of ['x-request-id', 'set-cookie', 'connection']) delete pathHeaders[own];
  lane.remember(bindings.incoming.url, {
    expires: body.expires,
    pathHeaders,
    headers: answerHeaders(body.etag),
    etag: body.etag,
    plain: body.json,
    br: body.br,
    gzip: body.gzip,
    route: routeLabel(c),
  });
}

const answerHeaders = (etag: string): Record<string, string> => ({
  ETag: etag,
  'Cache-Control': PUBLIC_CACHE_CONTROL,
  'Content-Type': 'application/json; charset=utf-8',
  Vary: 'Accept-Encoding',
});

/**
 * 200 with the cached bytes, 304 when the browser already holds them, 404 when there is nothing.
 * A plain Response with a plain header record, not c.body(): Hono would build a WHATWG Headers
 * object for it, and @hono/node-server writes a plain record straight to the socket (npm run bench).
 */
export function publicJson<T>(
  c: Context,
  body: PublicBody<T>,
  notFoundMessage = 'Not found',
): Response & TypedResponse<NonNullable<T>, 200, 'json'> {
  if (body.json === null) throw notFound(notFoundMessage);
  rememberInFrontLane(c, body as PublicBody<unknown> & { json: Bytes });
  if (matchesEtag(c.req.header('if-none-match'), body.etag)) {
    // A 304 carries no body; the browser answers fetch() with the body it holds (typed as the 200's).
    return negotiated(
      new Response(null, { status: 304, headers: { ETag: body.etag, 'Cache-Control': PUBLIC_CACHE_CONTROL } }),
    ) as Response & TypedResponse<NonNullable<T>, 200, 'json'>;
  }
  const headers = answerHeaders(body.etag);
  const encoding = pickEncoding(c.req.header('accept-encoding'), { br: body.br !== null, gzip: body.gzip !== null });
  const bytes = (encoding && body[encoding]) || body.json;
  if (encoding) headers['Content-Encoding'] = encoding;
  return negotiated(new Response(bytes, { status: 200, headers })) as Response & TypedResponse<NonNullable<T>, 200, 'json'>;
}
