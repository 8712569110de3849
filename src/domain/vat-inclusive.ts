// 'Prices include VAT' (the Kenyan retail convention): prices, variant prices and delivery fees are
// entered with VAT in them, and each band's VAT is taken out of what its lines cost, never added on
// top. The VAT is split out per line exactly as the tax invoice does it (taxable = gross / (1 + rate)
// rounded half-up, tax the rest, summed per band), so the order's stored VAT and KRA's signed invoice
// agree to the cent, and a cart of whole-shilling prices totals whole shillings.
import { splitInclusive } from './etims-invoice';
import type { Cents } from './money';
import { sumCents } from './money';
import { TAX_BANDS, TAX_BAND_RATE_BP, type BandTotal, type BandedAmount } from './tax-bands';

/** Amounts that include their VAT, grouped per band A to E (bands with nothing left out); each line split on its own. */
export function inclusiveBandTotals(amounts: readonly BandedAmount[]): BandTotal[] {
  return TAX_BANDS.flatMap((band) => {
    const mine = amounts.filter((a) => a.band === band);
    if (mine.length === 0) return [];
    const rateBp = TAX_BAND_RATE_BP[band];
    const splits = mine.map((a) => splitInclusive(a.amountCents, rateBp));
    const taxableCents = sumCents(splits.map((s) => s.taxableCents));
    const taxCents = sumCents(splits.map((s) => s.taxCents));
    return [{ band, rateBp, taxableCents, taxCents, totalCents: taxableCents + taxCents }];
  });
}

/** Cents up to the next whole shilling: 4,008 → 4,100. A fee with VAT in it then never brings cents into a total. */
export function upToWholeShilling(cents: Cents): Cents {
  return Math.ceil(cents / 100) * 100;
}
