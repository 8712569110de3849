// Giving a product without options its option kinds (up to three), their values, and the
// combinations it sells, each with its price, opening stock, weight and SKU.
import { useState, type FormEvent } from 'react';
import { toast } from '@/web/lib/toast';
import { errorMessage } from '@/web/lib/api';
import { centsToDecimalString } from '@/domain/money';
import { newOptionsSchema, optionCombinations, VARIANT_LIMITS, variantRowFormSchema } from '@/domain/variant-forms';
import { variantLabel } from '@/domain/product-variants';
import { Button } from '@/web/components/ui/button';
import { adminApi, type AdminProduct, type NewOptionsBody } from '../../admin-api';
import { TextInput } from '../../components/form-field';
import { CellInput } from './cell-input';
import { apiFields, zodFields, type FieldMessages } from './field-errors';

interface KindDraft {
  name: string;
  /** The values as typed, separated by commas. */
  values: string;
}

interface RowDraft {
  sell: boolean;
  price: string;
  stock: string;
  weight: string;
  sku: string;
}

const valuesOf = (text: string) =>
  text
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');

// The form's names for the API's fields of a row.
const ROW_FIELD: Record<string, keyof RowDraft> = {
  priceCents: 'price',
  stock: 'stock',
  weightGrams: 'weight',
  sku: 'sku',
  values: 'sell',
};

export function NewOptionsForm({ product, onSaved }: { product: AdminProduct; onSaved(): Promise<void> }) {
  const [kinds, setKinds] = useState<KindDraft[]>([{ name: '', values: '' }]);
  const [rows, setRows] = useState<Record<string, RowDraft>>({});
  const [errors, setErrors] = useState<FieldMessages>({});
  const [busy, setBusy] = useState(false);

  const combos = optionCombinations(kinds.map((k) => valuesOf(k.values)));
  const blankRow: RowDraft = { sell: true, price: centsToDecimalString(product.priceCents), stock: '', weight: '', sku: '' };
  const rowOf = (values: string[]) => rows[JSON.stringify(values)] ?? blankRow;
  const setRow = (values: string[], change: Partial<RowDraft>) =>
    setRows((all) => ({ ...all, [JSON.stringify(values)]: { ...(all[JSON.stringify(values)] ?? blankRow), ...change } }));
  const setKind = (i: number, change: Partial<KindDraft>) => setKinds((all) => all.map((k, j) => (j === i ? { ...k, ...change } : k)));

  /** The API's messages under the form's fields: a sold row's index becomes its combination's. */
  const showErrors = (fields: FieldMessages, sold: string[][]) => {
    const out: FieldMessages = {};
    for (const [path, message] of Object.entries(fields)) {
      const [head, index, field] = path.split('.');
      if (head === 'variants' && index !== undefined && field !== undefined) {
        const combo = combos.findIndex((c) => JSON.stringify(c) === JSON.stringify(sold[Number(index)]));
        out[`row.${combo}.${ROW_FIELD[field] ?? 'sell'}`] ??= message;
      } else if (head === 'options' && index !== undefined) {
        out[`kind.${index}.${field === 'name' ? 'name' : 'values'}`] ??= message;
      } else out[head ?? '_'] ??= message;
    }
    setErrors(out);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const sold = combos.filter((c) => rowOf(c).sell);
    const rowErrors: FieldMessages = {};
    const variants: NewOptionsBody['variants'] = [];
    for (const values of sold) {
      const parsed = variantRowFormSchema.safeParse(rowOf(values));
      if (parsed.success) variants.push({ values, ...parsed.data });
      else {
        const combo = combos.indexOf(values);
        for (const [field, message] of Object.entries(zodFields(parsed.error))) rowErrors[`row.${combo}.${field}`] = message;
      }
    }
    const body = { options: kinds.map((k) => ({ name: k.name, values: valuesOf(k.values) })), variants };
    const checked = newOptionsSchema.safeParse(body);
    if (Object.keys(rowErrors).length > 0 || !checked.success) {
      showErrors(checked.success ? {} : zodFields(checked.error), sold);
      setErrors((e) => ({ ...e, ...rowErrors }));
      toast.error('Please check the options and the combinations.');
      return;
    }
    setBusy(true);
    try {
      await adminApi.addOptions(product.id, body);
      toast.success(`${product.name} now has options.`);
      await onSaved();
    } catch (err) {
      showErrors(apiFields(err), sold);
      toast.error(errorMessage(err, 'The options could not be saved. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate aria-label="Give the product options" className="space-y-4" onSubmit={submit}>
      <p className="text-sm text-slate-700">
        Sell this product in sizes, preparations or kinds: name up to three options with their values, then choose the combinations to sell.
      </p>
      {kinds.map((kind, i) => (
        <fieldset key={i} className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-[12rem_1fr_auto] sm:items-start">
          <legend className="px-1 text-sm font-semibold text-slate-900">Option {i + 1}</legend>
          <TextInput
            id={`new-option-${i}-name`}
            label="Name"
            placeholder="e.g. Size"
            value={kind.name}
            error={errors[`kind.${i}.name`]}
            onChange={(e) => setKind(i, { name: e.target.value })}
          />
          <TextInput
            id={`new-option-${i}-values`}
            label="Values, separated by commas"
            placeholder="e.g. Small, Medium, Large"
            value={kind.values}
            error={errors[`kind.${i}.values`]}
            onChange={(e) => setKind(i, { values: e.target.value })}
          />
          {kinds.length > 1 && (
            <Button variant="outline" className="sm:mt-6" onClick={() => setKinds((all) => all.filter((_, j) => j !== i))}>
              Remove option {i + 1}
            </Button>
          )}
        </fieldset>
      ))}
      {errors.options && <p className="text-sm text-red-700">{errors.options}</p>}
      {kinds.length < VARIANT_LIMITS.optionKinds && (
        <Button variant="outline" onClick={() => setKinds((all) => [...all, { name: '', values: '' }])}>
          Add another option
        </Button>
      )}
      {combos.length > 0 && (
        <div role="region" aria-label="Combinations to sell" tabIndex={0} className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Combinations to sell, with price, opening stock, weight and SKU</caption>
            <thead className="bg-slate-100 text-slate-700">
              <tr>
                <th scope="col" className="px-2 py-2">
                  Sell
                </th>
                <th scope="col" className="px-2 py-2">
                  Combination
                </th>
                <th scope="col" className="px-2 py-2">
                  Price (KES)
                </th>
                <th scope="col" className="px-2 py-2">
                  Opening stock
                </th>
                <th scope="col" className="px-2 py-2">
                  Weight (g)
                </th>
                <th scope="col" className="px-2 py-2">
                  SKU
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {combos.map((values, c) => {
                const row = rowOf(values);
                const name = variantLabel(values);
                const cell = (field: 'price' | 'stock' | 'weight' | 'sku', label: string, inputMode?: 'decimal' | 'numeric') => (
                  <td className="px-2 py-1 align-top">
                    <CellInput
                      id={`combo-${c}-${field}`}
                      label={`${label} of ${name}`}
                      inputMode={inputMode}
                      value={row[field]}
                      disabled={!row.sell}
                      error={errors[`row.${c}.${field}`]}
                      onChange={(e) => setRow(values, { [field]: e.target.value })}
                    />
                  </td>
                );
                return (
                  <tr key={JSON.stringify(values)}>
                    <td className="px-2 py-1 align-top">
                      <input
                        type="checkbox"
                        className="size-5"
                        aria-label={`Sell ${name}`}
                        checked={row.sell}
                        onChange={(e) => setRow(values, { sell: e.target.checked })}
                      />
                    </td>
                    <th scope="row" className="px-2 py-1 align-top font-medium text-slate-900">
                      {name}
                      {errors[`row.${c}.sell`] && <p className="text-sm font-normal text-red-700">{errors[`row.${c}.sell`]}</p>}
                    </th>
                    {cell('price', 'Price (KES)', 'decimal')}
                    {cell('stock', 'Opening stock', 'numeric')}
                    {cell('weight', 'Weight in grams', 'numeric')}
                    {cell('sku', 'SKU')}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {errors.variants && <p className="text-sm text-red-700">{errors.variants}</p>}
      <Button type="submit" disabled={busy}>
        {busy ? 'Saving…' : 'Save options and variants'}
      </Button>
    </form>
  );
}
