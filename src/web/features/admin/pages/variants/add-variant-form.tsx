// Selling a new combination of a product's values: one value per option, with its price, opening
// stock, weight and SKU.
import { useState, type FormEvent } from 'react';
import { toast } from '@/web/lib/toast';
import { errorMessage } from '@/web/lib/api';
import { variantRowFormSchema } from '@/domain/variant-forms';
import { Button } from '@/web/components/ui/button';
import { adminApi, type AdminOption } from '../../admin-api';
import { SelectInput, TextInput } from '../../components/form-field';
import { apiFields, zodFields, type FieldMessages } from './field-errors';

const EMPTY = { price: '', stock: '', weight: '', sku: '' };
const API_FIELD: Record<string, string> = { priceCents: 'price', weightGrams: 'weight', stock: 'stock', sku: 'sku', valueIds: 'values' };

export function AddVariantForm({
  productId,
  options,
  onSaved,
}: {
  productId: string;
  options: readonly AdminOption[];
  onSaved(): Promise<void>;
}) {
  const firstValues = () => options.map((o) => o.values.find((v) => v.enabled)?.id ?? '');
  const [valueIds, setValueIds] = useState<string[]>(firstValues);
  const [draft, setDraft] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = variantRowFormSchema.safeParse(draft);
    if (!parsed.success) {
      setErrors(zodFields(parsed.error));
      toast.error('Please check the new variant.');
      return;
    }
    setBusy(true);
    try {
      await adminApi.addVariant(productId, { valueIds, ...parsed.data });
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
        {text('stock', 'Opening stock', 'numeric')}
        {text('weight', 'Weight in grams', 'numeric')}
        {text('sku', 'SKU')}
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? 'Adding…' : 'Add variant'}
      </Button>
    </form>
  );
}
