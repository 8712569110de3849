import { formatKES, type Cents } from '@/domain/money';
import { pricePerKgCents } from '@/domain/product-variants';

/**
 * The price of one kilogram as formatKES writes it, for the catalogues' '{price} / kg' (the same
 * figure as pricePerKgText's); null for a variant without a weight.
 */
export function perKgPrice(priceCents: Cents, weightGrams: number | null, soldPerKgCents?: Cents): string | null {
  const perKg = soldPerKgCents ?? pricePerKgCents(priceCents, weightGrams);
  return perKg === null ? null : formatKES(perKg);
}
