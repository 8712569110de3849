// The payment modal of checkout: the order being paid, and Try Again, which pays the same order
// again (a new attempt on it, while its stock is still reserved).
import { useEffect, useState } from 'react';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { RETRY_FAILED, retryPayment } from '../payments/payment-api';

export interface OpenPayment {
  orderId: string;
  iframeUrl: string;
}

export function useCheckoutPayment(onOpenChange: (open: boolean) => void) {
  const [payment, setPayment] = useState<OpenPayment | null>(null);
  const paying = payment !== null;
  useEffect(() => onOpenChange(paying), [paying, onOpenChange]);

  const [retrying, setRetrying] = useState(false);
  const retry = async () => {
    if (!payment || retrying) return;
    setRetrying(true);
    try {
      const answer = await retryPayment(payment.orderId);
      setPayment({ orderId: answer.orderId, iframeUrl: answer.iframeUrl });
    } catch (err) {
      // Its reservation is over (or it was paid meanwhile): the next Pay places or shows the order.
      setPayment(null);
      toast.error(errorMessage(err, RETRY_FAILED));
    } finally {
      setRetrying(false);
    }
  };
  return { payment, setPayment, retrying, retry };
}
