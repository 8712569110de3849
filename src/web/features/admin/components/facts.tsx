import type { ReactNode } from 'react';

/** Labelled values (a description list): term on the left, value on the right. */
export function Facts({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-slate-600">{term}</dt>
          <dd className="min-w-0 wrap-anywhere text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
