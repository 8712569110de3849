// better-auth's own log lines go into the shop's pino log as JSON, never raw to the console: a
// failed query's error carries the SQL parameters (names, emails, typed text), and printed raw a
// newline in a name could forge a log line. Errors are reduced to their name, code and a message
// without the query.
import type { betterAuth } from 'better-auth';
import type { Logger } from '../infra/logger';

type AuthLogger = NonNullable<Parameters<typeof betterAuth>[0]['logger']>;

/** An error as safe log fields: a database error's own message, never the query and its parameters. */
export function describeAuthError(value: unknown): Record<string, unknown> | string {
  if (!(value instanceof Error)) return typeof value === 'string' ? value.slice(0, 200) : typeof value;
  const cause = value.cause instanceof Error ? value.cause : null;
  const code = (value as { code?: unknown }).code ?? (cause as { code?: unknown } | null)?.code;
  const message = cause ? cause.message : value.message.startsWith('Failed query') ? 'query failed' : value.message;
  return { name: value.name, ...(code === undefined ? {} : { code: String(code) }), message: message.slice(0, 300) };
}

export function authLogger(logger: Logger, silent: boolean): AuthLogger {
  return {
    // Failed sign-ins are counted by our throttle; better-auth's per-attempt warnings would only be noise.
    level: 'error',
    disabled: silent,
    log(level, message, ...args) {
      logger[level]({ source: 'better-auth', details: args.map(describeAuthError) }, message);
    },
  };
}
