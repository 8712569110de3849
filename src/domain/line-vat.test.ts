import { describe, expect, it } from 'vitest';
import { vatShares } from './line-vat';

describe('each line’s share of its order’s VAT', () => {
  it('shares each band’s VAT over its amounts in proportion, adding up exactly', () => {
    const amounts = [
      { band: 'B' as const, amountCents: 33_333 },
      { band: 'B' as const, amountCents: 33_333 },
      { band: 'B' as const, amountCents: 33_334 },
      { band: 'A' as const, amountCents: 45_000 },
      { band: 'D' as const, amountCents: 20_000 },
    ];
    const shares = vatShares(
      amounts,
      new Map([
        ['B', 16_000],
        ['A', 0],
        ['D', 0],
      ]),
    );
    expect(shares).toEqual([5_333, 5_333, 5_334, 0, 0]);
    expect(shares.slice(0, 3).reduce((a, b) => a + b, 0)).toBe(16_000);
  });

  it('gives a fee in a taxed band its share too', () => {
    expect(
      vatShares(
        [
          { band: 'E', amountCents: 10_000 },
          { band: 'E', amountCents: 10_000 },
        ],
        new Map([['E', 1_601]]),
      ),
    ).toEqual([801, 800]);
  });
});
