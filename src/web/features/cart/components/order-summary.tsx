import { cartLinesForTotals, type CartLine } from '@/domain/cart';
import { computeCartTotals, freeDeliveryPrompt } from '@/domain/cart-totals';
import { formatKES, type Cents } from '@/domain/money';

/** Subtotal, VAT 16%, the delivery fee once the customer's area is priced, and total from src/domain. */
export function OrderSummary({ lines, deliveryFeeCents = null }: { lines: readonly CartLine[]; deliveryFeeCents?: Cents | null }) {
  const totals = computeCartTotals({ lines: cartLinesForTotals(lines), deliveryFeeCents });
  const rows: [string, string, string][] = [
    ['Subtotal', formatKES(totals.subtotalCents), 'subtotal'],
    ['VAT (16%)', formatKES(totals.vatCents), 'vat'],
    [
      'Delivery',
      totals.freeDelivery ? 'FREE' : totals.deliveryFeeCents !== null ? formatKES(totals.deliveryFeeCents) : 'Calculated at checkout',
      'delivery',
    ],
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
      {totals.amountToFreeDeliveryCents !== null && (
        <p className="rounded-md bg-brand-50 p-2 text-brand-800">{freeDeliveryPrompt(totals.amountToFreeDeliveryCents)}</p>
      )}
    </div>
  );
}
