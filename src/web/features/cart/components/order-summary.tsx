import { cartLinesForTotals, type CartLine } from '@/domain/cart';
import { freeDeliveryPrompt, type CartTotalsLine } from '@/domain/cart-totals';
import { formatKES, type Cents } from '@/domain/money';
import {
  NO_SMALL_ORDER_POLICY,
  SMALL_ORDER_FEE_LABEL,
  smallOrderFeeNotice,
  totalsWithSmallOrder,
  type SmallOrderPolicy,
} from '@/domain/small-order';
import type { TaxBand } from '@/domain/tax-bands';
import { usePricesIncludeVat } from '../../../lib/shop-settings-query';
import { WeighedPriceNote } from '@/web/components/ui/weighed-price-note';

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
    ? 'FREE'
    : totals.deliveryFeeCents !== null
      ? formatKES(totals.deliveryFeeCents)
      : 'Calculated at checkout';
  const single = totals.vatRows.length === 1;
  const rows: [string, string, string][] = [
    ['Subtotal', formatKES(totals.subtotalCents), 'subtotal'],
    ...(totals.discountCents > 0
      ? [[promotion?.label ?? 'Discount', `−${formatKES(totals.discountCents)}`, 'discount'] as [string, string, string]]
      : []),
    ...totals.vatRows.map((v): [string, string, string] => [v.label, formatKES(v.taxCents), single ? 'vat' : `vat-${v.band}`]),
    ['Delivery', fee, 'delivery'],
    ...(smallOrder.kind === 'fee'
      ? [[SMALL_ORDER_FEE_LABEL, formatKES(smallOrder.feeCents), 'small-order-fee'] as [string, string, string]]
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
          <dt>Total</dt>
          <dd data-testid="total">{formatKES(totals.totalCents)}</dd>
        </div>
      </dl>
      {smallOrder.kind === 'fee' && <p className="text-slate-600">{smallOrderFeeNotice(smallOrder)}</p>}
      {smallOrder.kind === 'below_minimum' && (
        <p role="alert" data-testid="minimum-order" className="rounded-md bg-amber-50 p-2 font-medium text-amber-900">
          {smallOrder.message}
        </p>
      )}
      <WeighedPriceNote lines={lines} />
      {totals.amountToFreeDeliveryCents !== null && (
        <p className="rounded-md bg-brand-50 p-2 text-brand-800">{freeDeliveryPrompt(totals.amountToFreeDeliveryCents)}</p>
      )}
    </div>
  );
}
