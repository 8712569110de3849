// The arithmetic of a tax invoice as KRA's eTIMS reads it: five tax bands (A exempt, B 16 %,
// C zero-rated, D non-VAT, E 8 %), prices that include the tax, and per line
//   taxable = round(gross / (1 + rate)), tax = gross − taxable, total = gross,
// with the bands' taxable amounts and taxes the sums of their lines'. Every amount is integer cents,
// so a band's taxable amount plus its tax is its lines' total to the cent by construction.
import { divideRounded, toSafeInteger } from './decimal';
import { multiplyCents, sumCents, type Cents } from './money';
import { TAX_BANDS, type TaxBand } from './tax-bands';

/** Rates by band in basis points (1600 = 16 %): KRA's code list is the authority, the shop's TAX_BAND_RATE_BP the default. */
export type BandRates = Readonly<Record<TaxBand, number>>;

/** Splits a tax-inclusive amount: taxable = gross / (1 + rate) rounded half-up to the cent; tax is the rest. */
export function splitInclusive(grossCents: Cents, rateBp: number): { taxableCents: Cents; taxCents: Cents } {
  if (!Number.isSafeInteger(grossCents) || grossCents < 0) throw new RangeError(`Amount must be a non-negative integer, got ${grossCents}`);
  if (!Number.isSafeInteger(rateBp) || rateBp < 0) throw new RangeError(`Rate must be a non-negative integer, got ${rateBp}`);
  const taxableCents = toSafeInteger(divideRounded(BigInt(grossCents) * 10_000n, BigInt(10_000 + rateBp)));
  return { taxableCents, taxCents: grossCents - taxableCents };
}

/**
 * Shares `total` between `weights` in proportion, to the cent, the shares summing to `total`
 * (largest remainders get the leftover cents; ties go to the earlier weight).
 */
export function allocateCents(total: Cents, weights: readonly Cents[]): Cents[] {
  const sum = sumCents(weights);
  if (sum === 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const exact = weights.map((w) => BigInt(total) * BigInt(w));
  const shares = exact.map((e) => e / BigInt(sum));
  let left = total - toSafeInteger(shares.reduce((a, b) => a + b, 0n));
  const order = exact
    .map((e, i) => ({ i, rest: e % BigInt(sum) }))
    .sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  const result = shares.map((s) => toSafeInteger(s));
  for (const { i } of order) {
    if (left <= 0) break;
    result[i] = (result[i] ?? 0) + 1;
    left -= 1;
  }
  return result;
}

/** One line of what was sold: its item, how many, what the customer paid for them (tax included), its band. */
export interface InvoiceLineInput {
  itemKey: string;
  name: string;
  /** Pieces sold. */
  quantity: number;
  grossCents: Cents;
  band: TaxBand;
  /** What a promotion took off the line, tax included: the line was priced gross + discount, paid gross. */
  discountCents?: Cents;
  /** An item counted in kg: the grams the pieces weighed as sold; KRA reads the line in kg at a price per kg. */
  grams?: number;
}

interface PricedInvoiceLine {
  itemKey: string;
  name: string;
  /** KRA's quantity: pieces, or kg (grams / 1000, 3 decimals at most) for an item counted in kg. */
  quantity: number;
  /**
   * Tax included, per piece or per kg; quantity × unit price is the supply amount exactly for
   * pieces, and within half a cent for kg (what KRA's check allows).
   */
  unitPriceCents: Cents;
  /** quantity × unit price: what the line costs before its discount. */
  supplyCents: Cents;
  /** Off the supply amount; the line's total is supply − discount, and its tax is split out of that. */
  discountCents: Cents;
  band: TaxBand;
  taxableCents: Cents;
  taxCents: Cents;
  totalCents: Cents;
}

interface BandTotal {
  rateBp: number;
  taxableCents: Cents;
  taxCents: Cents;
}

export interface PricedInvoice {
  lines: PricedInvoiceLine[];
  bands: Record<TaxBand, BandTotal>;
  totalTaxableCents: Cents;
  totalTaxCents: Cents;
  totalCents: Cents;
}

/**
 * The invoice's lines and band totals. KRA's line carries a unit price with quantity × price equal
 * to the supply amount, so a line whose amount does not divide by its quantity (a shared cent of
 * rounding) becomes two lines of the same item: most units at the lower price, the rest one cent dearer.
 * A line in kg is split the same way by grams: most grams at the lower price per kg, the rest at
 * one cent more a kg, the two supply amounts adding up to the line's amount exactly (each within
 * half a cent of its quantity × price).
 */
export function priceInvoice(inputs: readonly InvoiceLineInput[], rates: BandRates): PricedInvoice {
  const lines: PricedInvoiceLine[] = [];
  for (const input of inputs) {
    if (!Number.isSafeInteger(input.quantity) || input.quantity <= 0)
      throw new RangeError(`Quantity must be positive, got ${input.quantity}`);
    if (!Number.isSafeInteger(input.grossCents) || input.grossCents < 0)
      throw new RangeError(`Amount must be non-negative, got ${input.grossCents}`);
    const discount = input.discountCents ?? 0;
    if (!Number.isSafeInteger(discount) || discount < 0) throw new RangeError(`Discount must be non-negative, got ${discount}`);
    // Priced at what the line costs before its discount; the discount is then shared over the parts.
    const listed = { ...input, grossCents: input.grossCents + discount };
    const parts: { quantity: number; unitPriceCents: Cents; supplyCents: Cents }[] = [];
    const part = (_: InvoiceLineInput, quantity: number, unitPriceCents: Cents, supplyCents: Cents) => {
      parts.push({ quantity, unitPriceCents, supplyCents });
    };
    if (input.grams !== undefined) priceByTheKilo(listed, input.grams, part);
    else {
      const unit = Math.floor(listed.grossCents / input.quantity);
      const dearer = listed.grossCents - unit * input.quantity;
      if (input.quantity - dearer > 0) part(listed, input.quantity - dearer, unit, multiplyCents(unit, input.quantity - dearer));
      if (dearer > 0) part(listed, dearer, unit + 1, multiplyCents(unit + 1, dearer));
    }
    const discounts =
      discount > 0
        ? allocateCents(
            discount,
            parts.map((p) => p.supplyCents),
          )
        : parts.map(() => 0);
    parts.forEach((p, i) => {
      const discountCents = discounts[i] ?? 0;
      const totalCents = p.supplyCents - discountCents;
      const { taxableCents, taxCents } = splitInclusive(totalCents, rates[input.band]);
      lines.push({ itemKey: input.itemKey, name: input.name, ...p, discountCents, band: input.band, taxableCents, taxCents, totalCents });
    });
  }
  const bands = Object.fromEntries(
    TAX_BANDS.map((band) => {
      const of = lines.filter((l) => l.band === band);
      return [
        band,
        { rateBp: rates[band], taxableCents: sumCents(of.map((l) => l.taxableCents)), taxCents: sumCents(of.map((l) => l.taxCents)) },
      ];
    }),
  ) as Record<TaxBand, BandTotal>;
  const totalTaxableCents = sumCents(TAX_BANDS.map((b) => bands[b].taxableCents));
  const totalTaxCents = sumCents(TAX_BANDS.map((b) => bands[b].taxCents));
  return { lines, bands, totalTaxableCents, totalTaxCents, totalCents: totalTaxableCents + totalTaxCents };
}

/**
 * A line of `grams` for `grossCents`: P = the price of a kg rounded down, and the d grams that make
 * up the rest at P + 1 (g·P + d = 1000·gross exactly, 0 ≤ d < g). The first part's supply is its
 * grams × P rounded to the cent; the second's is the rest of the line's amount.
 */
function priceByTheKilo(
  input: InvoiceLineInput,
  grams: number,
  priced: (input: InvoiceLineInput, quantity: number, unitPriceCents: Cents, supplyCents: Cents) => void,
): void {
  if (!Number.isSafeInteger(grams) || grams <= 0) throw new RangeError(`Grams must be positive, got ${grams}`);
  const milli = BigInt(input.grossCents) * 1000n;
  const perKg = milli / BigInt(grams);
  const dearerGrams = toSafeInteger(milli - perKg * BigInt(grams));
  const lowerGrams = grams - dearerGrams;
  const lowerSupply = toSafeInteger(divideRounded(BigInt(lowerGrams) * perKg, 1000n));
  priced(input, lowerGrams / 1000, toSafeInteger(perKg), lowerSupply);
  if (dearerGrams > 0) priced(input, dearerGrams / 1000, toSafeInteger(perKg) + 1, input.grossCents - lowerSupply);
}
