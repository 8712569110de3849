// The cart, checked against the server: when the cart is shown, the current price and stock of
// each product replace what the browser remembered, and the customer is told what changed.
import { cartLineKey, type CartLine } from './cart';
import type { Cents } from './money';
import type { TaxBand } from './tax-bands';

/** What the server says about one product now; unknown, unpublished and archived ones are not available. */
export type CurrentProduct =
  | {
      productId: string;
      /** The variant the line named, if any. */
      variantId?: string;
      available: true;
      name: string;
      priceCents: Cents;
      taxBand?: TaxBand;
      stock: number;
      imageUrl: string | null;
      category: string;
      weightGrams?: number;
      pricePerKgCents?: Cents;
    }
  | { productId: string; variantId?: string; available: false };

export type CartNotice =
  | { kind: 'price'; productId: string; name: string; fromCents: Cents; toCents: Cents }
  | { kind: 'stock'; productId: string; name: string; quantity: number }
  | { kind: 'unavailable'; productId: string; name: string };

export type CartRecheck = { lines: CartLine[]; notices: CartNotice[]; changed: boolean };

/**
 * Lines of products no longer sold (unknown, unpublished, archived or out of stock) are removed;
 * lines the check did not cover are kept unchanged;
 * prices, names, images and stock are refreshed; quantities above the stock are lowered to it.
 */
export function recheckCart(lines: readonly CartLine[], current: readonly CurrentProduct[]): CartRecheck {
  const byId = new Map(current.map((p) => [cartLineKey(p), p]));
  const next: CartLine[] = [];
  const notices: CartNotice[] = [];
  for (const line of lines) {
    const now = byId.get(cartLineKey(line));
    // Not part of this check (added in another tab while it ran): left as it is.
    if (!now) {
      next.push(line);
      continue;
    }
    if (!now.available || now.stock <= 0) {
      notices.push({ kind: 'unavailable', productId: line.productId, name: line.name });
      continue;
    }
    if (now.priceCents !== line.priceCents) {
      notices.push({ kind: 'price', productId: line.productId, name: now.name, fromCents: line.priceCents, toCents: now.priceCents });
    }
    const quantity = Math.min(line.quantity, now.stock);
    if (quantity < line.quantity) notices.push({ kind: 'stock', productId: line.productId, name: now.name, quantity });
    next.push({
      productId: line.productId,
      ...(line.variantId !== undefined && { variantId: line.variantId }),
      name: now.name,
      priceCents: now.priceCents,
      ...(now.taxBand && { taxBand: now.taxBand }),
      imageUrl: now.imageUrl,
      category: now.category,
      stock: now.stock,
      ...(now.weightGrams !== undefined && { weightGrams: now.weightGrams }),
      ...(now.pricePerKgCents !== undefined && { pricePerKgCents: now.pricePerKgCents }),
      quantity,
    });
  }
  const changed =
    next.length !== lines.length ||
    next.some((line, i) => {
      const before = lines[i];
      return !before || (Object.keys(line) as (keyof CartLine)[]).some((key) => line[key] !== before[key]);
    });
  return { lines: changed ? next : [...lines], notices, changed };
}
