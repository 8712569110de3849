// Packing finished with money owed, but the process died between the finish's commit and the refund
// (or the customer's message after it): the reconciliation job finds such a paid order a few minutes
// after its finish and settles it as 'Finish packing' would (settleAndTell: once per order, whoever
// runs it). The owed lines are those stored when packing finished; the changes are read again from
// each line's packing record, as the finish wrote them.
import { and, asc, eq, gt, isNotNull, lte, sql } from 'drizzle-orm';
import { PACKED_STEP, packingSummary } from '@/domain/packing';
import type { ServerContext } from '../../context';
import { orders, user } from '../../db/schema';
import { decisionOf, packingOrder } from './packing-lines';
import { packingOwed } from './packing-money';
import { settleAndTell } from './packing-finish.service';

/** Left to 'Finish packing' itself for this long: it settles in seconds. */
export const PACKING_SETTLE_GRACE_MS = 2 * 60_000;
const BATCH = 20;

/** The paid orders whose packing owes money with no packing refund, or whose customer was not told. */
async function unsettledOrders(ctx: ServerContext) {
  const packedKey = sql`${orders.id}::text || ${`:${PACKED_STEP}`}`;
  return ctx.db
    .select({ id: orders.id, finishedBy: orders.packingFinishedBy, email: user.email })
    .from(orders)
    .leftJoin(user, eq(user.id, orders.packingFinishedBy))
    .where(
      and(
        eq(orders.status, 'completed'),
        isNotNull(orders.packingFinishedAt),
        lte(orders.packingFinishedAt, new Date(ctx.now().getTime() - PACKING_SETTLE_GRACE_MS)),
        gt(orders.packingRefundTotal, 0),
        sql`(
          not exists (select 1 from payment_refunds r join payment_transactions t on t.id = r.transaction_id
                      where t.order_id = ${orders.id} and r.source = 'packing')
          or (not exists (select 1 from outbound_mail m where m.dedupe_key = ${packedKey})
              and not exists (select 1 from outbound_sms s where s.dedupe_key = ${packedKey}))
        )`,
      ),
    )
    .orderBy(asc(orders.packingFinishedAt))
    .limit(BATCH);
}

/** Settles what packing left unsettled; returns how many orders it looked at. */
export async function reconcilePackingRefunds(ctx: ServerContext): Promise<{ settled: number }> {
  const due = await unsettledOrders(ctx);
  let settled = 0;
  for (const { id, finishedBy, email } of due) {
    const p = await packingOrder(ctx.db, id);
    // The refund is asked in the packer's name (Pesapal wants who asks).
    if (!p || !finishedBy || !email) {
      ctx.logger.warn({ orderId: id }, 'packing refund to reconcile has no packer on record; left to the owner');
      continue;
    }
    const decided = p.lines.flatMap((line) => {
      const decision = decisionOf(line.item);
      return decision ? [{ line, decision }] : [];
    });
    const summary = packingSummary(decided, p.order.pricesIncludeVat);
    // The amounts stored at the finish are what is owed; the summary gives the words.
    const owed = packingOwed(
      p.lines.map((l) => ({ orderItemId: l.item.id, owedCents: l.item.packingRefund ?? 0 })),
      summary.changes,
    );
    const actor = { userId: finishedBy, email, ip: null, at: ctx.now() };
    const settlement = await settleAndTell(ctx, actor, id, owed, {
      changes: summary.changes,
      smsChanges: summary.smsChanges,
      totalCents: p.order.packingRefundTotal ?? 0,
    });
    if (settlement.status !== 'retrying') settled++;
  }
  return { settled };
}
