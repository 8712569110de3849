// The shop's public settings in one answer: the contact details the merchant saved (footer, contact
// page), whether the shop's prices include VAT, which the cart and checkout need to total an order
// as the server will, and the shop's usual 'If unavailable', preselected at checkout. Shared by
// every feature, so it lives here.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, call } from './api-client';

export const shopDetailsQuery = queryOptions({
  queryKey: ['content', 'shop-details'],
  queryFn: () => call(api.content['shop-details'].$get()),
  staleTime: 5 * 60_000,
});

/** The shop's 'Prices include VAT' setting; off until the answer arrives (a delivery quote says it too). */
export function usePricesIncludeVat(): boolean {
  return useQuery(shopDetailsQuery).data?.pricesIncludeVat ?? false;
}
