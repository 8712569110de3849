// Back from Pesapal's Cancel (its cancellation_url, PAYMENT_CANCELLED_PATH) in the whole tab: say
// so, ask the server about that attempt at once and tidy the address. The order keeps its stock
// while its reservation lasts, and the cart was never touched: Pay with the same details pays that
// same order again.
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PAYMENT_CANCELLED_NOTICE } from '@/domain/order-reasons';
import { toast } from '../../lib/toast';
import { lookupOrderId, syncPayments } from './payment-api';

export function useCancelledPaymentReturn(): void {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const cancelled = params.get('payment') === 'cancelled';
  const trackingId = params.get('OrderTrackingId');
  const merchantReference = params.get('OrderMerchantReference');
  useEffect(() => {
    if (!cancelled) return;
    toast(PAYMENT_CANCELLED_NOTICE, { id: 'payment-cancelled' });
    navigate('/checkout', { replace: true });
    if (trackingId || merchantReference) {
      lookupOrderId(trackingId, merchantReference)
        .then(({ orderId }) => syncPayments([orderId]))
        .catch(() => undefined); // reconciliation and expiry still end it
    }
  }, [cancelled, trackingId, merchantReference, navigate]);
}
