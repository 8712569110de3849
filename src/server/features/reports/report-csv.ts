// The files the reports screen downloads: any report's table, and the month's VAT figures, as CSV
// that Excel opens (UTF-8 with a BOM) and that no cell can turn into a formula.
import { CSV_BOM, csvAmount, csvRecord, type CsvCell } from '@/domain/csv';
import { csvDateTime, invoiceStateText } from '@/domain/bookkeeping-csv';
import { shortOrderId } from '@/domain/order-status';
import { reportCsvCell, type ReportRow, type ReportTable } from '@/domain/report-table';
import type { VatReturn } from './vat-return.service';

const lines = (rows: readonly (readonly CsvCell[])[]) => CSV_BOM + rows.map((cells) => `${csvRecord(cells)}\r\n`).join('');

export function reportCsv(table: ReportTable): string {
  const cells = (row: ReportRow) => table.columns.map((c) => reportCsvCell(c.kind, row[c.key] ?? null));
  return lines([table.columns.map((c) => c.label), ...table.rows.map(cells), ...(table.total ? [cells(table.total)] : [])]);
}

const VAT_HEADERS = ['Band', 'Rate %', 'Sales taxable', 'Sales VAT', 'Credit notes taxable', 'Credit notes VAT', 'Net taxable', 'Net VAT'];
const UNSIGNED_HEADERS = [
  'Paid order without a signed tax invoice',
  'Order id',
  'Paid (Nairobi time)',
  'Customer',
  'Total',
  'Tax invoice status',
];

/** The bands (and their total), then every paid order of the month KRA has not signed a sale for. */
export function vatReturnCsv(vat: VatReturn): string {
  const pad = (cells: CsvCell[]) => [...cells, ...Array<CsvCell>(Math.max(0, VAT_HEADERS.length - cells.length)).fill(null)];
  const t = vat.total;
  return lines([
    VAT_HEADERS,
    ...vat.bands.map((b) => [
      b.band,
      b.rateBp / 100,
      ...[b.salesTaxable, b.salesVat, b.creditTaxable, b.creditVat, b.netTaxable, b.netVat].map(csvAmount),
    ]),
    ['Total', null, ...[t.salesTaxable, t.salesVat, t.creditTaxable, t.creditVat, t.netTaxable, t.netVat].map(csvAmount)],
    pad([]),
    pad(UNSIGNED_HEADERS),
    ...vat.unsignedOrders.map((o) =>
      pad([
        `#${shortOrderId(o.id)}`,
        o.id,
        csvDateTime(o.paidAt),
        o.customerName,
        csvAmount(o.totalCents),
        invoiceStateText(o.invoiceStatus),
      ]),
    ),
  ]);
}
