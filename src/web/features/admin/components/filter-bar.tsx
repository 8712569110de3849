// The row of filters above a list: search, selects and a date range, wrapping on a tablet. Every
// change goes to the URL through useListParams, so the list can be reloaded, shared or gone back to.
import { useState, type ReactNode } from 'react';
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

const DATE_RANGE_MESSAGES = {
  from: 'From must be on or before To',
  to: 'To must be on or after From',
} as const;

type DateField = 'from' | 'to';

/**
 * From and to (Nairobi calendar days, both inclusive). min/max keep the pickers in order; a date
 * typed the wrong way round is not applied (the list keeps its range) and is explained under the
 * field. A range already backwards in the address (an edited link) is explained under From, and
 * useAdminList does not send it.
 */
export function DateRangeFilter({
  idPrefix,
  from,
  to,
  onChange,
}: {
  idPrefix: string;
  from: string;
  to: string;
  onChange(changes: { from: string; to: string }): void;
}) {
  // The fields' text while it is backwards; it belongs to the range it was typed against, so
  // Back or a cleared filter shows the address's range again.
  const base = `${from}|${to}`;
  const [draft, setDraft] = useState<{ base: string; from: string; to: string; changed: DateField } | null>(null);
  const shown = draft?.base === base ? draft : { from, to, changed: 'from' as DateField };
  const backwards = Boolean(shown.from && shown.to && shown.from > shown.to);
  const change = (field: DateField, value: string) => {
    const next = { base, from: shown.from, to: shown.to, [field]: value, changed: field };
    if (next.from && next.to && next.from > next.to) {
      setDraft(next);
      return;
    }
    setDraft(null);
    onChange({ from: next.from, to: next.to });
  };
  const error = (field: DateField) => (backwards && shown.changed === field ? DATE_RANGE_MESSAGES[field] : undefined);
  return (
    <>
      <TextInput
        id={`${idPrefix}-from`}
        label="From"
        type="date"
        value={shown.from}
        max={to || undefined}
        error={error('from')}
        onChange={(e) => change('from', e.currentTarget.value)}
      />
      <TextInput
        id={`${idPrefix}-to`}
        label="To"
        type="date"
        value={shown.to}
        min={from || undefined}
        error={error('to')}
        onChange={(e) => change('to', e.currentTarget.value)}
      />
    </>
  );
}

/** Whether a list's from/to filter is the wrong way round (then the list is not requested). */
export function datesBackwards(values: Partial<Record<string, string>>): boolean {
  return Boolean(values.from && values.to && values.from > values.to);
}
