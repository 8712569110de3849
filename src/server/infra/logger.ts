import type { MiddlewareHandler } from 'hono';
import pino from 'pino';
import { addResponseHeaders } from './http/security-headers';
import { batchLines, type ByteDestination, type LogDestination } from './log-batch';
import { logRequest, requestIdFor, writeRequestLinesDirectly } from './request-log';

export type Logger = pino.Logger;

/** A quiet shop's lines still reach the log within this. */
const LOG_FLUSH_MS = 1000;
const buffered = new Set<LogDestination>();

/** One timer for every buffered log (tests open many shops in one process), and a last write at exit. */
function keepFlushing(destination: LogDestination) {
  if (buffered.size === 0) {
    setInterval(() => {
      for (const d of buffered) d.flush();
    }, LOG_FLUSH_MS).unref();
    process.once('exit', () => {
      for (const d of buffered) {
        try {
          d.flushSync();
        } catch {
          // a write still in flight, or stdout already gone: nothing more can be done at exit
        }
      }
    });
  }
  buffered.add(destination);
}

/**
 * JSON lines on stdout. Writes are buffered and asynchronous so a busy server never waits on its
 * log pipe: lines gather into writes of about 64 KB (log-batch.ts), sent at least once a second, and flushed at
 * exit (index.ts also flushes on shutdown).
 */
export function createLogger(level: string, opts: { sync?: boolean } = {}): Logger {
  const sync = opts.sync ?? false;
  const buffer = !sync && level !== 'silent';
  // Batched lines reach sonic-boom as bytes (log-batch.ts), already in large writes: it takes buffers,
  // and holds one handed on while a write is in flight.
  const stdout = pino.destination({ dest: 1, sync, contentMode: buffer ? 'buffer' : 'utf8' });
  let destination: pino.DestinationStream = stdout;
  if (buffer) {
    const batch = batchLines(stdout as unknown as ByteDestination);
    keepFlushing(batch);
    destination = batch;
  }
  const logger = pino({ level, base: undefined, redact: ['req.headers.cookie', 'req.headers.authorization'] }, destination);
  writeRequestLinesDirectly(logger, destination);
  return logger;
}

/** One JSON line per request with a request id (taken from X-Request-Id when sane). */
export function requestLogger(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = requestIdFor(incoming);
    c.set('requestId' as never, requestId as never);
    // The shared logger: handlers that log add the request id themselves (a child per request costs).
    c.set('logger' as never, logger as never);
    const started = performance.now();
    await addResponseHeaders(c, { 'X-Request-Id': requestId }, next);
    const ms = Math.round((performance.now() - started) * 10) / 10;
    logRequest(logger, { requestId, method: c.req.method, path: c.req.path, status: c.res.status, ms });
  };
}
