// The shop's people: owners, staff and riders. The owner adds one by the email of an existing
// account or by the phone number it signs in with, or creates the account: by email (name and phone
// required; the person gets a mail to choose a password) or by phone alone (name required; the person
// signs in with a code by SMS). The phone the owner gives is the account's sign-in number: a phone
// number belongs to one account. Every change is a USER_ROLE_CHANGE audit row (and
// STAFF_ACCOUNT_CREATE for a new account).
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { isPhoneOnlyEmail, phoneOnlyEmail } from '@/domain/phone-sign-in';
import { BACK_OFFICE_ROLES, STAFF_MESSAGES, type BackOfficeRole } from '@/domain/staff-roles';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { profiles, user } from '../../db/schema';
import { badRequest } from '../../errors';
import { auditAdmin, type AdminActor } from '../../back-office/admin-access';
import { changeRole } from './admin-customers.service';

export interface StaffMember {
  id: string;
  /** '' for an account made by phone alone (its stand-in address is never shown). */
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
  return rows.map((r) => ({
    id: r.id,
    email: isPhoneOnlyEmail(r.email) ? '' : r.email,
    name: r.fullName || r.name,
    phone: r.phone,
    role: r.role as BackOfficeRole,
  }));
}

const findAccount = async (db: DbOrTx, email: string) =>
  (
    await db
      .select({ id: user.id })
      .from(user)
      .where(eq(sql`lower(${user.email})`, email))
  )[0];

const findBySignInPhone = async (db: DbOrTx, phone: string) =>
  (await db.select({ id: user.id }).from(user).where(eq(user.phoneNumber, phone)))[0];

/** A new account for a person the owner adds by email: they choose their password from the mailed link. */
async function createByEmail(ctx: ServerContext, invite: StaffInvite): Promise<{ id: string }> {
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
  const account = await findAccount(ctx.db, invite.email);
  if (!account) throw badRequest(STAFF_MESSAGES.newAccountNeedsName);
  return account;
}

/** A new account for a person the owner adds by phone alone: no email, no password; a code by SMS signs them in. */
async function createByPhone(ctx: ServerContext, invite: StaffInvite): Promise<{ id: string }> {
  if (!invite.fullName) {
    throw badRequest(STAFF_MESSAGES.newPhoneAccountNeedsName, { fullName: STAFF_MESSAGES.newPhoneAccountNeedsName });
  }
  const auth = await ctx.auth.$context;
  const created = await auth.internalAdapter.createUser(
    {
      email: phoneOnlyEmail(invite.phone),
      name: invite.fullName,
      emailVerified: false,
      phoneNumber: invite.phone,
      phoneNumberVerified: false,
    },
    { method: 'admin' },
  );
  return { id: created.id };
}

/**
 * The number the person signs in with by SMS: the one the owner gave. Refused when another account
 * already signs in with it (that account is the one to add, by the number alone).
 */
async function claimSignInPhone(tx: DbOrTx, id: string, phone: string, at: Date): Promise<void> {
  const [other] = await tx
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.phoneNumber, phone), ne(user.id, id)));
  if (other) throw badRequest(STAFF_MESSAGES.phoneTaken, { phone: STAFF_MESSAGES.phoneTaken });
  await tx
    .update(user)
    .set({ phoneNumber: phone, phoneNumberVerified: false, updatedAt: at })
    .where(and(eq(user.id, id), sql`${user.phoneNumber} is distinct from ${phone}`));
}

/** Gives an existing account the role, or creates the account first. */
export async function inviteStaff(
  ctx: ServerContext,
  actor: AdminActor,
  invite: StaffInvite,
): Promise<{ member: StaffMember; created: boolean }> {
  const byEmail = invite.email !== '';
  let account = byEmail ? await findAccount(ctx.db, invite.email) : await findBySignInPhone(ctx.db, invite.phone);
  let created = false;
  if (!account) {
    // A number some account signs in with already belongs to it, whatever email is typed.
    if (byEmail && invite.phone && (await findBySignInPhone(ctx.db, invite.phone))) {
      throw badRequest(STAFF_MESSAGES.phoneTaken, { phone: STAFF_MESSAGES.phoneTaken });
    }
    account = byEmail ? await createByEmail(ctx, invite) : await createByPhone(ctx, invite);
    created = true;
  }
  const id = account.id;
  await ctx.db.transaction(async (tx) => {
    await tx.insert(profiles).values({ id, fullName: invite.fullName }).onConflictDoNothing();
    const [profile] = await tx.select({ phone: profiles.phone, fullName: profiles.fullName }).from(profiles).where(eq(profiles.id, id));
    const phone = invite.phone || profile?.phone || null;
    if (invite.role === 'rider' && !phone) throw badRequest(STAFF_MESSAGES.riderNeedsPhone, { phone: STAFF_MESSAGES.riderNeedsPhone });
    if (invite.phone) await claimSignInPhone(tx, id, invite.phone, actor.at);
    await tx
      .update(profiles)
      .set({ phone, fullName: profile?.fullName || invite.fullName, updatedAt: actor.at })
      .where(eq(profiles.id, id));
    if (created) {
      await auditAdmin(tx, actor, {
        action: 'STAFF_ACCOUNT_CREATE',
        tableName: 'profiles',
        recordId: id,
        details: byEmail ? { email: invite.email } : { phone: invite.phone },
      });
    }
    await changeRole(tx, actor, id, invite.role, { via: 'staff' });
  });
  if (created && byEmail) {
    // The link to choose a password (which also verifies the address); a failure leaves 'Forgot password'.
    await ctx.auth.api
      .requestPasswordReset({ body: { email: invite.email } })
      .catch((err: unknown) => ctx.logger.error({ err }, 'staff password mail failed'));
  }
  const member = (await listStaff(ctx.db)).find((m) => m.id === id);
  if (!member) throw badRequest(STAFF_MESSAGES.chooseRole);
  return { member, created };
}
