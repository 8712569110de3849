// 'Pay now' for an order awaiting payment: a new Pesapal page from the retry endpoint, shown in the
// PaymentModal. Try Again in the modal asks for yet another page.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { orderKeys } from '../orders/order-api';
import { paymentsText } from '../../i18n/payments-text';
import { retryPayment } from './payment-api';

export interface OpenPayment {
  orderId: string;
  iframeUrl: string;
}

export function usePayAgain() {
  const queryClient = useQueryClient();
  const [payment, setPayment] = useState<OpenPayment | null>(null);
  const [startingOrderId, setStartingOrderId] = useState<string | null>(null);

  const start = useCallback(
    async (orderId: string) => {
      setStartingOrderId(orderId);
      try {
        const answer = await retryPayment(orderId);
        setPayment({ orderId: answer.orderId, iframeUrl: answer.iframeUrl });
      } catch (err) {
        setPayment(null);
        toast.error(errorMessage(err, paymentsText('paymentOrderFailed')));
      } finally {
        setStartingOrderId(null);
        void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      }
    },
    [queryClient],
  );

  const close = useCallback(() => {
    setPayment(null);
    void queryClient.invalidateQueries({ queryKey: orderKeys.all });
  }, [queryClient]);

  return { payment, startingOrderId, start, close };
}
