import { describe, expect, it } from 'vitest';
import { computeOrderTotals } from './cart-totals';
import { allocateDiscount } from './promotion-allocation';
import {
  bestAutomaticOffer,
  discountLabel,
  normalizePromotionCode,
  promotionDiscount,
  promotionRefusal,
  type Promotion,
  type PromotionHistory,
  type PromotionLine,
} from './promotions';

const promo = (over: Partial<Promotion> = {}): Promotion => ({
  id: 'p1',
  code: 'FISHFRIDAY',
  name: 'Fish Friday',
  kind: 'percent',
  value: 10,
  minimumSpendCents: 0,
  firstOrderOnly: false,
  perCustomerLimit: null,
  totalLimit: null,
  startsAt: null,
  endsAt: null,
  weekdays: [],
  scope: 'all',
  scopeIds: [],
  active: true,
  ...over,
});
const fresh: PromotionHistory = { firstOrder: true, customerUses: 0, totalUses: 0 };
const line = (amountCents: number, category = 'fish', productId = `p-${amountCents}`): PromotionLine => ({
  productId,
  variantId: `v-${productId}`,
  category,
  amountCents,
});
// 2026-12-04 is a Friday; 09:00 in Nairobi.
const FRIDAY = new Date('2026-12-04T06:00:00Z');
const SATURDAY = new Date('2026-12-05T06:00:00Z');

describe('allocateDiscount', () => {
  it('spreads by largest remainder so the shares add up exactly', () => {
    expect(allocateDiscount(100, [1, 1, 1])).toEqual([1, 1, 1]);
    expect(allocateDiscount(2, [1, 1, 1])).toEqual([1, 1, 0]);
    const odd = allocateDiscount(1_000, [33_333, 33_333, 33_334]);
    expect(odd.reduce((a, b) => a + b, 0)).toBe(1_000);
    expect(odd).toEqual([333, 333, 334]);
  });

  it('never takes a line below zero and never more than the lines cost', () => {
    expect(allocateDiscount(5_000, [1_000, 2_000])).toEqual([1_000, 2_000]);
    expect(allocateDiscount(300, [150, 0, 150])).toEqual([150, 0, 150]);
  });

  it('works in whole shillings when asked, each line capped at its whole shillings', () => {
    const shares = allocateDiscount(15_050, [50_000, 50_050, 50_000], 100);
    expect(shares.every((s) => s % 100 === 0)).toBe(true);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(15_000);
    expect(allocateDiscount(300, [150, 150], 100)).toEqual([100, 100]);
  });
});

describe('promotionDiscount', () => {
  it('takes 10% off the fish lines only', () => {
    const lines = [line(120_000, 'fish'), line(50_000, 'chicken')];
    const d = promotionDiscount(promo({ scope: 'categories', scopeIds: ['fish'] }), lines, false);
    expect(d).toEqual({ lineDiscountsCents: [12_000, 0], discountCents: 12_000, freeDelivery: false });
  });

  it('rounds a percentage half-up to the cent and spreads it exactly', () => {
    const lines = [line(33_333), line(33_333), line(33_335)];
    const d = promotionDiscount(promo({ value: 15 }), lines, false);
    expect(d.discountCents).toBe(15_000);
    expect(d.lineDiscountsCents.reduce((a, b) => a + b, 0)).toBe(15_000);
  });

  it('never takes a fixed amount beyond the eligible lines', () => {
    const lines = [line(40_000, 'fish'), line(90_000, 'chicken')];
    const d = promotionDiscount(promo({ kind: 'fixed', value: 50_000, scope: 'categories', scopeIds: ['fish'] }), lines, false);
    expect(d.lineDiscountsCents).toEqual([40_000, 0]);
  });

  it('keeps whole shillings when prices include VAT', () => {
    const lines = [line(45_500), line(33_300), line(12_900)];
    const d = promotionDiscount(promo({ value: 7 }), lines, true);
    expect(d.lineDiscountsCents.every((c) => c % 100 === 0)).toBe(true);
    expect(d.discountCents).toBe(6_400);
  });

  it('scopes by product and by variant', () => {
    const lines = [line(10_000, 'fish', 'a'), line(20_000, 'fish', 'b')];
    expect(promotionDiscount(promo({ scope: 'products', scopeIds: ['b'] }), lines, false).lineDiscountsCents).toEqual([0, 2_000]);
    expect(promotionDiscount(promo({ scope: 'variants', scopeIds: ['v-a'] }), lines, false).lineDiscountsCents).toEqual([1_000, 0]);
  });
});

describe('totals with a discount', () => {
  it('charges VAT per band on the discounted amounts, band totals adding up to the total', () => {
    const lines = [
      { unitPriceCents: 100_000, quantity: 1, taxBand: 'B' as const, discountCents: 10_000 },
      { unitPriceCents: 30_000, quantity: 1, taxBand: 'E' as const, discountCents: 3_000 },
    ];
    const t = computeOrderTotals({ lines, deliveryFeeCents: 20_000 });
    expect(t.subtotalCents).toBe(130_000);
    expect(t.discountCents).toBe(13_000);
    expect(t.bands.find((b) => b.band === 'B')).toMatchObject({ taxableCents: 90_000, taxCents: 14_400 });
    expect(t.bands.find((b) => b.band === 'E')).toMatchObject({ taxableCents: 27_000, taxCents: 2_160 });
    expect(t.totalCents).toBe(130_000 - 13_000 + 14_400 + 2_160 + 20_000);
    expect(t.bands.reduce((a, b) => a + b.totalCents, 0)).toBe(t.totalCents);
  });

  it('with prices that include VAT the discounted total stays whole shillings', () => {
    const d = promotionDiscount(promo({ value: 7 }), [line(45_500), line(33_300)], true);
    const t = computeOrderTotals({
      lines: [
        { unitPriceCents: 45_500, quantity: 1, discountCents: d.lineDiscountsCents[0] ?? 0 },
        { unitPriceCents: 33_300, quantity: 1, discountCents: d.lineDiscountsCents[1] ?? 0 },
      ],
      deliveryFeeCents: 15_000,
      pricesIncludeVat: true,
    });
    expect(t.totalCents % 100).toBe(0);
    expect(t.totalCents).toBe(45_500 + 33_300 - d.discountCents + 15_000);
    expect(t.bands.reduce((a, b) => a + b.totalCents, 0)).toBe(t.totalCents);
  });

  it('free delivery waives the delivery fee but not the small-order fee', () => {
    const t = computeOrderTotals({
      lines: [{ unitPriceCents: 50_000, quantity: 1 }],
      deliveryFeeCents: 20_000,
      smallOrderFeeCents: 10_000,
      waiveDeliveryFee: true,
    });
    expect(t.deliveryFeeCents).toBe(0);
    expect(t.smallOrderFeeCents).toBe(10_000);
    expect(t.totalCents).toBe(50_000 + 8_000 + 10_000);
  });
});

describe('promotionRefusal', () => {
  const cart = [line(120_000, 'fish')];
  it.each<[string, Partial<Promotion>, PromotionHistory, Date, string]>([
    ['expired', { endsAt: new Date('2026-12-01T00:00:00Z') }, fresh, FRIDAY, 'This code has expired.'],
    ['not started', { startsAt: new Date('2026-12-10T00:00:00Z') }, fresh, FRIDAY, 'This code is not valid yet.'],
    ['minimum', { minimumSpendCents: 150_000 }, fresh, FRIDAY, 'This code needs a minimum order of KES 1,500.00.'],
    ['first order', { firstOrderOnly: true }, { ...fresh, firstOrder: false }, FRIDAY, 'This code is for a first order only.'],
    ['used up', { totalLimit: 20 }, { ...fresh, totalUses: 20 }, FRIDAY, 'This code has been used up.'],
    ['used by this customer', { perCustomerLimit: 1 }, { ...fresh, customerUses: 1 }, FRIDAY, 'You have already used this code.'],
    [
      'nothing eligible',
      { scope: 'categories', scopeIds: ['chicken'] },
      fresh,
      FRIDAY,
      'This code does not apply to anything in your cart.',
    ],
    ['switched off', { active: false }, fresh, FRIDAY, 'We do not know this code.'],
    ['Fridays only, on a Saturday', { weekdays: [5] }, fresh, SATURDAY, 'This code is valid on Fridays only.'],
  ])('%s', (_name, over, history, at, message) => {
    expect(promotionRefusal(promo(over), cart, at, history)).toBe(message);
  });

  it('accepts the code on a Friday in Nairobi, inside its window, at its minimum', () => {
    const p = promo({ weekdays: [5], minimumSpendCents: 120_000, startsAt: new Date('2026-12-01T00:00:00Z'), totalLimit: 20 });
    expect(promotionRefusal(p, cart, FRIDAY, { ...fresh, totalUses: 19 })).toBeNull();
    // Friday 23:30 in Nairobi is still Friday although it is 20:30 UTC.
    expect(promotionRefusal(p, cart, new Date('2026-12-04T20:30:00Z'), fresh)).toBeNull();
    expect(promotionRefusal(p, cart, new Date('2026-12-04T21:30:00Z'), fresh)).toBe('This code is valid on Fridays only.');
  });
});

describe('bestAutomaticOffer', () => {
  it('picks the offer worth most, leaving out codes and refused offers', () => {
    const cart = [line(100_000, 'fish')];
    const offers = [
      { promotion: promo({ id: 'code', code: 'BIG', value: 50 }), history: fresh },
      { promotion: promo({ id: 'five', code: null, value: 5 }), history: fresh },
      { promotion: promo({ id: 'ship', code: null, kind: 'free_delivery', value: 0 }), history: fresh },
      { promotion: promo({ id: 'old', code: null, value: 30, endsAt: new Date('2026-01-01T00:00:00Z') }), history: fresh },
    ];
    expect(bestAutomaticOffer(offers, cart, FRIDAY, false, 20_000)?.promotion.id).toBe('ship');
    expect(bestAutomaticOffer(offers, cart, FRIDAY, false, 3_000)?.promotion.id).toBe('five');
    expect(bestAutomaticOffer(offers.slice(0, 1), cart, FRIDAY, false, 3_000)).toBeNull();
  });
});

describe('labels and codes', () => {
  it('normalises typed codes and labels the discount line', () => {
    expect(normalizePromotionCode('  fishFriday ')).toBe('FISHFRIDAY');
    expect(discountLabel({ code: 'FISHFRIDAY', name: 'x' })).toBe('Discount (FISHFRIDAY)');
    expect(discountLabel({ code: null, name: 'Weekend offer' })).toBe('Discount (Weekend offer)');
  });
});
