import { describe, expect, it } from 'vitest';
import { priceForWeight } from './weighed-price';

describe('prices by the kilo', () => {
  it('prices a variant from the kilo price and its weight: KES 1,900/kg for about 700 g is KES 1,330', () => {
    expect(priceForWeight(190_000, 700, false)).toBe(133_000);
    expect(priceForWeight(190_000, 700, true)).toBe(133_000);
  });

  it('rounds half-up to the cent, or to the whole shilling when prices include VAT', () => {
    expect(priceForWeight(123_456, 333, false)).toBe(41_111); // 411.10848 → 411.11
    expect(priceForWeight(123_456, 333, true)).toBe(41_100);
    expect(priceForWeight(100_100, 500, false)).toBe(50_050);
    expect(priceForWeight(100_100, 500, true)).toBe(50_100); // 500.50 → 501, half up
  });

  it('refuses a price or weight that is not positive', () => {
    expect(() => priceForWeight(0, 700, false)).toThrow(RangeError);
    expect(() => priceForWeight(190_000, 0, false)).toThrow(RangeError);
    expect(() => priceForWeight(190_000, 1.5, false)).toThrow(RangeError);
  });
});
