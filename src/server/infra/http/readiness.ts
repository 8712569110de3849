// Whether this instance takes traffic, for load balancers (GET /api/ready) and for the parts that
// behave differently while it stops (src/server/shutdown.ts). /api/health stays the liveness check.
import type { MiddlewareHandler } from 'hono';
import { Hono } from 'hono';

/**
 * serving: ready. draining: SIGTERM came; still serving for the shutdown delay while /api/ready says
 * 503. closed: the listener is closed and only requests already in flight are being finished.
 */
type ReadinessState = 'serving' | 'draining' | 'closed';

export interface Readiness {
  readonly state: ReadinessState;
  drain(): void;
  close(): void;
}

export function createReadiness(): Readiness {
  let state: ReadinessState = 'serving';
  return {
    get state() {
      return state;
    },
    drain() {
      if (state === 'serving') state = 'draining';
    },
    close() {
      state = 'closed';
    },
  };
}

/** GET /: 200 while serving, 503 once the drain began (never cached, so every probe sees the truth). */
export function readinessRoutes(readiness: Readiness) {
  return new Hono().get('/', (c) => {
    c.header('Cache-Control', 'no-store');
    if (readiness.state === 'serving') return c.json({ status: 'ready' });
    c.header('Retry-After', '1');
    return c.json({ status: 'draining' }, 503);
  });
}

/**
 * While draining every answer closes its connection: a client or proxy holding a keep-alive
 * connection to this instance opens its next one elsewhere, and the server can close sooner.
 */
export function closeConnectionsWhileDraining(readiness: Readiness): MiddlewareHandler {
  // While serving, no step of its own: it runs on every request.
  return (c, next) =>
    readiness.state === 'serving'
      ? next()
      : next().then(() => {
          c.header('Connection', 'close');
        });
}
