// The contact details the merchant saved (footer, contact page). Until they arrive the defaults hold
// the space but stay hidden, so nobody reads a number that is about to change; if the request
// fails, the defaults are shown.
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_SHOP_DETAILS, type ShopDetails } from '@/domain/shop-details';
import { shopDetailsQuery } from '../../lib/shop-settings-query';

export function useShopDetails(): { details: ShopDetails; ready: boolean } {
  const q = useQuery(shopDetailsQuery);
  return { details: q.data?.details ?? DEFAULT_SHOP_DETAILS, ready: !q.isPending };
}
