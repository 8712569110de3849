// The one gate in front of every /api/admin endpoint: 401 without a session, 403 unless the
// profile's role is one of the back office's (owner, staff, rider) and that role may call the route.
// Who may call a route is declared in the route itself, `.get('/', allow('staff'), handler)`; the
// owner may call every route, and a route without allow(...) is the owner's alone. The role is read
// from the database on every request, so a demotion takes effect at once (no role cached in the
// session).
import { eq } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { matchedRoutes } from 'hono/route';
import { isBackOfficeRole, type BackOfficeRole } from '@/domain/staff-roles';
import { getSessionUser } from '../auth/auth';
import type { AppEnv, ServerContext } from '../context';
import { profiles } from '../db/schema';
import type { DbOrTx } from '../db/client';
import { forbidden, unauthorized } from '../errors';
import { currentUser } from '../auth/session';
import { clientAddress } from '../infra/http/client-address';
import { writeAudit } from '../infra/audit-log';

const ADMIN_ONLY_MESSAGE = 'Only shop administrators can do this.';
const ROLE_REFUSED_MESSAGE = 'Your role in the shop does not allow this. Ask the owner.';

/** The roles a route may open itself to; the owner needs no declaration. */
export type GrantedRole = Exclude<BackOfficeRole, 'owner'>;

/** The roles each allow(...) middleware declares, keyed by the middleware itself. */
const declarations = new WeakMap<object, readonly GrantedRole[]>();

/** The allow(...) the gate judged each request by (null: the route has none, the owner's alone). */
const judgedBy = new WeakMap<Context, object | null>();

/**
 * Opens the route it stands in to these roles besides the owner, where the route is declared:
 * `.get('/:id', allow('staff'), valid('param', idParam), handler)`. The gate reads it before any of
 * the route's handlers run. When its own turn comes it only checks that the gate judged the request
 * by it: an allow(...) in a `.use(...)`, or in a route not behind requireAdmin, would otherwise open
 * nothing, or guard nothing, without a word; it answers 500 instead, and the role walk finds it.
 */
export function allow(...roles: [GrantedRole, ...GrantedRole[]]): MiddlewareHandler<AppEnv> {
  const middleware = createMiddleware<AppEnv>(async (c, next) => {
    if (judgedBy.get(c) !== middleware) throw new Error('allow(...) must be in the chain of a route behind requireAdmin');
    await next();
  });
  declarations.set(middleware, Object.freeze([...new Set(roles)]));
  return middleware;
}

/** The allow(...) among a route's handlers, if it has one. */
const allowIn = (handlers: readonly unknown[]): object | null =>
  handlers.find((h): h is object => typeof h === 'function' && declarations.has(h)) ?? null;

const rolesOf = (by: object | null): readonly GrantedRole[] => (by && declarations.get(by)) ?? [];

/** The roles a route's handlers declare with allow(...); none (the owner's alone) without one. */
export const declaredRoles = (handlers: readonly unknown[]): readonly GrantedRole[] => rolesOf(allowIn(handlers));

/** Whether `role` may call a route that declared `roles`. */
export const roleMayCall = (role: BackOfficeRole, roles: readonly GrantedRole[]): boolean => role === 'owner' || roles.includes(role);

/**
 * The allow(...) of the route that will answer (null: it has none), found among the matched handlers
 * below the gate: the first that is not middleware is the route, and its allow shares its method and
 * path (as its validators do). Undefined: a path that does not exist.
 */
function allowOfAnswering(c: Context<AppEnv>): object | null | undefined {
  const below = matchedRoutes(c).slice(c.req.routeIndex + 1);
  const answering = below.find((r) => r.method !== 'ALL');
  if (!answering) return undefined;
  return allowIn(below.filter((r) => r.method === answering.method && r.path === answering.path).map((r) => r.handler));
}

export function requireAdmin(ctx: ServerContext) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = await getSessionUser(ctx.auth, c.req.raw.headers);
    if (!user) throw unauthorized();
    const [profile] = await ctx.db.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, user.id));
    const role = profile?.role;
    if (!isBackOfficeRole(role)) throw forbidden(ADMIN_ONLY_MESSAGE);
    const by = allowOfAnswering(c);
    // A path that does not exist answers 404 to the owner only: others learn nothing of the API.
    if (role !== 'owner' && (by === undefined || !roleMayCall(role, rolesOf(by)))) throw forbidden(ROLE_REFUSED_MESSAGE);
    if (by !== undefined) judgedBy.set(c, by);
    c.set('user', user);
    await next();
  });
}

/** The roles besides the owner that the answering route declared, as the gate judged the request. */
export const routeRoles = (c: Context<AppEnv>): readonly GrantedRole[] => rolesOf(judgedBy.get(c) ?? null);

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
