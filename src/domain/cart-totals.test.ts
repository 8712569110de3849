import { describe, expect, it } from 'vitest';
import type { CartTotals, CartTotalsInput } from './cart-totals';
import {
  FREE_DELIVERY_PROMPT_MAX_CENTS,
  FREE_DELIVERY_THRESHOLD_CENTS,
  VAT_RATE_BP,
  computeCartTotals,
  freeDeliveryPrompt,
} from './cart-totals';

describe('constants', () => {
  it('are 16% VAT, free delivery from KES 2,000, a KES 1,000 nudge and a KES 60 placeholder fee', () => {
    expect(VAT_RATE_BP).toBe(1600);
    expect(FREE_DELIVERY_THRESHOLD_CENTS).toBe(200_000);
    expect(FREE_DELIVERY_PROMPT_MAX_CENTS).toBe(100_000);
  });
});

describe('computeCartTotals', () => {
  it.each<[string, CartTotalsInput, CartTotals]>([
    [
      '3 × 333.33 rounds VAT once on the subtotal',
      { lines: [{ unitPriceCents: 33_333, quantity: 3 }], deliveryFeeCents: 7_500 },
      {
        subtotalCents: 99_999,
        vatCents: 16_000,
        deliveryFeeCents: 7_500,
        freeDelivery: false,
        totalCents: 123_499,
        amountToFreeDeliveryCents: null,
      },
    ],
    [
      'empty cart',
      { lines: [], deliveryFeeCents: null },
      { subtotalCents: 0, vatCents: 0, deliveryFeeCents: null, freeDelivery: false, totalCents: 0, amountToFreeDeliveryCents: null },
    ],
    [
      'unknown fee is null and adds nothing',
      { lines: [{ unitPriceCents: 150_000, quantity: 1 }], deliveryFeeCents: null },
      {
        subtotalCents: 150_000,
        vatCents: 24_000,
        deliveryFeeCents: null,
        freeDelivery: false,
        totalCents: 174_000,
        amountToFreeDeliveryCents: 50_000,
      },
    ],
    [
      'exactly KES 1,000 short shows the prompt',
      { lines: [{ unitPriceCents: 50_000, quantity: 2 }], deliveryFeeCents: 8_500 },
      {
        subtotalCents: 100_000,
        vatCents: 16_000,
        deliveryFeeCents: 8_500,
        freeDelivery: false,
        totalCents: 124_500,
        amountToFreeDeliveryCents: 100_000,
      },
    ],
    [
      'KES 1,000.01 short shows no prompt',
      { lines: [{ unitPriceCents: 99_999, quantity: 1 }], deliveryFeeCents: 0 },
      {
        subtotalCents: 99_999,
        vatCents: 16_000,
        deliveryFeeCents: 0,
        freeDelivery: false,
        totalCents: 115_999,
        amountToFreeDeliveryCents: null,
      },
    ],
    [
      'one cent short',
      { lines: [{ unitPriceCents: 199_999, quantity: 1 }], deliveryFeeCents: 6_000 },
      {
        subtotalCents: 199_999,
        vatCents: 32_000,
        deliveryFeeCents: 6_000,
        freeDelivery: false,
        totalCents: 237_999,
        amountToFreeDeliveryCents: 1,
      },
    ],
    [
      'exactly KES 2,000 is free even with a quote',
      { lines: [{ unitPriceCents: 100_000, quantity: 2 }], deliveryFeeCents: 60_000 },
      {
        subtotalCents: 200_000,
        vatCents: 32_000,
        deliveryFeeCents: 0,
        freeDelivery: true,
        totalCents: 232_000,
        amountToFreeDeliveryCents: null,
      },
    ],
    [
      'free without a quote is 0, not null',
      {
        lines: [
          { unitPriceCents: 65_000, quantity: 2 },
          { unitPriceCents: 99_999, quantity: 1 },
        ],
        deliveryFeeCents: null,
      },
      {
        subtotalCents: 229_999,
        vatCents: 36_800,
        deliveryFeeCents: 0,
        freeDelivery: true,
        totalCents: 266_799,
        amountToFreeDeliveryCents: null,
      },
    ],
    [
      'zero-quantity lines count for nothing',
      {
        lines: [
          { unitPriceCents: 50_000, quantity: 0 },
          { unitPriceCents: 1, quantity: 1 },
        ],
        deliveryFeeCents: 7_500,
      },
      { subtotalCents: 1, vatCents: 0, deliveryFeeCents: 7_500, freeDelivery: false, totalCents: 7_501, amountToFreeDeliveryCents: null },
    ],
  ])('%s', (_label, input, expected) => {
    expect(computeCartTotals(input)).toEqual(expected);
  });

  it('3 × 333.33 gives subtotal 999.99, VAT 160.00, total 1159.99 + fee', () => {
    const totals = computeCartTotals({ lines: [{ unitPriceCents: 33_333, quantity: 3 }], deliveryFeeCents: null });
    expect(totals.subtotalCents).toBe(99_999);
    expect(totals.vatCents).toBe(16_000);
    expect(totals.totalCents).toBe(115_999);
  });

  it.each<[string, CartTotalsInput]>([
    ['fractional quantity', { lines: [{ unitPriceCents: 100, quantity: 1.5 }], deliveryFeeCents: null }],
    ['negative quantity', { lines: [{ unitPriceCents: 100, quantity: -1 }], deliveryFeeCents: null }],
    ['fractional price', { lines: [{ unitPriceCents: 100.5, quantity: 1 }], deliveryFeeCents: null }],
    ['negative price', { lines: [{ unitPriceCents: -100, quantity: 1 }], deliveryFeeCents: null }],
    ['negative fee', { lines: [], deliveryFeeCents: -1 }],
    ['fractional fee', { lines: [], deliveryFeeCents: 0.5 }],
  ])('rejects %s', (_label, input) => {
    expect(() => computeCartTotals(input)).toThrow(RangeError);
  });
});

describe('freeDeliveryPrompt', () => {
  it.each([
    [50_000, 'Add KES 500.00 more for FREE delivery!'],
    [100_000, 'Add KES 1,000.00 more for FREE delivery!'],
    [1, 'Add KES 0.01 more for FREE delivery!'],
    [12_345, 'Add KES 123.45 more for FREE delivery!'],
  ])('%i → %s', (cents, expected) => {
    expect(freeDeliveryPrompt(cents)).toBe(expected);
  });
});
