// A product's variants with their price, SKU, weight and whether they are sold, each row saved on
// its own; 'Stock' opens the variant's stock panel (stock changes only through the ledger).
import { useState, type FormEvent } from 'react';
import { toast } from '@/web/lib/toast';
import { errorMessage } from '@/web/lib/api';
import { centsToDecimalString } from '@/domain/money';
import { variantRowFormSchema } from '@/domain/variant-forms';
import { formatStock, piecesAvailable, type StockUnit } from '@/domain/stock-units';
import { Button } from '@/web/components/ui/button';
import { adminApi, type AdminVariant } from '../../admin-api';
import { CellInput } from './cell-input';
import { apiFields, zodFields, type FieldMessages } from './field-errors';
import { Badge } from '@/web/components/ui/badge';

// The API's names of a row's fields, as the row names them.
const ROW_FIELD: Record<string, string> = {
  priceCents: 'price',
  compareAtPriceCents: 'compareAt',
  weightGrams: 'weight',
  sku: 'sku',
  enabled: 'enabled',
};

function VariantRow({
  productId,
  variant,
  stockUnit,
  lowStockThreshold,
  stockShown,
  onStock,
  onSaved,
}: {
  productId: string;
  variant: AdminVariant;
  /** The product's: the variant's stock and the threshold are grams while it counts in kg. */
  stockUnit: StockUnit;
  lowStockThreshold: number;
  stockShown: boolean;
  onStock(): void;
  onSaved(): Promise<void>;
}) {
  const [draft, setDraft] = useState({
    price: centsToDecimalString(variant.priceCents),
    compareAt: variant.compareAtPriceCents === null ? '' : centsToDecimalString(variant.compareAtPriceCents),
    weight: variant.weightGrams === null ? '' : String(variant.weightGrams),
    sku: variant.sku ?? '',
    enabled: variant.enabled,
  });
  const [errors, setErrors] = useState<FieldMessages>({});
  const [busy, setBusy] = useState(false);
  const formId = `variant-${variant.id}`;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = variantRowFormSchema.safeParse({ ...draft, stock: '' });
    if (!parsed.success) {
      setErrors(zodFields(parsed.error));
      toast.error(`Please check ${variant.name}.`);
      return;
    }
    const { priceCents, weightGrams, sku, compareAtPriceCents } = parsed.data;
    setBusy(true);
    try {
      await adminApi.updateVariant(productId, variant.id, { priceCents, compareAtPriceCents, weightGrams, sku, enabled: draft.enabled });
      setErrors({});
      toast.success(`${variant.name} saved.`);
      await onSaved();
    } catch (err) {
      setErrors(Object.fromEntries(Object.entries(apiFields(err)).map(([k, v]) => [ROW_FIELD[k] ?? k, v])));
      toast.error(errorMessage(err, `${variant.name} could not be saved. Please try again.`));
    } finally {
      setBusy(false);
    }
  };

  const cell = (field: 'price' | 'compareAt' | 'weight' | 'sku', label: string, header: string, inputMode?: 'decimal' | 'numeric') => (
    <td className="px-2 py-1 align-top" data-label={header}>
      <CellInput
        id={`${formId}-${field}`}
        form={formId}
        label={`${label} of ${variant.name}`}
        inputMode={inputMode}
        value={draft[field]}
        error={errors[field]}
        onChange={(e) => setDraft((d) => ({ ...d, [field]: e.target.value }))}
      />
    </td>
  );

  return (
    <tr>
      <th scope="row" className="px-2 py-1 align-top font-medium text-slate-900">
        {variant.name}
        {/* The row's own form: inputs in other cells join it by their form attribute. */}
        <form id={formId} noValidate aria-label={`Edit ${variant.name}`} onSubmit={save} />
      </th>
      {cell('price', 'Price (KES)', 'Price (KES)', 'decimal')}
      {cell('compareAt', "'Was' price (KES)", 'Was (KES)', 'decimal')}
      {cell('weight', 'Weight in grams', 'Weight (g)', 'numeric')}
      {cell('sku', 'SKU', 'SKU')}
      <td className="px-2 py-1 align-top" data-label="Sold">
        <input
          type="checkbox"
          form={formId}
          className="size-5"
          aria-label={`Sell ${variant.name}`}
          checked={draft.enabled}
          onChange={(e) => setDraft((d) => ({ ...d, enabled: e.target.checked }))}
        />
        {errors.enabled && <p className="text-sm text-red-700">{errors.enabled}</p>}
      </td>
      <td className="px-2 py-1 text-right align-top tabular-nums" data-label="In stock">
        {formatStock(stockUnit, variant.stock)}
        {stockUnit === 'kg' && (
          <span className="block text-sm text-slate-700">{piecesAvailable('kg', variant.stock, variant.weightGrams)} whole pieces</span>
        )}
        {variant.enabled && variant.stock <= lowStockThreshold && (
          <Badge tone="warning" className="ml-2">
            {variant.stock === 0 ? 'Out of stock' : 'Low stock'}
          </Badge>
        )}
      </td>
      <td className="space-x-2 px-2 py-1 align-top whitespace-nowrap" data-label="Actions">
        <Button type="submit" form={formId} size="sm" disabled={busy} aria-label={`Save ${variant.name}`}>
          {busy ? 'Saving…' : 'Save'}
        </Button>
        <Button
          size="sm"
          variant={stockShown ? 'secondary' : 'outline'}
          aria-pressed={stockShown}
          aria-label={`Stock of ${variant.name}`}
          onClick={onStock}
        >
          Stock
        </Button>
      </td>
    </tr>
  );
}

export function VariantsTable({
  productId,
  variants,
  stockUnit,
  lowStockThreshold,
  stockVariantId,
  onStock,
  onSaved,
}: {
  productId: string;
  variants: readonly AdminVariant[];
  stockUnit: StockUnit;
  /** The product's threshold, in its stock unit: a variant at or under it is low. */
  lowStockThreshold: number;
  stockVariantId: string | null;
  onStock(variantId: string): void;
  onSaved(): Promise<void>;
}) {
  return (
    <div role="region" aria-label="Variants" tabIndex={0} className="overflow-x-auto">
      {/* On a phone each row is a stack of 'header: value' lines (.stack-table in styles.css). */}
      <table className="stack-table w-full text-left text-sm">
        <caption className="sr-only">Variants with their price, 'was' price, weight, SKU, whether they are sold, and stock</caption>
        <thead className="bg-slate-100 text-slate-700">
          <tr>
            {['Variant', 'Price (KES)', 'Was (KES)', 'Weight (g)', 'SKU', 'Sold'].map((h) => (
              <th key={h} scope="col" className="px-2 py-2">
                {h}
              </th>
            ))}
            <th scope="col" className="px-2 py-2 text-right">
              In stock
            </th>
            <th scope="col" className="px-2 py-2">
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {variants.map((v) => (
            <VariantRow
              key={`${v.id}:${v.priceCents}:${v.compareAtPriceCents}:${v.weightGrams}:${v.sku}:${v.enabled}:${v.name}`}
              productId={productId}
              variant={v}
              stockUnit={stockUnit}
              lowStockThreshold={lowStockThreshold}
              stockShown={stockVariantId === v.id}
              onStock={() => onStock(v.id)}
              onSaved={onSaved}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
