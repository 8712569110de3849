import { describe, expect, it } from 'vitest';
import { computeOrderTotals } from './cart-totals';
import {
  deliveryPlaceName,
  minimumOrderMessage,
  NO_SMALL_ORDER_POLICY,
  smallOrderFeeNotice,
  smallOrderOutcome,
  totalsWithSmallOrder,
  type SmallOrderPolicy,
} from './small-order';

const minimum: SmallOrderPolicy = { rule: 'minimum', minimumCents: 150_000, feeCents: 0 };
const fee: SmallOrderPolicy = { rule: 'fee', minimumCents: 150_000, feeCents: 10_000 };
const omena = [{ unitPriceCents: 45_000, quantity: 1 }];

describe('the minimum order message', () => {
  it('names the place, the minimum and what is missing, in KES', () => {
    expect(minimumOrderMessage('Kitengela', 150_000, 105_000)).toBe(
      'The minimum order for delivery to Kitengela is KES 1,500.00. Add KES 1,050.00 more to check out.',
    );
    expect(minimumOrderMessage(' ', 150_000, 100)).toBe('The minimum order for delivery is KES 1,500.00. Add KES 1.00 more to check out.');
  });

  it('knows the place by the first part of the address', () => {
    expect(deliveryPlaceName('Kitengela, Kajiado County, Kenya')).toBe('Kitengela');
    expect(deliveryPlaceName('  Westlands  ')).toBe('Westlands');
  });
});

describe('smallOrderOutcome', () => {
  it('does nothing without a rule, at the minimum or above it', () => {
    expect(smallOrderOutcome(NO_SMALL_ORDER_POLICY, 100, 'Kitengela')).toEqual({ kind: 'none' });
    expect(smallOrderOutcome(minimum, 150_000, 'Kitengela')).toEqual({ kind: 'none' });
    expect(smallOrderOutcome(fee, 150_001, 'Kitengela')).toEqual({ kind: 'none' });
  });

  it('refuses an order below the minimum, saying how much more to add', () => {
    expect(smallOrderOutcome(minimum, 45_000, 'Kitengela')).toEqual({
      kind: 'below_minimum',
      minimumCents: 150_000,
      shortCents: 105_000,
      message: 'The minimum order for delivery to Kitengela is KES 1,500.00. Add KES 1,050.00 more to check out.',
    });
    expect(smallOrderOutcome(minimum, 149_999, 'Kitengela')).toMatchObject({ kind: 'below_minimum', shortCents: 1 });
  });

  it('adds the fee below the minimum when the zone charges one', () => {
    const outcome = smallOrderOutcome(fee, 45_000, 'Kitengela');
    expect(outcome).toEqual({ kind: 'fee', feeCents: 10_000, minimumCents: 150_000 });
    expect(outcome.kind === 'fee' && smallOrderFeeNotice(outcome)).toBe(
      'A small-order fee of KES 100.00 is added to orders below KES 1,500.00.',
    );
  });

  it('does nothing for a rule without its amounts', () => {
    expect(smallOrderOutcome({ rule: 'minimum', minimumCents: 0, feeCents: 0 }, 100, 'Karen')).toEqual({ kind: 'none' });
    expect(smallOrderOutcome({ rule: 'fee', minimumCents: 150_000, feeCents: 0 }, 100, 'Karen')).toEqual({ kind: 'none' });
  });
});

describe('totalsWithSmallOrder', () => {
  it('is the plain totals without a rule, or when the order is refused', () => {
    const input = { lines: omena, deliveryFeeCents: 106_300 };
    const plain = computeOrderTotals(input);
    expect(totalsWithSmallOrder(input, NO_SMALL_ORDER_POLICY, 'Kitengela').totals).toEqual(plain);
    const refused = totalsWithSmallOrder(input, minimum, 'Kitengela');
    expect(refused.totals).toEqual(plain);
    expect(refused.smallOrder.kind).toBe('below_minimum');
    expect(plain.smallOrderFeeCents).toBe(0);
  });

  it('adds the fee to the total, in the delivery fee band, each fee its own amount', () => {
    const { totals } = totalsWithSmallOrder({ lines: omena, deliveryFeeCents: 106_300, deliveryFeeTaxBand: 'B' }, fee, 'Kitengela');
    expect(totals.smallOrderFeeCents).toBe(10_000);
    // Goods 450 + delivery 1,063 + fee 100, all in B: 16% once on 1,613.
    expect(totals.bands).toEqual([{ band: 'B', rateBp: 1600, taxableCents: 161_300, taxCents: 25_808, totalCents: 187_108 }]);
    expect(totals.totalCents).toBe(187_108);
    // The VAT line counts the goods apart from the fees.
    expect(totals.vatRows).toEqual([{ band: 'B', label: 'VAT (16%)', taxCents: 25_808 }]);
  });

  it('keeps the fee when delivery is free, and adds it without VAT in the default non-VAT band', () => {
    const bigMinimum: SmallOrderPolicy = { rule: 'fee', minimumCents: 300_000, feeCents: 20_000 };
    const { totals } = totalsWithSmallOrder(
      { lines: [{ unitPriceCents: 250_000, quantity: 1 }], deliveryFeeCents: 50_000 },
      bigMinimum,
      'Karen',
    );
    expect(totals.freeDelivery).toBe(true);
    expect(totals.deliveryFeeCents).toBe(0);
    expect(totals.smallOrderFeeCents).toBe(20_000);
    expect(totals.totalCents).toBe(250_000 + 40_000 + 20_000);
  });

  it('splits each fee on its own with prices that include VAT, as the tax invoice does', () => {
    const { totals } = totalsWithSmallOrder(
      { lines: [], deliveryFeeCents: 10_003, deliveryFeeTaxBand: 'B', pricesIncludeVat: true },
      { rule: 'fee', minimumCents: 100, feeCents: 10_003 },
      'Karen',
    );
    // KES 100.03 holds 86.23 + 13.80 of VAT; twice that, not KES 200.06 split at once (172.47 + 27.59).
    expect(totals.bands[0]).toMatchObject({ taxableCents: 17_246, taxCents: 2_760, totalCents: 20_006 });
    expect(totals.totalCents).toBe(20_006);
  });
});
