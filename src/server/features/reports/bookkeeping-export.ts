// The bookkeeper's two files for a date range, written a page of orders at a time: one row per paid
// order, and one row per line (the delivery and small-order fees as lines of their own, so the
// lines' VAT adds up to each order's VAT per band).
import { sql } from 'drizzle-orm';
import { LINE_CSV_HEADERS, ORDER_CSV_HEADERS, lineCsvCells, orderCsvCells, type LineForCsv } from '@/domain/bookkeeping-csv';
import { CSV_BOM, csvRecord } from '@/domain/csv';
import { vatShares } from '@/domain/line-vat';
import type { Cents } from '@/domain/money';
import type { ReportRange } from '@/domain/report-range';
import { SMALL_ORDER_FEE_LABEL } from '@/domain/small-order';
import type { TaxBand } from '@/domain/tax-bands';
import { queryRows, type DbOrTx } from '../../db/client';
import { cents } from './paid-orders-sql';
import { paidOrderPages, type PaidOrderRow } from './paid-order-pages';

const line = (cells: Parameters<typeof csvRecord>[0]) => `${csvRecord(cells)}\r\n`;

export async function* ordersCsv(db: DbOrTx, range: ReportRange): AsyncGenerator<string> {
  yield CSV_BOM + line(ORDER_CSV_HEADERS);
  for await (const rows of paidOrderPages(db, range)) yield rows.map((o) => line(orderCsvCells(o))).join('');
}

interface ItemRow {
  orderId: string;
  product: string;
  variant: string;
  quantity: number;
  grams: number | null;
  unitPrice: Cents;
  lineTotal: Cents;
  band: TaxBand;
  rateBp: number;
  refunded: Cents;
}

const inList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

function pageLines(db: DbOrTx, ids: readonly string[]) {
  return Promise.all([
    queryRows<ItemRow>(
      db,
      sql`select i.order_id as "orderId", i.product_name as product, i.variant_name as variant, i.quantity,
          case when i.nominal_grams is null then null else coalesce(i.weighed_grams, i.nominal_grams * i.quantity) end as grams,
          ${cents(sql`i.unit_price`)} as "unitPrice", ${cents(sql`i.line_total`)} as "lineTotal", i.tax_band as band, i.tax_rate_bp as "rateBp",
          (select ${cents(sql`sum(rl.amount)`)} from refund_lines rl join payment_refunds rf on rf.id = rl.refund_id
            where rl.order_item_id = i.id and rl.kind = 'item' and rf.status = 'refunded' and rf.source <> 'extra_payment') as refunded
        from order_items i where i.order_id in (${inList(ids)})
        order by i.created_at, i.id`,
    ),
    queryRows<{ orderId: string; refunded: Cents }>(
      db,
      sql`select pt.order_id as "orderId", ${cents(sql`sum(rl.amount)`)} as refunded
        from refund_lines rl join payment_refunds rf on rf.id = rl.refund_id join payment_transactions pt on pt.id = rf.transaction_id
        where rl.kind = 'delivery' and rf.status = 'refunded' and rf.source <> 'extra_payment' and pt.order_id in (${inList(ids)})
        group by pt.order_id`,
    ),
  ]);
}

/** The order's lines, then its fees, each with its share of the band's VAT. */
function orderLines(order: PaidOrderRow, items: readonly ItemRow[], feeRefunded: Cents): LineForCsv[] {
  const fee = (product: string, amount: Cents, refunded: Cents): Omit<LineForCsv, 'vat'> => ({
    orderId: order.id,
    paidAt: order.paidAt,
    product,
    variant: '',
    quantity: 1,
    grams: null,
    unitPrice: amount,
    band: order.feeBand,
    rateBp: order.feeRateBp,
    lineTotal: amount,
    pricesIncludeVat: order.pricesIncludeVat,
    refunded,
  });
  const rows: Omit<LineForCsv, 'vat'>[] = [
    ...items.map((i) => ({ ...i, paidAt: order.paidAt, pricesIncludeVat: order.pricesIncludeVat })),
    ...(order.deliveryFee > 0 ? [fee(order.zone ? `Delivery (${order.zone})` : 'Delivery', order.deliveryFee, feeRefunded)] : []),
    ...(order.smallOrderFee > 0 ? [fee(SMALL_ORDER_FEE_LABEL, order.smallOrderFee, 0)] : []),
  ];
  const shares = vatShares(
    rows.map((r) => ({ band: r.band, amountCents: r.lineTotal })),
    new Map(order.bands.map((b) => [b.band, b.tax])),
  );
  return rows.map((r, i) => ({ ...r, vat: shares[i] ?? 0 }));
}

export async function* orderLinesCsv(db: DbOrTx, range: ReportRange): AsyncGenerator<string> {
  yield CSV_BOM + line(LINE_CSV_HEADERS);
  for await (const orders of paidOrderPages(db, range)) {
    const [items, feeRefunds] = await pageLines(
      db,
      orders.map((o) => o.id),
    );
    const byOrder = new Map<string, ItemRow[]>();
    for (const item of items) byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), item]);
    const feeRefunded = new Map(feeRefunds.map((f) => [f.orderId, f.refunded]));
    yield orders
      .flatMap((o) => orderLines(o, byOrder.get(o.id) ?? [], feeRefunded.get(o.id) ?? 0))
      .map((l) => line(lineCsvCells(l)))
      .join('');
  }
}
