// The reports counted per order: sales by day, week or month, and by zone, rider, payment method and
// new against returning customers. Net sales = charged − refunded, the dashboard's rule; the average
// order is what was charged over the orders. Discounts are what promotions took off the goods.
import { sql } from 'drizzle-orm';
import { paymentMethodName } from '@/domain/payment-method';
import { periodKey, periodLabel, periodsIn, type ReportGrouping, type ReportRange } from '@/domain/report-range';
import { totalRow, type ReportColumn, type ReportRow, type ReportTable } from '@/domain/report-table';
import { queryRows, type DbOrTx } from '../../db/client';
import { MONEY_SUMS, paidOrdersWith, ROLLUP_SUMS, SALES_DAYS } from './paid-orders-sql';

interface Money {
  orders: number;
  charged: number;
  refunded: number;
}

const average = (m: Money) => (m.orders === 0 ? 0 : Math.round(m.charged / m.orders));

const moneyCells = (m: Money): ReportRow => ({
  orders: m.orders,
  charged: m.charged,
  refunded: m.refunded,
  net: m.charged - m.refunded,
  average: average(m),
});

const MONEY_COLUMNS: ReportColumn[] = [
  { key: 'orders', label: 'Orders', kind: 'count' },
  { key: 'charged', label: 'Charged', kind: 'money' },
  { key: 'refunded', label: 'Refunded', kind: 'money' },
  { key: 'net', label: 'Net sales', kind: 'money' },
  { key: 'average', label: 'Average order', kind: 'money' },
];

/** Totals with the average order of all the rows, not a sum of averages. */
function withTotal(columns: ReportColumn[], rows: ReportRow[]): ReportRow {
  const total = totalRow(columns, rows);
  const orders = Number(total.orders ?? 0);
  total.average = orders === 0 ? 0 : Math.round(Number(total.charged ?? 0) / orders);
  return total;
}

function groupedTable(title: string, first: ReportColumn, rows: ReportRow[], sharePercent = false): ReportTable {
  const columns = [
    first,
    ...MONEY_COLUMNS,
    ...(sharePercent ? [{ key: 'share', label: 'Share of net sales', kind: 'percent' as const }] : []),
  ];
  const total = withTotal(columns, rows);
  if (sharePercent) {
    const net = Number(total.net ?? 0);
    for (const row of rows) row.share = net === 0 ? 0 : Math.round((Number(row.net) * 10_000) / net);
    total.share = net === 0 ? 0 : 10_000;
  }
  return { title, columns, rows, total, chart: { value: 'net', label: first.key } };
}

interface PeriodSums extends Money {
  day: string;
  goods: number;
  vat: number;
  delivery: number;
  small: number;
  discounts: number;
  rounding: number;
}

export async function salesByPeriod(db: DbOrTx, range: ReportRange, by: ReportGrouping): Promise<ReportTable> {
  const days = await queryRows<PeriodSums>(
    db,
    sql`select to_char(s.day, 'YYYY-MM-DD') as day, sum(s.orders)::int as orders, sum(s.charged)::float8 as charged,
        sum(s.refunded)::float8 as refunded, sum(s.goods)::float8 as goods, sum(s.vat)::float8 as vat,
        sum(s.delivery)::float8 as delivery, sum(s.small)::float8 as small, sum(s.discounts)::float8 as discounts,
        sum(s.rounding)::float8 as rounding
      from ${SALES_DAYS(range)} group by s.day`,
  );
  const periods = new Map(
    periodsIn(range, by).map((key) => [
      key,
      { orders: 0, charged: 0, refunded: 0, goods: 0, vat: 0, delivery: 0, small: 0, discounts: 0, rounding: 0 },
    ]),
  );
  for (const day of days) {
    const sums = periods.get(periodKey(day.day, by));
    if (!sums) continue;
    for (const key of ['orders', 'charged', 'refunded', 'goods', 'vat', 'delivery', 'small', 'discounts', 'rounding'] as const)
      sums[key] += Number(day[key]);
  }
  const columns: ReportColumn[] = [
    { key: 'period', label: by === 'day' ? 'Day' : by === 'week' ? 'Week' : 'Month', kind: 'text' },
    { key: 'orders', label: 'Orders', kind: 'count' },
    { key: 'goods', label: 'Goods', kind: 'money' },
    { key: 'vat', label: 'VAT', kind: 'money' },
    { key: 'delivery', label: 'Delivery fees', kind: 'money' },
    { key: 'small', label: 'Small-order fees', kind: 'money' },
    { key: 'discounts', label: 'Discounts', kind: 'money' },
    { key: 'charged', label: 'Charged', kind: 'money' },
    { key: 'refunded', label: 'Refunded', kind: 'money' },
    { key: 'net', label: 'Net sales', kind: 'money' },
    { key: 'rounding', label: 'M-Pesa rounding', kind: 'money' },
    { key: 'average', label: 'Average order', kind: 'money' },
  ];
  const rows = [...periods].map(([key, s]) => ({
    period: periodLabel(key, by),
    ...moneyCells(s),
    goods: s.goods,
    vat: s.vat,
    delivery: s.delivery,
    small: s.small,
    discounts: s.discounts,
    rounding: s.rounding,
  }));
  return { title: 'Sales', columns, rows, total: withTotal(columns, rows), chart: { value: 'net', label: 'period' } };
}

interface Grouped extends Money {
  name: string | null;
}

export async function salesByZone(db: DbOrTx, range: ReportRange): Promise<ReportTable> {
  const rows = await queryRows<Grouped>(
    db,
    sql`${paidOrdersWith(range)}
      select p.delivery_zone_name as name, ${MONEY_SUMS}
      from paid p left join order_refunds r on r.order_id = p.id
      group by 1 order by charged desc, name`,
  );
  return groupedTable(
    'Sales by delivery zone',
    { key: 'zone', label: 'Zone', kind: 'text' },
    rows.map((r) => ({ zone: r.name ?? 'No zone', ...moneyCells(r) })),
    true,
  );
}

export async function salesByRider(db: DbOrTx, range: ReportRange): Promise<ReportTable> {
  const rows = await queryRows<Grouped>(
    db,
    sql`${paidOrdersWith(range)}
      select u.name as name, ${MONEY_SUMS}
      from paid p left join order_refunds r on r.order_id = p.id left join "user" u on u.id = p.rider_id
      group by p.rider_id, u.name order by charged desc, name`,
  );
  return groupedTable(
    'Sales by rider',
    { key: 'rider', label: 'Rider', kind: 'text' },
    rows.map((r) => ({ rider: r.name ?? 'No rider', ...moneyCells(r) })),
    true,
  );
}

export async function salesByPaymentMethod(db: DbOrTx, range: ReportRange): Promise<ReportTable> {
  const rows = await queryRows<Grouped>(
    db,
    sql`select nullif(s.method, '') as name, ${ROLLUP_SUMS} from ${SALES_DAYS(range)} group by s.method`,
  );
  // Pesapal names one method several ways ('MpesaKE', 'Mpesa'): rows are merged under the name people know.
  const byName = new Map<string, Money>();
  for (const row of rows) {
    const name = paymentMethodName(row.name) ?? 'Not reported';
    const sums = byName.get(name) ?? { orders: 0, charged: 0, refunded: 0 };
    byName.set(name, { orders: sums.orders + row.orders, charged: sums.charged + row.charged, refunded: sums.refunded + row.refunded });
  }
  const sorted = [...byName].sort(([a, x], [b, y]) => y.charged - x.charged || a.localeCompare(b));
  return groupedTable(
    'Sales by payment method',
    { key: 'method', label: 'Payment method', kind: 'text' },
    sorted.map(([method, m]) => ({ method, ...moneyCells(m) })),
    true,
  );
}

interface CustomerSums extends Money {
  returning: boolean;
  customers: number;
}

/** A customer is new in an order that is their first paid one ever, and returning in every later one. */
export async function newAgainstReturning(db: DbOrTx, range: ReportRange): Promise<ReportTable> {
  const sums = await queryRows<Omit<CustomerSums, 'customers'>>(
    db,
    sql`select s.returning_customer as returning, ${ROLLUP_SUMS} from ${SALES_DAYS(range)} group by s.returning_customer`,
  );
  const customers = await queryRows<{ returning: boolean; customers: number }>(
    db,
    sql`select o.returning_customer as returning, count(distinct o.user_id)::int as customers
      from order_sales o where o.day between ${range.from}::date and ${range.to}::date group by o.returning_customer`,
  );
  const rows: CustomerSums[] = sums.map((r) => ({ ...r, customers: customers.find((c) => c.returning === r.returning)?.customers ?? 0 }));
  const of = (returning: boolean) => rows.find((r) => r.returning === returning) ?? { customers: 0, orders: 0, charged: 0, refunded: 0 };
  const table = groupedTable(
    'New against returning customers',
    { key: 'customers', label: 'Customers', kind: 'text' },
    [false, true].map((returning) => {
      const r = of(returning);
      return { customers: returning ? 'Returning' : 'New', people: r.customers, ...moneyCells(r) };
    }),
    true,
  );
  const people: ReportColumn = { key: 'people', label: 'People', kind: 'count' };
  table.columns.splice(1, 0, people);
  if (table.total) table.total.people = null;
  return table;
}
