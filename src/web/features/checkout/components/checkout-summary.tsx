// The order summary at checkout: the cart lines and the totals from src/domain (the server computes
// the same numbers again from database prices when the order is created).
import type { CartLine } from '@/domain/cart';
import type { OrderTotals } from '@/domain/cart-totals';
import { formatKES, multiplyCents } from '@/domain/money';
import { WeighedPriceNote } from '@/web/components/ui/weighed-price-note';
import { useCheckoutText } from '@/web/i18n/checkout-text';

export function CheckoutSummary({
  lines,
  totals,
  feeStatus,
  discountLabel = null,
  pickup = false,
}: {
  lines: readonly CartLine[];
  totals: OrderTotals;
  feeStatus: string;
  /** 'Discount (FISHFRIDAY)' while a promotion takes something off the goods. */
  discountLabel?: string | null;
  /** Collected at the shop: no delivery fee. */
  pickup?: boolean;
}) {
  const t = useCheckoutText();
  const delivery = totals.deliveryFeeCents === null ? feeStatus : totals.freeDelivery ? t('free') : formatKES(totals.deliveryFeeCents);
  const single = totals.vatRows.length === 1;
  const rows: [string, string, string][] = [
    [t('subtotal'), formatKES(totals.subtotalCents), 'summary-subtotal'],
    ...(totals.discountCents > 0
      ? [[discountLabel ?? t('discount'), `−${formatKES(totals.discountCents)}`, 'summary-discount'] as [string, string, string]]
      : []),
    // 'VAT (16%)' as always with one band; one line per band when the order mixes them.
    ...totals.vatRows.map((v): [string, string, string] => [
      v.label,
      formatKES(v.taxCents),
      single ? 'summary-vat' : `summary-vat-${v.band}`,
    ]),
    pickup ? [t('pickupAtShop'), t('noDeliveryFee'), 'summary-delivery'] : [t('delivery'), delivery, 'summary-delivery'],
    // Below the zone's minimum with its fee: a line of its own, taxed like the delivery fee.
    ...(totals.smallOrderFeeCents > 0
      ? [[t('smallOrderFee'), formatKES(totals.smallOrderFeeCents), 'summary-small-order-fee'] as [string, string, string]]
      : []),
  ];
  return (
    <section aria-labelledby="summary-heading" className="space-y-4">
      <h2 id="summary-heading" className="text-lg font-semibold">
        {t('orderSummary')}
      </h2>
      <ul className="divide-y divide-slate-200 text-sm">
        {lines.map((line) => (
          <li key={line.productId} className="flex justify-between gap-4 py-2">
            <span>
              {line.name} <span className="text-slate-600">× {line.quantity}</span>
            </span>
            <span>{formatKES(multiplyCents(line.priceCents, line.quantity))}</span>
          </li>
        ))}
      </ul>
      <dl className="space-y-2 text-sm">
        {rows.map(([label, value, testId]) => (
          <div key={testId} className="flex justify-between gap-4">
            <dt className="text-slate-600">{label}</dt>
            <dd data-testid={testId}>{value}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-base font-bold">
          <dt>{t('total')}</dt>
          <dd data-testid="summary-total">{formatKES(totals.totalCents)}</dd>
        </div>
      </dl>
      <WeighedPriceNote lines={lines} />
    </section>
  );
}
