// One app's metrics in one registry of its own: many apps share a test process, and each must report
// only its own requests and its own database.
import type { MiddlewareHandler } from 'hono';
import { Registry } from 'prom-client';
import type { Database } from '../../db/client';
import type { Logger } from '../logger';
import { registerDatabaseGauges } from './database-gauges';
import { createDatabaseReader } from './database-readings';
import { registerInstanceGauges } from './instance-gauges';
import { metricsRoutes } from './metrics.routes';
import { createRequestMetrics, type RequestMetrics } from './request-metrics';

export interface AppMetricsSources {
  database: Database;
  logger: Logger;
  now: () => Date;
  /** METRICS_TOKEN. */
  token: string | undefined;
  etimsOn: boolean;
  liveStreams: () => Promise<{ customer: number; staff: number }>;
}

export interface AppMetrics {
  /** Counts and times every request: mounted first after the request log. */
  recordRequests: MiddlewareHandler;
  /** Counts and times a request answered before the middleware (the front lane's). */
  recordRequest: RequestMetrics['record'];
  /** GET /metrics. */
  routes: ReturnType<typeof metricsRoutes>;
  /** Given the server-rendered pages' cache, for its size. */
  watchPageCache: (cache: { readonly bytes: number }) => void;
}

export function createAppMetrics(sources: AppMetricsSources): AppMetrics {
  const registry = new Registry();
  const requests = createRequestMetrics(registry);
  let pageCache: { readonly bytes: number } | null = null;
  registerInstanceGauges(registry, {
    engine: sources.database.kind,
    connections: () => sources.database.connections(),
    liveStreams: sources.liveStreams,
    pageCache: () => pageCache,
  });
  registerDatabaseGauges(registry, {
    read: createDatabaseReader({ db: sources.database.db, logger: sources.logger, now: sources.now }),
    etimsOn: sources.etimsOn,
  });
  return {
    recordRequests: requests.middleware,
    recordRequest: requests.record,
    routes: metricsRoutes(registry, sources.token),
    watchPageCache: (cache) => {
      pageCache = cache;
    },
  };
}
