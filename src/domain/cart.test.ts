import { describe, expect, it } from 'vitest';
import type { CartLine, CartProduct } from './cart';
import {
  CART_LIMIT_MESSAGES,
  CART_STORAGE_KEY,
  MAX_LINE_QUANTITY,
  MAX_ORDER_LINES,
  addToCart,
  addToCartCounted,
  allInCartMessage,
  cartItemCount,
  cartLimitMessage,
  cartLinesForTotals,
  parseStoredCart,
  removeFromCart,
  serializeCart,
  setQuantity,
} from './cart';

const tilapia: CartProduct = {
  productId: 'p-tilapia',
  name: 'Whole Tilapia',
  priceCents: 65_000,
  imageUrl: '/img/tilapia.jpg',
  category: 'fish',
  stock: 5,
};
const kuku: CartProduct = {
  productId: 'p-kuku',
  name: 'Kienyeji Chicken',
  priceCents: 120_050,
  imageUrl: null,
  category: 'chicken',
  stock: 2,
};
const line = (product: CartProduct, quantity: number): CartLine => ({ ...product, quantity });

describe('CART_STORAGE_KEY', () => {
  it('is the key "cart"', () => {
    expect(CART_STORAGE_KEY).toBe('cart');
  });
});

describe('addToCart', () => {
  it.each<[string, CartLine[], CartProduct, number | undefined, CartLine[]]>([
    ['new product, default qty 1', [], tilapia, undefined, [line(tilapia, 1)]],
    ['new product, qty 3', [], tilapia, 3, [line(tilapia, 3)]],
    ['new product capped at stock', [], kuku, 5, [line(kuku, 2)]],
    ['existing product raises quantity', [line(tilapia, 2)], tilapia, 1, [line(tilapia, 3)]],
    ['existing product capped at stock', [line(tilapia, 4)], tilapia, 3, [line(tilapia, 5)]],
    ['already at stock stays', [line(kuku, 2)], kuku, 1, [line(kuku, 2)]],
    ['appends after other lines', [line(kuku, 1)], tilapia, 1, [line(kuku, 1), line(tilapia, 1)]],
    ['keeps line order when raising', [line(tilapia, 1), line(kuku, 1)], tilapia, 1, [line(tilapia, 2), line(kuku, 1)]],
    ['out of stock is ignored', [], { ...tilapia, stock: 0 }, 1, []],
    ['negative stock is ignored', [line(kuku, 1)], { ...tilapia, stock: -3 }, 1, [line(kuku, 1)]],
    ['zero qty is ignored', [], tilapia, 0, []],
    ['negative qty is ignored', [line(tilapia, 2)], tilapia, -1, [line(tilapia, 2)]],
    ['fractional qty is ignored', [], tilapia, 1.5, []],
    [
      'latest price and stock replace the stored ones',
      [line({ ...tilapia, priceCents: 60_000, stock: 9 }, 4)],
      tilapia,
      3,
      [line(tilapia, 5)],
    ],
  ])('%s', (_label, lines, product, qty, expected) => {
    const before = structuredClone(lines);
    const result = qty === undefined ? addToCart(lines, product) : addToCart(lines, product, qty);
    expect(result).toEqual(expected);
    expect(lines).toEqual(before); // input untouched
  });
});

describe('addToCartCounted', () => {
  it.each<[string, CartLine[], CartProduct, number, number, CartLine[]]>([
    ['new product adds qty', [], tilapia, 2, 2, [line(tilapia, 2)]],
    ['new product adds only up to stock', [], kuku, 5, 2, [line(kuku, 2)]],
    ['existing line adds the difference', [line(tilapia, 2)], tilapia, 1, 1, [line(tilapia, 3)]],
    ['existing line partly capped', [line(tilapia, 4)], tilapia, 3, 1, [line(tilapia, 5)]],
    ['line already at stock adds nothing', [line(kuku, 2)], kuku, 1, 0, [line(kuku, 2)]],
    ['stock fell below the line: shrinks, adds nothing', [line({ ...tilapia, stock: 9 }, 7)], tilapia, 1, 0, [line(tilapia, 5)]],
    ['out of stock adds nothing', [], { ...tilapia, stock: 0 }, 1, 0, []],
    ['invalid qty adds nothing', [line(tilapia, 1)], tilapia, 0, 0, [line(tilapia, 1)]],
  ])('%s', (_label, lines, product, qty, added, expected) => {
    expect(addToCartCounted(lines, product, qty)).toEqual({ lines: expected, added });
  });
});

describe("an order's limits (the server refuses more than 99 of a product or 50 products)", () => {
  const plenty: CartProduct = { ...tilapia, productId: 'p-plenty', stock: 5000 };
  const others = Array.from({ length: MAX_ORDER_LINES }, (_, i) => line({ ...kuku, productId: `p-${i}` }, 1));

  it('caps a line at 99 however much is in stock, and says why', () => {
    expect(addToCartCounted([], plenty, 150)).toEqual({ lines: [line(plenty, MAX_LINE_QUANTITY)], added: MAX_LINE_QUANTITY });
    const full = [line(plenty, MAX_LINE_QUANTITY)];
    expect(addToCartCounted(full, plenty, 1).added).toBe(0);
    expect(setQuantity(full, plenty.productId, 120)).toEqual(full);
    expect(cartLimitMessage(full, plenty)).toBe(CART_LIMIT_MESSAGES.perProduct);
    expect(cartLimitMessage([line(kuku, 2)], kuku)).toBe(allInCartMessage(2));
  });

  it('takes no 51st product, but still more of one already in the cart', () => {
    expect(addToCartCounted(others, tilapia, 1)).toEqual({ lines: others, added: 0 });
    expect(cartLimitMessage(others, tilapia)).toBe(CART_LIMIT_MESSAGES.products);
    expect(addToCartCounted(others, { ...kuku, productId: 'p-0' }, 1).added).toBe(1);
  });
});

describe('allInCartMessage', () => {
  it.each([
    [1, 'Only 1 in stock — it is already in your cart'],
    [3, 'Only 3 in stock — all of them are in your cart'],
  ])('stock %i', (stock, expected) => {
    expect(allInCartMessage(stock)).toBe(expected);
  });
});

describe('setQuantity', () => {
  const cart = [line(tilapia, 2), line(kuku, 1)];

  it.each<[string, string, number, CartLine[]]>([
    ['sets a quantity', 'p-tilapia', 4, [line(tilapia, 4), line(kuku, 1)]],
    ['caps at stock', 'p-tilapia', 99, [line(tilapia, 5), line(kuku, 1)]],
    ['0 removes', 'p-tilapia', 0, [line(kuku, 1)]],
    ['negative removes', 'p-kuku', -2, [line(tilapia, 2)]],
    ['fraction rounds down', 'p-tilapia', 3.9, [line(tilapia, 3), line(kuku, 1)]],
    ['fraction below 1 removes', 'p-kuku', 0.5, [line(tilapia, 2)]],
    ['unknown product is a no-op', 'p-none', 3, cart],
    ['NaN is a no-op', 'p-tilapia', NaN, cart],
  ])('%s', (_label, productId, qty, expected) => {
    expect(setQuantity(cart, productId, qty)).toEqual(expected);
    expect(cart).toEqual([line(tilapia, 2), line(kuku, 1)]);
  });

  it('removes a line whose stock ran out', () => {
    expect(setQuantity([line({ ...kuku, stock: 0 }, 1)], 'p-kuku', 1)).toEqual([]);
  });
});

describe('removeFromCart / cartItemCount / cartLinesForTotals', () => {
  const cart = [line(tilapia, 2), line(kuku, 1)];

  it.each<[string, CartLine[]]>([
    ['p-tilapia', [line(kuku, 1)]],
    ['p-kuku', [line(tilapia, 2)]],
    ['p-none', cart],
  ])('removeFromCart(%s)', (productId, expected) => {
    expect(removeFromCart(cart, productId)).toEqual(expected);
  });

  it.each<[CartLine[], number]>([
    [[], 0],
    [[line(tilapia, 1)], 1],
    [cart, 3],
  ])('cartItemCount → %#', (lines, expected) => {
    expect(cartItemCount(lines)).toBe(expected);
  });

  it('maps lines to totals input', () => {
    expect(cartLinesForTotals(cart)).toEqual([
      { unitPriceCents: 65_000, quantity: 2 },
      { unitPriceCents: 120_050, quantity: 1 },
    ]);
  });
});

describe('parseStoredCart', () => {
  const stored = line(tilapia, 2);

  it.each<[string, unknown, CartLine[]]>([
    ['round-trips a serialised cart', serializeCart([stored, line(kuku, 1)]), [stored, line(kuku, 1)]],
    ['accepts already-parsed data', [stored], [stored]],
    ['invalid JSON', '{not json', []],
    ['null', null, []],
    ['JSON null', 'null', []],
    ['object instead of array', { ...stored }, []],
    ['drops non-objects', [1, 'x', null, [], stored], [stored]],
    ['drops a missing id', [{ ...stored, productId: '' }], []],
    ['drops a missing name', [{ ...stored, name: 42 }], []],
    ['drops a negative price', [{ ...stored, priceCents: -1 }], []],
    ['drops a fractional priceCents without price', [{ ...stored, priceCents: 1.5 }], []],
    ['drops a missing stock', [{ ...stored, stock: undefined }], []],
    ['drops zero quantity', [{ ...stored, quantity: 0 }], []],
    ['drops fractional quantity', [{ ...stored, quantity: 1.5 }], []],
    ['drops out-of-stock lines', [{ ...stored, stock: 0 }], []],
    ['caps quantity at stock', [{ ...stored, quantity: 50 }], [line(tilapia, 5)]],
    ['integer-string priceCents', [{ ...stored, priceCents: '65000' }], [stored]],
    ['numeric-string stock and quantity', [{ ...stored, stock: '5', quantity: '2' }], [stored]],
    ['price in KES as string', [{ ...stored, priceCents: undefined, price: '650.00' }], [stored]],
    ['price in KES as number', [{ ...stored, priceCents: undefined, price: 650 }], [stored]],
    ['price with more decimals rounds', [{ ...stored, priceCents: undefined, price: '649.995' }], [stored]],
    ['garbage price', [{ ...stored, priceCents: undefined, price: 'free' }], []],
    ['empty image becomes null', [{ ...stored, imageUrl: '' }], [{ ...stored, imageUrl: null }]],
    [
      'missing image and category',
      [{ ...stored, imageUrl: undefined, category: undefined }],
      [{ ...stored, imageUrl: null, category: '' }],
    ],
    ['numeric id becomes a string', [{ ...stored, productId: 7 }], [{ ...stored, productId: '7' }]],
    ['merges duplicates, capped', [stored, { ...stored, quantity: 4 }], [line(tilapia, 5)]],
    [
      'reads the legacy { product, quantity } shape',
      [
        {
          product: { id: 'p-kuku', name: 'Kienyeji Chicken', price: '1200.50', image_url: null, category: 'chicken', stock: 2 },
          quantity: 1,
        },
      ],
      [line(kuku, 1)],
    ],
    [
      'legacy shape with image_url',
      [
        {
          product: { id: 'p-tilapia', name: 'Whole Tilapia', price: 650, image_url: '/img/tilapia.jpg', category: 'fish', stock: 5 },
          quantity: 2,
        },
      ],
      [stored],
    ],
  ])('%s', (_label, input, expected) => {
    expect(parseStoredCart(input)).toEqual(expected);
  });
});

describe('a line sold by the kilo', () => {
  it('keeps its price per kg through storage, and drops one that is not a positive amount', () => {
    const line = {
      productId: 'p1',
      variantId: 'v1',
      name: 'Tilapia — Large',
      priceCents: 133_000,
      imageUrl: null,
      category: 'fish',
      stock: 4,
    };
    expect(parseStoredCart(JSON.stringify([{ ...line, weightGrams: 700, pricePerKgCents: 190_000, quantity: 1 }]))).toEqual([
      { ...line, weightGrams: 700, pricePerKgCents: 190_000, quantity: 1 },
    ]);
    expect(parseStoredCart(JSON.stringify([{ ...line, pricePerKgCents: -5, quantity: 1 }]))).toEqual([{ ...line, quantity: 1 }]);
  });
});
