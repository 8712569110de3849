// The payment modal's parts around Pesapal's page (its header and footer) and the panels shown in
// its place: what went wrong and what to do, or the confirmation.
import * as Dialog from '@radix-ui/react-dialog';
import { CircleCheck, CircleX, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '@/web/components/ui/alert';
import { Button } from '@/web/components/ui/button';
import { usePaymentsText } from '@/web/i18n/payments-text';

/** The title, and the close button while the payment can still be cancelled. */
export function PaymentHeader({ onCancel }: { onCancel?: () => void }) {
  const t = usePaymentsText();
  return (
    <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-4 py-3">
      <div>
        <Dialog.Title className="text-lg font-semibold">{t('completePayment')}</Dialog.Title>
        <Dialog.Description className="text-sm text-slate-600">{t('paySecurely')}</Dialog.Description>
      </div>
      {onCancel && (
        <Button variant="ghost" size="icon" onClick={onCancel} aria-label={t('cancelPayment')}>
          <X aria-hidden="true" className="h-5 w-5" />
        </Button>
      )}
    </div>
  );
}

/** Below Pesapal's page while the customer pays. */
export function PayingFooter({ onCancel }: { onCancel: () => void }) {
  const t = usePaymentsText();
  return (
    <div className="flex items-center justify-between gap-4 border-t border-slate-200 px-4 py-3">
      <p className="text-sm text-slate-600" role="status">
        {t('windowUpdates')}
      </p>
      <Button variant="outline" onClick={onCancel}>
        {t('cancel')}
      </Button>
    </div>
  );
}

/** The 'Payment Error' panel, with what went wrong and what the customer can do. */
export function PaymentErrorPanel({ message, children }: { message: string; children: ReactNode }) {
  const t = usePaymentsText();
  return (
    <Alert
      tone="error"
      className="m-6 space-y-3"
      title={
        <span className="flex items-center gap-2 text-base">
          <CircleX aria-hidden="true" className="h-5 w-5" /> {t('paymentError')}
        </span>
      }
    >
      <p className="font-medium">{message}</p>
      <div className="flex flex-wrap gap-3">{children}</div>
    </Alert>
  );
}

export function PaymentConfirmed() {
  const t = usePaymentsText();
  return (
    <div role="status" className="m-6 flex items-center gap-3 rounded-md border border-green-200 bg-green-50 p-4 text-green-800">
      <CircleCheck aria-hidden="true" className="h-6 w-6" />
      <p className="font-medium">{t('paymentConfirmed')}</p>
    </div>
  );
}
