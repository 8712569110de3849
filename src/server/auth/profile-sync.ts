// Keeps the profile in step with the account at every new session (password or Google sign-in): a
// missing profile is created, an empty full name takes the account's (Google) name, sanitised like
// any name a person types, and ADMIN_EMAILS may grant the owner role, once per account.
//
// The ADMIN_EMAILS rule (docs/decisions/006-back-office.md): a verified address on the list becomes
// admin when it signs in, unless the account's role was ever set before, by anyone: an earlier
// ADMIN_EMAILS grant, `npm run admin:create`, or a promotion or demotion in the back office (each
// writes a USER_ROLE_CHANGE audit row for the account). So the list bootstraps the owner's account;
// afterwards the back office decides, and an admin demoted there stays demoted although still listed.
import { and, eq } from 'drizzle-orm';
import { sanitizeText, TEXT_LIMITS } from '../../domain/validation';
import type { Db } from '../db/client';
import { auditLogs, profiles, user } from '../db/schema';
import type { Env } from '../env';
import { writeAudit } from '../infra/audit-log';

/** The audit action of every role change; its rows are how the rule above knows a role was set. */
export const ROLE_CHANGE_ACTION = 'USER_ROLE_CHANGE';

function adminEmails(env: Pick<Env, 'ADMIN_EMAILS'>): Set<string> {
  return new Set(
    (env.ADMIN_EMAILS ?? '')
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter((e) => e !== ''),
  );
}

/** An account name (Google's profile name, or the one given at sign-up) as a profile's full name. */
export function profileName(accountName: string | null | undefined): string {
  return sanitizeText(accountName ?? '')
    .slice(0, TEXT_LIMITS.name)
    .trim();
}

export async function syncProfileOnSignIn(db: Db, env: Pick<Env, 'ADMIN_EMAILS'>, userId: string, at: Date): Promise<void> {
  const [account] = await db
    .select({ email: user.email, name: user.name, verified: user.emailVerified })
    .from(user)
    .where(eq(user.id, userId));
  if (!account) return;
  const name = profileName(account.name);
  await db.transaction(async (tx) => {
    await tx.insert(profiles).values({ id: userId, fullName: name }).onConflictDoNothing();
    // Locked, so two sign-ins at once grant (and audit) at most once.
    const [profile] = await tx.select().from(profiles).where(eq(profiles.id, userId)).for('update');
    if (!profile) return;
    const patch: { fullName?: string; role?: 'owner' } = {};
    if (!profile.fullName && name) patch.fullName = name;
    const listed = account.verified && adminEmails(env).has(account.email.toLowerCase());
    if (listed && profile.role !== 'owner') {
      const [earlier] = await tx
        .select({ id: auditLogs.id })
        .from(auditLogs)
        .where(and(eq(auditLogs.tableName, 'profiles'), eq(auditLogs.recordId, userId), eq(auditLogs.action, ROLE_CHANGE_ACTION)))
        .limit(1);
      if (!earlier) patch.role = 'owner';
    }
    if (Object.keys(patch).length === 0) return;
    await tx
      .update(profiles)
      .set({ ...patch, updatedAt: at })
      .where(eq(profiles.id, userId));
    if (patch.role) {
      await writeAudit(tx, {
        userId: null,
        action: ROLE_CHANGE_ACTION,
        tableName: 'profiles',
        recordId: userId,
        details: { email: account.email, from: profile.role, to: 'owner', via: 'ADMIN_EMAILS' },
      });
    }
  });
}
