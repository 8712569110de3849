// The header's cart count without the cart's code in the first download: the stored cart can only
// be read after hydration anyway (the server renders every page with an empty cart), so the store,
// with the cart's rules and the reading of what is in storage, is fetched then and counted once here.
import { useSyncExternalStore } from 'react';
import type { cartStore as CartStore } from './cart-store';

let store: typeof CartStore | null = null;
let loading: Promise<typeof CartStore> | null = null;
const loadStore = () => (loading ??= import('./cart-store').then((m) => (store = m.cartStore)));

function subscribe(listener: () => void): () => void {
  let unsubscribe: (() => void) | undefined;
  let subscribed = true;
  void loadStore().then((loaded) => {
    if (!subscribed) return;
    unsubscribe = loaded.subscribe(listener);
    listener(); // the stored cart's count, now that it can be read
  });
  return () => {
    subscribed = false;
    unsubscribe?.();
  };
}

const count = () => store?.count() ?? 0;
const serverCount = () => 0;

/** Units in the cart (0 on the server, while hydrating, and until the store has loaded). */
export function useCartCount(): number {
  return useSyncExternalStore(subscribe, count, serverCount);
}
