import { describe, expect, it } from 'vitest';
import { lineName, pricePerKgCents, pricePerKgText, variantFor, variantLabel, weightText } from './product-variants';

describe('product variants', () => {
  it('names a line by product and variant, and a product without options by itself', () => {
    expect(lineName('Tilapia', variantLabel(['Large', 'Scaled & gutted']))).toBe('Tilapia — Large, Scaled & gutted');
    expect(lineName('Chicken Gizzards', '')).toBe('Chicken Gizzards');
  });

  it('prices a kilogram from price and weight, rounded to the shilling', () => {
    expect(pricePerKgCents(95_000, 500)).toBe(190_000);
    expect(pricePerKgText(95_000, 500)).toBe('KES 1,900.00 / kg');
    // 650 / 0.7 kg = 928.571… → KES 929.00
    expect(pricePerKgCents(65_000, 700)).toBe(92_900);
    // 450 / 0.35 kg = 1,285.714… → KES 1,286.00
    expect(pricePerKgCents(45_000, 350)).toBe(128_600);
    expect(pricePerKgCents(45_000, null)).toBeNull();
    expect(pricePerKgCents(45_000, 0)).toBeNull();
    expect(pricePerKgText(45_000, null)).toBeNull();
  });

  it('shows a weight in grams or kilograms', () => {
    expect(weightText(800)).toBe('800 g');
    expect(weightText(1200)).toBe('1.2 kg');
    expect(weightText(1000)).toBe('1 kg');
  });

  it('picks the variant with exactly the chosen values', () => {
    const variants = [
      { id: 'a', optionValueIds: ['s', 'w'] },
      { id: 'b', optionValueIds: ['l', 'w'] },
    ];
    expect(variantFor(variants, ['l', 'w'])?.id).toBe('b');
    expect(variantFor(variants, ['l', 'f'])).toBeNull();
    expect(variantFor(variants, ['l'])).toBeNull();
  });
});
