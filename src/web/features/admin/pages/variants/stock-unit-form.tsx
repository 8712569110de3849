// 'Stock kept' beside the price per kg: a product sold by the kilo counts its stock in pieces or in
// kg. The server converts every variant's stock at once (pieces × weight, or grams to whole pieces)
// and refuses while unpaid orders hold some of it; the answer says what became of the stock.
import { useState, type FormEvent } from 'react';
import { STOCK_UNIT_LABELS, STOCK_UNITS, type StockUnit } from '@/domain/stock-units';
import { Button } from '@/web/components/ui/button';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { adminApi } from '../../admin-api';
import { SelectInput } from '../../components/form-field';
import { apiFields } from './field-errors';

export function StockUnitForm({
  productId,
  stockUnit,
  onSaved,
}: {
  productId: string;
  stockUnit: StockUnit;
  onSaved: () => Promise<unknown>;
}) {
  const [unit, setUnit] = useState<StockUnit>(stockUnit);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await adminApi.setStockUnit(productId, { stockUnit: unit });
      setError(undefined);
      toast.success(unit === 'kg' ? 'Stock is now kept in kg.' : 'Stock is now kept in pieces.');
      await onSaved();
    } catch (err) {
      setError(apiFields(err).stockUnit);
      toast.error(errorMessage(err, 'The stock unit could not be changed. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form noValidate aria-label="Stock kept" className="flex flex-wrap items-end gap-3" onSubmit={submit}>
      <SelectInput
        id={`stock-unit-${productId}`}
        label="Stock kept"
        hint="In kg: restocks and counts are weighed, and each variant sells the whole pieces its kg make. Changing it converts every variant's stock."
        value={unit}
        error={error}
        onChange={(e) => setUnit(e.target.value as StockUnit)}
      >
        {STOCK_UNITS.map((u) => (
          <option key={u} value={u}>
            {STOCK_UNIT_LABELS[u]}
          </option>
        ))}
      </SelectInput>
      <Button type="submit" variant="outline" disabled={busy || unit === stockUnit}>
        {busy ? 'Saving…' : 'Change stock unit'}
      </Button>
    </form>
  );
}
