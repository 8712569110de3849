// Whether checkout offers M-Pesa Express (the shop has it configured), read once per visit.
import { useQuery } from '@tanstack/react-query';
import { fetchPaymentOptions } from './checkout-api';

export function usePaymentOptions(): { mpesa: boolean } {
  const { data } = useQuery({ queryKey: ['checkout', 'payment-options'], queryFn: fetchPaymentOptions, staleTime: 5 * 60_000 });
  return { mpesa: data?.mpesa ?? false };
}
