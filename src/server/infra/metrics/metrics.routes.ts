// GET /metrics: every metric of this app and of its process, in Prometheus's text format, to whoever
// metrics-access.ts lets in.
import { Hono } from 'hono';
import type { Registry } from 'prom-client';
import type { AppEnv } from '../../context';
import { metricsRefusal } from './metrics-access';
import { processMetrics } from './process-metrics';

export function metricsRoutes(registry: Registry, token: string | undefined) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const refusal = metricsRefusal(c, token);
    if (refusal) return refusal;
    const text = (await registry.metrics()) + (await processMetrics().metrics());
    return c.body(text, 200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
  });
}
