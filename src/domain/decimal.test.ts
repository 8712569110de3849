import { describe, expect, it } from 'vitest';
import { decimalParts, divideRounded, roundedProduct, toSafeInteger } from './decimal';

describe('decimalParts', () => {
  it.each([
    [5.01, 501n, 2],
    [-0.5, -5n, 1],
    [12, 12n, 0],
    [0, 0n, 0],
    [1e21, 1n, -21],
    [1.5e-7, 15n, 8],
  ])('%s → mantissa %s, scale %s', (value, mantissa, scale) => {
    expect(decimalParts(value)).toEqual({ mantissa, scale });
  });

  it.each([NaN, Infinity, -Infinity])('rejects %s', (value) => {
    expect(() => decimalParts(value)).toThrow(RangeError);
  });
});

describe('divideRounded', () => {
  it.each([
    [15n, 10n, 2n],
    [14n, 10n, 1n],
    [-15n, 10n, -2n],
    [-14n, 10n, -1n],
    [0n, 7n, 0n],
    [159_998_400n, 10_000n, 16_000n],
  ])('%s / %s → %s', (n, d, expected) => {
    expect(divideRounded(n, d)).toBe(expected);
  });

  it('rejects a non-positive denominator', () => {
    expect(() => divideRounded(1n, 0n)).toThrow(RangeError);
  });
});

describe('roundedProduct', () => {
  it.each([
    [5.01, 800, 4008],
    [0.1 + 0.2, 100, 30],
    [1.005, 100, 101],
    [1.0049, 100, 100],
    [-1.005, 100, -101],
    [2.5, 1, 3],
    [1e-7, 100, 0],
  ])('round(%s × %s) = %s', (value, multiplier, expected) => {
    expect(roundedProduct(value, multiplier)).toBe(expected);
  });

  it('rejects a fractional multiplier', () => {
    expect(() => roundedProduct(1, 1.5)).toThrow(RangeError);
  });
});

describe('toSafeInteger', () => {
  it('converts safe values and rejects unsafe ones', () => {
    expect(toSafeInteger(9_007_199_254_740_991n)).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => toSafeInteger(9_007_199_254_740_992n)).toThrow(RangeError);
  });
});
