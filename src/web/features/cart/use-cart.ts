import { useSyncExternalStore } from 'react';
import { cartItemCount, type CartLine } from '@/domain/cart';
import { cartStore } from './cart-store';

const NO_LINES: CartLine[] = [];
const serverCart = () => NO_LINES;

/** The cart lines (re-rendering on any change, in this tab or another) and its actions. */
export function useCart() {
  // The server knows no cart: the page is rendered, and hydrated, empty-handed; the stored cart follows.
  const lines = useSyncExternalStore(cartStore.subscribe, cartStore.getSnapshot, serverCart);
  return {
    lines,
    count: cartItemCount(lines),
    add: cartStore.add,
    setQuantity: cartStore.setQuantity,
    remove: cartStore.remove,
    replace: cartStore.replace,
    clear: cartStore.clear,
  };
}
