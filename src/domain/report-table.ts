// A report as one table: named columns of a kind (text, a count, money in cents, kg in grams), rows
// and a total row. The back office draws any report from it (a bar chart of one column and the
// table) and the server writes the same table as CSV, so a figure reads the same in both.
import { csvAmount, type CsvCell } from './csv';
import { formatKES } from './money';
import { formatKg, kgQuantity } from './stock-units';

export type ReportColumnKind = 'text' | 'count' | 'money' | 'grams' | 'percent';

export interface ReportColumn {
  key: string;
  label: string;
  kind: ReportColumnKind;
}

export type ReportCell = string | number | null;
export type ReportRow = Record<string, ReportCell>;

export interface ReportTable {
  title: string;
  columns: ReportColumn[];
  rows: ReportRow[];
  /** Every column's total (text columns read 'Total'); null when totals mean nothing. */
  total: ReportRow | null;
  /** The column the chart draws, and the column naming each bar. */
  chart: { value: string; label: string };
}

/** What the back office shows in a cell: 'KES 1,330.00', '12.5 kg', '1,204', '12.5%'. */
export function reportCellText(kind: ReportColumnKind, value: ReportCell): string {
  if (value === null) return '—';
  if (typeof value === 'string') return value;
  switch (kind) {
    case 'money':
      return formatKES(value);
    case 'grams':
      return formatKg(value);
    case 'percent':
      return `${(value / 100).toFixed(1)}%`;
    case 'count':
    case 'text':
      return value.toLocaleString('en-GB');
  }
}

/** What the CSV holds: money as '1330.00', kg as 12.5, a percentage as 12.5, counts as they are. */
export function reportCsvCell(kind: ReportColumnKind, value: ReportCell): CsvCell {
  if (value === null || typeof value === 'string') return value;
  switch (kind) {
    case 'money':
      return csvAmount(value);
    case 'grams':
      return kgQuantity(value);
    case 'percent':
      return value / 100;
    case 'count':
    case 'text':
      return value;
  }
}

/** Sums each number column of the rows; the first text column reads 'Total'. */
export function totalRow(columns: readonly ReportColumn[], rows: readonly ReportRow[]): ReportRow {
  const total: ReportRow = {};
  let named = false;
  for (const column of columns) {
    if (column.kind === 'text') {
      total[column.key] = named ? '' : 'Total';
      named = true;
    } else if (column.kind !== 'percent') {
      total[column.key] = rows.reduce<number>(
        (sum, row) => sum + (typeof row[column.key] === 'number' ? (row[column.key] as number) : 0),
        0,
      );
    } else {
      total[column.key] = null;
    }
  }
  return total;
}

/** The sales reports, in the order the back office offers them. */
export const REPORT_KINDS = ['sales', 'products', 'categories', 'zones', 'riders', 'payment-methods', 'customers'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_KIND_LABELS: Readonly<Record<ReportKind, string>> = {
  sales: 'Sales by day, week or month',
  products: 'By product and variant',
  categories: 'By category',
  zones: 'By delivery zone',
  riders: 'By rider',
  'payment-methods': 'By payment method',
  customers: 'New against returning customers',
};

export const isReportKind = (value: unknown): value is ReportKind =>
  typeof value === 'string' && (REPORT_KINDS as readonly string[]).includes(value);
