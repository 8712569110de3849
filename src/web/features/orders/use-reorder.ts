// An order's goods back in the cart at today's prices: 'Buy again' opens the cart and names what it
// left out; 'Order again' (a failed order whose reservation ended) goes on to checkout.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { CartProduct } from '@/domain/cart';
import { toast } from '../../lib/toast';
import { ordersText } from '../../i18n/orders-text';
import { errorMessage } from '../../lib/api';
import { cartStore } from '../cart/cart-store';
import { checkCart } from '../cart/check-cart';
import { fetchOrder, orderKeys } from './order-api';
import { cartWithOrder, leftOutNotice } from './reorder';

/** 'buy-again' opens the cart; 'order-again' opens checkout. */
export type ReorderKind = 'buy-again' | 'order-again';

export function useReorder(kind: ReorderKind = 'order-again') {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (orderId: string) => {
      try {
        const order = await queryClient.fetchQuery({ queryKey: orderKeys.detail(orderId), queryFn: () => fetchOrder(orderId) });
        // The order's own products and variants, read fresh (the shop's list comes a page at a time).
        const { items } = await checkCart(
          order.items.map((i) => ({ productId: i.productId, ...(i.variantId && { variantId: i.variantId }), quantity: i.quantity })),
        );
        const products = items.flatMap((i): CartProduct[] =>
          i.available
            ? [
                {
                  productId: i.productId,
                  ...(i.variantId !== undefined && { variantId: i.variantId }),
                  name: i.name,
                  priceCents: i.priceCents,
                  taxBand: i.taxBand,
                  imageUrl: i.imageUrl,
                  category: i.category,
                  stock: i.stock,
                  ...(i.weightGrams !== undefined && { weightGrams: i.weightGrams }),
                },
              ]
            : [],
        );
        const { lines, leftOut } = cartWithOrder(cartStore.getSnapshot(), order.items, products);
        const nothingAdded = leftOut.length === order.items.length && leftOut.every((l) => l.added === 0);
        if (kind === 'order-again') {
          if (nothingAdded) return void toast.error(ordersText('reorderUnavailable'));
          if (leftOut.length > 0) toast.warning(ordersText('reorderPartlyUnavailable'));
          cartStore.replace(lines);
          return void navigate('/checkout');
        }
        const notice = leftOutNotice(leftOut, ordersText);
        if (nothingAdded) return void toast.error(notice ?? ordersText('reorderUnavailable'));
        cartStore.replace(lines);
        if (notice) toast.warning(notice);
        navigate('/cart');
      } catch (err) {
        toast.error(errorMessage(err, ordersText('reorderFailed')));
      }
    },
    [kind, navigate, queryClient],
  );
}
