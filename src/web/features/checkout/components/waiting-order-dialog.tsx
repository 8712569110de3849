// Never pay twice: the same goods are already in an order waiting for Pesapal to confirm its
// payment. The customer waits for that order or continues paying it; checkout makes no second order.
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/web/components/ui/button';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { useCheckoutText } from '@/web/i18n/checkout-text';
import { continuePayment } from '../../payments/payment-api';
import type { OpenPayment } from '../use-checkout-payment';

export interface WaitingOrder {
  orderId: string;
  message: string;
}

export function WaitingOrderDialog({
  waiting,
  onClose,
  onPay,
}: {
  waiting: WaitingOrder;
  onClose(): void;
  /** The waiting order's payment page, to open in the payment modal. */
  onPay(payment: OpenPayment): void;
}) {
  const navigate = useNavigate();
  const t = useCheckoutText();
  const [busy, setBusy] = useState(false);
  const continueOrder = async () => {
    setBusy(true);
    try {
      onPay(await continuePayment(waiting.orderId));
      onClose();
    } catch (err) {
      toast.error(errorMessage(err, t('paymentOrderFailed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog.Root open onOpenChange={(open) => !open && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-slate-900">{t('waitingTitle')}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-700">{waiting.message}</Dialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Button variant="outline" disabled={busy} onClick={() => navigate('/order-success', { state: { orderId: waiting.orderId } })}>
              {t('waitForIt')}
            </Button>
            <Button disabled={busy} onClick={() => void continueOrder()}>
              {busy ? t('openingPayment') : t('continueThatOrder')}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
