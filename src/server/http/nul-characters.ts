// PostgreSQL text cannot hold U+0000: a NUL that reached a query would fail it with a 500. Refused
// here, once, for every API request: in the address (path or query, "%00") and in a form or JSON
// body (raw, or its type's escape: "%00" in a form, "\u0000" in JSON). Uploads are skipped.
import type { MiddlewareHandler } from 'hono';
import { badRequest } from './errors';

export const NUL_REFUSED = 'The request contains a character that is not allowed.';

const ENCODED_NUL = /%00/i;
const TEXT_BODY = /^(application\/json|application\/x-www-form-urlencoded|text\/)/i;

/** A NUL in a body of this content type, raw or in the type's own escape. */
export function bodyHasNul(contentType: string, text: string): boolean {
  if (text.includes('\u0000')) return true;
  if (/json/i.test(contentType)) return /\\u0000/i.test(text);
  if (/x-www-form-urlencoded/i.test(contentType)) return ENCODED_NUL.test(text);
  return false;
}

export function refuseNulCharacters(): MiddlewareHandler {
  return async (c, next) => {
    if (ENCODED_NUL.test(c.req.url)) throw badRequest(NUL_REFUSED);
    const method = c.req.method;
    const type = c.req.header('content-type') ?? '';
    if (method !== 'GET' && method !== 'HEAD' && TEXT_BODY.test(type)) {
      // Hono keeps the text, so the route's own json() or parseBody() reads it again for free.
      if (bodyHasNul(type, await c.req.text())) throw badRequest(NUL_REFUSED);
    }
    await next();
  };
}
