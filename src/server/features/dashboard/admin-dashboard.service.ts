// The dashboard: paid orders and revenue for today, 7 and 30 days (Nairobi days), what needs doing
// (payments pending, orders to fulfil, orders flagged, unread messages), low stock, and revenue per
// day for the chart. Revenue counts completed orders only: a payment that never completed, or an
// order cancelled and refunded, is not money the shop keeps. It counts on the day the payment
// completed (paid_at), not the day the order was placed: checkout at 23:55, paid at 00:05, is today's.
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Cents } from '@/domain/money';
import { lastNairobiDays, nairobiDateKey, nairobiDayStart } from '@/domain/nairobi-days';
import { NAIROBI_OFFSET_MS } from '@/domain/peak-hours';
import type { DbOrTx } from '../../db/client';
import { contactMessages, orders } from '../../db/schema';
import { countOrders, type OrderFilter } from '../orders/admin-orders.service';
import { countLowStock, lowStockProducts, type AdminProduct } from '../catalog/admin-products.service';
import { lowVariantsByProduct, type LowVariant } from './low-stock-variants';
import { refundedOfOrder } from '../merchant-notices/refunded-sum';

const CHART_DAYS = 30;

/** The order lists behind the "to do" numbers (the page links to the same filters). */
const DASHBOARD_LISTS = {
  paymentsPending: { status: 'pending', paymentStatus: 'PENDING' },
  ordersToFulfil: { fulfilment: 'to_fulfil' },
  ordersNeedingAttention: { attention: 'yes' },
} as const satisfies Record<string, OrderFilter>;

interface PeriodTotals {
  orders: number;
  revenueCents: Cents;
}

export interface Dashboard {
  today: PeriodTotals;
  last7Days: PeriodTotals;
  last30Days: PeriodTotals;
  paymentsPending: number;
  ordersToFulfil: number;
  ordersNeedingAttention: number;
  unreadMessages: number;
  lowStockCount: number;
  /** Each low product with the variants that make it low, by name. */
  lowStock: (AdminProduct & { lowVariants: LowVariant[] })[];
  dailyRevenue: { date: string; orders: number; revenueCents: Cents }[];
}

/**
 * Paid orders and revenue (charged less refunded) per Nairobi day since a moment, summed by the database over the paid
 * orders of those days only (an index on the day a payment completed, holding the amounts): the
 * figures cost the same with 300 orders or 300,000. Its plan is tested.
 */
export function paidByDay(db: DbOrTx, since: Date) {
  const paidAt = sql`coalesce(${orders.paidAt}, ${orders.createdAt})`;
  // Written out, not bound: the same expression is grouped by. Rows are binned by Nairobi day
  // (bins start at a Nairobi midnight) and only each bin is named, not each of the month's orders.
  const offset = sql.raw(`interval '${NAIROBI_OFFSET_MS / 1000} seconds'`);
  const bin = sql`date_bin('1 day', ${paidAt}, timestamptz '2000-01-01 00:00:00+00' - ${offset})`;
  const day = sql<string>`to_char((${bin} at time zone 'UTC') + ${offset}, 'YYYY-MM-DD')`;
  return (
    db
      // Charged less refunded: a partial refund (packing's, the merchant's) comes off the day it was paid.
      .select({
        day,
        orders: count(),
        revenue: sql`coalesce(sum(${orders.totalAmount} - ${refundedOfOrder()}), 0)`.mapWith(orders.totalAmount),
      })
      .from(orders)
      .where(and(eq(orders.status, 'completed'), sql`${paidAt} >= ${since.toISOString()}`))
      .groupBy(bin)
  );
}

export async function loadDashboard(db: DbOrTx, now: Date): Promise<Dashboard> {
  const days = lastNairobiDays(now, CHART_DAYS);
  const since = nairobiDayStart(days[0] ?? nairobiDateKey(now));
  const [paid, paymentsPending, ordersToFulfil, ordersNeedingAttention, unread, lowStockCount, lowStock] = await Promise.all([
    paidByDay(db, since),
    // Counted with the order list's own filters, so each number matches the list it links to.
    countOrders(db, DASHBOARD_LISTS.paymentsPending),
    countOrders(db, DASHBOARD_LISTS.ordersToFulfil),
    countOrders(db, DASHBOARD_LISTS.ordersNeedingAttention),
    db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.readAt)),
    countLowStock(db),
    lowStockProducts(db, 8),
  ]);

  const lowVariants = await lowVariantsByProduct(
    db,
    lowStock.map((p) => p.id),
  );

  const byDay = new Map(days.map((d) => [d, { date: d, orders: 0, revenueCents: 0 }]));
  for (const row of paid) {
    const totals = byDay.get(row.day);
    if (!totals) continue;
    totals.orders += row.orders;
    totals.revenueCents += row.revenue;
  }
  const dailyRevenue = [...byDay.values()];
  const sumLast = (n: number): PeriodTotals =>
    dailyRevenue.slice(-n).reduce((acc, d) => ({ orders: acc.orders + d.orders, revenueCents: acc.revenueCents + d.revenueCents }), {
      orders: 0,
      revenueCents: 0,
    });

  return {
    today: sumLast(1),
    last7Days: sumLast(7),
    last30Days: sumLast(30),
    paymentsPending,
    ordersToFulfil,
    ordersNeedingAttention,
    unreadMessages: unread[0]?.n ?? 0,
    lowStockCount,
    lowStock: lowStock.map((p) => ({ ...p, lowVariants: lowVariants.get(p.id) ?? [] })),
    dailyRevenue,
  };
}
