// What went wrong, in the shop's words: services throw a DomainError with a kind, a code and the
// message the customer or merchant reads. Which HTTP status a kind becomes is decided once, in
// src/server/infra/http/errors.ts (the app's onError).

/** Why a request could not be done. */
export type ErrorKind =
  /** The request itself is wrong (bad input). */
  | 'invalid'
  /** Nobody is signed in. */
  | 'unauthenticated'
  /** Signed in, but not allowed. */
  | 'forbidden'
  | 'not_found'
  /** The thing is not in a state that allows it (already paid, out of stock). */
  | 'conflict'
  /** Understood, but the shop cannot do it (no delivery to that address). */
  | 'unprocessable'
  | 'too_many_requests'
  /** Pesapal could not be reached or refused. */
  | 'upstream_failed'
  /** The shop failed on its side; the message says what to do. */
  | 'failed';

export type FieldErrors = Record<string, string>;

export interface ErrorDetails {
  /** Messages per form field. */
  fields?: FieldErrors;
  /** The order the error is about, when it exists (checkout and 'pay again'). */
  orderId?: string;
  /** How long to wait before trying again (too_many_requests). */
  retryAfterSeconds?: number;
  /** The places the customer may choose from, when the address typed matches several. */
  choices?: AddressChoice[];
}

/** A place offered for the customer to choose, shaped like an address suggestion. */
export interface AddressChoice {
  placeId: string;
  description: string;
  mainText: string;
  secondaryText: string;
}

export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly code: string,
    message: string,
    readonly details: ErrorDetails = {},
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'DomainError';
  }
}

export const badRequest = (message: string, fields?: FieldErrors) =>
  new DomainError('invalid', 'BAD_REQUEST', message, fields ? { fields } : {});
export const unauthorized = (message = 'Please sign in to continue.') => new DomainError('unauthenticated', 'UNAUTHORIZED', message);
export const forbidden = (message = 'You do not have access to this.') => new DomainError('forbidden', 'FORBIDDEN', message);
export const notFound = (message = 'Not found') => new DomainError('not_found', 'NOT_FOUND', message);
export const conflict = (message: string, fields?: FieldErrors) =>
  new DomainError('conflict', 'CONFLICT', message, fields ? { fields } : {});
export const tooManyRequests = (code: string, message: string, retryAfterSeconds?: number) =>
  new DomainError('too_many_requests', code, message, retryAfterSeconds === undefined ? {} : { retryAfterSeconds });

/** The same error, now about this order (the page can show or pay it). */
export function aboutOrder(err: DomainError, orderId: string): DomainError {
  return new DomainError(err.kind, err.code, err.message, { ...err.details, orderId }, { cause: err.cause });
}
