// Lines sold by the kilo are priced at their nominal weight and weighed when packed: before paying,
// the customer reads that the price shown is the most they pay.
import type { CartLine } from '@/domain/cart';
import { WEIGHED_PRICE_RULE } from '@/domain/weighed-price';

export function WeighedPriceNote({ lines }: { lines: readonly Pick<CartLine, 'pricePerKgCents'>[] }) {
  if (!lines.some((l) => l.pricePerKgCents !== undefined)) return null;
  return (
    <p className="rounded-md bg-slate-50 p-2 text-sm text-slate-700" data-testid="weighed-price-note">
      Prices of items sold by weight are estimates. {WEIGHED_PRICE_RULE}
    </p>
  );
}
