// Back from Pesapal's Cancel in the whole tab (its cancellation_url, the return page, sends the tab
// on to PAYMENT_CANCELLED_PATH): say so, ask the server about that attempt at once and tidy the
// address. The order keeps its stock while its reservation lasts, and the cart was never touched:
// Pay with the same details pays that same order again.
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { lookupOrderId, syncPayments } from './payment-api';
import { announceCancelled } from './payment-outcome';

export function useCancelledPaymentReturn(): void {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const cancelled = params.get('payment') === 'cancelled';
  const trackingId = params.get('OrderTrackingId');
  const merchantReference = params.get('OrderMerchantReference');
  useEffect(() => {
    if (!cancelled) return;
    announceCancelled();
    navigate('/checkout', { replace: true });
    if (trackingId || merchantReference) {
      lookupOrderId(trackingId, merchantReference)
        .then(({ orderId }) => syncPayments([orderId]))
        .catch(() => undefined); // reconciliation and expiry still end it
    }
  }, [cancelled, trackingId, merchantReference, navigate]);
}
