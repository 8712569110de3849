import { describe, expect, it } from 'vitest';
import { mayHoldUnits, payFirstStockNotice, unpaidUnits } from './stock-holds';

describe('unpaid stock holds', () => {
  it('lets unpaid orders hold a share of what is left to sell, rounded down', () => {
    expect(unpaidUnits(20, 50)).toBe(10);
    expect(unpaidUnits(5, 50)).toBe(2);
    expect(unpaidUnits(1, 50)).toBe(0);
    expect(unpaidUnits(7, 100)).toBe(7);
    expect(unpaidUnits(7, 0)).toBe(0);
  });

  it('holds a line only while the share has room and the units are free', () => {
    // 10 left, nothing held: half may be held.
    expect(mayHoldUnits(10, 0, 5, 50)).toBe(true);
    expect(mayHoldUnits(10, 0, 6, 50)).toBe(false);
    // 5 free, 5 held by unpaid orders: the share is taken.
    expect(mayHoldUnits(5, 5, 1, 50)).toBe(false);
    // At 100 % every free unit may be held, and never more than is free.
    expect(mayHoldUnits(3, 7, 3, 100)).toBe(true);
    expect(mayHoldUnits(3, 7, 4, 100)).toBe(false);
  });

  it('names the lines that go to whoever pays first', () => {
    expect(payFirstStockNotice(['Omena (1 kg)'])).toBe(
      'The last Omena (1 kg) in stock go to the customers who pay first: pay now and they are yours.',
    );
    expect(payFirstStockNotice(['A', 'B', 'C'])).toBe(
      'The last A, B and C in stock go to the customers who pay first: pay now and they are yours.',
    );
  });
});
