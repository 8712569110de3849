// The orders a sales report counts, as SQL shared by every report: each order paid in the range
// (paid_at, the moment the payment completed, as the dashboard counts it), whatever became of it
// since, with the money refunded on it. A refund counts once Pesapal made it, or the owner recorded
// it by M-Pesa (status 'refunded'); a refund of a second, accidental payment is not counted, as that
// payment is not in what the order charged either.
import { sql, type SQL } from 'drizzle-orm';
import type { ReportRange } from '@/domain/report-range';

/** Cents from a sum of numeric(12, 2) amounts: float8 holds every whole number of cents exactly. */
export const cents = (amount: SQL) => sql`coalesce(round(${amount} * 100), 0)::float8`;

/** Orders, charged and refunded of `paid p` joined to `order_refunds r` (paidOrdersWith). */
export const MONEY_SUMS = sql`count(*)::int as orders, ${cents(sql`sum(p.total_amount)`)} as charged, ${cents(sql`sum(r.amount)`)} as refunded`;

/**
 * The range's rows of sales_rollup as `s`: each paid order's charge, refunds, fees, discounts and
 * rounding summed per Nairobi day of payment, payment method and new or returning customer, kept by
 * triggers (migration 0054, docs/decisions/064-sales-rollup.md). A year is a few thousand rows, not
 * every order.
 */
export const SALES_DAYS = (range: Pick<ReportRange, 'from' | 'to'>) =>
  sql`sales_rollup s where s.day between ${range.from}::date and ${range.to}::date`;

/** Orders, charged and refunded of SALES_DAYS's rows, as MONEY_SUMS gives them for orders. */
export const ROLLUP_SUMS = sql`sum(s.orders)::int as orders, sum(s.charged)::float8 as charged, sum(s.refunded)::float8 as refunded`;

/**
 * `paid` (the range's paid orders) and `order_refunds` (what came back on each, in KES) as a WITH
 * list; a report adds its own select after it.
 */
export function paidOrdersWith(range: Pick<ReportRange, 'start' | 'end'>): SQL {
  return sql`with paid as (
      select o.id, o.total_amount, o.delivery_zone_name, o.rider_id
      from orders o
      where o.paid_at >= ${range.start.toISOString()}::timestamptz and o.paid_at < ${range.end.toISOString()}::timestamptz
    ),
    order_refunds as (
      select pt.order_id, sum(pr.amount) as amount
      from payment_refunds pr
      join payment_transactions pt on pt.id = pr.transaction_id
      where pr.status = 'refunded' and pr.source <> 'extra_payment' and ${refundedSince(range)}
      group by pt.order_id
    )`;
}

/**
 * A refund is recorded after the payment it gives back (both on the shop's clock), so the refunds of
 * orders paid in a range were all recorded since it began: the few refunds since then are read, not
 * every payment of the range looked up (seconds at 300,000 orders). The join to the range's orders
 * does the rest.
 */
export function refundedSince(range: Pick<ReportRange, 'start'>, refund: SQL = sql`pr`): SQL {
  return sql`${refund}.created_at >= ${range.start.toISOString()}::timestamptz`;
}
