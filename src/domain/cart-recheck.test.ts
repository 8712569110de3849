import { describe, expect, it } from 'vitest';
import type { CartLine } from './cart';
import { recheckCart, type CartNotice, type CurrentProduct } from './cart-recheck';

const line = (over: Partial<CartLine> = {}): CartLine => ({
  productId: 'p1',
  name: 'Whole Tilapia',
  priceCents: 65_000,
  imageUrl: '/t.webp',
  category: 'fish',
  stock: 10,
  quantity: 2,
  ...over,
});
const now = (over: Partial<Extract<CurrentProduct, { available: true }>> = {}): CurrentProduct => ({
  productId: 'p1',
  available: true,
  name: 'Whole Tilapia',
  priceCents: 65_000,
  imageUrl: '/t.webp',
  category: 'fish',
  stock: 10,
  ...over,
});

describe('recheckCart', () => {
  it.each<[string, CartLine[], CurrentProduct[], CartLine[], CartNotice[]]>([
    ['nothing changed', [line()], [now()], [line()], []],
    ['empty cart', [], [], [], []],
    [
      'price went up',
      [line()],
      [now({ priceCents: 70_000 })],
      [line({ priceCents: 70_000 })],
      [{ kind: 'price', productId: 'p1', name: 'Whole Tilapia', fromCents: 65_000, toCents: 70_000 }],
    ],
    [
      'price went down and name changed',
      [line()],
      [now({ priceCents: 60_000, name: 'Tilapia (1 kg)' })],
      [line({ priceCents: 60_000, name: 'Tilapia (1 kg)' })],
      [{ kind: 'price', productId: 'p1', name: 'Tilapia (1 kg)', fromCents: 65_000, toCents: 60_000 }],
    ],
    ['stock rose: only stock refreshed', [line({ stock: 3 })], [now({ stock: 8 })], [line({ stock: 8 })], []],
    [
      'stock below quantity lowers it',
      [line({ quantity: 5 })],
      [now({ stock: 3 })],
      [line({ quantity: 3, stock: 3 })],
      [{ kind: 'stock', productId: 'p1', name: 'Whole Tilapia', quantity: 3 }],
    ],
    ['out of stock removes the line', [line()], [now({ stock: 0 })], [], [{ kind: 'unavailable', productId: 'p1', name: 'Whole Tilapia' }]],
    [
      'not available removes the line',
      [line(), line({ productId: 'p2', name: 'Wings' })],
      [now(), { productId: 'p2', available: false }],
      [line()],
      [{ kind: 'unavailable', productId: 'p2', name: 'Wings' }],
    ],
    [
      'a line the check did not cover is kept as it is',
      [line({ productId: 'new-1', name: 'Added meanwhile', priceCents: 1 }), line()],
      [now({ priceCents: 70_000 })],
      [line({ productId: 'new-1', name: 'Added meanwhile', priceCents: 1 }), line({ priceCents: 70_000 })],
      [{ kind: 'price', productId: 'p1', name: 'Whole Tilapia', fromCents: 65_000, toCents: 70_000 }],
    ],
    ['new image is taken silently', [line()], [now({ imageUrl: null })], [line({ imageUrl: null })], []],
  ])('%s', (_label, lines, current, expectedLines, expectedNotices) => {
    const result = recheckCart(lines, current);
    expect(result.lines).toEqual(expectedLines);
    expect(result.notices).toEqual(expectedNotices);
  });

  it.each<[string, CartLine[], CurrentProduct[], boolean]>([
    ['same data', [line()], [now()], false],
    ['stock changed', [line()], [now({ stock: 9 })], true],
    ['line removed', [line()], [{ productId: 'p1', available: false }], true],
    ['nothing checked', [line()], [], false],
  ])('changed: %s → %s', (_label, lines, current, changed) => {
    expect(recheckCart(lines, current).changed).toBe(changed);
  });
});
