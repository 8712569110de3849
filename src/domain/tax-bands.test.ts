import { describe, expect, it } from 'vitest';
import { computeCartTotals, computeOrderTotals, type CartTotalsInput } from './cart-totals';
import { applyRateBp, sumCents } from './money';
import { bandTotals, isTaxBand, TAX_BAND_RATE_BP, TAX_BANDS, vatRows, type TaxBand } from './tax-bands';

describe('tax bands', () => {
  it('are KRA eTIMS tax types A exempt, B 16%, C zero-rated, D non-VAT, E 8%', () => {
    expect(TAX_BANDS).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(TAX_BAND_RATE_BP).toEqual({ A: 0, B: 1600, C: 0, D: 0, E: 800 });
    expect(isTaxBand('E')).toBe(true);
    expect(isTaxBand('b')).toBe(false);
    expect(isTaxBand('F')).toBe(false);
    expect(isTaxBand(null)).toBe(false);
  });
});

describe('bandTotals', () => {
  it.each<[string, { band: TaxBand; amountCents: number }[], [TaxBand, number, number, number][]]>([
    ['nothing', [], []],
    ['one line in B', [{ band: 'B', amountCents: 99_999 }], [['B', 99_999, 16_000, 115_999]]],
    // Per line, 16% of 3 cents (0.48) would round to 0 three times; on the band, 16% of 9 is 1.44.
    [
      'B rounds once on the band, not per line',
      [
        { band: 'B', amountCents: 3 },
        { band: 'B', amountCents: 3 },
        { band: 'B', amountCents: 3 },
      ],
      [['B', 9, 1, 10]],
    ],
    ['8% of 7 cents (0.56) rounds to 1 cent', [{ band: 'E', amountCents: 7 }], [['E', 7, 1, 8]]],
    [
      'mixed bands, in band order, each taxed at its own rate',
      [
        { band: 'E', amountCents: 12_345 },
        { band: 'A', amountCents: 97_500 },
        { band: 'B', amountCents: 25_001 },
        { band: 'A', amountCents: 156_000 },
        { band: 'C', amountCents: 1 },
        { band: 'D', amountCents: 25_000 },
      ],
      [
        ['A', 253_500, 0, 253_500],
        ['B', 25_001, 4_000, 29_001],
        ['C', 1, 0, 1],
        ['D', 25_000, 0, 25_000],
        ['E', 12_345, 988, 13_333],
      ],
    ],
  ])('%s', (_label, amounts, expected) => {
    const bands = bandTotals(amounts);
    expect(bands.map((b) => [b.band, b.taxableCents, b.taxCents, b.totalCents])).toEqual(expected);
    for (const b of bands) {
      expect(b.rateBp).toBe(TAX_BAND_RATE_BP[b.band]);
      expect(b.taxableCents + b.taxCents).toBe(b.totalCents);
    }
  });

  it('taxable + tax equals the lines’ total to the cent, for every amount and rate', () => {
    // Every amount from 0 to KES 100 in each band, and a sweep of larger ones.
    const amounts = [...Array.from({ length: 10_001 }, (_, i) => i), ...Array.from({ length: 2_000 }, (_, i) => i * 48_611 + 7)];
    const wrong: string[] = [];
    for (const band of TAX_BANDS) {
      for (const amountCents of amounts) {
        const [b] = bandTotals([{ band, amountCents }]);
        // The tax is the rate to the nearest cent.
        const off = Math.abs(b!.taxCents * 10_000 - amountCents * TAX_BAND_RATE_BP[band]);
        if (b!.taxableCents !== amountCents || b!.taxableCents + b!.taxCents !== b!.totalCents || off > 5_000) {
          wrong.push(`${band} ${amountCents}: ${JSON.stringify(b)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('computeOrderTotals', () => {
  it('with every line in band B gives exactly the numbers of 16% on the subtotal', () => {
    const cases: CartTotalsInput[] = [
      { lines: [{ unitPriceCents: 33_333, quantity: 3 }], deliveryFeeCents: 7_500 },
      { lines: [], deliveryFeeCents: null },
      { lines: [{ unitPriceCents: 150_000, quantity: 1 }], deliveryFeeCents: null },
      {
        lines: [
          { unitPriceCents: 45_010, quantity: 3 },
          { unitPriceCents: 61_077, quantity: 1 },
          { unitPriceCents: 3, quantity: 7 },
        ],
        deliveryFeeCents: 24_500,
      },
      { lines: [{ unitPriceCents: 250_000, quantity: 1 }], deliveryFeeCents: 30_000 },
    ];
    for (const input of cases) {
      const inB = { ...input, lines: input.lines.map((l) => ({ ...l, taxBand: 'B' as const })) };
      const banded = computeOrderTotals(inB);
      const subtotal = sumCents(input.lines.map((l) => l.unitPriceCents * l.quantity));
      const vat = applyRateBp(subtotal, 1600);
      const fee = subtotal >= 200_000 ? 0 : (input.deliveryFeeCents ?? 0);
      expect(banded.subtotalCents).toBe(subtotal);
      expect(banded.vatCents).toBe(vat);
      expect(banded.totalCents).toBe(subtotal + vat + fee);
      // A cart kept from before bands (no band on its lines) is priced the same.
      expect(computeOrderTotals(input)).toEqual(banded);
      expect(computeCartTotals(inB)).toEqual(computeCartTotals(input));
      // The display is as it always was: one line 'VAT (16%)'.
      expect(banded.vatRows).toEqual([{ band: 'B', label: 'VAT (16%)', taxCents: vat }]);
    }
  });

  it('puts the delivery fee in its own band, without VAT by default', () => {
    const t = computeOrderTotals({ lines: [{ unitPriceCents: 65_000, quantity: 1, taxBand: 'B' }], deliveryFeeCents: 25_000 });
    expect(t.deliveryFeeTaxBand).toBe('D');
    expect(t.bands).toEqual([
      { band: 'B', rateBp: 1600, taxableCents: 65_000, taxCents: 10_400, totalCents: 75_400 },
      { band: 'D', rateBp: 0, taxableCents: 25_000, taxCents: 0, totalCents: 25_000 },
    ]);
    expect(t.totalCents).toBe(100_400);
    expect(t.vatRows).toEqual([{ band: 'B', label: 'VAT (16%)', taxCents: 10_400 }]);
  });

  it('charges VAT on the fee when its band carries VAT, and shows that band', () => {
    const t = computeOrderTotals({
      lines: [{ unitPriceCents: 65_000, quantity: 1, taxBand: 'A' }],
      deliveryFeeCents: 25_000,
      deliveryFeeTaxBand: 'B',
    });
    expect(t.bands).toEqual([
      { band: 'A', rateBp: 0, taxableCents: 65_000, taxCents: 0, totalCents: 65_000 },
      { band: 'B', rateBp: 1600, taxableCents: 25_000, taxCents: 4_000, totalCents: 29_000 },
    ]);
    expect(t.vatCents).toBe(4_000);
    expect(t.totalCents).toBe(94_000);
    expect(t.vatRows).toEqual([
      { band: 'A', label: 'VAT exempt on KES 650.00', taxCents: 0 },
      { band: 'B', label: 'VAT (16%) on KES 250.00', taxCents: 4_000 },
    ]);
    // Free delivery: no fee, so no fee band and no VAT on it.
    const free = computeOrderTotals({
      lines: [{ unitPriceCents: 200_000, quantity: 1, taxBand: 'A' }],
      deliveryFeeCents: 25_000,
      deliveryFeeTaxBand: 'B',
    });
    expect(free.bands.map((b) => b.band)).toEqual(['A']);
    expect(free.totalCents).toBe(200_000);
  });

  it('mixes bands: each band rounds once, the bands add up to the order', () => {
    const t = computeOrderTotals({
      lines: [
        { unitPriceCents: 65_050, quantity: 3, taxBand: 'A' },
        { unitPriceCents: 78_033, quantity: 1, taxBand: 'B' },
        { unitPriceCents: 12_345, quantity: 1, taxBand: 'E' },
        { unitPriceCents: 4_999, quantity: 2, taxBand: 'B' },
      ],
      deliveryFeeCents: 24_500,
    });
    expect(t.subtotalCents).toBe(195_150 + 78_033 + 12_345 + 9_998);
    expect(t.freeDelivery).toBe(true);
    expect(t.bands).toEqual([
      { band: 'A', rateBp: 0, taxableCents: 195_150, taxCents: 0, totalCents: 195_150 },
      { band: 'B', rateBp: 1600, taxableCents: 88_031, taxCents: 14_085, totalCents: 102_116 },
      { band: 'E', rateBp: 800, taxableCents: 12_345, taxCents: 988, totalCents: 13_333 },
    ]);
    expect(t.vatCents).toBe(14_085 + 988);
    expect(t.totalCents).toBe(sumCents(t.bands.map((b) => b.totalCents)));
    expect(t.vatRows.map((r) => [r.label, r.taxCents])).toEqual([
      ['VAT exempt on KES 1,951.50', 0],
      ['VAT (16%) on KES 880.31', 14_085],
      ['VAT (8%) on KES 123.45', 988],
    ]);
  });

  it('a cart of one band without VAT shows that band, with no VAT', () => {
    for (const [band, label] of [
      ['A', 'VAT exempt'],
      ['C', 'VAT (0%, zero-rated)'],
      ['D', 'No VAT (non-VAT)'],
    ] as const) {
      const t = computeOrderTotals({ lines: [{ unitPriceCents: 65_000, quantity: 2, taxBand: band }], deliveryFeeCents: 25_000 });
      expect(t.vatCents).toBe(0);
      expect(t.totalCents).toBe(155_000);
      expect(t.vatRows).toEqual([{ band, label, taxCents: 0 }]);
    }
    const e = computeOrderTotals({ lines: [{ unitPriceCents: 65_000, quantity: 1, taxBand: 'E' }], deliveryFeeCents: null });
    expect(e.vatRows).toEqual([{ band: 'E', label: 'VAT (8%)', taxCents: 5_200 }]);
  });
});

describe('vatRows', () => {
  it('shows an empty order as today: VAT (16%) of nothing', () => {
    expect(vatRows([], null)).toEqual([{ band: 'B', label: 'VAT (16%)', taxCents: 0 }]);
  });
});
