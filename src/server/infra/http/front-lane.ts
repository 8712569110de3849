// Cached public reads answered before routing. The product list, a product, the categories, content
// pages and blog posts are the same for every visitor and kept in memory for a second
// (features/catalog/public-read.ts). Once the full request path has sent such an answer for an address,
// later GETs and HEADs of that address, until the kept answer expires, are answered here from the
// same bytes, with the same headers the path gave it (the security headers, a request id, the
// answer's own), logged and counted alike, without Hono's routing through some 500 routes and its
// middleware. Everything else, and every address once its answer has expired, goes the full way.
import type { IncomingMessage, OutgoingHttpHeader, OutgoingHttpHeaders, RequestListener, ServerResponse } from 'node:http';
import type { Logger } from '../logger';
import { logRequestWith, requestIdFor, requestLineMiddle, type RequestLineMiddle } from '../request-log';
import { pickEncoding, type Encoding } from './compression';

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

/**
 * Headers as Node's flat [name, value, name, value] list, made once per kept answer: per request
 * only the request id is written into its slot, where building the header object for each answer
 * (a spread, an assign, property additions) cost about 3 µs of a 25 µs read.
 */
type HeaderList = OutgoingHttpHeader[];

interface Ready {
  head: HeaderList;
  body: Bytes;
}

/** A kept answer, ready to send in each form. */
interface Kept {
  expires: number;
  etag: string;
  route: string;
  /** Where the request id goes in every head below. */
  idAt: number;
  plain: Ready;
  br: Ready | null;
  gzip: Ready | null;
  notModified: HeaderList;
  /** The log line's middle for each method and status the lane answers with. */
  lines: { GET: Record<200 | 304, RequestLineMiddle>; HEAD: Record<200 | 304, RequestLineMiddle> };
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

/** The lane a request came through, for a public read to remember its answer in (none under app.request()). */
export function frontLaneOf(incoming: unknown): FrontLane | undefined {
  return (incoming as { [FRONT_LANE]?: FrontLane } | undefined)?.[FRONT_LANE];
}

/** Whether If-None-Match names this ETag (a list, weak tags or `*`): the front lane and the full path answer 304 alike. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

function headerList(headers: OutgoingHttpHeaders | Record<string, string>): HeaderList {
  const list: HeaderList = [];
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) list.push(name, value);
  return list;
}

const linesFor = (method: 'GET' | 'HEAD', path: string) => ({
  200: requestLineMiddle(method, path, 200),
  304: requestLineMiddle(method, path, 304),
});

/**
 * The answer's forms, each with the path's headers, a slot for the request id, and its own headers;
 * and its log lines' middles (the address's path, without its query, as every request line has it).
 */
function prepare(address: string, answer: FrontAnswer): Kept {
  const query = address.indexOf('?');
  const path = query === -1 ? address : address.slice(0, query);
  const pathHeaders = headerList(answer.pathHeaders);
  const idAt = pathHeaders.length + 1;
  const withId: HeaderList = [...pathHeaders, 'X-Request-Id', ''];
  const ready = (body: Bytes | null, encoding?: Encoding): Ready | null =>
    body && {
      head: [
        ...withId,
        ...headerList(answer.headers),
        ...(encoding ? ['Content-Encoding', encoding] : []),
        'Content-Length',
        body.byteLength,
      ],
      body,
    };
  return {
    expires: answer.expires,
    etag: answer.etag,
    route: answer.route,
    idAt,
    plain: ready(answer.plain) as Ready,
    br: ready(answer.br, 'br'),
    gzip: ready(answer.gzip, 'gzip'),
    notModified: [...withId, 'ETag', answer.headers.ETag ?? answer.etag, 'Cache-Control', answer.headers['Cache-Control'] ?? ''],
    lines: { GET: linesFor('GET', path), HEAD: linesFor('HEAD', path) },
  };
}

/** Accept-Encoding values seen, with what each accepts: browsers send a handful of them. */
const MAX_ACCEPT_VALUES = 64;

/**
 * `serving`: false once the instance drains (SIGTERM): then everything goes the full way, whose
 * answers close their connections.
 */
export function createFrontLane(opts: { now: () => number; logger: Logger; serving: () => boolean }): FrontLane {
  const answers = new Map<string, Kept>();
  const accepted = new Map<string, { br: boolean; gzip: boolean }>();
  let observe: RequestObserver | null = null;

  const acceptedBy = (accept: string) => {
    let known = accepted.get(accept);
    if (!known) {
      known = {
        br: pickEncoding(accept, { br: true, gzip: false }) === 'br',
        gzip: pickEncoding(accept, { br: false, gzip: true }) === 'gzip',
      };
      if (accepted.size >= MAX_ACCEPT_VALUES) accepted.clear();
      accepted.set(accept, known);
    }
    return known;
  };

  const formFor = (accept: string | undefined, kept: Kept): Ready => {
    if (!accept) return kept.plain;
    const takes = acceptedBy(accept);
    return (takes.br && kept.br) || (takes.gzip && kept.gzip) || kept.plain;
  };

  const send = (req: IncomingMessage, res: ServerResponse, kept: Kept, started: number) => {
    const incomingId = req.headers['x-request-id'];
    const requestId = requestIdFor(typeof incomingId === 'string' ? incomingId : undefined);
    const method = req.method === 'HEAD' ? 'HEAD' : 'GET';
    let status: 200 | 304 = 200;
    let head: HeaderList;
    let body: Bytes | undefined;
    if (matchesEtag(req.headers['if-none-match'], kept.etag)) {
      status = 304;
      head = kept.notModified;
    } else {
      const form = formFor(req.headers['accept-encoding'], kept);
      head = form.head;
      if (method === 'GET') body = form.body;
    }
    // The kept list itself, not a copy: writeHead turns it into the answer's header text at once
    // and keeps no reference, so the next request's id simply overwrites this one's.
    head[kept.idAt] = requestId;
    res.writeHead(status, head);
    res.end(body);
    const ms = performance.now() - started;
    observe?.(method, kept.route, status, ms / 1000);
    logRequestWith(opts.logger, requestId, kept.lines[method][status], Math.round(ms * 10) / 10);
  };

  const lane: FrontLane = {
    wrap(next) {
      return (req, res) => {
        const started = performance.now();
        const method = req.method;
        if ((method === 'GET' || method === 'HEAD') && req.url && opts.serving()) {
          const kept = answers.get(req.url);
          if (kept) {
            if (kept.expires > opts.now()) return send(req, res, kept, started);
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
      answers.set(address, prepare(address, answer));
    },
    observeWith(observer) {
      observe = observer;
    },
  };
  return lane;
}
