import { describe, expect, it } from 'vitest';
import type { CartLine, CartProduct } from '@/domain/cart';
import { ordersText } from '@/web/i18n/orders-text';
import { cartWithOrder, leftOutNotice, type ReorderItem } from './reorder';

const tilapia: CartProduct = { productId: 'tilapia', name: 'Tilapia', priceCents: 65_000, imageUrl: null, category: 'fish', stock: 10 };
const kienyeji: CartProduct = {
  productId: 'kienyeji',
  name: 'Kienyeji chicken',
  priceCents: 120_000,
  imageUrl: null,
  category: 'chicken',
  stock: 2,
};
const large: CartProduct = {
  ...tilapia,
  productId: 'whole-tilapia',
  variantId: 'large',
  name: 'Tilapia — Large, Scaled & gutted',
  stock: 4,
};
const medium: CartProduct = { ...large, variantId: 'medium', name: 'Tilapia — Medium, Scaled & gutted', priceCents: 45_000 };
const line = (p: CartProduct, quantity: number): CartLine => ({ ...p, quantity });
const item = (p: CartProduct, quantity: number, name = p.name): ReorderItem => ({
  productId: p.productId,
  variantId: p.variantId ?? null,
  quantity,
  product: { name },
});

describe('cartWithOrder', () => {
  it('puts the order’s goods into an empty cart at today’s prices', () => {
    const cheaper = { ...tilapia, priceCents: 60_000 };
    expect(cartWithOrder([], [item(tilapia, 3)], [cheaper])).toEqual({ lines: [line(cheaper, 3)], leftOut: [] });
  });

  it('puts back each variant as its own line', () => {
    const result = cartWithOrder([], [item(large, 2), item(medium, 1)], [medium, large]);
    expect(result).toEqual({ lines: [line(large, 2), line(medium, 1)], leftOut: [] });
  });

  it('does not double what the cart still holds from the failed checkout', () => {
    const cart = [line(tilapia, 3)];
    expect(cartWithOrder(cart, [item(tilapia, 3)], [tilapia]).lines).toEqual([line(tilapia, 3)]);
    expect(cartWithOrder([line(tilapia, 1)], [item(tilapia, 3)], [tilapia]).lines).toEqual([line(tilapia, 3)]);
  });

  it('keeps the other lines of the cart', () => {
    const result = cartWithOrder([line(tilapia, 1)], [item(kienyeji, 1)], [tilapia, kienyeji]);
    expect(result.lines).toEqual([line(tilapia, 1), line(kienyeji, 1)]);
  });

  it('caps at today’s stock and names what it left out, by the name on the order', () => {
    const soldOut = { ...tilapia, stock: 0 };
    const result = cartWithOrder(
      [],
      [item(kienyeji, 5), item(tilapia, 1), { productId: 'withdrawn', variantId: null, quantity: 1, product: { name: 'Catfish (1 kg)' } }],
      [kienyeji, soldOut],
    );
    expect(result).toEqual({
      lines: [line(kienyeji, 2)],
      leftOut: [
        { name: 'Kienyeji chicken', added: 2 },
        { name: 'Tilapia', added: 0 },
        { name: 'Catfish (1 kg)', added: 0 },
      ],
    });
    expect(leftOutNotice(result.leftOut, ordersText)).toBe(
      'Not added in full, no longer sold or out of stock: Kienyeji chicken (only 2 left); Tilapia; Catfish (1 kg).',
    );
  });

  it('a variant no longer sold is left out even when its product still sells others', () => {
    const result = cartWithOrder([], [item(large, 1)], [medium]);
    expect(result).toEqual({ lines: [], leftOut: [{ name: large.name, added: 0 }] });
    expect(leftOutNotice([], ordersText)).toBeNull();
  });
});
