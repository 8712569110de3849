// Back from Pesapal's Cancel (its cancellation_url, PAYMENT_CANCELLED_PATH): say so, ask the server
// about that attempt at once (so the order ends and its stock goes back on sale now, not in 30
// minutes) and tidy the address. The cart was never touched: Pay starts a new order.
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PAYMENT_CANCELLED_NOTICE } from '../../../domain/order-reasons';
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
