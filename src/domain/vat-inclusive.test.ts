import { describe, expect, it } from 'vitest';
import { computeOrderTotals } from './cart-totals';
import { priceInvoice } from './etims-invoice';
import { TAX_BAND_RATE_BP } from './tax-bands';
import { inclusiveBandTotals, upToWholeShilling } from './vat-inclusive';

describe("'Prices include VAT'", () => {
  it('totals a cart of whole-shilling prices and a whole-shilling fee in whole shillings, the VAT inside', () => {
    const t = computeOrderTotals({
      lines: [
        { unitPriceCents: 65_000, quantity: 3 },
        { unitPriceCents: 45_000, quantity: 1, taxBand: 'A' },
      ],
      deliveryFeeCents: 12_600,
      deliveryFeeTaxBand: 'B',
      pricesIncludeVat: true,
    });
    expect(t.subtotalCents).toBe(240_000);
    expect(t.deliveryFeeCents).toBe(0); // free from KES 2,000 of goods, VAT included
    expect(t.totalCents).toBe(240_000); // nothing added on top
    expect(t.totalCents % 100).toBe(0);
    // 1,950.00 of band-B goods (the fee is free): 1,950 − round(1,950 / 1.16) = 268.97.
    expect(t.vatCents).toBe(26_897);
    expect(t.vatRows.map((r) => r.label)).toEqual(['VAT exempt on KES 450.00', 'Includes VAT (16%) on KES 1,950.00']);
  });

  it('keeps a fee in band B inside its band, and reads one band as one line', () => {
    const t = computeOrderTotals({
      lines: [{ unitPriceCents: 65_000, quantity: 1 }],
      deliveryFeeCents: 12_600,
      deliveryFeeTaxBand: 'B',
      pricesIncludeVat: true,
    });
    expect(t.totalCents).toBe(77_600);
    expect(t.bands).toEqual([{ band: 'B', rateBp: 1600, taxableCents: 56_034 + 10_862, taxCents: 8_966 + 1_738, totalCents: 77_600 }]);
    expect(t.vatRows).toEqual([{ band: 'B', label: 'Includes VAT (16%)', taxCents: 10_704 }]);
  });

  it('splits each line as the tax invoice does, so the order and KRA agree to the cent', () => {
    const amounts = [
      { band: 'B' as const, amountCents: 33_333 },
      { band: 'B' as const, amountCents: 12_345 },
      { band: 'E' as const, amountCents: 9_999 },
    ];
    const invoice = priceInvoice(
      amounts.map((a, i) => ({ itemKey: `i${i}`, name: `line ${i}`, quantity: 1, grossCents: a.amountCents, band: a.band })),
      TAX_BAND_RATE_BP,
    );
    for (const b of inclusiveBandTotals(amounts)) {
      expect(b.taxCents).toBe(invoice.bands[b.band].taxCents);
      expect(b.taxableCents).toBe(invoice.bands[b.band].taxableCents);
    }
  });

  it('leaves VAT on top as it was when the setting is off', () => {
    const t = computeOrderTotals({ lines: [{ unitPriceCents: 65_000, quantity: 2 }], deliveryFeeCents: 7_760 });
    expect(t.totalCents).toBe(130_000 + 20_800 + 7_760);
    expect(t.vatRows.map((r) => r.label)).toEqual(['VAT (16%)']);
  });

  it('rounds a fee up to the next whole shilling', () => {
    expect(upToWholeShilling(4_008)).toBe(4_100);
    expect(upToWholeShilling(4_000)).toBe(4_000);
    expect(upToWholeShilling(1)).toBe(100);
  });
});
