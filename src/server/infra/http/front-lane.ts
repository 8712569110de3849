// Cached public reads answered before routing. The product list, a product, the categories, content
// pages and blog posts are the same for every visitor and kept in memory for a second
// (features/catalog/public-read.ts). Once the full request path has sent such an answer for an address,
// later GETs and HEADs of that address, until the kept answer expires, are answered here from the
// same bytes, with the same headers the path gave it (the security headers, a request id, the
// answer's own), logged and counted alike, without Hono's routing through some 500 routes and its
// middleware. Everything else, and every address once its answer has expired, goes the full way.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from 'node:http';
import type { Logger } from '../logger';
import { pickEncoding } from './compression';

type Bytes = Uint8Array<ArrayBuffer>;

/** What the full path sent for one address, and until when the same may be sent again. */
interface FrontAnswer {
  /** On the shop's clock (ms): the kept answer's own expiry. */
  expires: number;
  /** The headers the request path set before the route answered (security headers; never the request id). */
  pathHeaders: OutgoingHttpHeaders;
  /** The answer's own headers, without Content-Encoding. */
  headers: Record<string, string>;
  etag: string;
  plain: Bytes;
  br: Bytes | null;
  gzip: Bytes | null;
  /** The metrics' route label. */
  route: string;
}

type RequestObserver = (method: string, route: string, status: number, seconds: number) => void;

export interface FrontLane {
  /** Wraps the full path's listener: known fresh answers are sent here, the rest passed on. */
  wrap(next: RequestListener): RequestListener;
  /** Called by a public read as it sends: the address may be answered here until `answer.expires`. */
  remember(address: string, answer: FrontAnswer): void;
  /** The metrics that count every request (the app's own). */
  observeWith(observer: RequestObserver): void;
}

const FRONT_LANE = Symbol('frontLane');
/** Addresses remembered at most: odd search texts must not grow memory (each entry shares its bytes with the cache). */
const MAX_ADDRESSES = 512;
const REQUEST_ID = /^[\w-]{8,64}$/;

/** The lane a request came through, for a public read to remember its answer in (none under app.request()). */
export function frontLaneOf(incoming: unknown): FrontLane | undefined {
  return (incoming as { [FRONT_LANE]?: FrontLane } | undefined)?.[FRONT_LANE];
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/**
 * `serving`: false once the instance drains (SIGTERM): then everything goes the full way, whose
 * answers close their connections.
 */
export function createFrontLane(opts: { now: () => number; logger: Logger; serving: () => boolean }): FrontLane {
  const answers = new Map<string, FrontAnswer>();
  let observe: RequestObserver | null = null;

  const send = (req: IncomingMessage, res: ServerResponse, answer: FrontAnswer, started: number) => {
    const incomingId = req.headers['x-request-id'];
    const requestId = typeof incomingId === 'string' && REQUEST_ID.test(incomingId) ? incomingId : randomUUID();
    const headers: OutgoingHttpHeaders = { ...answer.pathHeaders, 'X-Request-Id': requestId };
    let status = 200;
    let body: Bytes | null = null;
    if (matchesEtag(req.headers['if-none-match'], answer.etag)) {
      status = 304;
      headers.ETag = answer.headers.ETag;
      headers['Cache-Control'] = answer.headers['Cache-Control'];
    } else {
      Object.assign(headers, answer.headers);
      const encoding = pickEncoding(req.headers['accept-encoding'], { br: answer.br !== null, gzip: answer.gzip !== null });
      body = (encoding && answer[encoding]) || answer.plain;
      if (encoding) headers['Content-Encoding'] = encoding;
      headers['Content-Length'] = body.byteLength;
    }
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
    const ms = performance.now() - started;
    observe?.(req.method ?? 'GET', answer.route, status, ms / 1000);
    if (opts.logger.isLevelEnabled('info')) {
      const path = req.url?.split('?', 1)[0];
      opts.logger.info({ requestId, method: req.method, path, status, ms: Math.round(ms * 10) / 10 }, 'request');
    }
  };

  const lane: FrontLane = {
    wrap(next) {
      return (req, res) => {
        const started = performance.now();
        const method = req.method;
        if ((method === 'GET' || method === 'HEAD') && req.url && opts.serving()) {
          const answer = answers.get(req.url);
          if (answer) {
            if (answer.expires > opts.now()) return send(req, res, answer, started);
            answers.delete(req.url);
          }
        }
        (req as IncomingMessage & { [FRONT_LANE]?: FrontLane })[FRONT_LANE] = lane;
        return next(req, res);
      };
    },
    remember(address, answer) {
      answers.delete(address);
      if (answers.size >= MAX_ADDRESSES) {
        const now = opts.now();
        for (const [key, kept] of answers) if (kept.expires <= now) answers.delete(key);
        // Still full of fresh answers: the oldest remembered gives way.
        if (answers.size >= MAX_ADDRESSES) answers.delete(answers.keys().next().value as string);
      }
      answers.set(address, answer);
    },
    observeWith(observer) {
      observe = observer;
    },
  };
  return lane;
}
