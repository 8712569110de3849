import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import pino from 'pino';
import { addResponseHeaders } from './http/security-headers';

export type Logger = pino.Logger;

/**
 * JSON lines on stdout. Writes are buffered and asynchronous so a busy server never waits on its
 * log pipe; index.ts flushes on shutdown.
 */
export function createLogger(level: string, opts: { sync?: boolean } = {}): Logger {
  const destination = pino.destination({ dest: 1, sync: opts.sync ?? false, minLength: 0 });
  return pino({ level, base: undefined, redact: ['req.headers.cookie', 'req.headers.authorization'] }, destination);
}

/** One JSON line per request with a request id (taken from X-Request-Id when sane). */
export function requestLogger(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    c.set('requestId' as never, requestId as never);
    // The shared logger: handlers that log add the request id themselves (a child per request costs).
    c.set('logger' as never, logger as never);
    const started = performance.now();
    await addResponseHeaders(c, { 'X-Request-Id': requestId }, next);
    if (logger.isLevelEnabled('info')) {
      logger.info(
        {
          requestId,
          method: c.req.method,
          path: c.req.path,
          status: c.res.status,
          ms: Math.round((performance.now() - started) * 10) / 10,
        },
        'request',
      );
    }
  };
}
