// One error shape for every API failure: { error: { code, message, fields? } }; never a stack trace.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { HTTPException } from 'hono/http-exception';
import type { ZodError } from 'zod';

export type FieldErrors = Record<string, string>;

export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly fields?: FieldErrors,
    /** Extra response headers, e.g. Retry-After on a 429. */
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: FieldErrors) =>
  new AppError(400, 'BAD_REQUEST', message, fields);
export const unauthorized = (message = 'Please sign in to continue.') =>
  new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'You do not have access to this.') =>
  new AppError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string, fields?: FieldErrors) =>
  new AppError(409, 'CONFLICT', message, fields);

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

export function errorBody(code: string, message: string, fields?: FieldErrors) {
  return { error: fields ? { code, message, fields } : { code, message } };
}

export function handleError(err: Error, c: Context): Response {
  if (err instanceof AppError) {
    for (const [name, value] of Object.entries(err.headers ?? {})) c.header(name, value);
    return c.json(errorBody(err.code, err.message, err.fields), err.status);
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    const message = status === 413 ? 'The request is too large.' : err.message || 'Bad request';
    return c.json(errorBody(status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST', message), status);
  }
  const log = c.get('logger' as never) as { error?: (o: object, m: string) => void } | undefined;
  log?.error?.({ err, requestId: c.get('requestId' as never) }, 'unhandled error');
  return c.json(errorBody('SERVER_ERROR', 'Something went wrong on our side. Please try again.'), 500);
}
