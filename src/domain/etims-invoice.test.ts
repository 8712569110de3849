import { describe, expect, it } from 'vitest';
import { TAX_BAND_RATE_BP } from './tax-bands';
import { allocateCents, priceInvoice, splitInclusive } from './etims-invoice';

describe('splitInclusive', () => {
  it.each<[number, number, number, number]>([
    // gross, rate bp, taxable, tax
    [11_600, 1600, 10_000, 1_600],
    [25_000, 1600, 21_552, 3_448], // KRA's sandbox: 250.00 → 215.52 + 34.48
    [10_000, 1600, 8_621, 1_379], // 100.00 → 86.21 (the sandbox's own message)
    [104_400_00, 1600, 90_000_00, 14_400_00],
    [97_500, 0, 97_500, 0],
    [10_800, 800, 10_000, 800],
    [1, 1600, 1, 0],
    [0, 1600, 0, 0],
  ])('%i cents at %i bp → %i + %i', (gross, rate, taxable, tax) => {
    expect(splitInclusive(gross, rate)).toEqual({ taxableCents: taxable, taxCents: tax });
  });

  it('refuses negative or fractional amounts', () => {
    expect(() => splitInclusive(-1, 1600)).toThrow(RangeError);
    expect(() => splitInclusive(1.5, 1600)).toThrow(RangeError);
  });
});

describe('allocateCents', () => {
  it.each<[number, number[], number[]]>([
    [100, [1, 1, 1], [34, 33, 33]],
    [1_600, [10_000], [1_600]],
    [3_201, [10_000, 10_000], [1_601, 1_600]],
    [5, [0, 0], [5, 0]],
    [7, [2, 1], [5, 2]],
  ])('%i over %j → %j', (total, weights, shares) => {
    const result = allocateCents(total, weights);
    expect(result).toEqual(shares);
    expect(result.reduce((a, b) => a + b, 0)).toBe(total);
  });
});

describe('priceInvoice', () => {
  it('sums each band from its lines, taxable + tax = the lines’ total to the cent', () => {
    const invoice = priceInvoice(
      [
        { itemKey: 'tilapia', name: 'Tilapia', quantity: 2, grossCents: 150_800, band: 'B' },
        { itemKey: 'chicken', name: 'Chicken', quantity: 1, grossCents: 90_480, band: 'B' },
        { itemKey: 'delivery', name: 'Delivery', quantity: 1, grossCents: 25_000, band: 'D' },
      ],
      TAX_BAND_RATE_BP,
    );
    expect(invoice.bands.B).toEqual({ rateBp: 1600, taxableCents: 208_000, taxCents: 33_280 });
    expect(invoice.bands.D).toEqual({ rateBp: 0, taxableCents: 25_000, taxCents: 0 });
    expect(invoice.bands.A).toEqual({ rateBp: 0, taxableCents: 0, taxCents: 0 });
    expect(invoice.totalCents).toBe(150_800 + 90_480 + 25_000);
    expect(invoice.totalTaxableCents + invoice.totalTaxCents).toBe(invoice.totalCents);
    expect(invoice.lines.map((l) => [l.itemKey, l.quantity, l.unitPriceCents, l.supplyCents])).toEqual([
      ['tilapia', 2, 75_400, 150_800],
      ['chicken', 1, 90_480, 90_480],
      ['delivery', 1, 25_000, 25_000],
    ]);
  });

  it('splits a line whose amount does not divide by its quantity, keeping quantity × price exact', () => {
    const invoice = priceInvoice([{ itemKey: 'tilapia', name: 'Tilapia', quantity: 3, grossCents: 226_201, band: 'B' }], TAX_BAND_RATE_BP);
    expect(invoice.lines.map((l) => [l.quantity, l.unitPriceCents, l.supplyCents])).toEqual([
      [2, 75_400, 150_800],
      [1, 75_401, 75_401],
    ]);
    expect(invoice.totalCents).toBe(226_201);
    for (const line of invoice.lines) expect(line.taxableCents + line.taxCents).toBe(line.totalCents);
  });

  it('states a line in kg at the price of a kg: 2 × 700 g at KES 1,900 a kg is 1.4 kg at 1,900.00', () => {
    const invoice = priceInvoice(
      [{ itemKey: 'tilapia:kg', name: 'Tilapia', quantity: 2, grams: 1_400, grossCents: 266_000, band: 'B' }],
      TAX_BAND_RATE_BP,
    );
    expect(invoice.lines.map((l) => [l.quantity, l.unitPriceCents, l.supplyCents])).toEqual([[1.4, 190_000, 266_000]]);
    expect(invoice.totalCents).toBe(266_000);
  });

  it.each<[number, number]>([
    // grams, amount paid (cents): prices rounded per piece, VAT shared in, whole shillings
    [2_333, 443_270],
    [7_500, 1_425_001],
    [999, 189_811],
    [12_345, 3_000_000],
    [1, 7],
  ])('splits %i g for %i cents so the lines add up to it, each within half a cent of kg × price', (grams, grossCents) => {
    const invoice = priceInvoice([{ itemKey: 'k', name: 'Fish', quantity: 3, grams, grossCents, band: 'B' }], TAX_BAND_RATE_BP);
    expect(invoice.totalCents).toBe(grossCents);
    expect(invoice.totalTaxableCents + invoice.totalTaxCents).toBe(grossCents);
    expect(invoice.lines.reduce((sum, l) => sum + Math.round(l.quantity * 1000), 0)).toBe(grams);
    expect(invoice.lines.length).toBeLessThanOrEqual(2);
    for (const line of invoice.lines) {
      expect(Math.abs(line.quantity * line.unitPriceCents - line.supplyCents)).toBeLessThanOrEqual(0.5 + 1e-6);
      expect(String(line.quantity)).toMatch(/^\d+(\.\d{1,3})?$/);
      expect(line.taxableCents + line.taxCents).toBe(line.totalCents);
    }
  });

  it('refuses a line without units', () => {
    expect(() => priceInvoice([{ itemKey: 'x', name: 'X', quantity: 0, grossCents: 100, band: 'B' }], TAX_BAND_RATE_BP)).toThrow(
      RangeError,
    );
  });
});
