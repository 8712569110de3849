// The product form's KRA item class: one of the classes in KRA's list (as the shop last fetched it),
// or the category's default. A class KRA does not list would have the product's sales refused, so
// only the list is offered; the server checks again.
import { useQuery } from '@tanstack/react-query';
import { forwardRef, type SelectHTMLAttributes } from 'react';
import { adminApi, type ItemClassChoices } from '../admin-api';
import { SelectInput } from '../components/form-field';

type Props = SelectHTMLAttributes<HTMLSelectElement> & {
  id: string;
  error?: string;
  /** The category typed in the form: its default class is the first choice. */
  category: string;
  /** The class the product has now (kept as a choice even if KRA's list no longer has it). */
  current: string | null;
};

const label = (code: string, choices: ItemClassChoices | undefined) => {
  const name = choices?.classes.find((c) => c.code === code)?.name;
  return name ? `${code} ${name}` : code;
};

export const ItemClassField = forwardRef<HTMLSelectElement, Props>(function ItemClassField({ category, current, ...field }, ref) {
  const choices = useQuery({ queryKey: ['admin', 'item-classes'], queryFn: adminApi.itemClasses, staleTime: 5 * 60_000 });
  const defaults = choices.data?.defaults;
  const fallback = defaults ? (defaults[category.trim().toLowerCase()] ?? defaults.default) : undefined;
  const listed = choices.data?.classes ?? [];
  return (
    <SelectInput
      ref={ref}
      label="KRA item class"
      hint={
        choices.data?.missing ??
        (choices.isError
          ? "KRA's list could not be loaded."
          : "KRA's class for this product on tax invoices. A change registers the item again.")
      }
      {...field}
    >
      <option value="">{fallback ? `Category default (${label(fallback, choices.data)})` : 'Category default'}</option>
      {current && !listed.some((c) => c.code === current) && <option value={current}>{current}</option>}
      {listed.map((c) => (
        <option key={c.code} value={c.code}>
          {c.code} {c.name}
        </option>
      ))}
    </SelectInput>
  );
});
