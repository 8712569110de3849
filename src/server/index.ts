// Starts the shop: configuration, database (migrated, seeded on first run), integrations, HTTP.
import { existsSync } from 'node:fs';
import { createServer, Server as HttpServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp, createContext } from './app';
import { useOwnerOnlyUmask } from './db/file-modes';
import { closeDataDir, holdDataDir, startBackupServices } from './backup/shop-wiring';
import { boot } from './boot';
import { survivesLostConnections } from './db/connection-errors';
import { ConfigError, loadEnv } from './env';
import { stopRealtimeHub } from './features/realtime/realtime-hub';
import { startBackgroundJobs } from './jobs';
import { describeProviders } from './providers';
import { createDevClock } from './dev/clock/dev-clock';
import { createFrontLane } from './infra/http/front-lane';
import { createShutdown } from './shutdown';

async function main() {
  // Nothing the shop writes (database, backups, secrets) is for other users of the machine.
  useOwnerOnlyUmask();
  const env = loadEnv();
  // One writer for the embedded database: a second shop or command on DATA_DIR is refused.
  holdDataDir(env);
  const repaired = closeDataDir(env);
  // Outside production the clock can be moved (/dev/clock), so hours- and days-long waits are testable.
  const devClock = env.isProduction ? undefined : createDevClock(env.SHOP_TEST_CLOCK);
  const deps = { ...(await boot({ env })), ...(devClock && { now: devClock.now }) };
  if (repaired) deps.logger.warn(repaired);
  survivesLostConnections(deps.logger);
  const ctx = createContext(deps);
  // Fresh cached public reads are answered in front of the app's routing (infra/http/front-lane.ts).
  const frontLane = createFrontLane({
    now: () => ctx.now().getTime(),
    logger: deps.logger,
    serving: () => ctx.readiness.state === 'serving',
  });
  const app = createApp(ctx, { webRoot: builtWebRoot(), devClock, frontLane });
  const withFrontLane = ((options: Parameters<typeof createServer>[0], listener: Parameters<typeof frontLane.wrap>[0]) =>
    createServer(options, frontLane.wrap(listener))) as typeof createServer;
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST, createServer: withFrontLane }, (info) => {
    const lines = describeProviders(ctx);
    for (const line of lines) deps.logger.info(line);
    deps.logger.info(`Shop listening on ${env.PUBLIC_URL} (bound to ${info.address}:${info.port})`);
    console.log(`\n  ${env.SHOP_NAME} is running at ${env.PUBLIC_URL}\n${lines.map((l) => `  ${l}`).join('\n')}\n`);
  });
  // Phones and proxies keep a connection open between taps. Node's 5 s default closes it just as a
  // client reuses it, and a POST sent on a closing socket fails with a reset. Longer than a proxy's
  // usual 60 s idle timeout, so the proxy, never the shop, closes an idle connection first.
  if (!(server instanceof HttpServer)) throw new Error('The shop serves HTTP/1.1 only');
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const stopJobs = startBackgroundJobs(ctx);
  const stopBackups = await startBackupServices(ctx);
  const shutdown = createShutdown({
    server,
    readiness: ctx.readiness,
    logger: deps.logger,
    delayMs: env.SHUTDOWN_DELAY_SECONDS * 1000,
    graceMs: env.SHUTDOWN_GRACE_SECONDS * 1000,
    endLiveFeeds: () => stopRealtimeHub(deps.database),
    stopBackgroundWork: async () => {
      await Promise.all([stopJobs(), stopBackups()]);
    },
    closeDatabase: () => deps.database.close(),
    exit: (code) => process.exit(code),
  });
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

/** dist/web beside the bundled server (dist/server), or from src/server under `npm run dev`. */
function builtWebRoot(): string | undefined {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../web'), path.resolve(here, '../../dist/web')];
  return candidates.find((dir) => existsSync(path.join(dir, 'assets')));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(`\n${err.message}\n`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
