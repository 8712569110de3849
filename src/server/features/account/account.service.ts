// The signed-in customer's own account: what the web app sees of the session, and profile edits.
// Every function takes the user id from the session (never from a request body).
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { BuyerTaxDetails } from '@/domain/buyer-tax-details';
import type { ConsentSource } from '@/domain/consents';
import type { UsualWindowTime } from '@/domain/delivery-slots';
import { isPhoneOnlyEmail } from '@/domain/phone-sign-in';
import { roleOf, type Role } from '@/domain/staff-roles';
import type { ProfileValues, SignUpValues } from '@/domain/validation';
import type { SessionUser } from '../../auth/auth';
import type { DbOrTx } from '../../db/client';
import { profiles, user as users } from '../../db/schema';
import { recordConsent } from '../consents/consents.service';

export interface ProfileView {
  fullName: string;
  phone: string | null;
  address: string | null;
  role: Role;
  /** 'Send me SMS updates' about orders, and when it was last chosen (ISO; null: never asked). */
  smsUpdates: boolean;
  smsUpdatesAt: string | null;
  /** 'Remind me of a cart I leave': one SMS for a cart left for hours (off until she turns it on). */
  cartReminders: boolean;
  /** The KRA PIN and business name for a business invoice; null when not given. */
  kraPin: string | null;
  businessName: string | null;
  /** The time of day of the window she last picked at checkout, offered first next time; null: none yet. */
  usualDeliveryTime: UsualWindowTime | null;
}

export interface SessionView {
  /** email is '' for an account made with a code by SMS that has no email yet. */
  user: { id: string; email: string; name: string; emailVerified: boolean } | null;
  profile: ProfileView | null;
  googleEnabled: boolean;
  /** Sign-in with a code by SMS is offered (SMS are not switched off). */
  phoneSignIn: boolean;
}

async function findProfile(db: DbOrTx, userId: string): Promise<ProfileView | null> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, userId));
  if (!row) return null;
  return {
    fullName: row.fullName,
    phone: row.phone,
    address: row.address,
    role: roleOf(row.role),
    smsUpdates: row.smsUpdates,
    smsUpdatesAt: row.smsUpdatesAt?.toISOString() ?? null,
    cartReminders: row.cartReminders,
    kraPin: row.kraPin,
    businessName: row.businessName,
    usualDeliveryTime: usualTimeOf(row.preferredWindowStart, row.preferredWindowEnd),
  };
}

export async function sessionView(
  db: DbOrTx,
  user: SessionUser | null,
  googleEnabled: boolean,
  phoneSignIn: boolean,
): Promise<SessionView> {
  if (!user) return { user: null, profile: null, googleEnabled, phoneSignIn };
  return {
    // The stand-in address of a phone-only account is never shown: nothing can be mailed to it.
    user: { id: user.id, email: isPhoneOnlyEmail(user.email) ? '' : user.email, name: user.name, emailVerified: user.emailVerified },
    profile: await findProfile(db, user.id),
    googleEnabled,
    phoneSignIn,
  };
}

/** Sign-up's metadata (full name, phone, address) lands in the profile the user-create hook made. */
export async function saveSignUpProfile(
  db: DbOrTx,
  userId: string,
  values: Pick<SignUpValues, 'fullName' | 'phone' | 'address'>,
  at: Date,
) {
  await db
    .update(profiles)
    .set({ fullName: values.fullName, phone: values.phone, address: values.address, updatedAt: at })
    .where(eq(profiles.id, userId));
}

/** Values arrive sanitised by profileSchema; only the caller's own row is touched. Run it in a transaction (a consent and its ledger row go together). */
export async function updateProfile(db: DbOrTx, userId: string, values: ProfileValues, at: Date): Promise<ProfileView | null> {
  const fields = {
    fullName: values.fullName,
    phone: values.phone,
    address: values.address,
    ...(values.kraPin === undefined ? {} : buyerTaxColumns({ kraPin: values.kraPin, businessName: values.businessName ?? '' })),
  };
  await db
    .insert(profiles)
    .values({ id: userId, ...fields })
    .onConflictDoUpdate({ target: profiles.id, set: { ...fields, updatedAt: at } });
  if (values.smsUpdates !== undefined) await saveSmsChoice(db, userId, values.smsUpdates, at, 'profile');
  if (values.cartReminders !== undefined) await saveCartRemindersChoice(db, userId, values.cartReminders, at, 'profile');
  return findProfile(db, userId);
}

/** The buyer tax details as the profile keeps them: null when not given. */
function buyerTaxColumns(v: BuyerTaxDetails) {
  return { kraPin: v.kraPin || null, businessName: v.businessName || null };
}

/** The KRA PIN and business name typed at checkout, remembered for the next one. */
export async function saveBuyerTax(db: DbOrTx, userId: string, values: BuyerTaxDetails, at: Date): Promise<void> {
  await db
    .update(profiles)
    .set({ ...buyerTaxColumns(values), updatedAt: at })
    .where(eq(profiles.id, userId));
}

/**
 * The customer's latest 'Send me SMS updates' choice; its time changes only when the choice does (or
 * was never given). With a source, a change (or the first choice) also appends its consents row.
 */
export async function saveSmsChoice(db: DbOrTx, userId: string, smsUpdates: boolean, at: Date, source?: ConsentSource): Promise<boolean> {
  const changed = await db
    .update(profiles)
    .set({ smsUpdates, smsUpdatesAt: at })
    .where(and(eq(profiles.id, userId), ne(profiles.smsUpdates, smsUpdates)))
    .returning({ phone: profiles.phone });
  const first = await db
    .update(profiles)
    .set({ smsUpdatesAt: at })
    .where(and(eq(profiles.id, userId), isNull(profiles.smsUpdatesAt)))
    .returning({ phone: profiles.phone });
  const row = changed[0] ?? first[0];
  if (row && source) await recordConsent(db, { kind: 'order_sms', granted: smsUpdates, source, at, userId, phone: row.phone });
  return row !== undefined;
}

/**
 * The customer's 'Remind me of a cart I leave' choice (the profile page, or a reminder's stop link);
 * its time changes only with the choice, and a change appends its consents row.
 */
export async function saveCartRemindersChoice(
  db: DbOrTx,
  userId: string,
  cartReminders: boolean,
  at: Date,
  source: ConsentSource,
): Promise<boolean> {
  const [row] = await db
    .update(profiles)
    .set({ cartReminders, cartRemindersAt: at })
    .where(and(eq(profiles.id, userId), ne(profiles.cartReminders, cartReminders)))
    .returning({ phone: profiles.phone });
  if (row) await recordConsent(db, { kind: 'cart_reminders', granted: cartReminders, source, at, userId, phone: row.phone });
  return row !== undefined;
}

/**
 * What the customer typed at checkout fills the profile's empty name, phone and address (an account
 * made with a code by SMS starts with none), so the header names her and the next checkout, on any
 * device, is filled in. A profile's own values are kept: the profile page changes them. The time of
 * day of a window she picked herself becomes her usual delivery time (the latest pick wins).
 */
export async function rememberCheckoutDetails(
  db: DbOrTx,
  userId: string,
  values: { fullName: string; phone: string; address: string; pickedWindow?: UsualWindowTime | null },
  at: Date,
): Promise<void> {
  const fullName = values.fullName.trim() || null;
  const address = values.address.trim() || null;
  const keepOrFill = (column: AnyPgColumn, value: string | null) => sql`coalesce(nullif(${column}, ''), ${value})`;
  await db
    .update(profiles)
    .set({
      fullName: sql`coalesce(nullif(${profiles.fullName}, ''), ${fullName}, '')`,
      phone: keepOrFill(profiles.phone, values.phone || null),
      address: keepOrFill(profiles.address, address),
      ...(values.pickedWindow
        ? { preferredWindowStart: values.pickedWindow.startMinute, preferredWindowEnd: values.pickedWindow.endMinute }
        : {}),
      updatedAt: at,
    })
    .where(eq(profiles.id, userId));
  if (fullName) {
    await db
      .update(users)
      .set({ name: fullName, updatedAt: at })
      .where(and(eq(users.id, userId), eq(users.name, '')));
  }
}

/** The customer's usual delivery time, if she has picked a window before. */
export async function usualWindowTime(db: DbOrTx, userId: string): Promise<UsualWindowTime | null> {
  const [row] = await db
    .select({ start: profiles.preferredWindowStart, end: profiles.preferredWindowEnd })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row ? usualTimeOf(row.start, row.end) : null;
}

/** The profile's two columns as a usual delivery time (both are set, or neither). */
function usualTimeOf(start: number | null, end: number | null): UsualWindowTime | null {
  return start != null && end != null ? { startMinute: start, endMinute: end } : null;
}
