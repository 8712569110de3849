// Business hours shown in the footer and on the contact page: the opening hours the merchant saved
// (src/domain/business-hours.ts); the shop's first hours until they arrive, or if the request fails.
// The address, phone, email and social links are the merchant's to edit: domain/shop-details.ts.
import { useQuery } from '@tanstack/react-query';
import { OPENING_HOURS, type OpeningHours } from '@/domain/business-hours';
import { api, call } from '../../lib/api-client';

export function useBusinessHours(): readonly OpeningHours[] {
  const q = useQuery({
    queryKey: ['content', 'opening-hours'],
    queryFn: async () => (await call(api.content['opening-hours'].$get())).lines,
    staleTime: 5 * 60_000,
  });
  return q.data ?? OPENING_HOURS;
}
