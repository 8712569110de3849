// The payment modal's parts around Pesapal's page (its header and footer) and the panels shown in
// its place: what went wrong and what to do, or the confirmation.
import * as Dialog from '@radix-ui/react-dialog';
import { CircleCheck, CircleX, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '@/web/components/ui/alert';
import { Button } from '@/web/components/ui/button';

/** The title, and the close button while the payment can still be cancelled. */
export function PaymentHeader({ onCancel }: { onCancel?: () => void }) {
  return (
    <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-4 py-3">
      <div>
        <Dialog.Title className="text-lg font-semibold">Complete your payment</Dialog.Title>
        <Dialog.Description className="text-sm text-slate-600">Pay securely on Pesapal by card or M-Pesa.</Dialog.Description>
      </div>
      {onCancel && (
        <Button variant="ghost" size="icon" onClick={onCancel} aria-label="Cancel payment">
          <X aria-hidden="true" className="h-5 w-5" />
        </Button>
      )}
    </div>
  );
}

/** Below Pesapal's page while the customer pays. */
export function PayingFooter({ onCancel }: { onCancel: () => void }) {
  return (
    <div className="flex items-center justify-between gap-4 border-t border-slate-200 px-4 py-3">
      <p className="text-sm text-slate-600" role="status">
        This window updates as soon as Pesapal confirms your payment.
      </p>
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}

/** The 'Payment Error' panel, with what went wrong and what the customer can do. */
export function PaymentErrorPanel({ message, children }: { message: string; children: ReactNode }) {
  return (
    <Alert
      tone="error"
      className="m-6 space-y-3"
      title={
        <span className="flex items-center gap-2 text-base">
          <CircleX aria-hidden="true" className="h-5 w-5" /> Payment Error
        </span>
      }
    >
      <p className="font-medium">{message}</p>
      <div className="flex flex-wrap gap-3">{children}</div>
    </Alert>
  );
}

export function PaymentConfirmed() {
  return (
    <div role="status" className="m-6 flex items-center gap-3 rounded-md border border-green-200 bg-green-50 p-4 text-green-800">
      <CircleCheck aria-hidden="true" className="h-6 w-6" />
      <p className="font-medium">Payment confirmed. Taking you to your order…</p>
    </div>
  );
}
