// Stopping an instance without losing work (docs/deploy.md). On SIGTERM (or SIGINT):
// 1. /api/ready answers 503 and every answer closes its connection; for SHUTDOWN_DELAY_SECONDS the
//    instance still serves, so a load balancer that checks readiness moves traffic away first
//    (a second signal cuts the delay short);
// 2. the listener closes: new connections are refused (nginx passes the request to another
//    instance), idle keep-alive connections are closed, and the live feeds are ended with a short
//    retry so browsers reconnect elsewhere;
// 3. requests in flight finish and are answered, and the background jobs finish their passes;
// 4. the database is closed and the process exits 0.
// SHUTDOWN_GRACE_SECONDS after the signal it exits 1 anyway, with a warning naming what was unfinished.
import type { Server } from 'node:http';
import type { Readiness } from './infra/http/readiness';
import type { Logger } from './infra/logger';

export interface ShutdownParts {
  server: Server;
  readiness: Readiness;
  logger: Logger;
  delayMs: number;
  graceMs: number;
  /** Ends every open live feed (their browsers reconnect to another instance). */
  endLiveFeeds(): Promise<void>;
  /** Stops the background jobs and backups; resolves once the passes in progress have ended. */
  stopBackgroundWork(): Promise<void>;
  closeDatabase(): Promise<void>;
  exit(code: number): void;
}

/** The work a drain waits for, named for the warning when the grace period runs out. */
type Pending = 'requests in flight' | 'background jobs' | 'live feeds' | 'the database';

/** Returns what a signal calls: the first begins the drain, a second ends the delay early. */
export function createShutdown(parts: ShutdownParts): (signal: string) => void {
  const { server, readiness, logger } = parts;
  let phase: 'running' | 'delaying' | 'closing' = 'running';
  let endDelay: () => void = () => undefined;
  const pending = new Set<Pending>();

  const exit = (code: number) => logger.flush(() => parts.exit(code));
  const track = <T>(what: Pending, work: Promise<T>): Promise<T> => {
    pending.add(what);
    return work.finally(() => pending.delete(what));
  };

  const closeListener = (): Promise<void> => {
    readiness.close();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // A keep-alive connection whose answer ends from now on is closed at once rather than kept idle.
    server.keepAliveTimeout = 1;
    server.closeIdleConnections();
    return closed;
  };

  const drain = async (background: Promise<void>) => {
    await new Promise<void>((resolve) => {
      endDelay = resolve;
      if (parts.delayMs === 0) resolve();
      else setTimeout(resolve, parts.delayMs);
    });
    phase = 'closing';
    const requests = track('requests in flight', closeListener());
    await Promise.all([requests, track('live feeds', parts.endLiveFeeds()), background]);
    await track('the database', parts.closeDatabase());
    logger.info('shut down cleanly: every request answered, the background jobs finished, the database closed');
    exit(0);
  };

  return (signal) => {
    if (phase === 'delaying') {
      logger.info({ signal }, 'shutting down: a second signal ends the delay; the listener closes now');
      endDelay();
      return;
    }
    if (phase === 'closing') return;
    phase = 'delaying';
    readiness.drain();
    logger.info(
      { signal, delaySeconds: parts.delayMs / 1000, graceSeconds: parts.graceMs / 1000 },
      'shutting down: /api/ready answers 503; requests in flight and background jobs are finished before the exit',
    );
    setTimeout(() => {
      logger.warn(
        { unfinished: [...pending], graceSeconds: parts.graceMs / 1000 },
        'shutdown grace period (SHUTDOWN_GRACE_SECONDS) is over with work unfinished; exiting anyway',
      );
      exit(1);
    }, parts.graceMs);
    const background = track('background jobs', parts.stopBackgroundWork());
    drain(background).catch((err: unknown) => {
      logger.error({ err }, 'shutdown failed');
      exit(1);
    });
  };
}
