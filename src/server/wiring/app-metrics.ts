// The app's metrics given their sources: the live-feed hub is a feature's, which infra/ may not import.
import type { ServerContext } from '../context';
import { liveStreamCounts } from '../features/realtime/realtime-hub';
import { createAppMetrics, type AppMetrics } from '../infra/metrics/app-metrics';

export function appMetrics(ctx: ServerContext): AppMetrics {
  return createAppMetrics({
    database: ctx.database,
    logger: ctx.logger,
    now: ctx.now,
    token: ctx.env.METRICS_TOKEN,
    etimsOn: Boolean(ctx.integrations.etims),
    liveStreams: () => liveStreamCounts(ctx.database),
  });
}
