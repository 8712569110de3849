// An SMS reply of STOP (or SITISHA): no more order SMS or cart reminders to that number. Every account
// whose profile has the number, and every order placed with it, is switched off in one transaction,
// each with its consents row (source 'sms-stop'). Other numbers are never touched.
import { and, eq, inArray } from 'drizzle-orm';
import { isStopReply, SMS_STOP_KINDS } from '@/domain/consents';
import { toE164Phone } from '@/domain/phone';
import type { Db } from '../../db/client';
import { orders, profiles } from '../../db/schema';
import { recordConsent } from '../consents/consents.service';

export interface SmsReply {
  from: string;
  text: string;
}

export type SmsReplyOutcome = 'stopped' | 'ignored';

/** Applies a reply; anything but a STOP from a phone number is ignored (and changes nothing). */
export async function handleSmsReply(db: Db, reply: SmsReply, at: Date): Promise<SmsReplyOutcome> {
  const phone = toE164Phone(reply.from.trim());
  if (!phone || !isStopReply(reply.text)) return 'ignored';
  await stopSmsTo(db, phone, at);
  return 'stopped';
}

async function stopSmsTo(db: Db, phone: string, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const accounts = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.phone, phone));
    const accountIds = accounts.map((a) => a.id);
    if (accountIds.length > 0) {
      await tx.update(profiles).set({ smsUpdates: false, smsUpdatesAt: at }).where(inArray(profiles.id, accountIds));
      await tx.update(profiles).set({ cartReminders: false, cartRemindersAt: at }).where(inArray(profiles.id, accountIds));
    }
    const stoppedOrders = await tx
      .update(orders)
      .set({ smsUpdates: false, smsUpdatesAt: at })
      .where(and(eq(orders.customerPhone, phone), eq(orders.smsUpdates, true)))
      .returning({ userId: orders.userId });
    for (const userId of accountIds)
      for (const kind of SMS_STOP_KINDS) await recordConsent(tx, { kind, granted: false, source: 'sms-stop', at, userId, phone });
    // An order placed with the number by an account whose profile has another one: its order SMS only.
    const orderOwners = new Set(stoppedOrders.map((o) => o.userId).filter((id) => !accountIds.includes(id)));
    for (const userId of orderOwners) await recordConsent(tx, { kind: 'order_sms', granted: false, source: 'sms-stop', at, userId, phone });
    // A number the shop knows no account for is still kept as having said STOP.
    if (accountIds.length === 0 && orderOwners.size === 0)
      for (const kind of SMS_STOP_KINDS) await recordConsent(tx, { kind, granted: false, source: 'sms-stop', at, phone });
  });
}
