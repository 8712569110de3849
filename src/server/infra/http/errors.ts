// One error shape for every API failure: { error: { code, message, fields?, orderId?, choices? } }; never a
// stack trace. The one place where a DomainError's kind becomes an HTTP status.
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { HTTPException } from 'hono/http-exception';
import type { ZodError } from 'zod';
import { DATABASE_UNAVAILABLE, isConnectionError } from '../../db/connection-errors';
import { DomainError, type AddressChoice, type ErrorKind, type FieldErrors } from '../../errors';

const STATUS_OF: Record<ErrorKind, ContentfulStatusCode> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  too_many_requests: 429,
  failed: 500,
  upstream_failed: 502,
};

export function fieldErrorsFromZod(error: ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** The first message of a zod error: what a form shows as its one toast. */
export function firstZodMessage(error: ZodError): string {
  return error.issues[0]?.message ?? 'Invalid request';
}

export function errorBody(
  code: string,
  message: string,
  extra: { fields?: FieldErrors; orderId?: string; choices?: AddressChoice[] } = {},
) {
  return {
    error: {
      code,
      message,
      ...(extra.fields ? { fields: extra.fields } : {}),
      ...(extra.orderId ? { orderId: extra.orderId } : {}),
      ...(extra.choices ? { choices: extra.choices } : {}),
    },
  };
}

/**
 * True when the client went away before its request body had all arrived (a phone losing signal
 * mid-upload): reading the body then fails ('aborted', ECONNRESET), which is no fault of the server.
 */
export function clientClosedRequest(c: Context): boolean {
  const incoming = (c.env as { incoming?: Partial<IncomingMessage> } | undefined)?.incoming;
  if (!incoming || incoming.complete !== false) return false;
  return incoming.destroyed === true || incoming.readableAborted === true || incoming.errored != null;
}

/**
 * The app's onError: a DomainError as its status and envelope, a lost database connection a 503
 * (the request may be tried again), anything else a 500 without details.
 */
export function handleError(err: Error, c: Context): Response {
  if (err instanceof DomainError) {
    const { fields, orderId, retryAfterSeconds, choices } = err.details;
    if (retryAfterSeconds !== undefined) c.header('Retry-After', String(retryAfterSeconds));
    return c.json(errorBody(err.code, err.message, { fields, orderId, choices }), STATUS_OF[err.kind]);
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    const message = status === 413 ? 'The request is too large.' : err.message || 'Bad request';
    return c.json(errorBody(status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST', message), status);
  }
  const log = c.get('logger' as never) as
    { error?: (o: object, m: string) => void; warn?: (o: object, m: string) => void; info?: (o: object, m: string) => void } | undefined;
  if (clientClosedRequest(c)) {
    // Checked first: the abort's ECONNRESET would otherwise pass for a lost database connection.
    log?.info?.(
      { requestId: c.get('requestId' as never), method: c.req.method, path: c.req.path, reason: err.message },
      'client closed the request',
    );
    // Nobody reads this answer; a 4xx keeps the request log from counting it as a server error.
    return c.json(errorBody('REQUEST_INCOMPLETE', 'The request was cut off before all of it arrived.'), 400);
  }
  if (isConnectionError(err)) {
    // A failover, restart or network blip: this request is lost, the next one gets a new connection.
    log?.warn?.({ err, requestId: c.get('requestId' as never) }, 'database connection lost during a request; answered 503');
    c.header('Retry-After', '2');
    return c.json(errorBody(DATABASE_UNAVAILABLE.code, DATABASE_UNAVAILABLE.message), 503);
  }
  log?.error?.({ err, requestId: c.get('requestId' as never) }, 'unhandled error');
  return c.json(errorBody('SERVER_ERROR', 'Something went wrong on our side. Please try again.'), 500);
}
