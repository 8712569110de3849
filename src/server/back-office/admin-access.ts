// The one gate in front of every /api/admin endpoint: 401 without a session, 403 unless the
// profile's role is 'admin'. The role is read from the database on every request, so a demotion
// takes effect at once (no role cached in the session).
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { getSessionUser } from '../auth/auth';
import type { AppEnv, ServerContext } from '../context';
import { profiles } from '../db/schema';
import type { DbOrTx } from '../db/client';
import { forbidden, unauthorized } from '../errors';
import { currentUser } from '../auth/session';
import { clientAddress } from '../infra/http/client-address';
import { writeAudit } from '../infra/audit-log';

const ADMIN_ONLY_MESSAGE = 'Only shop administrators can do this.';

export function requireAdmin(ctx: ServerContext) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = await getSessionUser(ctx.auth, c.req.raw.headers);
    if (!user) throw unauthorized();
    const [profile] = await ctx.db.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, user.id));
    if (profile?.role !== 'admin') throw forbidden(ADMIN_ONLY_MESSAGE);
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
