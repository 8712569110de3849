// Order again, for a failed order whose reservation has ended (its stock went back on sale): its
// goods go back into the cart and the customer pays for them as a new order at checkout.
import { addToCart, type CartLine, type CartProduct } from '@/domain/cart';

export interface ReorderResult {
  lines: CartLine[];
  /** Lines of the order that can no longer be bought (unpublished or out of stock). */
  unavailable: number;
}

/** The cart holding at least what the order held (it may still hold it: a failed payment keeps the cart). */
export function cartWithOrder(
  cart: readonly CartLine[],
  items: readonly { productId: string; quantity: number }[],
  products: readonly CartProduct[],
): ReorderResult {
  let lines = [...cart];
  let unavailable = 0;
  for (const item of items) {
    const product = products.find((p) => p.productId === item.productId);
    if (!product || product.stock <= 0) {
      unavailable += 1;
      continue;
    }
    const inCart = lines.find((l) => l.productId === product.productId)?.quantity ?? 0;
    if (inCart < item.quantity) lines = addToCart(lines, product, item.quantity - inCart);
  }
  return { lines, unavailable };
}
