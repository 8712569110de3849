// Kenyan VAT bands, named as KRA's eTIMS names its tax types: every product and the delivery fee
// carry one. Unless the shop's prices include VAT (vat-inclusive.ts), prices are before VAT; each band's VAT is its rate on the band's amount,
// rounded half-up to the cent once per band (with every line in band B this is exactly 16% of the
// subtotal). So a band's taxable amount plus its tax is always what its lines cost the customer.
import type { Cents } from './money';
import { applyRateBp, formatKES, sumCents } from './money';

export const TAX_BANDS = ['A', 'B', 'C', 'D', 'E'] as const;
export type TaxBand = (typeof TAX_BANDS)[number];

/** The rate of each band in basis points (1600 = 16%). */
export const TAX_BAND_RATE_BP: Readonly<Record<TaxBand, number>> = { A: 0, B: 1600, C: 0, D: 0, E: 800 };

/** What each band means, for the merchant choosing one. */
export const TAX_BAND_NAMES: Readonly<Record<TaxBand, string>> = {
  A: 'A: Exempt (no VAT)',
  B: 'B: VAT 16% (standard rate)',
  C: 'C: Zero-rated (VAT 0%)',
  D: 'D: Non-VAT (outside VAT)',
  E: 'E: VAT 8% (reduced rate)',
};

/** Products are standard-rated unless the merchant says otherwise. */
export const DEFAULT_TAX_BAND: TaxBand = 'B';
/** The delivery fee carries no VAT unless the merchant says otherwise (it never has). */
export const DEFAULT_DELIVERY_FEE_TAX_BAND: TaxBand = 'D';

export function isTaxBand(value: unknown): value is TaxBand {
  return typeof value === 'string' && (TAX_BANDS as readonly string[]).includes(value);
}

/** One band of an order: what the eTIMS invoice reports per tax type. */
export type BandTotal = {
  band: TaxBand;
  rateBp: number;
  /** The band's lines at their prices (before VAT). */
  taxableCents: Cents;
  /** VAT on the taxable amount, rounded half-up once for the band. */
  taxCents: Cents;
  /** What the customer pays for the band's lines: taxable + tax, to the cent. */
  totalCents: Cents;
};

export type BandedAmount = { band: TaxBand; amountCents: Cents };

/** Amounts (lines, the delivery fee) grouped per band, in band order A to E; bands with nothing are left out. */
export function bandTotals(amounts: readonly BandedAmount[]): BandTotal[] {
  return TAX_BANDS.flatMap((band) => {
    const mine = amounts.filter((a) => a.band === band);
    if (mine.length === 0) return [];
    const rateBp = TAX_BAND_RATE_BP[band];
    const taxableCents = sumCents(mine.map((a) => a.amountCents));
    const taxCents = applyRateBp(taxableCents, rateBp);
    return [{ band, rateBp, taxableCents, taxCents, totalCents: taxableCents + taxCents }];
  });
}

/** The VAT label of a band as customers read it; band B's is the shop's long-standing 'VAT (16%)'. */
function bandVatLabel(band: TaxBand, rateBp: number): string {
  const percent = `${rateBp / 100}%`;
  switch (band) {
    case 'A':
      return 'VAT exempt';
    case 'C':
      return `VAT (${percent}, zero-rated)`;
    case 'D':
      return 'No VAT (non-VAT)';
    case 'B':
    case 'E':
      return `VAT (${percent})`;
  }
}

export type VatRow = { band: TaxBand; label: string; taxCents: Cents };

/**
 * The VAT lines a cart, checkout or receipt shows. One band of goods: one line, 'VAT (16%)' for band
 * B as always. Several: one line per band, saying what it is charged on. The delivery fee's band
 * counts only when the fee carries VAT; a fee without VAT is shown as the delivery fee alone.
 */
export function vatRows(bands: readonly BandTotal[], delivery: { band: TaxBand; feeCents: Cents } | null, included = false): VatRow[] {
  // With prices that include VAT a band's amount is its total (the fee too), and its VAT is inside it.
  const amount = (b: BandTotal) => (included ? b.totalCents : b.taxableCents);
  const goodsCents = (b: BandTotal) => amount(b) - (delivery && delivery.band === b.band ? delivery.feeCents : 0);
  const label = (b: BandTotal) => (included && b.rateBp > 0 ? 'Includes ' : '') + bandVatLabel(b.band, b.rateBp);
  const shown = bands.filter((b) => goodsCents(b) > 0 || b.taxCents > 0);
  if (shown.length === 0) return [{ band: DEFAULT_TAX_BAND, label: bandVatLabel(DEFAULT_TAX_BAND, TAX_BAND_RATE_BP.B), taxCents: 0 }];
  if (shown.length === 1) return shown.map((b) => ({ band: b.band, label: label(b), taxCents: b.taxCents }));
  return shown.map((b) => ({ band: b.band, label: `${label(b)} on ${formatKES(amount(b))}`, taxCents: b.taxCents }));
}
