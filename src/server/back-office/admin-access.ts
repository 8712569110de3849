// The one gate in front of every /api/admin endpoint: 401 without a session, 403 unless the
// profile's role is one of the back office's (owner, staff, rider) and that role may call the route
// (route-roles.ts). The role is read from the database on every request, so a demotion takes effect
// at once (no role cached in the session).
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { matchedRoutes, routePath } from 'hono/route';
import { isBackOfficeRole } from '@/domain/staff-roles';
import { getSessionUser } from '../auth/auth';
import type { AppEnv, ServerContext } from '../context';
import { profiles } from '../db/schema';
import type { DbOrTx } from '../db/client';
import { forbidden, unauthorized } from '../errors';
import { currentUser } from '../auth/session';
import { clientAddress } from '../infra/http/client-address';
import { writeAudit } from '../infra/audit-log';
import { roleMayCall } from './route-roles';

const ADMIN_ONLY_MESSAGE = 'Only shop administrators can do this.';
const ROLE_REFUSED_MESSAGE = 'Your role in the shop does not allow this. Ask the owner.';

/**
 * The route that will answer, as declared below the gate ('/orders/:id'): the first matched
 * handler after the gate (a route's validators share its path). None: a path that does not exist.
 */
function declaredRoute(c: Context<AppEnv>): string | null {
  const prefix = routePath(c).replace(/\/?\*$/, '');
  const routes = matchedRoutes(c);
  const answering = routes.slice(c.req.routeIndex + 1).find((r) => r.method !== 'ALL');
  if (!answering) return null;
  return answering.path.slice(prefix.length) || '/';
}

export function requireAdmin(ctx: ServerContext) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = await getSessionUser(ctx.auth, c.req.raw.headers);
    if (!user) throw unauthorized();
    const [profile] = await ctx.db.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, user.id));
    const role = profile?.role;
    if (!isBackOfficeRole(role)) throw forbidden(ADMIN_ONLY_MESSAGE);
    const route = declaredRoute(c);
    // A path that does not exist answers 404 to the owner only: others learn nothing of the API.
    if (role !== 'owner' && (!route || !roleMayCall(role, c.req.method, route))) throw forbidden(ROLE_REFUSED_MESSAGE);
    c.set('user', user);
    await next();
  });
}

/** Who is acting, for audit rows and ledger entries. */
export interface AdminActor {
  userId: string;
  email: string;
  ip: string | null;
  /** When the change is made: the server's clock (ctx.now()), for updated-at and read-at times. */
  at: Date;
}

export function adminActor(c: Context<AppEnv>, at: Date): AdminActor {
  const user = currentUser(c);
  return { userId: user.id, email: user.email, ip: clientAddress(c), at };
}

/** An audit row for an admin change; call it inside the change's transaction. */
export function auditAdmin(
  db: DbOrTx,
  actor: AdminActor,
  entry: { action: string; tableName: string; recordId: string | null; details?: Record<string, unknown> },
): Promise<void> {
  return writeAudit(db, { ...entry, userId: actor.userId, ip: actor.ip });
}
