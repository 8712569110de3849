import { cartLinesForTotals, type CartLine } from '@/domain/cart';
import type { CartTotalsLine } from '@/domain/cart-totals';
import { formatKES, type Cents } from '@/domain/money';
import { NO_SMALL_ORDER_POLICY, totalsWithSmallOrder, type SmallOrderPolicy } from '@/domain/small-order';
import type { TaxBand } from '@/domain/tax-bands';
import { usePricesIncludeVat } from '../../../lib/shop-settings-query';
import { WeighedPriceNote } from '@/web/components/ui/weighed-price-note';
import { useCartText } from '../../../i18n/cart-text';

/**
 * Subtotal, VAT (per band when the cart mixes bands) and total from src/domain; the delivery fee once
 * the customer's area is priced (`delivery`), else 'Calculated at checkout'; and the area's minimum
 * order (how much more to add) or its small-order fee.
 */
export function OrderSummary({
  lines,
  delivery = null,
  promotion = null,
}: {
  lines: readonly CartLine[];
  delivery?: { feeCents: Cents; taxBand: TaxBand; placeName: string; smallOrder: SmallOrderPolicy } | null;
  /** A promotion applied in the cart: the lines with what it takes off each, its label, whether it waives the fee. */
  promotion?: { lines: CartTotalsLine[]; label: string; freeDelivery: boolean } | null;
}) {
  const t = useCartText();
  const { totals, smallOrder } = totalsWithSmallOrder(
    {
      lines: promotion?.lines ?? cartLinesForTotals(lines),
      waiveDeliveryFee: promotion?.freeDelivery ?? false,
      deliveryFeeCents: delivery?.feeCents ?? null,
      deliveryFeeTaxBand: delivery?.taxBand,
      pricesIncludeVat: usePricesIncludeVat(),
    },
    delivery?.smallOrder ?? NO_SMALL_ORDER_POLICY,
    delivery?.placeName ?? '',
  );
  const fee = totals.freeDelivery
    ? t('deliveryFree')
    : totals.deliveryFeeCents !== null
      ? formatKES(totals.deliveryFeeCents)
      : t('deliveryAtCheckout');
  const place = delivery?.placeName.trim() ?? '';
  const single = totals.vatRows.length === 1;
  const rows: [string, string, string][] = [
    [t('subtotal'), formatKES(totals.subtotalCents), 'subtotal'],
    ...(totals.discountCents > 0
      ? [[promotion?.label ?? t('discount'), `−${formatKES(totals.discountCents)}`, 'discount'] as [string, string, string]]
      : []),
    ...totals.vatRows.map((v): [string, string, string] => [v.label, formatKES(v.taxCents), single ? 'vat' : `vat-${v.band}`]),
    [t('delivery'), fee, 'delivery'],
    ...(smallOrder.kind === 'fee'
      ? [[t('smallOrderFee'), formatKES(smallOrder.feeCents), 'small-order-fee'] as [string, string, string]]
      : []),
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
          <dt>{t('total')}</dt>
          <dd data-testid="total">{formatKES(totals.totalCents)}</dd>
        </div>
      </dl>
      {smallOrder.kind === 'fee' && (
        <p className="text-slate-600">
          {t('smallOrderFeeNotice', { fee: formatKES(smallOrder.feeCents), minimum: formatKES(smallOrder.minimumCents) })}
        </p>
      )}
      {smallOrder.kind === 'below_minimum' && (
        <p role="alert" data-testid="minimum-order" className="rounded-md bg-amber-50 p-2 font-medium text-amber-900">
          {place
            ? t('minimumOrderTo', { place, minimum: formatKES(smallOrder.minimumCents), short: formatKES(smallOrder.shortCents) })
            : t('minimumOrder', { minimum: formatKES(smallOrder.minimumCents), short: formatKES(smallOrder.shortCents) })}
        </p>
      )}
      <WeighedPriceNote lines={lines} />
      {totals.amountToFreeDeliveryCents !== null && (
        <p className="rounded-md bg-brand-50 p-2 text-brand-800">
          {t('freeDeliveryPrompt', { amount: formatKES(totals.amountToFreeDeliveryCents) })}
        </p>
      )}
    </div>
  );
}
