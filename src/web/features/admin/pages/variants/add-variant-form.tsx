// Selling a new combination of a product's values: one value per option, with its price, opening
// stock (in kg, sent as grams, for a product keeping its stock in kg), weight and SKU.
import { useState, type FormEvent } from 'react';
import { toast } from '@/web/lib/toast';
import { errorMessage } from '@/web/lib/api';
import { variantRowFormSchema } from '@/domain/variant-forms';
import { STOCK_UNIT_MESSAGES, typedKgToGrams, type StockUnit } from '@/domain/stock-units';
import { Button } from '@/web/components/ui/button';
import { adminApi, type AdminOption } from '../../admin-api';
import { SelectInput, TextInput } from '../../components/form-field';
import { apiFields, zodFields, type FieldMessages } from './field-errors';

const EMPTY = { price: '', stock: '', weight: '', sku: '' };
const API_FIELD: Record<string, string> = { priceCents: 'price', weightGrams: 'weight', stock: 'stock', sku: 'sku', valueIds: 'values' };

/** Opening stock typed in kg: grams, 0 when empty, null when it is not kg. */
function openingGrams(text: string): number | null {
  if (text.trim() === '') return 0;
  const grams = typedKgToGrams(text);
  return grams === null || grams < 0 ? null : grams;
}

export function AddVariantForm({
  productId,
  options,
  stockUnit = 'piece',
  onSaved,
}: {
  productId: string;
  options: readonly AdminOption[];
  stockUnit?: StockUnit;
  onSaved(): Promise<void>;
}) {
  const firstValues = () => options.map((o) => o.values.find((v) => v.enabled)?.id ?? '');
  const [valueIds, setValueIds] = useState<string[]>(firstValues);
  const [draft, setDraft] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const inKg = stockUnit === 'kg';
    const parsed = variantRowFormSchema.safeParse(inKg ? { ...draft, stock: '' } : draft);
    const grams = inKg ? openingGrams(draft.stock) : 0;
    if (!parsed.success || grams === null) {
      setErrors({ ...(parsed.success ? {} : zodFields(parsed.error)), ...(grams === null && { stock: STOCK_UNIT_MESSAGES.kg }) });
      toast.error('Please check the new variant.');
      return;
    }
    setBusy(true);
    try {
      await adminApi.addVariant(productId, { valueIds, ...parsed.data, ...(inKg && { stock: grams }) });
      toast.success('Variant added.');
      setErrors({});
      setDraft(EMPTY);
      await onSaved();
    } catch (err) {
      setErrors(Object.fromEntries(Object.entries(apiFields(err)).map(([k, v]) => [API_FIELD[k] ?? k, v])));
      toast.error(errorMessage(err, 'The variant could not be added. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const text = (field: keyof typeof EMPTY, label: string, inputMode?: 'decimal' | 'numeric') => (
    <TextInput
      id={`new-variant-${field}`}
      label={label}
      inputMode={inputMode}
      value={draft[field]}
      error={errors[field]}
      onChange={(e) => setDraft((d) => ({ ...d, [field]: e.target.value }))}
    />
  );

  return (
    <form noValidate aria-label="Add a variant" className="space-y-3" onSubmit={submit}>
      <div className="grid gap-3 sm:grid-cols-3">
        {options.map((o, i) => (
          <SelectInput
            key={o.id}
            id={`new-variant-option-${i}`}
            label={o.name}
            value={valueIds[i] ?? ''}
            error={i === 0 ? errors.values : undefined}
            onChange={(e) => setValueIds((ids) => ids.map((id, j) => (j === i ? e.target.value : id)))}
          >
            {o.values.map((v) => (
              <option key={v.id} value={v.id}>
                {v.enabled ? v.value : `${v.value} (not sold)`}
              </option>
            ))}
          </SelectInput>
        ))}
      </div>
      <div className="grid gap-3 sm:grid-cols-4">
        {text('price', 'Price (KES)', 'decimal')}
        {stockUnit === 'kg' ? text('stock', 'Opening stock (kg)', 'decimal') : text('stock', 'Opening stock', 'numeric')}
        {text('weight', 'Weight in grams', 'numeric')}
        {text('sku', 'SKU')}
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? 'Adding…' : 'Add variant'}
      </Button>
    </form>
  );
}
