// The rider carrying an order, as the customer and the rider's own SMS need them: name and phone.
// And the notice that stops left a rider's list without being delivered ('do not deliver'), queued
// in the caller's transaction: by the order's lifecycle when a paid stop is cancelled for a refund
// or reversed, and by the deliveries screen when stops are taken off a rider.
import { eq } from 'drizzle-orm';
import { toE164Phone } from '@/domain/phone';
import { RIDER_STOPS_OFF_STEP, riderStopsOffSms, type StopsOffReason } from '@/domain/rider-sms';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { profiles, user } from '../../db/schema';

export interface RiderContact {
  name: string;
  /** E.164; null when the rider has no usable phone (then no SMS reaches them). */
  phone: string | null;
}

/** The rider's name (their full name, else the account's) and phone; null for an unknown account. */
export async function riderContact(db: DbOrTx, riderId: string): Promise<RiderContact | null> {
  const [row] = await db
    .select({ fullName: profiles.fullName, accountName: user.name, phone: profiles.phone })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(eq(profiles.id, riderId));
  if (!row) return null;
  return { name: (row.fullName || row.accountName || 'Rider').trim(), phone: row.phone ? toE164Phone(row.phone) : null };
}

/**
 * Tells a rider that stops are off their list and not to be delivered: one notice for them all (in
 * parts when long). `key` makes it once per cause (an assignment ended, a request): queued twice
 * with the same key, it is sent once. The SMS ids, to send after the commit.
 */
export async function queueStopsOffNotice(
  ctx: ServerContext,
  db: DbOrTx,
  input: { riderId: string; orderIds: readonly string[]; reason: StopsOffReason; key: string },
): Promise<string[]> {
  if (input.orderIds.length === 0) return [];
  const to = (await riderContact(db, input.riderId))?.phone;
  if (!to) return [];
  const parts = riderStopsOffSms({ shopName: ctx.env.SHOP_NAME, orderIds: input.orderIds, reason: input.reason });
  const ids: string[] = [];
  for (const [i, message] of parts.entries()) {
    const id = await ctx.sms.enqueue(db, {
      // The outbox keeps an SMS under an order: the first stop's.
      orderId: input.orderIds[0]!,
      step: RIDER_STOPS_OFF_STEP,
      to,
      message,
      dedupeKey: `${RIDER_STOPS_OFF_STEP}:${input.key}:${i + 1}`,
    });
    if (id) ids.push(id);
  }
  return ids;
}
