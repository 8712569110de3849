// Every request counted and timed by method, route pattern (route-label.ts) and status: the middleware
// sits on every request, so it does one performance.now() pair, the route lookup, two Map reads and
// one histogram observation (request-histogram.ts); the request counter is read from the histogram's
// own count at scrape time instead of being counted a second time.
import type { MiddlewareHandler } from 'hono';
import { Counter, type Registry } from 'prom-client';
import { RequestHistogram, type Series } from './request-histogram';
import { routeLabel } from './route-label';

type RequestLabel = 'method' | 'route' | 'status';

const DURATION = 'shop_http_request_duration_seconds';
/** The methods kept as they are; anything else (a client's invention) is one 'OTHER'. */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const OTHER_METHOD = 'OTHER';
/** A number per (method, status) pair, so the per-request lookup needs no string built. */
const METHOD_SLOT = new Map(METHODS.map((m, i) => [m, (i + 1) * 1000]));

export interface RequestMetrics {
  middleware: MiddlewareHandler;
  /** One request answered outside the middleware (the front lane's cached reads). */
  record(method: string, route: string, status: number, seconds: number): void;
}

export function createRequestMetrics(registry: Registry): RequestMetrics {
  const duration = new RequestHistogram(
    DURATION,
    'Time from a request arriving to its answer starting (a stream counts until its headers), by method, route pattern and status.',
    registry,
  );
  new Counter<RequestLabel>({
    name: 'shop_http_requests_total',
    help: 'Requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
    async collect() {
      const { values } = await duration.get();
      this.reset();
      for (const v of values) if (v.metricName === `${DURATION}_count`) this.inc(v.labels, v.value);
    },
  });

  // route -> (method slot + status) -> the histogram's child for those labels.
  const timers = new Map<string, Map<number, Series>>();
  const timerFor = (route: string, method: string, status: number): Series => {
    let byKey = timers.get(route);
    if (!byKey) {
      byKey = new Map();
      timers.set(route, byKey);
    }
    const slot = METHOD_SLOT.get(method);
    const key = (slot ?? 0) + status;
    let timer = byKey.get(key);
    if (!timer) {
      timer = duration.series({ method: slot === undefined ? OTHER_METHOD : method, route, status: String(status) });
      byKey.set(key, timer);
    }
    return timer;
  };

  return {
    middleware: async (c, next) => {
      const started = performance.now();
      await next();
      timerFor(routeLabel(c), c.req.method, c.res.status).observe((performance.now() - started) / 1000);
    },
    record: (method, route, status, seconds) => timerFor(route, method, status).observe(seconds),
  };
}
