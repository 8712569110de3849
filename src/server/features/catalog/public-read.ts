// Public reads (products, pages, posts) are the same for every visitor. Each answer is kept in
// memory, serialised with its ETag, for a second: a busy shop then runs at most one query per
// answer per second, and browsers revalidate with If-None-Match for a 304. Nothing invalidates the
// cache on a merchant's edit or a sale (on this or another instance), so the TTL is the bound on how
// long a sold-out or unpublished product can still look available: keep it short.
import { createHash } from 'node:crypto';
import type { Context, TypedResponse } from 'hono';
import { notFound } from '../../errors';

/**
 * Browsers keep the answer but ask again every time (a 304 when unchanged): a product the merchant
 * just sold out or unpublished must not stay buyable from a browser's cache.
 */
const PUBLIC_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
const PUBLIC_READ_TTL_MS = 1_000;
const MAX_ENTRIES = 500;

export interface PublicBody<T> {
  value: T;
  /** The JSON, encoded once (not on every send); null: the thing asked for does not exist (kept
   * too, so repeated misses cost no query). */
  json: Uint8Array<ArrayBuffer> | null;
  etag: string;
}

function toPublicBody<T>(value: T): PublicBody<T> {
  if (value === null || value === undefined) return { value, json: null, etag: '' };
  const json = new TextEncoder().encode(JSON.stringify(value));
  return { value, json, etag: `"${createHash('sha1').update(json).digest('base64url').slice(0, 27)}"` };
}

interface Entry {
  body: Promise<PublicBody<unknown>>;
  expires: number;
}

/** Single-flight TTL cache: concurrent misses for one key share one load. Failed loads are not kept. */
export function createPublicReadCache(now: () => Date, ttlMs = PUBLIC_READ_TTL_MS) {
  const entries = new Map<string, Entry>();
  return {
    /** Callers use one value type per key (keys are namespaced by the caller). */
    get<T>(key: string, load: () => Promise<T>): Promise<PublicBody<T>> {
      const t = now().getTime();
      const hit = entries.get(key);
      if (hit && hit.expires > t) return hit.body as Promise<PublicBody<T>>;
      if (hit) entries.delete(key);
      // The oldest entry goes first (Map keeps insertion order), so odd search texts cannot grow memory.
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      const body = load().then((value) => toPublicBody(value));
      entries.set(key, { body, expires: t + ttlMs });
      body.catch(() => {
        if (entries.get(key)?.body === body) entries.delete(key);
      });
      return body;
    },
  };
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

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
  if (matchesEtag(c.req.header('if-none-match'), body.etag)) {
    // A 304 carries no body; the browser answers fetch() with the body it holds (typed as the 200's).
    return new Response(null, { status: 304, headers: { ETag: body.etag, 'Cache-Control': PUBLIC_CACHE_CONTROL } }) as Response &
      TypedResponse<NonNullable<T>, 200, 'json'>;
  }
  return new Response(body.json, {
    status: 200,
    headers: { ETag: body.etag, 'Cache-Control': PUBLIC_CACHE_CONTROL, 'Content-Type': 'application/json; charset=utf-8' },
  }) as Response & TypedResponse<NonNullable<T>, 200, 'json'>;
}
