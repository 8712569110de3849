import { describe, expect, it } from 'vitest';
import type { CartLine, CartProduct } from '@/domain/cart';
import { cartWithOrder } from './reorder';

const tilapia: CartProduct = { productId: 'tilapia', name: 'Tilapia', priceCents: 65_000, imageUrl: null, category: 'fish', stock: 10 };
const kienyeji: CartProduct = {
  productId: 'kienyeji',
  name: 'Kienyeji chicken',
  priceCents: 120_000,
  imageUrl: null,
  category: 'chicken',
  stock: 2,
};
const line = (p: CartProduct, quantity: number): CartLine => ({ ...p, quantity });

describe('cartWithOrder', () => {
  it('puts the order’s goods into an empty cart at today’s prices', () => {
    const cheaper = { ...tilapia, priceCents: 60_000 };
    expect(cartWithOrder([], [{ productId: 'tilapia', quantity: 3 }], [cheaper])).toEqual({ lines: [line(cheaper, 3)], unavailable: 0 });
  });

  it('does not double what the cart still holds from the failed checkout', () => {
    const cart = [line(tilapia, 3)];
    expect(cartWithOrder(cart, [{ productId: 'tilapia', quantity: 3 }], [tilapia]).lines).toEqual([line(tilapia, 3)]);
    expect(cartWithOrder([line(tilapia, 1)], [{ productId: 'tilapia', quantity: 3 }], [tilapia]).lines).toEqual([line(tilapia, 3)]);
  });

  it('keeps the other lines of the cart', () => {
    const result = cartWithOrder([line(tilapia, 1)], [{ productId: 'kienyeji', quantity: 1 }], [tilapia, kienyeji]);
    expect(result.lines).toEqual([line(tilapia, 1), line(kienyeji, 1)]);
  });

  it('caps at the stock and counts what can no longer be bought', () => {
    const soldOut = { ...tilapia, stock: 0 };
    const result = cartWithOrder(
      [],
      [
        { productId: 'kienyeji', quantity: 5 },
        { productId: 'tilapia', quantity: 1 },
        { productId: 'withdrawn', quantity: 1 },
      ],
      [kienyeji, soldOut],
    );
    expect(result).toEqual({ lines: [line(kienyeji, 2)], unavailable: 2 });
  });
});
