// The contact details the merchant saved (footer, contact page). Until they arrive the defaults hold
// the space but stay hidden, so nobody reads a number that is about to change; if the request
// fails, the defaults are shown.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_SHOP_DETAILS, type ShopDetails } from '@/domain/shop-details';
import { api, call } from '../../lib/api-client';

export const shopDetailsQuery = queryOptions({
  queryKey: ['content', 'shop-details'],
  queryFn: async () => (await call(api.content['shop-details'].$get())).details,
  staleTime: 5 * 60_000,
});

export function useShopDetails(): { details: ShopDetails; ready: boolean } {
  const q = useQuery(shopDetailsQuery);
  return { details: q.data ?? DEFAULT_SHOP_DETAILS, ready: !q.isPending };
}
