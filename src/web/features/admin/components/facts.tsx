import type { ReactNode } from 'react';

/**
 * Labelled values (a description list): on a phone each term sits above its value; wider, the term
 * is on the left in a column that a long term cannot widen past 14rem (it would squeeze the values).
 */
export function Facts({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[fit-content(14rem)_minmax(0,1fr)]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-slate-600">{term}</dt>
          <dd className="mb-2 min-w-0 wrap-anywhere text-slate-900 sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
