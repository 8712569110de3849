// The paid orders of a range read a page at a time, oldest payment first (keyset on paid_at and id):
// the exports stream 300,000 orders without holding them, and each page is one indexed range read.
import { sql } from 'drizzle-orm';
import type { Cents } from '@/domain/money';
import type { ReportRange } from '@/domain/report-range';
import type { TaxBand } from '@/domain/tax-bands';
import { queryRows, type DbOrTx } from '../../db/client';
import { cents } from './paid-orders-sql';

export const PAGE_SIZE = 1_000;

export interface PaidOrderRow {
  id: string;
  /** paid_at as the database writes it: the next page starts after it, to the microsecond. */
  cursor: string;
  paidAt: Date | string;
  customerName: string;
  customerPhone: string;
  zone: string | null;
  status: string;
  pricesIncludeVat: boolean;
  feeBand: TaxBand;
  feeRateBp: number;
  subtotal: Cents;
  vat: Cents;
  deliveryFee: Cents;
  smallOrderFee: Cents;
  total: Cents;
  paymentMethod: string | null;
  rounding: number;
  bands: { band: TaxBand; taxable: number; tax: number }[];
  refunded: Cents;
  invoiceNumber: number | null;
  invoiceStatus: string | null;
  cuInvoiceNo: string | null;
}

async function page(db: DbOrTx, range: ReportRange, after: PaidOrderRow | undefined): Promise<PaidOrderRow[]> {
  const from = after ? sql`and (o.paid_at, o.id) > (${after.cursor}::timestamptz, ${after.id}::uuid)` : sql``;
  return queryRows<PaidOrderRow>(
    db,
    sql`select o.id, o.paid_at::text as cursor, o.paid_at as "paidAt", o.customer_name as "customerName",
        o.customer_phone as "customerPhone", o.delivery_zone_name as zone, o.status,
        o.prices_include_vat as "pricesIncludeVat", o.delivery_fee_tax_band as "feeBand", o.delivery_fee_tax_rate_bp as "feeRateBp",
        ${cents(sql`o.subtotal`)} as subtotal, ${cents(sql`o.vat`)} as vat, ${cents(sql`o.delivery_fee`)} as "deliveryFee",
        ${cents(sql`o.small_order_fee`)} as "smallOrderFee", ${cents(sql`o.total_amount`)} as total,
        coalesce(pt.payment_method, mp.payment_method) as "paymentMethod", coalesce(pt.rounding, mp.rounding, 0)::float8 as rounding,
        coalesce((select json_agg(json_build_object('band', b.band, 'taxable', round(b.taxable_amount * 100), 'tax', round(b.tax_amount * 100)))
          from order_tax_bands b where b.order_id = o.id), '[]'::json) as bands,
        (select ${cents(sql`sum(pr.amount)`)} from payment_refunds pr join payment_transactions t on t.id = pr.transaction_id
          where t.order_id = o.id and pr.status = 'refunded' and pr.source <> 'extra_payment') as refunded,
        ti.number as "invoiceNumber", ti.status as "invoiceStatus", ti.cu_invoice_no as "cuInvoiceNo"
      from orders o
      left join payment_transactions pt on pt.pesapal_tracking_id = o.pesapal_transaction_id
      -- An M-Pesa Express payment is named by its CheckoutRequestID (each join keeps its unique index).
      left join payment_transactions mp on mp.mpesa_checkout_request_id = o.pesapal_transaction_id
      left join tax_invoices ti on ti.order_id = o.id and ti.kind = 'sale'
      where o.paid_at >= ${range.start.toISOString()}::timestamptz and o.paid_at < ${range.end.toISOString()}::timestamptz ${from}
      order by o.paid_at, o.id
      limit ${PAGE_SIZE}`,
  );
}

/** Every paid order of the range, a page at a time. */
export async function* paidOrderPages(db: DbOrTx, range: ReportRange): AsyncGenerator<PaidOrderRow[]> {
  let after: PaidOrderRow | undefined;
  for (;;) {
    const rows = await page(db, range, after);
    if (rows.length > 0) yield rows;
    if (rows.length < PAGE_SIZE) return;
    after = rows.at(-1);
  }
}
