// Options and variants as the shop shows them: a line's name, the chosen values' label, the price
// per kilogram of goods sold by weight, and which variant a choice of values picks.
import { formatKES, type Cents } from './money';

/** 'Tilapia — Large, Scaled & gutted'; a product without options keeps its own name. */
export function lineName(productName: string, variantName: string): string {
  return variantName === '' ? productName : `${productName} — ${variantName}`;
}

/** The values of a variant in option order: 'Large, Scaled & gutted'. */
export function variantLabel(values: readonly string[]): string {
  return values.join(', ');
}

/** The price of one kilogram at this price and weight, rounded to the shilling; null without a weight. */
export function pricePerKgCents(priceCents: Cents, weightGrams: number | null): Cents | null {
  if (weightGrams === null || !Number.isSafeInteger(weightGrams) || weightGrams <= 0) return null;
  return Math.round((priceCents * 1000) / weightGrams / 100) * 100;
}

/**
 * 'KES 1,900.00 / kg', or null for a variant without a weight. A product sold by the kilo gives its
 * own per-kg price (`soldPerKgCents`), which is shown as it is.
 */
export function pricePerKgText(priceCents: Cents, weightGrams: number | null, soldPerKgCents?: Cents): string | null {
  const perKg = soldPerKgCents ?? pricePerKgCents(priceCents, weightGrams);
  return perKg === null ? null : `${formatKES(perKg)} / kg`;
}

/** '1.2 kg' or '800 g'. */
export function weightText(weightGrams: number): string {
  return weightGrams >= 1000 ? `${Number((weightGrams / 1000).toFixed(2))} kg` : `${weightGrams} g`;
}

export interface VariantChoice {
  id: string;
  /** One value id per option kind, in the options' order. */
  optionValueIds: readonly string[];
}

/** The variant with exactly these values (one per option kind), if the shop sells it. */
export function variantFor<V extends VariantChoice>(variants: readonly V[], valueIds: readonly string[]): V | null {
  return variants.find((v) => v.optionValueIds.length === valueIds.length && v.optionValueIds.every((id, i) => id === valueIds[i])) ?? null;
}
