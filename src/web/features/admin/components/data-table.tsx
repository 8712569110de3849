// The back office's tables: one column list per table (header and cell together), a caption that
// names the table, and a frame that scrolls sideways when the table is wider than a tablet's screen.
// On a phone each row is a stack of 'header: value' lines instead (.stack-table in styles.css).
import type { ReactNode } from 'react';
import { cn } from '@/web/lib/cn';

export interface Column<T> {
  header: ReactNode;
  cell(row: T): ReactNode;
  /** Classes for the header and every cell of the column (alignment, wrapping, visibility). */
  className?: string;
}

/** The scrolling box is a named, focusable region so it can be scrolled from the keyboard too. */
function TableFrame({ label, bordered, children }: { label: string; bordered: boolean; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cn('overflow-x-auto', bordered && 'rounded-lg border border-slate-200 bg-white')}
    >
      {children}
    </div>
  );
}

export function DataTable<T>({
  label,
  caption,
  columns,
  rows,
  rowKey,
  bordered = true,
}: {
  /** Names the scrolling region. */
  label: string;
  /** Names the table (read by screen readers, hidden on screen). */
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey(row: T): string;
  bordered?: boolean;
}) {
  return (
    <TableFrame label={label} bordered={bordered}>
      <table className="stack-table w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-100 text-slate-700">
          <tr>
            {columns.map((column, i) => (
              <th key={i} scope="col" className={cn('px-3 py-2', column.className)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column, i) => (
                <td
                  key={i}
                  className={cn('px-3 py-2', column.className)}
                  data-label={typeof column.header === 'string' ? column.header : undefined}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
