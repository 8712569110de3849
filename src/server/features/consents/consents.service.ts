// The consents ledger: every grant and withdrawal appended with where it happened, beside the current
// choice kept where it is read (profiles, orders, newsletter_subscriptions). Callers pass their
// transaction, so the choice and its ledger row are written together or not at all.
import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ConsentKind, ConsentSource } from '@/domain/consents';
import { isPhoneOnlyEmail } from '@/domain/phone-sign-in';
import type { DbOrTx } from '../../db/client';
import { consents, newsletterSubscriptions, user as users } from '../../db/schema';

export interface ConsentEntry {
  kind: ConsentKind;
  granted: boolean;
  source: ConsentSource;
  at: Date;
  userId?: string | null;
  email?: string | null;
  phone?: string | null;
}

export async function recordConsent(db: DbOrTx, entry: ConsentEntry): Promise<void> {
  await db.insert(consents).values({
    userId: entry.userId ?? null,
    email: entry.email ?? null,
    phone: entry.phone ?? null,
    kind: entry.kind,
    granted: entry.granted,
    source: entry.source,
    createdAt: entry.at,
  });
}

/** The account's email when it is a real one (a phone-only account has a stand-in nothing is mailed to). */
export async function accountEmail(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row && !isPhoneOnlyEmail(row.email) ? row.email : null;
}

/** The newsletter subscription of an address (any letter case), or null. */
export async function newsletterSubscription(db: DbOrTx, email: string): Promise<{ id: string; createdAt: Date } | null> {
  const [row] = await db
    .select({ id: newsletterSubscriptions.id, createdAt: newsletterSubscriptions.createdAt })
    .from(newsletterSubscriptions)
    .where(eq(sql`lower(${newsletterSubscriptions.email})`, email.toLowerCase()));
  return row ?? null;
}

/** Takes the address off the newsletter list, with its ledger row; false when it was not on it. */
export async function unsubscribeNewsletter(
  db: DbOrTx,
  email: string,
  source: ConsentSource,
  at: Date,
  userId: string | null = null,
): Promise<boolean> {
  const removed = await db
    .delete(newsletterSubscriptions)
    .where(eq(sql`lower(${newsletterSubscriptions.email})`, email.toLowerCase()))
    .returning({ email: newsletterSubscriptions.email });
  const [row] = removed;
  if (!row) return false;
  await recordConsent(db, { kind: 'newsletter', granted: false, source, at, userId, email: row.email });
  return true;
}

/** Every ledger row of the account: its own, and those naming its email or phone (the newsletter, an SMS STOP). */
export async function consentHistory(db: DbOrTx, userId: string, email: string | null, phone: string | null) {
  const mine: (SQL | undefined)[] = [eq(consents.userId, userId)];
  if (email) mine.push(and(isNull(consents.userId), eq(sql`lower(${consents.email})`, email.toLowerCase())));
  if (phone) mine.push(and(isNull(consents.userId), eq(consents.phone, phone)));
  return db
    .select({
      kind: consents.kind,
      granted: consents.granted,
      source: consents.source,
      createdAt: consents.createdAt,
    })
    .from(consents)
    .where(or(...mine))
    .orderBy(desc(consents.createdAt), desc(consents.id));
}
