// The browser cart as pure data: every operation returns a new array and
// never lets a line exceed the product's stock.
import type { Cents } from './money';
import type { CartTotalsLine } from './cart-totals';
import { isCents, toCents } from './money';
import { isTaxBand, type TaxBand } from './tax-bands';

export const CART_STORAGE_KEY = 'cart';

export type CartLine = {
  productId: string;
  /** The chosen option combination; absent for a product without options (and in older carts). */
  variantId?: string;
  /** The line's whole name: 'Tilapia — Large, Scaled & gutted'. */
  name: string;
  priceCents: Cents;
  /** The product's VAT band; absent in a cart kept from before bands (the default band until rechecked). */
  taxBand?: TaxBand;
  imageUrl: string | null;
  category: string;
  stock: number;
  /** The variant's weight, when sold by weight (the price per kg). */
  weightGrams?: number;
  /** Sold by the kilo: the price of one kg; the line's price is an estimate until the fish is weighed. */
  pricePerKgCents?: Cents;
  quantity: number;
};

/** What identifies a cart line: its variant, or its product when it has none. */
export function cartLineKey(line: Pick<CartLine, 'productId' | 'variantId'>): string {
  return line.variantId ?? line.productId;
}

export type CartProduct = Omit<CartLine, 'quantity'>;

/** The most of one product one order takes (the server refuses more). */
export const MAX_LINE_QUANTITY = 99;
/** The most different products one order takes (the server refuses more). */
export const MAX_ORDER_LINES = 50;

/** How many of a product one cart line may hold: what is in stock, and no more than an order takes. */
export function lineLimit(stock: number): number {
  return Math.max(0, Math.min(stock, MAX_LINE_QUANTITY));
}

/** The new lines and how many units were actually added (0 when stock allowed none). */
export type AddToCartResult = { lines: CartLine[]; added: number };

/**
 * Adds qty units (a positive integer), capped at lineLimit; out-of-stock products are ignored, and
 * so is a new product when the cart already holds MAX_ORDER_LINES products.
 */
export function addToCartCounted(lines: readonly CartLine[], product: CartProduct, qty = 1): AddToCartResult {
  if (!Number.isSafeInteger(qty) || qty <= 0 || product.stock <= 0) return { lines: [...lines], added: 0 };
  const index = lines.findIndex((line) => cartLineKey(line) === cartLineKey(product));
  const existing = lines[index];
  if (!existing) {
    if (lines.length >= MAX_ORDER_LINES) return { lines: [...lines], added: 0 };
    const quantity = Math.min(qty, lineLimit(product.stock));
    return { lines: [...lines, { ...product, quantity }], added: quantity };
  }
  const quantity = Math.min(existing.quantity + qty, lineLimit(product.stock));
  // The latest product data (price, stock) replaces what the line remembered.
  const next = lines.map((line, i) => (i === index ? { ...product, quantity } : line));
  // A lower stock than before can shrink the line; that is not a negative addition.
  return { lines: next, added: Math.max(0, quantity - existing.quantity) };
}

/** addToCartCounted for callers that only need the lines. */
export function addToCart(lines: readonly CartLine[], product: CartProduct, qty = 1): CartLine[] {
  return addToCartCounted(lines, product, qty).lines;
}

/** What to tell a customer whose add hit the stock cap (the line already holds all of it). */
export function allInCartMessage(stock: number): string {
  if (stock === 1) return 'Only 1 in stock — it is already in your cart';
  return `Only ${stock} in stock — all of them are in your cart`;
}

export const CART_LIMIT_MESSAGES = {
  perProduct: `You can order up to ${MAX_LINE_QUANTITY} of one product at a time`,
  products: `Your cart holds ${MAX_ORDER_LINES} different products, the most one order takes`,
} as const;

/** Why adding `product` to `lines` (the cart before the add) put nothing in. */
export function cartLimitMessage(lines: readonly CartLine[], product: CartProduct): string {
  const inCart = lines.some((line) => cartLineKey(line) === cartLineKey(product));
  if (!inCart && lines.length >= MAX_ORDER_LINES) return CART_LIMIT_MESSAGES.products;
  if (product.stock > MAX_LINE_QUANTITY) return CART_LIMIT_MESSAGES.perProduct;
  return allInCartMessage(product.stock);
}

/**
 * 0 or less removes the line; more than lineLimit is capped at it (no stock left → removed). `key`
 * is the line's cartLineKey (the product id for a line without a variant).
 */
export function setQuantity(lines: readonly CartLine[], key: string, qty: number): CartLine[] {
  const existing = lines.find((line) => cartLineKey(line) === key);
  if (!existing || Number.isNaN(qty)) return [...lines];
  const quantity = Math.min(Math.floor(qty), lineLimit(existing.stock));
  if (quantity <= 0) return removeFromCart(lines, key);
  return lines.map((line) => (cartLineKey(line) === key ? { ...line, quantity } : line));
}

export function removeFromCart(lines: readonly CartLine[], key: string): CartLine[] {
  return lines.filter((line) => cartLineKey(line) !== key);
}

/** The header badge: total units, not distinct products. */
export function cartItemCount(lines: readonly CartLine[]): number {
  return lines.reduce((count, line) => count + line.quantity, 0);
}

export function cartLinesForTotals(lines: readonly CartLine[]): CartTotalsLine[] {
  return lines.map((line) => ({ unitPriceCents: line.priceCents, quantity: line.quantity, taxBand: line.taxBand }));
}

export function serializeCart(lines: readonly CartLine[]): string {
  return JSON.stringify(lines);
}

// --- Reading whatever is in browser storage -------------------------------

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function asId(value: unknown): string | null {
  if (typeof value === 'string' && value.trim() !== '') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return null;
}

function asNonNegativeInteger(value: unknown): number | null {
  const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : null;
}

/** priceCents (integer) wins; otherwise price in KES, as a number or numeric string. */
function readPriceCents(line: Record<string, unknown>, product: Record<string, unknown>): Cents | null {
  const cents = asNonNegativeInteger(line.priceCents ?? product.priceCents);
  if (cents !== null) return cents;
  const price = line.price ?? product.price;
  if (typeof price !== 'number' && typeof price !== 'string') return null;
  try {
    const parsed = toCents(price);
    return isCents(parsed) && parsed >= 0 ? parsed : null;
  } catch {
    return null;
  }
}

/** Accepts our flat CartLine and the { product, quantity } shape with snake_case fields. */
function readLine(raw: unknown): CartLine | null {
  const line = asRecord(raw);
  if (!line) return null;
  const product = asRecord(line.product) ?? {};
  const field = (camel: string, snake = camel): unknown => line[camel] ?? line[snake] ?? product[camel] ?? product[snake];

  const productId = asId(line.productId ?? product.id ?? line.id);
  const name = field('name');
  const priceCents = readPriceCents(line, product);
  const imageUrl = field('imageUrl', 'image_url');
  const category = field('category');
  const stock = asNonNegativeInteger(field('stock'));
  const quantity = asNonNegativeInteger(line.quantity);
  const taxBand = field('taxBand', 'tax_band');
  const variantId = asId(line.variantId ?? line.variant_id);
  const weightGrams = asNonNegativeInteger(field('weightGrams', 'weight_grams'));
  const pricePerKgCents = asNonNegativeInteger(field('pricePerKgCents'));

  if (productId === null || typeof name !== 'string' || priceCents === null) return null;
  if (stock === null || quantity === null) return null;
  const capped = Math.min(quantity, stock);
  if (capped <= 0) return null;
  return {
    productId,
    ...(variantId !== null && { variantId }),
    name,
    priceCents,
    ...(isTaxBand(taxBand) && { taxBand }),
    imageUrl: typeof imageUrl === 'string' && imageUrl !== '' ? imageUrl : null,
    category: typeof category === 'string' ? category : '',
    stock,
    ...(weightGrams !== null && weightGrams > 0 && { weightGrams }),
    ...(pricePerKgCents !== null && pricePerKgCents > 0 && { pricePerKgCents }),
    quantity: capped,
  };
}

/**
 * Rebuilds a cart from storage (a JSON string or already-parsed value).
 * Malformed lines are dropped, quantities are capped at stock, and duplicate
 * products are merged, so a tampered or stale cart never breaks the page.
 */
export function parseStoredCart(json: unknown): CartLine[] {
  let data = json;
  if (typeof json === 'string') {
    try {
      data = JSON.parse(json);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(data)) return [];
  const result: CartLine[] = [];
  for (const raw of data) {
    const line = readLine(raw);
    if (!line) continue;
    const existing = result.find((l) => cartLineKey(l) === cartLineKey(line));
    if (existing) existing.quantity = Math.min(existing.quantity + line.quantity, existing.stock);
    else result.push(line);
  }
  return result;
}
