// The reports counted per order line: by product and variant, and by category. 'Sold' is the lines'
// totals as the order holds them (before VAT, or with VAT inside when the shop's prices include it);
// 'Refunded' what refunds gave back for those lines (a refund's item lines). Kg is what the lines
// weighed when packed, or their nominal weight before; a line sold by the piece has none.
import { sql, type SQL } from 'drizzle-orm';
import { totalRow, type ReportColumn, type ReportRow, type ReportTable } from '@/domain/report-table';
import type { ReportRange } from '@/domain/report-range';
import { queryRows, type DbOrTx } from '../../db/client';
import { cents, paidOrdersWith, refundedSince } from './paid-orders-sql';

interface LineSums {
  quantity: number;
  grams: number;
  sold: number;
  refunded: number;
}

const LINE_SUMS = sql`coalesce(sum(i.quantity), 0)::int as quantity,
  coalesce(sum(case when i.nominal_grams is null then 0 else coalesce(i.weighed_grams, i.nominal_grams * i.quantity) end), 0)::float8 as grams,
  ${cents(sql`sum(i.line_total)`)} as sold, ${cents(sql`sum(ir.amount)`)} as refunded`;

/** The range's paid lines `i` with what came back on each (`ir`), and their product `pr`. */
function paidLines(range: ReportRange, select: SQL, groupAndOrder: SQL): SQL {
  return sql`${paidOrdersWith(range)},
    lines as (select i.* from order_items i join paid p on p.id = i.order_id),
    item_refunds as (
      select rl.order_item_id, sum(rl.amount) as amount
      from refund_lines rl
      join payment_refunds rf on rf.id = rl.refund_id
      where rl.kind = 'item' and rf.status = 'refunded' and rf.source <> 'extra_payment' and ${refundedSince(range, sql`rf`)}
      group by rl.order_item_id
    )
    select ${select}
    from lines i
    join products pr on pr.id = i.product_id
    left join item_refunds ir on ir.order_item_id = i.id
    ${groupAndOrder}`;
}

const LINE_COLUMNS: ReportColumn[] = [
  { key: 'quantity', label: 'Quantity', kind: 'count' },
  { key: 'grams', label: 'Kg', kind: 'grams' },
  { key: 'sold', label: 'Sold', kind: 'money' },
  { key: 'refunded', label: 'Refunded', kind: 'money' },
  { key: 'net', label: 'Net sales', kind: 'money' },
];

const lineCells = (s: LineSums): ReportRow => ({
  quantity: s.quantity,
  grams: s.grams,
  sold: s.sold,
  refunded: s.refunded,
  net: s.sold - s.refunded,
});

function lineTable(title: string, first: ReportColumn[], rows: ReportRow[], label: string): ReportTable {
  const columns = [...first, ...LINE_COLUMNS];
  return { title, columns, rows, total: totalRow(columns, rows), chart: { value: 'net', label } };
}

export async function salesByProduct(db: DbOrTx, range: ReportRange): Promise<ReportTable> {
  const rows = await queryRows<LineSums & { product: string; variant: string; category: string }>(
    db,
    paidLines(
      range,
      sql`max(pr.name) as product, max(i.variant_name) as variant, max(pr.category) as category, ${LINE_SUMS}`,
      sql`group by i.variant_id order by sold desc, product, variant`,
    ),
  );
  return lineTable(
    'Sales by product',
    [
      { key: 'product', label: 'Product', kind: 'text' },
      { key: 'variant', label: 'Variant', kind: 'text' },
      { key: 'category', label: 'Category', kind: 'text' },
    ],
    rows.map((r) => ({ product: r.product, variant: r.variant, category: r.category, ...lineCells(r) })),
    'product',
  );
}

export async function salesByCategory(db: DbOrTx, range: ReportRange): Promise<ReportTable> {
  const rows = await queryRows<LineSums & { category: string }>(
    db,
    paidLines(range, sql`pr.category as category, ${LINE_SUMS}`, sql`group by pr.category order by sold desc, category`),
  );
  return lineTable(
    'Sales by category',
    [{ key: 'category', label: 'Category', kind: 'text' }],
    rows.map((r) => ({ category: r.category, ...lineCells(r) })),
    'category',
  );
}
