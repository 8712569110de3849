// The cart asks the catalogue for today's price and stock of its lines (when it is opened, and when
// an old order is bought again): the cart owns the question, the catalogue's route answers it.
import { api, call } from '../../lib/api-client';

export function checkCart(items: { productId: string; variantId?: string; quantity: number }[]) {
  return call(api.catalog['cart-check'].$post({ json: { items } }));
}
