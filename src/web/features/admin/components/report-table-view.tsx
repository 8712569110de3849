// A report's table: its columns as the server named them, every figure as the back office writes
// money and kg, and the total row last.
import { reportCellText, type ReportRow, type ReportTable } from '@/domain/report-table';
import { cn } from '@/web/lib/cn';
import { DataTable, type Column } from './data-table';

type Indexed = { row: ReportRow; index: number; total: boolean };

export function ReportTableView({ table }: { table: ReportTable }) {
  const columns: Column<Indexed>[] = table.columns.map((c) => ({
    header: c.label,
    className: c.kind === 'text' ? undefined : 'text-right tabular-nums whitespace-nowrap',
    cell: ({ row, total }) => <span className={cn(total && 'font-semibold')}>{reportCellText(c.kind, row[c.key] ?? null)}</span>,
  }));
  const rows: Indexed[] = [
    ...table.rows.map((row, index) => ({ row, index, total: false })),
    ...(table.total ? [{ row: table.total, index: table.rows.length, total: true }] : []),
  ];
  return <DataTable label={table.title} caption={table.title} columns={columns} rows={rows} rowKey={(r) => String(r.index)} />;
}
