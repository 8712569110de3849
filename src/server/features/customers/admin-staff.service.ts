// The shop's people: owners, staff and riders. The owner adds one by the email of an existing
// account, or creates the account (name and phone required); the new person gets a mail to choose
// a password. Every change is a USER_ROLE_CHANGE audit row (and STAFF_ACCOUNT_CREATE for a new account).
import { randomBytes } from 'node:crypto';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { BACK_OFFICE_ROLES, STAFF_MESSAGES, type BackOfficeRole } from '@/domain/staff-roles';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { profiles, user } from '../../db/schema';
import { badRequest } from '../../errors';
import { auditAdmin, type AdminActor } from '../../back-office/admin-access';
import { changeRole } from './admin-customers.service';

export interface StaffMember {
  id: string;
  email: string;
  name: string;
  phone: string | null;
  role: BackOfficeRole;
}

export interface StaffInvite {
  email: string;
  role: BackOfficeRole;
  fullName: string;
  phone: string;
}

export async function listStaff(db: DbOrTx): Promise<StaffMember[]> {
  const rows = await db
    .select({ id: user.id, email: user.email, name: user.name, fullName: profiles.fullName, phone: profiles.phone, role: profiles.role })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(inArray(profiles.role, [...BACK_OFFICE_ROLES]))
    .orderBy(asc(profiles.role), asc(user.email));
  return rows.map((r) => ({ id: r.id, email: r.email, name: r.fullName || r.name, phone: r.phone, role: r.role as BackOfficeRole }));
}

const findAccount = async (db: DbOrTx, email: string) =>
  (
    await db
      .select({ id: user.id })
      .from(user)
      .where(eq(sql`lower(${user.email})`, email))
  )[0];

/** Gives an existing account the role, or creates the account first. */
export async function inviteStaff(
  ctx: ServerContext,
  actor: AdminActor,
  invite: StaffInvite,
): Promise<{ member: StaffMember; created: boolean }> {
  let account = await findAccount(ctx.db, invite.email);
  let created = false;
  if (!account) {
    if (!invite.fullName || !invite.phone) {
      throw badRequest(STAFF_MESSAGES.newAccountNeedsName, {
        ...(invite.fullName ? {} : { fullName: STAFF_MESSAGES.newAccountNeedsName }),
        ...(invite.phone ? {} : { phone: STAFF_MESSAGES.newAccountNeedsName }),
      });
    }
    // A password nobody knows: the person chooses their own from the mailed link.
    await ctx.auth.api.signUpEmail({
      body: { name: invite.fullName, email: invite.email, password: randomBytes(24).toString('base64url') },
    });
    account = await findAccount(ctx.db, invite.email);
    if (!account) throw badRequest(STAFF_MESSAGES.newAccountNeedsName);
    created = true;
  }
  const id = account.id;
  await ctx.db.transaction(async (tx) => {
    await tx.insert(profiles).values({ id, fullName: invite.fullName }).onConflictDoNothing();
    const [profile] = await tx.select({ phone: profiles.phone, fullName: profiles.fullName }).from(profiles).where(eq(profiles.id, id));
    const phone = invite.phone || profile?.phone || null;
    if (invite.role === 'rider' && !phone) throw badRequest(STAFF_MESSAGES.riderNeedsPhone, { phone: STAFF_MESSAGES.riderNeedsPhone });
    await tx
      .update(profiles)
      .set({ phone, fullName: profile?.fullName || invite.fullName, updatedAt: actor.at })
      .where(eq(profiles.id, id));
    if (created) {
      await auditAdmin(tx, actor, {
        action: 'STAFF_ACCOUNT_CREATE',
        tableName: 'profiles',
        recordId: id,
        details: { email: invite.email },
      });
    }
    await changeRole(tx, actor, id, invite.role, { via: 'staff' });
  });
  if (created) {
    // The link to choose a password (which also verifies the address); a failure leaves 'Forgot password'.
    await ctx.auth.api
      .requestPasswordReset({ body: { email: invite.email } })
      .catch((err: unknown) => ctx.logger.error({ err }, 'staff password mail failed'));
  }
  const member = (await listStaff(ctx.db)).find((m) => m.id === id);
  if (!member) throw badRequest(STAFF_MESSAGES.chooseRole);
  return { member, created };
}
