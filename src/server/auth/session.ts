// Session middlewares: the user always comes from the session cookie, never from a request body.
import { createMiddleware } from 'hono/factory';
import { getSessionUser } from './auth';
import type { AppEnv, ServerContext } from '../context';
import { DomainError, unauthorized } from '../errors';

export function optionalUser(ctx: ServerContext) {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set('user', await getSessionUser(ctx.auth, c.req.raw.headers));
    await next();
  });
}

export function requireUser(ctx: ServerContext) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = await getSessionUser(ctx.auth, c.req.raw.headers);
    if (!user) throw unauthorized();
    c.set('user', user);
    await next();
  });
}

/** The id of the request's session (null: none), for whoever must notice it ending later. */
export async function currentSessionId(ctx: ServerContext, headers: Headers): Promise<string | null> {
  const result = await ctx.auth.api.getSession({ headers });
  return result?.session.id ?? null;
}

/** The signed-in user of a request that passed requireUser. */
export function currentUser(c: { get(key: 'user'): AppEnv['Variables']['user'] }) {
  const user = c.get('user');
  if (!user) throw unauthorized();
  return user;
}

/** Cookie-authenticated writes must come from our own pages (Origin check against cross-site requests). */
export function sameOriginWrites(publicUrl: string) {
  const allowed = new URL(publicUrl).origin;
  return createMiddleware<AppEnv>(async (c, next) => {
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS') {
      const origin = c.req.header('origin');
      const fetchSite = c.req.header('sec-fetch-site');
      const self = new URL(c.req.url).origin;
      if (origin && origin !== allowed && origin !== self) {
        throw new DomainError('forbidden', 'CROSS_SITE', 'Cross-site requests are not allowed.');
      }
      if (!origin && fetchSite === 'cross-site') {
        throw new DomainError('forbidden', 'CROSS_SITE', 'Cross-site requests are not allowed.');
      }
    }
    await next();
  });
}
