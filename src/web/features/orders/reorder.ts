// An order's goods back in the cart: 'Buy again' for any order, 'Order again' for a failed one whose
// reservation has ended. Today's prices and stock apply; what cannot be bought is left out and named.
import { addToCart, cartLineKey, lineLimit, type CartLine, type CartProduct } from '@/domain/cart';
import type { SayOrders } from '@/web/i18n/orders-text';

/** A line of the order: its product, the variant bought (null: the product has no options), its name. */
export interface ReorderItem {
  productId: string;
  variantId: string | null;
  quantity: number;
  product: { name: string };
}

/** A line of the order the cart could not take in full. */
export interface LeftOut {
  name: string;
  /** How many went in anyway (fewer than ordered: the stock is lower today). */
  added: number;
}

export interface ReorderResult {
  lines: CartLine[];
  leftOut: LeftOut[];
}

/**
 * The cart holding at least what the order held, as far as today's stock allows (a failed payment
 * keeps the cart, so it may hold the goods already: they are not doubled).
 */
export function cartWithOrder(cart: readonly CartLine[], items: readonly ReorderItem[], products: readonly CartProduct[]): ReorderResult {
  let lines = [...cart];
  const leftOut: LeftOut[] = [];
  for (const item of items) {
    const key = cartLineKey({ productId: item.productId, variantId: item.variantId ?? undefined });
    const product = products.find((p) => cartLineKey(p) === key);
    if (!product || product.stock <= 0) {
      leftOut.push({ name: item.product.name, added: 0 });
      continue;
    }
    const inCart = lines.find((l) => cartLineKey(l) === key)?.quantity ?? 0;
    const wanted = Math.min(item.quantity, lineLimit(product.stock));
    if (inCart < wanted) lines = addToCart(lines, product, wanted - inCart);
    if (wanted < item.quantity) leftOut.push({ name: product.name, added: wanted });
  }
  return { lines, leftOut };
}

/** The notice naming what 'Buy again' left out, or null when everything went in. */
export function leftOutNotice(leftOut: readonly LeftOut[], say: SayOrders): string | null {
  if (leftOut.length === 0) return null;
  const parts = leftOut.map((l) => (l.added > 0 ? say('onlyLeft', { name: l.name, count: l.added }) : l.name));
  return say('leftOut', { products: parts.join('; ') });
}
