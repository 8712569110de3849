import { describe, expect, it } from 'vitest';
import { cartReminderSms, mergeSavedCarts, savedCartBody } from './saved-cart';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const C = '33333333-3333-4333-8333-333333333333';
const V = '44444444-4444-4444-8444-44444444444a';

describe('merging the browser’s cart into the saved one', () => {
  it('keeps the larger quantity of a line in both, the saved lines first, then the new ones', () => {
    expect(
      mergeSavedCarts(
        [
          { productId: A, quantity: 2 },
          { productId: B, variantId: V, quantity: 4 },
        ],
        [
          { productId: B, variantId: V.toUpperCase(), quantity: 1 },
          { productId: A, quantity: 5 },
          { productId: C, quantity: 1 },
        ],
      ),
    ).toEqual([
      { productId: A, quantity: 5 },
      { productId: B, variantId: V, quantity: 4 },
      { productId: C, quantity: 1 },
    ]);
  });

  it('keeps at most 50 lines, the saved ones first', () => {
    const saved = Array.from({ length: 50 }, (_, i) => ({ productId: `p${i}`, quantity: 1 }));
    const merged = mergeSavedCarts(saved, [{ productId: 'new', quantity: 3 }]);
    expect(merged).toHaveLength(50);
    expect(merged.some((l) => l.productId === 'new')).toBe(false);
  });
});

describe('a saved cart’s body', () => {
  it('refuses a line twice, a quantity out of 1..99 and more than 50 lines', () => {
    expect(savedCartBody.safeParse({ lines: [{ productId: A, quantity: 99 }] }).success).toBe(true);
    expect(savedCartBody.safeParse({ lines: [{ productId: A, quantity: 100 }] }).success).toBe(false);
    expect(savedCartBody.safeParse({ lines: [{ productId: A, quantity: 0 }] }).success).toBe(false);
    expect(
      savedCartBody.safeParse({
        lines: [
          { productId: A, quantity: 1 },
          { productId: A.toUpperCase(), quantity: 1 },
        ],
      }).success,
    ).toBe(false);
    expect(savedCartBody.safeParse({ lines: Array.from({ length: 51 }, (_, i) => ({ productId: `p${i}`, quantity: 1 })) }).success).toBe(
      false,
    );
  });
});

describe('the cart reminder SMS', () => {
  it('names the shop, the items and their value, the cart, and ends with how to stop them', () => {
    expect(
      cartReminderSms({
        shopName: 'Lake Victoria Aquaculture',
        publicUrl: 'https://shop.example',
        items: 3,
        valueCents: 185_000,
        stopToken: 'abc',
      }),
    ).toBe(
      'Lake Victoria Aquaculture: you left 3 items (KES 1,850.00) in your cart. Finish your order: https://shop.example/cart. Stop these: https://shop.example/cart-reminders/abc',
    );
    expect(cartReminderSms({ shopName: '', publicUrl: 'https://s.example', items: 1, valueCents: 65_000, stopToken: 't' })).toBe(
      'You left 1 item (KES 650.00) in your cart. Finish your order: https://s.example/cart. Stop these: https://s.example/cart-reminders/t',
    );
  });
});
