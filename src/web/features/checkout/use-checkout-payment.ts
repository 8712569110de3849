// The payment of checkout: Pesapal's page in the payment modal, or an M-Pesa Express prompt on the
// waiting screen. Try Again (Pesapal), 'Send the prompt again' and 'Pay another way' (M-Pesa) pay the
// same order again (a new attempt on it, while its stock is still reserved).
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { checkoutText, type CheckoutKey } from '@/web/i18n/checkout-text';
import { retryPayment, sendMpesaPrompt, type MpesaPromptView } from '../payments/payment-api';

export interface OpenPayment {
  orderId: string;
  iframeUrl: string;
}

export function useCheckoutPayment(onOpenChange: (open: boolean) => void, mpesaPhone: string) {
  const navigate = useNavigate();
  const [payment, setPayment] = useState<OpenPayment | null>(null);
  const [prompt, setPrompt] = useState<MpesaPromptView | null>(null);
  const paying = payment !== null || prompt !== null;
  useEffect(() => onOpenChange(paying), [paying, onOpenChange]);

  const [retrying, setRetrying] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  /** Runs one new attempt at a time; a refusal is said on the open screen (or, with none, as a toast). */
  const attempt = async (orderId: string, start: () => Promise<void>, failure: CheckoutKey, onRefused: () => void) => {
    if (retrying) return;
    setRetrying(true);
    setNotice(null);
    try {
      await start();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'ORDER_PAID') {
        navigate('/order-success', { state: { orderId } });
      } else if (err instanceof ApiError && err.code === 'MPESA_PROMPT_OPEN') {
        setNotice(err.message);
      } else {
        onRefused();
        toast.error(errorMessage(err, checkoutText(failure)));
      }
    } finally {
      setRetrying(false);
    }
  };

  /** Pesapal's page again (Try Again), or instead of the M-Pesa prompt (Pay another way). */
  const retry = (orderId: string) =>
    attempt(
      orderId,
      async () => {
        const answer = await retryPayment(orderId);
        setPrompt(null);
        setPayment({ orderId: answer.orderId, iframeUrl: answer.iframeUrl });
      },
      'paymentOrderFailed',
      // Its reservation is over (or it was paid meanwhile): the next Pay places or shows the order.
      () => {
        setPayment(null);
        setPrompt(null);
      },
    );

  /** 'Send the prompt again' to the number on the form. */
  const resend = (orderId: string) =>
    attempt(
      orderId,
      async () => setPrompt((await sendMpesaPrompt(orderId, mpesaPhone)).mpesa),
      'promptFailed',
      () => undefined,
    );

  return { payment, setPayment, prompt, setPrompt, retrying, retry, resend, notice, clearNotice: () => setNotice(null) };
}
