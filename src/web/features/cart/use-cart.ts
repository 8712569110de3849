import { useSyncExternalStore } from 'react';
import { cartItemCount } from '../../../domain/cart';
import { cartStore } from './cart-store';

/** The cart lines (re-rendering on any change, in this tab or another) and its actions. */
export function useCart() {
  const lines = useSyncExternalStore(cartStore.subscribe, cartStore.getSnapshot, cartStore.getSnapshot);
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
