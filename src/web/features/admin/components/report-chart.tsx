// A report's chart without a chart library: a bar per row of the column the report names (net sales),
// drawn in HTML so it reflows on a phone. Screen readers get one sentence; the table below has every figure.
import { reportCellText, type ReportTable } from '@/domain/report-table';

/** More bars than this read as noise on a phone: the largest are drawn, the table keeps them all. */
const MAX_BARS = 15;

const label = (table: ReportTable, row: ReportTable['rows'][number]) => {
  const text = row[table.chart.label];
  return typeof text === 'string' && text !== '' ? text : '—';
};

export function ReportChart({ table }: { table: ReportTable }) {
  const valueColumn = table.columns.find((c) => c.key === table.chart.value);
  if (!valueColumn || table.rows.length === 0) return null;
  const value = (row: ReportTable['rows'][number]) => Math.max(0, Number(row[table.chart.value] ?? 0));
  // Periods keep their order (a time line); other reports show their largest rows.
  const ordered = table.chart.label === 'period' ? table.rows : [...table.rows].sort((a, b) => value(b) - value(a));
  const rows = ordered.slice(0, table.chart.label === 'period' ? 62 : MAX_BARS);
  const max = Math.max(1, ...rows.map(value));
  const top = [...rows].sort((a, b) => value(b) - value(a))[0];
  const summary = top
    ? `${valueColumn.label} by ${table.columns[0]?.label.toLowerCase() ?? 'row'}: highest ${label(table, top)}, ${reportCellText(valueColumn.kind, value(top))}`
    : valueColumn.label;
  return (
    <figure role="img" aria-label={summary} className="mb-4">
      <ul className="space-y-1" aria-hidden="true">
        {rows.map((row, i) => (
          <li key={i} className="grid grid-cols-[minmax(0,9rem)_1fr] items-center gap-2 text-xs sm:grid-cols-[minmax(0,12rem)_1fr]">
            <span className="truncate text-slate-700">{label(table, row)}</span>
            <span className="flex items-center gap-2">
              <span
                className="h-3 rounded-sm bg-brand-700"
                style={{ width: `${(value(row) / max) * 100}%`, minWidth: value(row) > 0 ? 2 : 0 }}
              />
              <span className="whitespace-nowrap text-slate-800">{reportCellText(valueColumn.kind, value(row))}</span>
            </span>
          </li>
        ))}
      </ul>
      {ordered.length > rows.length && (
        <figcaption className="mt-2 text-xs text-slate-600">
          The chart shows the {rows.length} largest of {ordered.length} rows; the table has them all.
        </figcaption>
      )}
    </figure>
  );
}
