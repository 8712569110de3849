// The checks every API request passes before its route, as one middleware: a read (GET, HEAD) only
// has its address checked for an encoded NUL, while a write also has its size limited, its origin
// checked and its body read for NULs, in that order. One step instead of three for the busiest
// reads: each extra middleware is another promise and another turn of the event loop per request.
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../../context';
import { badRequest } from '../../errors';
import { errorBody } from './errors';
import { addressHasNul, NUL_REFUSED, refuseNulCharacters } from './nul-characters';

/** `sameOrigin`: the check that refuses a cross-site write (auth/session.ts). */
export function apiGuards(sameOrigin: MiddlewareHandler<AppEnv>): MiddlewareHandler<AppEnv> {
  const tooLarge = (c: Context) => c.json(errorBody('TOO_LARGE', 'The request is too large.'), 413);
  // Image uploads (multipart, 5 MB images) get room; every other body is a form's JSON.
  const limitUpload = bodyLimit({ maxSize: 10 * 1024 * 1024, onError: tooLarge });
  const limitJson = bodyLimit({ maxSize: 1024 * 1024, onError: tooLarge });
  // better-auth reads the raw request body itself, so its routes are checked on a copy.
  const refuseNul = refuseNulCharacters();
  const refuseNulInCopy = refuseNulCharacters({ cloneBody: true });
  return (c, next) => {
    const method = c.req.method;
    // GET and HEAD carry no body; skipping the body's checks also spares @hono/node-server building a full Request.
    if (method === 'GET' || method === 'HEAD') {
      if (addressHasNul(c.req.url)) throw badRequest(NUL_REFUSED);
      return next();
    }
    const limit = c.req.header('content-type')?.startsWith('multipart/form-data') ? limitUpload : limitJson;
    const refuse = c.req.path.startsWith('/api/auth/') ? refuseNulInCopy : refuseNul;
    return limit(c, async () => {
      await sameOrigin(c, async () => {
        await refuse(c, next);
      });
    });
  };
}
