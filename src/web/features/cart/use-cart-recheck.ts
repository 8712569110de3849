import { useEffect, useState } from 'react';
import { recheckCart, type CartNotice } from '@/domain/cart-recheck';
import { cartStore } from './cart-store';
import { checkCart } from './check-cart';

/**
 * When the cart is shown, asks the server for today's price and stock of every line and applies
 * them (src/domain/cart-recheck), returning what changed for the page to say. A failed check
 * changes nothing: checkout prices the order from the database anyway.
 */
export function useCartRecheck(): CartNotice[] {
  const [notices, setNotices] = useState<CartNotice[]>([]);
  useEffect(() => {
    const asked = cartStore.getSnapshot();
    if (asked.length === 0) return;
    let active = true;
    checkCart(
      asked.map((l) => ({ productId: l.productId, ...(l.variantId !== undefined && { variantId: l.variantId }), quantity: l.quantity })),
    )
      .then(({ items }) => {
        if (!active) return;
        // Apply to the cart as it is now: the customer may have changed it while the check ran.
        const result = recheckCart(cartStore.getSnapshot(), items);
        if (result.changed) cartStore.replace(result.lines);
        setNotices(result.notices);
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, []);
  return notices;
}
