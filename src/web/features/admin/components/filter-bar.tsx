// The row of filters above a list: search, selects and a date range, wrapping on a tablet. Every
// change goes to the URL through useListParams, so the list can be reloaded, shared or gone back to.
import type { ReactNode } from 'react';
import { SelectInput, TextInput } from './form-field';

export function FilterBar({ children }: { children: ReactNode }) {
  return <div className="mb-4 flex flex-wrap items-end gap-3">{children}</div>;
}

/** [value, label]; the value '' means "no filter". */
export type FilterOption = readonly [value: string, label: string];

export function FilterSelect({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: readonly FilterOption[];
  onChange(value: string): void;
}) {
  return (
    <SelectInput id={id} label={label} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
      {options.map(([optionValue, text]) => (
        <option key={optionValue} value={optionValue}>
          {text}
        </option>
      ))}
    </SelectInput>
  );
}

/** From and to (Nairobi calendar days, both inclusive); each limits the other so the range never runs backwards. */
export function DateRangeFilter({
  idPrefix,
  from,
  to,
  onChange,
}: {
  idPrefix: string;
  from: string;
  to: string;
  onChange(changes: { from?: string; to?: string }): void;
}) {
  return (
    <>
      <TextInput id={`${idPrefix}-from`} label="From" type="date" value={from} max={to || undefined} onChange={(e) => onChange({ from: e.currentTarget.value })} />
      <TextInput id={`${idPrefix}-to`} label="To" type="date" value={to} min={from || undefined} onChange={(e) => onChange({ to: e.currentTarget.value })} />
    </>
  );
}
