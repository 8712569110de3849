import { Hono } from 'hono';
import type { AppEnv, ServerContext } from '../../context';
import { tooManyRequests } from '../../errors';
import { currentUser, requireUser } from '../../auth/session';
import { EVENT_STREAM_DEFAULTS, EVENT_STREAM_HEADERS, openEventStream } from './event-stream';
import { realtimeHubFor } from './realtime-hub';

/** More open tabs than this for one account is a runaway client, not a customer. */
export const MAX_STREAMS_PER_USER = 20;

// GET /api/realtime/events: the signed-in user's own order and payment changes, as Server-Sent Events.
export function realtimeRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>().get('/events', requireUser(ctx), async (c) => {
    const user = currentUser(c);
    const hub = await realtimeHubFor(ctx.database, ctx.logger);
    if (hub.connectionCount(user.id) >= MAX_STREAMS_PER_USER) {
      throw tooManyRequests('TOO_MANY_STREAMS', 'Too many live connections. Close some tabs and try again.');
    }
    const body = openEventStream(hub, user.id, { ...EVENT_STREAM_DEFAULTS, signal: c.req.raw.signal });
    return c.body(body, 200, EVENT_STREAM_HEADERS);
  });
}
