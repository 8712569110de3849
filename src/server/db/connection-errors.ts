// Which errors mean "the database connection is gone" (a failover, a restart, a network blip, an
// administrator terminating backends) rather than "this query or this code is wrong". Those become a
// 503 for the request in flight (infra/http/errors.ts), a warning and the next tick for a job (jobs.ts);
// the pool opens new connections on the next query. See docs/decisions/015-database-faults.md.

/** PostgreSQL SQLSTATEs of a lost or refused connection (class 08, and the shutdown/terminate codes). */
const CONNECTION_SQLSTATES = new Set(['57P01', '57P02', '57P03']);

/** Socket errors of a connection that could not be opened or broke off. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/** node-postgres and pg-pool say it in words only. */
const MESSAGES = [
  /^Connection terminated/, // '… unexpectedly', '… due to connection timeout'
  /not queryable/, // 'Client has encountered a connection error and is not queryable'
  /^timeout exceeded when trying to connect/,
];

function isConnectionErrorItself(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (code.startsWith('08') || CONNECTION_SQLSTATES.has(code) || SOCKET_CODES.has(code))) return true;
  return typeof message === 'string' && MESSAGES.some((m) => m.test(message));
}

/**
 * True when err, or an error it wraps (drizzle's DrizzleQueryError and others keep the driver's
 * error as `cause`), is a lost or refused database connection.
 */
export function isConnectionError(err: unknown): boolean {
  const seen = new Set<unknown>();
  for (let e = err; typeof e === 'object' && e !== null && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    if (isConnectionErrorItself(e)) return true;
  }
  return false;
}

export const DATABASE_UNAVAILABLE = {
  code: 'DATABASE_UNAVAILABLE',
  message: 'The shop is briefly unavailable. Please try again in a moment.',
} as const;

interface WarnLogger {
  warn(obj: object, msg: string): void;
  fatal(obj: object, msg: string): void;
}

/**
 * The last line of defence, not the fix: every pg client the shop opens has its own error listener
 * (db/client.ts). Should a lost connection still surface as an uncaught error or an unhandled
 * rejection, it is logged and the process keeps serving; any other uncaught error ends the process
 * as Node would (a real bug must not be hidden).
 */
export function survivesLostConnections(logger: WarnLogger, exit: (code: number) => void = (code) => process.exit(code)): () => void {
  const onError = (kind: string) => (err: unknown) => {
    if (isConnectionError(err)) {
      logger.warn({ err }, `process safety net: a lost database connection surfaced as an ${kind}; the process keeps running`);
      return;
    }
    logger.fatal({ err }, `${kind}: the process ends`);
    console.error(err);
    exit(1);
  };
  const onException = onError('uncaught exception');
  const onRejection = onError('unhandled rejection');
  process.on('uncaughtException', onException);
  process.on('unhandledRejection', onRejection);
  return () => {
    process.off('uncaughtException', onException);
    process.off('unhandledRejection', onRejection);
  };
}
