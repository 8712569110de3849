// 'Order again' for a failed order whose reservation has ended: its goods back in the cart, then checkout.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/api';
import { cartStore } from '../cart/cart-store';
import { checkCart } from '../catalog/api';
import { fetchOrder, orderKeys } from './order-api';
import { cartWithOrder } from './reorder';

const REORDER_UNAVAILABLE = 'The products of this order are no longer available.';
const REORDER_PARTLY_UNAVAILABLE = 'Some products of this order are no longer available.';
const REORDER_FAILED = 'Could not restore your cart. Please try again.';

export function useReorder() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (orderId: string) => {
      try {
        const order = await queryClient.fetchQuery({ queryKey: orderKeys.detail(orderId), queryFn: () => fetchOrder(orderId) });
        // The order's own products, read fresh (the shop's list comes a page at a time); a product with
        // options is not available without its variant, so only products without options go back.
        const { items } = await checkCart(order.items.map((i) => ({ productId: i.productId, quantity: i.quantity })));
        const products = items.flatMap((i) =>
          i.available
            ? [
                {
                  productId: i.productId,
                  name: i.name,
                  priceCents: i.priceCents,
                  taxBand: i.taxBand,
                  imageUrl: i.imageUrl,
                  category: i.category,
                  stock: i.stock,
                },
              ]
            : [],
        );
        const { lines, unavailable } = cartWithOrder(cartStore.getSnapshot(), order.items, products);
        if (unavailable === order.items.length) {
          toast.error(REORDER_UNAVAILABLE);
          return;
        }
        if (unavailable > 0) toast.warning(REORDER_PARTLY_UNAVAILABLE);
        cartStore.replace(lines);
        navigate('/checkout');
      } catch (err) {
        toast.error(errorMessage(err, REORDER_FAILED));
      }
    },
    [navigate, queryClient],
  );
}
