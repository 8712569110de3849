import { describe, expect, it } from 'vitest';
import { stockHint } from './stock-hint';

describe('stockHint', () => {
  it.each([
    [0, 'out', 'Out of Stock'],
    [-2, 'out', 'Out of Stock'],
    [1, 'few', 'Only 1 left'],
    [3, 'few', 'Only 3 left'],
    [5, 'few', 'Only 5 left'],
    [6, 'in', 'In stock'],
    [120, 'in', 'In stock'],
  ])('stock %i → %s "%s"', (stock, tone, text) => {
    expect(stockHint(stock)).toEqual({ tone, text });
  });
});
