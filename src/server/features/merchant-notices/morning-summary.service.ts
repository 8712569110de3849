// The morning summary of the day's deliveries for the owner's phones and mailboxes, at the time they
// set (Nairobi). A background job asks every minute; the day's row in morning_summaries is taken in
// the transaction that queues the messages, so with several instances the day is summarised once.
import { and, asc, count, desc, eq, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import {
  endOfNairobiDay,
  morningSummaryMail,
  morningSummarySms,
  nairobiClock,
  summaryDue,
  type MorningSummary,
} from '@/domain/merchant-notices';
import type { ServerContext } from '../../context';
import type { Tx } from '../../db/client';
import { morningSummaries, orderDeliveryWindows, orders } from '../../db/schema';
import { deliverMerchantNotices, type QueuedMerchantNotices } from './paid-order-notice';
import { loadMerchantNotices } from './merchant-notices.service';
import { refundedOfOrder } from './refunded-sum';

/** An order with no delivery zone (an older order) is listed under this name. */
const NO_AREA = 'No area';

/**
 * What is to be delivered on `day`: paid orders not yet delivered, paid before the day ends, whose
 * delivery window is that day or earlier (a late one is still to deliver); an order without a window
 * counts from the day it was paid. By area.
 */
async function summarise(tx: Tx, day: string): Promise<MorningSummary> {
  const rows = await tx
    // What is left of each order once its refunds made (packing's, the merchant's) came off.
    .select({
      zone: orders.deliveryZoneName,
      orderCount: count(),
      totalCents: sql`coalesce(sum(${orders.totalAmount} - ${refundedOfOrder()}), 0)`.mapWith(orders.totalAmount),
    })
    .from(orders)
    .leftJoin(orderDeliveryWindows, eq(orderDeliveryWindows.orderId, orders.id))
    .where(
      and(
        ne(orders.fulfilmentStatus, 'delivered'),
        // Paid ones, and those to be paid on delivery (confirmed, not paid yet).
        or(
          and(eq(orders.status, 'completed'), lt(orders.paidAt, endOfNairobiDay(day))),
          and(eq(orders.status, 'confirmed'), lt(orders.createdAt, endOfNairobiDay(day))),
        ),
        or(isNull(orderDeliveryWindows.orderId), lte(orderDeliveryWindows.deliveryDate, day)),
      ),
    )
    .groupBy(orders.deliveryZoneName)
    .orderBy(desc(count()), asc(orders.deliveryZoneName));
  return {
    day,
    orderCount: rows.reduce((n, r) => n + r.orderCount, 0),
    totalCents: rows.reduce((n, r) => n + r.totalCents, 0),
    areas: rows.map(({ zone, orderCount, totalCents }) => ({ area: zone ?? NO_AREA, orderCount, totalCents })),
  };
}

export type MorningSummaryOutcome = 'not_due' | 'nobody_to_tell' | 'sent_before' | 'queued';

export async function sendMorningSummary(ctx: ServerContext): Promise<MorningSummaryOutcome> {
  const at = ctx.now();
  const { phones, emails, summaryTime } = await loadMerchantNotices(ctx.db);
  if (!summaryDue(at, summaryTime)) return 'not_due';
  // Not recorded: recipients chosen later that morning still get the day's summary.
  if (phones.length === 0 && emails.length === 0) return 'nobody_to_tell';
  const { day } = nairobiClock(at);
  const queued = await ctx.db.transaction(async (tx): Promise<QueuedMerchantNotices | null> => {
    // The day's row is the claim: another instance's insert waits for this commit, then finds it.
    const [claimed] = await tx
      .insert(morningSummaries)
      .values({ day, orderCount: 0, total: 0, createdAt: at })
      .onConflictDoNothing()
      .returning({ day: morningSummaries.day });
    if (!claimed) return null;
    const summary = await summarise(tx, day);
    await tx
      .update(morningSummaries)
      .set({ orderCount: summary.orderCount, total: summary.totalCents })
      .where(eq(morningSummaries.day, day));
    const out: QueuedMerchantNotices = { smsIds: [], mailIds: [] };
    const key = (to: string) => `shop:morning_summary:${day}:${to}`;
    const sms = morningSummarySms(ctx.env.SHOP_NAME, summary);
    for (const to of phones) {
      const id = await ctx.sms.enqueue(tx, { orderId: null, step: 'morning_summary', to, message: sms, dedupeKey: key(to) });
      if (id) out.smsIds.push(id);
    }
    const mail = morningSummaryMail(ctx.env.SHOP_NAME, summary, `${ctx.env.PUBLIC_URL}/admin/orders`);
    for (const to of emails) {
      const id = await ctx.mailer.enqueue(tx, { ...mail, to, dedupeKey: key(to) });
      if (id) out.mailIds.push(id);
    }
    return out;
  });
  if (!queued) return 'sent_before';
  await deliverMerchantNotices(ctx, queued);
  return 'queued';
}
