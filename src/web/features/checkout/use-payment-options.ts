// The ways to pay checkout offers: M-Pesa Express (the shop has it configured), and pay on delivery
// where the address's zone offers it to this customer (asked again when the zone changes).
import { useQuery } from '@tanstack/react-query';
import { fetchPaymentOptions } from './checkout-api';

export interface PaymentOptions {
  mpesa: boolean;
  /** Pay on delivery is offered for this zone and customer. */
  onDelivery: boolean;
}

export function usePaymentOptions(zoneId: string | null): PaymentOptions {
  const { data } = useQuery({
    queryKey: ['checkout', 'payment-options', zoneId],
    queryFn: () => fetchPaymentOptions(zoneId),
    staleTime: 60_000,
    // The choices stay on screen while a new zone is asked about: M-Pesa never flickers away.
    placeholderData: (previous) => previous,
  });
  return { mpesa: data?.mpesa ?? false, onDelivery: data?.onDelivery.offered ?? false };
}
