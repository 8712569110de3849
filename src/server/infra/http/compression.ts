// Answers go out compressed when the browser accepts it: brotli first, gzip second. Pages, built
// files and the public reads keep their compressed bytes beside the plain ones and only pick one per
// request (pickEncoding); every other text answer (the API's JSON, the sitemap, robots.txt) is
// compressed as it leaves (compressAnswers). A Kenyan mobile customer pays for every byte.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/compress';

type Bytes = Uint8Array<ArrayBuffer>;
export type Encoding = 'br' | 'gzip';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Below this an answer is sent as it is: the compressed form would save nothing worth the work. */
const MIN_BYTES = 1024;

/**
 * The encoding to send, from the request's Accept-Encoding: br, else gzip, else none. An encoding
 * refused with q=0 is not chosen; a bare `*` accepts both.
 */
export function pickEncoding(
  accept: string | undefined,
  available: { br: boolean; gzip: boolean } = { br: true, gzip: true },
): Encoding | null {
  if (!accept) return null;
  const q = new Map<string, number>();
  for (const part of accept.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  const accepts = (name: Encoding) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  if (available.br && accepts('br')) return 'br';
  if (available.gzip && accepts('gzip')) return 'gzip';
  return null;
}

/** One encoding of the bytes; brotli at quality 5 and gzip at 6 are fast enough to run per answer. */
export async function encodeBytes(body: Uint8Array, encoding: Encoding): Promise<Bytes> {
  const out =
    encoding === 'br'
      ? await brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } })
      : await gzipAsync(body, { level: 6 });
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength) as Bytes;
}

function compressible(res: Response): boolean {
  const type = res.headers.get('Content-Type');
  if (!type || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)) return false;
  // Server-Sent Events (excluded by the type too) and anything else marked no-transform stay as sent.
  return !/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get('Cache-Control') ?? '');
}

/** Replaces the answer whole: assigning over it would copy the old length and tag back onto it. */
function send(c: Context, res: Response) {
  c.res = undefined;
  c.res = res;
}

/** Set on answers that picked their encoding themselves from kept compressed forms (pickEncoding). */
const NEGOTIATED = Symbol('negotiated');
type Marked = Response & { [NEGOTIATED]?: true };

/**
 * Marks an answer that picked its own encoding, so compressAnswers passes it by without reading its
 * headers (reading them builds a WHATWG Headers object for every cached read; npm run bench). A
 * property, not a WeakSet: a WeakSet entry per answer cost the garbage collector more than the check saved.
 */
export function negotiated<R extends Response>(res: R): R {
  (res as Marked)[NEGOTIATED] = true;
  return res;
}

/**
 * Compresses text answers (JSON, XML, plain text) that are not compressed yet. The answer's bytes are
 * read whole: the shop's text answers are bounded JSON and documents, never endless streams.
 */
export function compressAnswers(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if ((res as Marked)[NEGOTIATED]) return;
    if (c.req.method === 'HEAD' || res.status === 204 || res.status === 206 || res.status === 304) return;
    if (res.headers.has('Content-Encoding') || !compressible(res)) return;
    const vary = res.headers.get('Vary');
    const varies = vary === '*' || (vary !== null && /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary));
    const encoding = pickEncoding(c.req.header('accept-encoding'));
    const length = Number(res.headers.get('Content-Length') ?? NaN);
    if (!encoding || length < MIN_BYTES) {
      if (!varies) c.res.headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
      return;
    }
    // Read only here: asking a @hono/node-server answer for its body turns it into a full WHATWG
    // Response whose bytes then go out through a web stream, which cost the cached product list
    // more CPU than making it (npm run bench).
    if (!res.body) return;
    const plain = new Uint8Array(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    if (!varies) headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    if (plain.byteLength < MIN_BYTES) {
      send(c, new Response(plain, { status: res.status, statusText: res.statusText, headers }));
      return;
    }
    const body = await encodeBytes(plain, encoding);
    headers.set('Content-Encoding', encoding);
    headers.set('Content-Length', String(body.byteLength));
    const etag = headers.get('ETag');
    // The compressed bytes differ from the plain ones, so a strong tag would promise too much.
    if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
    send(c, new Response(body, { status: res.status, statusText: res.statusText, headers }));
  };
}
