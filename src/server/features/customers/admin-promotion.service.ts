// The first admin: `npm run admin:create -- --email …` makes an existing account an admin. The
// account must exist (and should be verified) so nobody can reserve admin rights for an address
// they do not own.
import { eq, sql } from 'drizzle-orm';
import { normalizeEmail } from '@/domain/validation';
import { ROLE_CHANGE_ACTION } from '../../auth/profile-sync';
import type { Db } from '../../db/client';
import { profiles, user } from '../../db/schema';
import { writeAudit } from '../../infra/audit-log';

export type PromotionResult =
  | { outcome: 'promoted'; email: string; verified: boolean }
  | { outcome: 'already-admin'; email: string }
  | { outcome: 'unknown-email'; email: string };

export async function promoteToAdmin(db: Db, rawEmail: string, at: Date): Promise<PromotionResult> {
  const email = normalizeEmail(rawEmail);
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ id: user.id, name: user.name, verified: user.emailVerified, role: profiles.role })
      .from(user)
      .leftJoin(profiles, eq(profiles.id, user.id))
      .where(eq(sql`lower(${user.email})`, email));
    if (!account) return { outcome: 'unknown-email' as const, email };
    if (account.role === 'owner') return { outcome: 'already-admin' as const, email };
    await tx
      .insert(profiles)
      .values({ id: account.id, fullName: account.name, role: 'owner' })
      .onConflictDoUpdate({ target: profiles.id, set: { role: 'owner', updatedAt: at } });
    await writeAudit(tx, {
      userId: null,
      action: ROLE_CHANGE_ACTION,
      tableName: 'profiles',
      recordId: account.id,
      details: { email, from: account.role ?? 'customer', to: 'owner', via: 'npm run admin:create' },
    });
    return { outcome: 'promoted' as const, email, verified: account.verified };
  });
}

/** What the command prints for each outcome. */
export function promotionMessage(result: PromotionResult, publicUrl: string): string {
  switch (result.outcome) {
    case 'promoted':
      return result.verified
        ? `${result.email} is now an admin. Sign in at ${publicUrl}/auth and open ${publicUrl}/admin.`
        : `${result.email} is now an admin, but the email address is not verified yet: open the verification mail, then sign in at ${publicUrl}/auth and open ${publicUrl}/admin.`;
    case 'already-admin':
      return `${result.email} is already an admin. Nothing changed.`;
    case 'unknown-email':
      return `No account uses ${result.email}. Sign up at ${publicUrl}/auth with that address first, then run this command again.`;
  }
}
