import { Hono, type Context } from 'hono';
import type { AppEnv, ServerContext } from '../../context';
import { errorBody } from '../../infra/http/errors';
import { allow, routeRoles } from '../../back-office/admin-access';
import { tooManyRequests, unauthorized } from '../../errors';
import { currentSessionId, currentUser, requireUser } from '../../auth/session';
import { EVENT_STREAM_DEFAULTS, EVENT_STREAM_HEADERS, openEventStream } from './event-stream';
import { realtimeHubFor } from './realtime-hub';
import { staffStreamWatchFor } from './staff-stream-watch';

/** More open tabs than this for one account is a runaway client, not a customer. */
export const MAX_STREAMS_PER_USER = 20;

const tooManyStreams = () => tooManyRequests('TOO_MANY_STREAMS', 'Too many live connections. Close some tabs and try again.');

/**
 * Once a stopping instance has closed its listener, a new stream (one that arrived just before) would
 * only hold it open: the browser is refused and tries again, reaching another instance.
 */
function refusedWhileStopping(ctx: ServerContext, c: Context<AppEnv>): Response | null {
  if (ctx.readiness.state !== 'closed') return null;
  c.header('Retry-After', '1');
  return c.json(errorBody('SHUTTING_DOWN', 'This server is restarting. The live connection moves to another one.'), 503);
}

// GET /api/realtime/events: the signed-in user's own order and payment changes, as Server-Sent Events.
export function realtimeRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>().get('/events', requireUser(ctx), async (c) => {
    const stopping = refusedWhileStopping(ctx, c);
    if (stopping) return stopping;
    const user = currentUser(c);
    const hub = await realtimeHubFor(ctx.database, ctx.logger);
    if (hub.connectionCount(user.id) >= MAX_STREAMS_PER_USER) {
      throw tooManyStreams();
    }
    const body = openEventStream(hub, user.id, { ...EVENT_STREAM_DEFAULTS, signal: c.req.raw.signal });
    return c.body(body, 200, EVENT_STREAM_HEADERS);
  });
}

/**
 * GET /api/admin/live: every order's changes for the back office (a new paid order, a refund, an
 * order needing attention), as Server-Sent Events, for the owner and staff. Mounted behind the admin
 * gate (admin.routes.ts), which refuses everyone else; the gate runs again at every reconnect. While
 * open, the stream's session, and its person's role against the roles allowed here, are checked
 * again every ADMIN_LIVE_RECHECK_MS (staff-stream-watch.ts).
 */
export function adminLiveRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>().get('/', allow('staff'), async (c) => {
    const stopping = refusedWhileStopping(ctx, c);
    if (stopping) return stopping;
    const user = currentUser(c);
    const sessionId = await currentSessionId(ctx, c.req.raw.headers);
    if (!sessionId) throw unauthorized();
    const hub = await realtimeHubFor(ctx.database, ctx.logger);
    if (hub.staffConnectionCount(user.id) >= MAX_STREAMS_PER_USER) throw tooManyStreams();
    const staff = { subscribe: hub.subscribeStaff };
    const watcher = staffStreamWatchFor(ctx.database, ctx.db, ctx.logger, ctx.env.ADMIN_LIVE_RECHECK_MS);
    const body = openEventStream(staff, user.id, {
      ...EVENT_STREAM_DEFAULTS,
      signal: c.req.raw.signal,
      watch: (end) => watcher.watch({ sessionId, roles: routeRoles(c), end }),
    });
    return c.body(body, 200, EVENT_STREAM_HEADERS);
  });
}
