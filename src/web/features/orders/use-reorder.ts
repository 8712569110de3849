// An order's goods back in the cart at today's prices: 'Buy again' opens the cart and names what it
// left out; 'Order again' (a failed order whose reservation ended) goes on to checkout.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { CartProduct } from '@/domain/cart';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/api';
import { cartStore } from '../cart/cart-store';
import { checkCart } from '../cart/check-cart';
import { fetchOrder, orderKeys } from './order-api';
import { cartWithOrder, leftOutNotice } from './reorder';

const REORDER_UNAVAILABLE = 'The products of this order are no longer available.';
const REORDER_PARTLY_UNAVAILABLE = 'Some products of this order are no longer available.';
const REORDER_FAILED = 'Could not restore your cart. Please try again.';

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
          if (nothingAdded) return void toast.error(REORDER_UNAVAILABLE);
          if (leftOut.length > 0) toast.warning(REORDER_PARTLY_UNAVAILABLE);
          cartStore.replace(lines);
          return void navigate('/checkout');
        }
        const notice = leftOutNotice(leftOut);
        if (nothingAdded) return void toast.error(notice ?? REORDER_UNAVAILABLE);
        cartStore.replace(lines);
        if (notice) toast.warning(notice);
        navigate('/cart');
      } catch (err) {
        toast.error(errorMessage(err, REORDER_FAILED));
      }
    },
    [kind, navigate, queryClient],
  );
}
