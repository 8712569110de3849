// Keeps the profile in step with the account at every new session (password or Google sign-in):
// a missing profile is created, an empty full name takes the account's (Google) name, and a
// verified email listed in ADMIN_EMAILS gets the admin role. Never demotes anyone: admins can
// also be made by `npm run admin:create`.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { profiles, user } from '../db/schema';
import type { Env } from '../env';

export function adminEmails(env: Pick<Env, 'ADMIN_EMAILS'>): Set<string> {
  return new Set(
    (env.ADMIN_EMAILS ?? '')
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter((e) => e !== ''),
  );
}

export async function syncProfileOnSignIn(db: DbOrTx, env: Pick<Env, 'ADMIN_EMAILS'>, userId: string): Promise<void> {
  const [row] = await db
    .select({ email: user.email, name: user.name, verified: user.emailVerified, fullName: profiles.fullName, role: profiles.role })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId));
  if (!row) return;
  const admin = row.verified && adminEmails(env).has(row.email.toLowerCase());
  if (row.role === null) {
    await db
      .insert(profiles)
      .values({ id: userId, fullName: row.name, role: admin ? 'admin' : 'customer' })
      .onConflictDoNothing();
    return;
  }
  const patch: { fullName?: string; role?: 'admin' } = {};
  if (!row.fullName && row.name) patch.fullName = row.name;
  if (admin && row.role !== 'admin') patch.role = 'admin';
  if (Object.keys(patch).length > 0) {
    await db.update(profiles).set({ ...patch, updatedAt: new Date() }).where(eq(profiles.id, userId));
  }
}
