// Each line's share of its order's VAT, for the bookkeeper's line-by-line export: every band's VAT as
// the order stored it when it was charged is shared over that band's amounts (its lines, and the
// delivery and small-order fees when they are in the band) in proportion, to the cent, the way the
// tax invoice shares it. So the lines' VAT of a band always adds up to the order's VAT of that band.
import { allocateCents } from './etims-invoice';
import type { Cents } from './money';
import type { TaxBand } from './tax-bands';

export interface BandAmount {
  band: TaxBand;
  amountCents: Cents;
}

/** The VAT of each amount, in the order given; a band with no amounts keeps its VAT unshared. */
export function vatShares(amounts: readonly BandAmount[], bandTax: ReadonlyMap<TaxBand, Cents>): Cents[] {
  const shares = amounts.map(() => 0);
  for (const [band, taxCents] of bandTax) {
    const inBand = amounts.flatMap((a, i) => (a.band === band ? [i] : []));
    if (inBand.length === 0) continue;
    const split = allocateCents(
      taxCents,
      inBand.map((i) => amounts[i]?.amountCents ?? 0),
    );
    inBand.forEach((index, k) => (shares[index] = split[k] ?? 0));
  }
  return shares;
}
