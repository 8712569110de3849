// One JSON line per request, the most frequent thing the shop logs. pino's general path (a field walk,
// escaping each value, its own string building) cost about a quarter of a cached read's CPU time
// (docs/decisions/075-the-request-path-at-full-speed.md), so the shop's own loggers get the line built here, the
// same bytes pino writes, sent straight to the log's destination. Any other pino logger (a test's)
// gets the same fields through logger.info.
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';

export interface RequestLogLine {
  /** From requestIdFor: word characters and hyphens only (this process's, or a sane X-Request-Id). */
  requestId: string;
  method: string;
  path: string;
  status: number;
  /** Milliseconds, one decimal. */
  ms: number;
}

const SANE_REQUEST_ID = /^[\w-]{8,64}$/;

/**
 * This process's ids: a random prefix (a new one at each start, so instances and restarts never
 * share an id) and a count. A UUID per request cost a quarter of a microsecond more, on a cached
 * read of about thirty.
 */
const INSTANCE_PREFIX = randomUUID().slice(0, 8);
let issued = 0;

/** The request's id: the caller's X-Request-Id when it is sane (a proxy's), else this process's next. */
export function requestIdFor(incoming: string | undefined): string {
  return incoming && SANE_REQUEST_ID.test(incoming) ? incoming : `${INSTANCE_PREFIX}-${(++issued).toString(36)}`;
}

interface Destination {
  write(line: string): unknown;
}

/** pino's numeric level for info, as it writes it. */
const INFO = 30;
/** Loggers whose lines are pino's defaults (no base fields, epoch time, `msg`), with their destination. */
const direct = new WeakMap<Logger, Destination>();

/** Called by createLogger for the loggers it makes: their request lines may be written directly. */
export function writeRequestLinesDirectly(logger: Logger, destination: Destination): void {
  direct.set(logger, destination);
}

/**
 * The fields of a request line between its id and its time taken. The front lane makes one per
 * kept answer, method and status, so a cached read's line is built from three pieces.
 */
export interface RequestLineMiddle {
  method: string;
  path: string;
  status: number;
  /** As the line holds them: from the id's closing quote to the time taken's name. */
  text: string;
}

export function requestLineMiddle(method: string, path: string, status: number): RequestLineMiddle {
  return { method, path, status, text: `","method":${JSON.stringify(method)},"path":${JSON.stringify(path)},"status":${status},"ms":` };
}

export function logRequest(logger: Logger, line: RequestLogLine): void {
  if (!logger.isLevelEnabled('info')) return;
  logRequestWith(logger, line.requestId, requestLineMiddle(line.method, line.path, line.status), line.ms);
}

/** The same line, with its middle made beforehand. */
export function logRequestWith(logger: Logger, requestId: string, middle: RequestLineMiddle, ms: number): void {
  if (!logger.isLevelEnabled('info')) return;
  const destination = direct.get(logger);
  if (!destination) {
    logger.info({ requestId, method: middle.method, path: middle.path, status: middle.status, ms }, 'request');
    return;
  }
  destination.write(`{"level":${INFO},"time":${Date.now()},"requestId":"${requestId}${middle.text}${ms},"msg":"request"}\n`);
}
