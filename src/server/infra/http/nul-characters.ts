// PostgreSQL text cannot hold U+0000, nor its JSON a lone surrogate (lone-surrogates.ts): either
// reaching a query would fail it with a 500. Refused here, once, for every API request: a NUL in the
// address (path or query, "%00") and in any body whatever its declared type (raw, or an escape some
// reader would decode: "\u0000" in JSON, "%00" in a form). A route may read a body of another type
// than declared (the IPN takes JSON or a form under any type), so a body of an unknown type is
// checked for every escape. A lone surrogate can only come as a JSON escape (decoded UTF-8 and
// "%ED%A0%80" in a form or an address give U+FFFD or stay encoded). Uploads are skipped.
import type { MiddlewareHandler } from 'hono';
import { badRequest } from '../../errors';
import { hasLoneSurrogateEscape } from './lone-surrogates';

export const NUL_REFUSED = 'The request contains a character that is not allowed.';

const ENCODED_NUL = /%00/i;

/** An encoded NUL in the address (path or query). */
export const addressHasNul = (url: string): boolean => ENCODED_NUL.test(url);
const JSON_NUL = /\\u0000/i;
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;
const FORM_TYPE = /^application\/x-www-form-urlencoded\b/i;
const UPLOAD_TYPE = /^multipart\/form-data\b/i;

/** A NUL or lone surrogate in a body of this content type, raw or in an escape a reader of it would decode. */
function bodyRefused(contentType: string, text: string): boolean {
  if (text.includes('\u0000')) return true;
  // "%00" is ordinary text inside JSON ("100%00 fresh"), and "\u0000" ordinary text in a form.
  if (JSON_TYPE.test(contentType)) return JSON_NUL.test(text) || hasLoneSurrogateEscape(text);
  if (FORM_TYPE.test(contentType)) return ENCODED_NUL.test(text);
  return JSON_NUL.test(text) || ENCODED_NUL.test(text) || hasLoneSurrogateEscape(text);
}

/**
 * `cloneBody`: read a copy, for handlers that read the original request themselves (better-auth).
 * Otherwise Hono keeps the text, so the route's own json() or parseBody() reads it again for free.
 */
export function refuseNulCharacters(opts: { cloneBody?: boolean } = {}): MiddlewareHandler {
  return async (c, next) => {
    if (addressHasNul(c.req.url)) throw badRequest(NUL_REFUSED);
    const method = c.req.method;
    const type = c.req.header('content-type') ?? '';
    if (method !== 'GET' && method !== 'HEAD' && !UPLOAD_TYPE.test(type)) {
      const text = opts.cloneBody ? await c.req.raw.clone().text() : await c.req.text();
      if (bodyRefused(type, text)) throw badRequest(NUL_REFUSED);
    }
    await next();
  };
}
