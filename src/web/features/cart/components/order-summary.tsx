import { cartLinesForTotals, type CartLine } from '@/domain/cart';
import { computeOrderTotals, freeDeliveryPrompt } from '@/domain/cart-totals';
import { formatKES, type Cents } from '@/domain/money';
import type { TaxBand } from '@/domain/tax-bands';
import { usePricesIncludeVat } from '../../../lib/shop-settings-query';
import { WeighedPriceNote } from '@/web/components/ui/weighed-price-note';

/**
 * Subtotal, VAT (per band when the cart mixes bands) and total from src/domain; the delivery fee once
 * the customer's area is priced (`delivery`), else 'Calculated at checkout'.
 */
export function OrderSummary({
  lines,
  delivery = null,
}: {
  lines: readonly CartLine[];
  delivery?: { feeCents: Cents; taxBand: TaxBand } | null;
}) {
  const totals = computeOrderTotals({
    lines: cartLinesForTotals(lines),
    deliveryFeeCents: delivery?.feeCents ?? null,
    deliveryFeeTaxBand: delivery?.taxBand,
    pricesIncludeVat: usePricesIncludeVat(),
  });
  const fee = totals.freeDelivery
    ? 'FREE'
    : totals.deliveryFeeCents !== null
      ? formatKES(totals.deliveryFeeCents)
      : 'Calculated at checkout';
  const single = totals.vatRows.length === 1;
  const rows: [string, string, string][] = [
    ['Subtotal', formatKES(totals.subtotalCents), 'subtotal'],
    ...totals.vatRows.map((v): [string, string, string] => [v.label, formatKES(v.taxCents), single ? 'vat' : `vat-${v.band}`]),
    ['Delivery', fee, 'delivery'],
  ];
  return (
    <div className="space-y-3 text-sm">
      <dl className="space-y-2">
        {rows.map(([label, value, id]) => (
          <div key={id} className="flex justify-between gap-4">
            <dt className="text-slate-600">{label}</dt>
            <dd data-testid={id}>{value}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-base font-bold">
          <dt>Total</dt>
          <dd data-testid="total">{formatKES(totals.totalCents)}</dd>
        </div>
      </dl>
      <WeighedPriceNote lines={lines} />
      {totals.amountToFreeDeliveryCents !== null && (
        <p className="rounded-md bg-brand-50 p-2 text-brand-800">{freeDeliveryPrompt(totals.amountToFreeDeliveryCents)}</p>
      )}
    </div>
  );
}
