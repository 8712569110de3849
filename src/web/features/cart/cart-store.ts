// The cart lives in the browser under the key 'cart' and stays in step across tabs
// through the storage event. The rules (merge, caps, removal at 0) are src/domain/cart.ts.
import {
  CART_STORAGE_KEY,
  addToCartCounted,
  cartItemCount,
  parseStoredCart,
  removeFromCart,
  serializeCart,
  setQuantity,
  type CartLine,
  type CartProduct,
} from '@/domain/cart';

type Listener = () => void;
const listeners = new Set<Listener>();
// Read when first asked for, not when the app's code is evaluated: a page's first storage access
// waits on the browser, and that wait belongs in a slice of hydration, not in the app's one long
// start-up task.
let stored: CartLine[] | null = null;
const lines = (): CartLine[] => (stored ??= read());

function read(): CartLine[] {
  try {
    return parseStoredCart(localStorage.getItem(CART_STORAGE_KEY) ?? '[]');
  } catch {
    return [];
  }
}

function write(next: CartLine[]): void {
  stored = next;
  try {
    localStorage.setItem(CART_STORAGE_KEY, serializeCart(next));
  } catch {
    // Storage full or blocked (private mode): the cart still works for this tab.
  }
  for (const l of listeners) l();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key !== CART_STORAGE_KEY && e.key !== null) return;
    stored = read();
    for (const l of listeners) l();
  });
}

export const cartStore = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): CartLine[] => lines(),
  /** The header badge's number: total units, not distinct products. */
  count: (): number => cartItemCount(lines()),
  /** Returns how many units went in: 0 when the line already holds all the stock. */
  add: (product: CartProduct, qty = 1): number => {
    const result = addToCartCounted(lines(), product, qty);
    write(result.lines);
    return result.added;
  },
  setQuantity: (productId: string, qty: number) => write(setQuantity(lines(), productId, qty)),
  remove: (productId: string) => write(removeFromCart(lines(), productId)),
  /** Replace lines after the server re-checked prices and stock. */
  replace: (next: CartLine[]) => write(next),
  clear: () => write([]),
};
