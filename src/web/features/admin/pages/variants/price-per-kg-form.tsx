// 'Sold by the kilo' on a product's page: the price of one kg, from which the server prices every
// variant by its weight (whole shillings while prices include VAT). Empty: each variant keeps the
// price typed for it.
import { useState, type FormEvent } from 'react';
import type { Cents } from '@/domain/money';
import { centsToDecimalString, typedAmountToCents } from '@/domain/money';
import { Button } from '@/web/components/ui/button';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { adminApi } from '../../admin-api';
import { TextInput } from '../../components/form-field';
import { apiFields } from './field-errors';

const INVALID = 'Enter the price of one kg in KES (more than 0, at most 2 decimals), or clear it to price each variant.';

export function PricePerKgForm({
  productId,
  pricePerKgCents,
  onSaved,
}: {
  productId: string;
  pricePerKgCents: Cents | null;
  onSaved: () => Promise<unknown>;
}) {
  const [text, setText] = useState(pricePerKgCents === null ? '' : centsToDecimalString(pricePerKgCents));
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const typed = text.trim();
    const cents = typed === '' ? null : typedAmountToCents(typed);
    if (typed !== '' && (cents === null || cents <= 0)) {
      setError(INVALID);
      return;
    }
    setBusy(true);
    try {
      await adminApi.setPricePerKg(productId, { pricePerKgCents: cents });
      setError(undefined);
      toast.success(cents === null ? 'Each variant keeps its own price.' : 'Variants priced from the price per kg.');
      await onSaved();
    } catch (err) {
      setError(apiFields(err).pricePerKg ?? apiFields(err).pricePerKgCents);
      toast.error(errorMessage(err, 'The price per kg could not be saved. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form noValidate aria-label="Sold by the kilo" className="flex flex-wrap items-end gap-3" onSubmit={submit}>
      <TextInput
        id={`price-per-kg-${productId}`}
        label="Price per kg (KES, optional)"
        hint="Sold by the kilo: each variant's price follows its weight. Leave empty to price each variant yourself."
        inputMode="decimal"
        value={text}
        error={error}
        onChange={(e) => setText(e.target.value)}
      />
      <Button type="submit" disabled={busy}>
        {busy ? 'Saving…' : 'Save price per kg'}
      </Button>
    </form>
  );
}
