import { describe, expect, it } from 'vitest';
import {
  applyRateBp,
  centsToDecimalString,
  formatAmount,
  formatKES,
  isCents,
  multiplyCents,
  sumCents,
  toCents,
  typedAmountToCents,
} from './money';

describe('toCents', () => {
  it.each<[string | number, number]>([
    ['1234.5', 123_450],
    ['1234.56', 123_456],
    [1234.56, 123_456],
    ['  12 ', 1_200],
    ['0', 0],
    ['.5', 50],
    ['12.', 1_200],
    ['+3.10', 310],
    ['-0.05', -5],
    ['007.00', 700],
    ['0.125', 13], // half-up
    ['0.124999', 12],
    ['-0.125', -13], // half away from zero
    ['-0.001', 0],
    [0.1 + 0.2, 30],
    [1.005, 101], // read as "1.005", not 1.00499999…
    [19.99, 1_999],
    [-7, -700],
    [1e-7, 0],
    ['90071992547409.91', 9_007_199_254_740_991],
  ])('%j → %i', (input, expected) => {
    expect(toCents(input)).toBe(expected);
  });

  it.each<string | number>([
    '',
    '   ',
    '.',
    '-',
    'abc',
    '12abc',
    '1,234.00',
    '1 000',
    '1.2.3',
    '1e3',
    'KES 5',
    '--1',
    NaN,
    Infinity,
    -Infinity,
    1e21,
    '90071992547409.92',
  ])('rejects %j', (input) => {
    expect(() => toCents(input)).toThrow(RangeError);
  });
});

describe('centsToDecimalString', () => {
  it.each([
    [123_450, '1234.50'],
    [-5, '-0.05'],
    [0, '0.00'],
    [-0, '0.00'],
    [7, '0.07'],
    [100, '1.00'],
    [-123_456, '-1234.56'],
  ])('%i → %s', (cents, expected) => {
    expect(centsToDecimalString(cents)).toBe(expected);
  });

  it.each([0.5, NaN, Infinity])('rejects non-integer %s', (cents) => {
    expect(() => centsToDecimalString(cents)).toThrow(RangeError);
  });
});

describe('formatting', () => {
  it.each([
    [123_400, '1,234.00', 'KES 1,234.00'],
    [0, '0.00', 'KES 0.00'],
    [99, '0.99', 'KES 0.99'],
    [99_999, '999.99', 'KES 999.99'],
    [100_000, '1,000.00', 'KES 1,000.00'],
    [123_456_789, '1,234,567.89', 'KES 1,234,567.89'],
    [-123_450, '-1,234.50', 'KES -1,234.50'],
  ])('%i → %s / %s', (cents, amount, kes) => {
    expect(formatAmount(cents)).toBe(amount);
    expect(formatKES(cents)).toBe(kes);
  });
});

describe('multiplyCents', () => {
  it.each([
    [33_333, 3, 99_999],
    [1_500, 0, 0],
    [-250, 4, -1_000],
  ])('%i × %i = %i', (c, qty, expected) => {
    expect(multiplyCents(c, qty)).toBe(expected);
  });

  it.each([
    [100, 1.5],
    [0.5, 2],
    [Number.MAX_SAFE_INTEGER, 2],
  ])('rejects %s × %s', (c, qty) => {
    expect(() => multiplyCents(c, qty)).toThrow(RangeError);
  });
});

describe('applyRateBp', () => {
  it.each([
    [99_999, 1600, 16_000], // 15 999.84 → 16 000
    [10_000, 1600, 1_600],
    [1, 1600, 0], // 0.16
    [3, 1600, 0], // 0.48
    [4, 1600, 1], // 0.64
    [3_125, 1600, 500], // exactly 500
    [50, 100, 1], // 0.5 → 1 (half-up)
    [49, 100, 0], // 0.49
    [-50, 100, -1], // half away from zero
    [123_456, 0, 0],
    [123_456, 10_000, 123_456],
    [5_000_000_000_000, 1600, 800_000_000_000], // exact beyond float-safe products
  ])('%i at %i bp → %i', (c, bp, expected) => {
    expect(applyRateBp(c, bp)).toBe(expected);
  });

  it('rejects fractional inputs', () => {
    expect(() => applyRateBp(10.5, 1600)).toThrow(RangeError);
    expect(() => applyRateBp(10, 16.5)).toThrow(RangeError);
  });
});

describe('sumCents', () => {
  it.each([
    [[], 0],
    [[1, 2, 3], 6],
    [[99_999, 16_000, 6_000], 121_999],
    [[-5, 5], 0],
  ])('%j → %i', (list, expected) => {
    expect(sumCents(list)).toBe(expected);
  });

  it('rejects fractional amounts and overflow', () => {
    expect(() => sumCents([1, 0.1])).toThrow(RangeError);
    expect(() => sumCents([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
  });
});

describe('isCents', () => {
  it.each<[unknown, boolean]>([
    [0, true],
    [-5, true],
    [1.5, false],
    [NaN, false],
    ['100', false],
    [null, false],
  ])('%j → %s', (value, expected) => {
    expect(isCents(value)).toBe(expected);
  });
});

describe('typedAmountToCents (an amount as typed in a form)', () => {
  it.each([
    ['1100', 110000],
    ['1,100', 110000],
    [' 12,500.50 ', 1250050],
    ['999,999,999.99', 99999999999],
    ['450.5', 45050],
    ['0', 0],
  ])('reads %j', (text, cents) => {
    expect(typedAmountToCents(text)).toBe(cents);
  });

  it.each(['1,10', '11,00', ',100', '1,,100', '1.100,50', '1,0000', '-5', '12.345', 'KES 12', '', '1234567890'])('refuses %j', (text) => {
    expect(typedAmountToCents(text)).toBeNull();
  });
});
