// 'Order again' for a failed order whose reservation has ended: its goods back in the cart, then checkout.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/api';
import { api, call } from '../../lib/api-client';
import { cartStore } from '../cart/cart-store';
import { toCartProduct } from '../catalog/api';
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
        const [order, catalogue] = await Promise.all([
          queryClient.fetchQuery({ queryKey: orderKeys.detail(orderId), queryFn: () => fetchOrder(orderId) }),
          call(api.catalog.products.$get({ query: {} })),
        ]);
        const { lines, unavailable } = cartWithOrder(
          cartStore.getSnapshot(),
          order.items,
          catalogue.products
            // A product with options goes back by its variant only (checkout needs the choice).
            .filter((p) => !p.hasChoices)
            .map((p) => toCartProduct(p)),
        );
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
