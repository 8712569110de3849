import { describe, expect, it } from 'vitest';
import { isStockOut, KRA_STOCK_TYPES, kraStockType, MERCHANT_STOCK_CAUSES, STOCK_CAUSES, type StockCause } from './kra-stock-types';

describe("the shop's stock changes as KRA's stock in/out types", () => {
  it('maps each change to the type KRA names for it', () => {
    const cases: [StockCause, number, string | null][] = [
      ['opening', 12, '06'],
      ['purchase', 40, '02'],
      ['returned', 1, '03'],
      ['count', 3, '06'],
      ['count', -3, '16'],
      ['spoiled', -2, '15'],
      ['sale', -2, '11'],
      ['refund', 2, '03'],
      ['substitution', -1, '11'],
      ['unit', 7_000, '06'],
      ['unit', -10, '16'],
    ];
    expect(cases.map(([cause, delta]) => [cause, delta, kraStockType(cause, delta)])).toEqual(cases);
  });

  it('has no type for a change that cannot go that way: spoiled stock never comes in, a delivery never goes out', () => {
    expect(kraStockType('spoiled', 2)).toBeNull();
    expect(kraStockType('purchase', -1)).toBeNull();
    expect(kraStockType('sale', 1)).toBeNull();
    expect(kraStockType('count', 0)).toBeNull();
    expect(kraStockType('substitution', 1)).toBeNull();
  });

  it('uses only codes of KRA class 12, incoming ones for stock in and outgoing ones for stock out', () => {
    for (const rule of Object.values(STOCK_CAUSES)) {
      if (rule.in)
        expect([rule.in, KRA_STOCK_TYPES[rule.in], isStockOut(rule.in)]).toEqual([rule.in, expect.stringContaining('(in)'), false]);
      if (rule.out)
        expect([rule.out, KRA_STOCK_TYPES[rule.out], isStockOut(rule.out)]).toEqual([rule.out, expect.stringContaining('(out)'), true]);
    }
  });

  it("offers the merchant a restock's causes that add stock and an adjustment's that may go either way", () => {
    for (const cause of MERCHANT_STOCK_CAUSES.restock) expect(STOCK_CAUSES[cause].in).not.toBeNull();
    expect(MERCHANT_STOCK_CAUSES.adjustment.map((c) => [c, STOCK_CAUSES[c].out !== null])).toEqual([
      ['count', true],
      ['spoiled', true],
    ]);
  });
});
