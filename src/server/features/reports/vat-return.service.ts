// The month's VAT figures as the merchant copies them into the VAT return: per band, the taxable
// amount and VAT of the sales KRA signed, less the credit notes KRA signed, read from the signed
// requests themselves (what KRA holds), in the month of their sale date (Nairobi time). Beside them,
// the orders paid that month: how many have a signed sale, and every paid order without one, which
// the return would otherwise miss.
import { sql } from 'drizzle-orm';
import type { Cents } from '@/domain/money';
import { monthDays, parseReportRange, REPORT_RANGE_MESSAGES, type ReportRange } from '@/domain/report-range';
import { TAX_BANDS, type TaxBand } from '@/domain/tax-bands';
import { queryRows, type DbOrTx } from '../../db/client';
import { badRequest } from '../../errors';
import { cents } from './paid-orders-sql';

interface VatBand {
  band: TaxBand;
  rateBp: number;
  salesTaxable: Cents;
  salesVat: Cents;
  creditTaxable: Cents;
  creditVat: Cents;
  netTaxable: Cents;
  netVat: Cents;
}

interface UnsignedOrder {
  id: string;
  paidAt: string;
  customerName: string;
  totalCents: Cents;
  /** The sale's state: null when the order has no tax invoice at all. */
  invoiceStatus: string | null;
  invoiceNumber: number | null;
}

export interface VatReturn {
  month: string;
  bands: VatBand[];
  total: Omit<VatBand, 'band' | 'rateBp'>;
  signedSales: number;
  signedCreditNotes: number;
  /** Credit notes of the month KRA has not signed (yet): their refunds are not in the figures. */
  unsignedCreditNotes: number;
  paidOrders: number;
  paidOrdersChargedCents: Cents;
  unsignedOrders: UnsignedOrder[];
}

/** The month's days as a range, or a clear refusal. */
function vatMonth(month: string): ReportRange {
  const days = monthDays(month);
  const range = days && parseReportRange(days.from, days.to);
  if (!range || 'error' in range) throw badRequest(REPORT_RANGE_MESSAGES.notAMonth);
  return range;
}

type BandSums = Record<`${'taxable' | 'vat'}${TaxBand}` | `rate${TaxBand}`, number> & { kind: 'sale' | 'credit_note'; invoices: number };

const bandSums = sql.join(
  TAX_BANDS.flatMap((b) => [
    sql`${cents(sql`sum((t.request ->> ${`taxblAmt${b}`})::numeric)`)} as ${sql.identifier(`taxable${b}`)}`,
    sql`${cents(sql`sum((t.request ->> ${`taxAmt${b}`})::numeric)`)} as ${sql.identifier(`vat${b}`)}`,
    sql`coalesce(max((t.request ->> ${`taxRt${b}`})::numeric) * 100, 0)::int as ${sql.identifier(`rate${b}`)}`,
  ]),
  sql`, `,
);

const inRange = (column: string, range: ReportRange) =>
  sql`${sql.identifier(column)} >= ${range.start.toISOString()}::timestamptz and ${sql.identifier(column)} < ${range.end.toISOString()}::timestamptz`;

export async function vatReturn(db: DbOrTx, month: string): Promise<VatReturn> {
  const range = vatMonth(month);
  const [signed, unsignedNotes, paid, unsigned] = await Promise.all([
    // A tax invoice is dated when it was issued (its createdAt is the sale date KRA was sent).
    queryRows<BandSums>(
      db,
      sql`select t.kind, count(*)::int as invoices, ${bandSums}
        from tax_invoices t where t.status = 'sent' and ${inRange('created_at', range)} group by t.kind`,
    ),
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from tax_invoices t where t.kind = 'credit_note' and t.status <> 'sent' and ${inRange('created_at', range)}`,
    ),
    queryRows<{ n: number; charged: number }>(
      db,
      sql`select count(*)::int as n, ${cents(sql`sum(o.total_amount)`)} as charged from orders o where ${inRange('paid_at', range)}`,
    ),
    queryRows<Omit<UnsignedOrder, 'paidAt'> & { paidAt: Date | string }>(
      db,
      sql`select o.id, o.paid_at as "paidAt", o.customer_name as "customerName", ${cents(sql`o.total_amount`)} as "totalCents",
          t.status as "invoiceStatus", t.number as "invoiceNumber"
        from orders o left join tax_invoices t on t.order_id = o.id and t.kind = 'sale'
        where ${inRange('paid_at', range)} and (t.id is null or t.status <> 'sent')
        order by o.paid_at, o.id`,
    ),
  ]);
  const of = (kind: BandSums['kind']) => signed.find((s) => s.kind === kind);
  const sales = of('sale');
  const notes = of('credit_note');
  const bands = TAX_BANDS.map((band): VatBand => {
    const salesTaxable = sales?.[`taxable${band}`] ?? 0;
    const salesVat = sales?.[`vat${band}`] ?? 0;
    const creditTaxable = notes?.[`taxable${band}`] ?? 0;
    const creditVat = notes?.[`vat${band}`] ?? 0;
    const rateBp = sales?.[`rate${band}`] || notes?.[`rate${band}`] || 0;
    return {
      band,
      rateBp,
      salesTaxable,
      salesVat,
      creditTaxable,
      creditVat,
      netTaxable: salesTaxable - creditTaxable,
      netVat: salesVat - creditVat,
    };
  });
  const sum = (key: keyof Omit<VatBand, 'band' | 'rateBp'>) => bands.reduce((acc, b) => acc + b[key], 0);
  return {
    month,
    bands,
    total: {
      salesTaxable: sum('salesTaxable'),
      salesVat: sum('salesVat'),
      creditTaxable: sum('creditTaxable'),
      creditVat: sum('creditVat'),
      netTaxable: sum('netTaxable'),
      netVat: sum('netVat'),
    },
    signedSales: sales?.invoices ?? 0,
    signedCreditNotes: notes?.invoices ?? 0,
    unsignedCreditNotes: unsignedNotes[0]?.n ?? 0,
    paidOrders: paid[0]?.n ?? 0,
    paidOrdersChargedCents: paid[0]?.charged ?? 0,
    unsignedOrders: unsigned.map((o) => ({ ...o, paidAt: new Date(o.paidAt).toISOString() })),
  };
}
