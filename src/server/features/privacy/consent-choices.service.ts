// The profile page's consents: each one's current choice with the date it was given, and a withdrawal
// in one tap (the choice and its consents row in one transaction).
import { eq } from 'drizzle-orm';
import type { ConsentKind } from '@/domain/consents';
import type { Db, DbOrTx } from '../../db/client';
import { profiles } from '../../db/schema';
import { saveCartRemindersChoice, saveSmsChoice } from '../account/account.service';
import { accountEmail, consentHistory, newsletterSubscription, unsubscribeNewsletter } from '../consents/consents.service';

interface ConsentChoice {
  kind: ConsentKind;
  granted: boolean;
  /** When it was last chosen (ISO); null: never chosen (the shop's default). */
  since: string | null;
}

export interface ConsentsView {
  choices: ConsentChoice[];
  /** The account's email, when it is on the newsletter list (null: not subscribed, or no email). */
  newsletterEmail: string | null;
  history: { kind: ConsentKind; granted: boolean; source: string; at: string }[];
}

export async function consentsView(db: DbOrTx, userId: string): Promise<ConsentsView> {
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
  const email = await accountEmail(db, userId);
  const subscription = email ? await newsletterSubscription(db, email) : null;
  const choices: ConsentChoice[] = [
    { kind: 'order_sms', granted: profile?.smsUpdates ?? true, since: profile?.smsUpdatesAt?.toISOString() ?? null },
    { kind: 'cart_reminders', granted: profile?.cartReminders ?? false, since: profile?.cartRemindersAt?.toISOString() ?? null },
  ];
  if (email) choices.push({ kind: 'newsletter', granted: subscription !== null, since: subscription?.createdAt.toISOString() ?? null });
  const history = await consentHistory(db, userId, email, profile?.phone ?? null);
  return {
    choices,
    newsletterEmail: subscription ? email : null,
    history: history.map((h) => ({ kind: h.kind, granted: h.granted, source: h.source, at: h.createdAt.toISOString() })),
  };
}

/** Withdraws one consent from the profile page; withdrawing one already off changes nothing. */
export async function withdrawConsent(db: Db, userId: string, kind: ConsentKind, at: Date): Promise<ConsentsView> {
  return db.transaction(async (tx) => {
    if (kind === 'order_sms') await saveSmsChoice(tx, userId, false, at, 'profile');
    else if (kind === 'cart_reminders') await saveCartRemindersChoice(tx, userId, false, at, 'profile');
    else {
      const email = await accountEmail(tx, userId);
      if (email) await unsubscribeNewsletter(tx, email, 'profile', at, userId);
    }
    return consentsView(tx, userId);
  });
}
