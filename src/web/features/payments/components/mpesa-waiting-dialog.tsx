// The M-Pesa Express waiting screen: 'Check your phone and enter your M-Pesa PIN', the number the
// prompt went to, a countdown to when the phone gives up, 'Send the prompt again' and 'Pay another
// way'. What became of the payment is usePaymentOutcome's answer (the live event at once, polling
// every 2 s as a fallback); paid moves on to the order within half a second.
import * as Dialog from '@radix-ui/react-dialog';
import { LoaderCircle, Smartphone, X } from 'lucide-react';
import { useEffect, useMemo, useState, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/web/components/ui/button';
import { usePaymentsText } from '@/web/i18n/payments-text';
import type { MpesaPromptView } from '../payment-api';
import { paymentAttemptStarted } from '../payment-outcome';
import { usePaymentOutcome } from '../use-payment-outcome';
import { PaymentConfirmed, PaymentErrorPanel } from './payment-panels';
import { useReturnFocus } from './use-return-focus';

const POLL_MS = 2_000;
const SUCCESS_REDIRECT_MS = 500;

export interface MpesaWaitingDialogProps {
  prompt: MpesaPromptView;
  onClose(): void;
  /** 'Send the prompt again': a new prompt on the same order. */
  onResend(): void;
  /** 'Pay another way': Pesapal's page for the same order. */
  onPayAnotherWay(): void;
  /** A new prompt or page is being opened. */
  busy: boolean;
  /** Why the last request was refused (e.g. the prompt is still open on the phone). */
  notice: string | null;
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/** Seconds left of the prompt's life, counted from when this screen got it (the phones' clocks are not ours). */
function useCountdown(prompt: MpesaPromptView): number {
  const lifeSeconds = Math.round((Date.parse(prompt.endsAt) - Date.parse(prompt.sentAt)) / 1000);
  const startedAt = useMemo(() => Date.now(), [prompt.checkoutRequestId]); // eslint-disable-line react-hooks/exhaustive-deps
  const [now, setNow] = useState(startedAt);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [startedAt]);
  return Math.max(0, lifeSeconds - Math.floor((now - startedAt) / 1000));
}

export function MpesaWaitingDialog({ prompt, onClose, onResend, onPayAnotherWay, busy, notice, returnFocusTo }: MpesaWaitingDialogProps) {
  useReturnFocus(true, returnFocusTo);
  const t = usePaymentsText();
  const navigate = useNavigate();
  const { orderId } = prompt;
  // Each prompt is an attempt of its own: what was heard about an earlier one is ignored.
  const since = useMemo(() => Date.now(), [prompt.checkoutRequestId]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    paymentAttemptStarted(orderId); // a new prompt: its outcome is news, whatever an earlier one's was
  }, [orderId, prompt.checkoutRequestId]);
  const payment = usePaymentOutcome(orderId, { pollMs: POLL_MS, since, paying: true });
  const left = useCountdown(prompt);
  const phase = payment.outcome === 'paid' ? 'paid' : payment.outcome === 'failed' ? 'failed' : 'waiting';

  useEffect(() => {
    if (phase !== 'paid') return;
    const timer = setTimeout(() => void navigate('/order-success', { state: { orderId } }), SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [phase, navigate, orderId]);

  const actions = (
    <>
      <Button onClick={() => !busy && onResend()} aria-disabled={busy || undefined}>
        {busy && <LoaderCircle aria-hidden="true" className="h-4 w-4 motion-safe:animate-spin" />}
        {t('sendPromptAgain')}
      </Button>
      <Button variant="outline" onClick={() => !busy && onPayAnotherWay()} aria-disabled={busy || undefined}>
        {t('payAnotherWay')}
      </Button>
    </>
  );

  return (
    <Dialog.Root open onOpenChange={(open) => !open && phase !== 'paid' && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/60" />
        <Dialog.Content
          onCloseAutoFocus={(e) => e.preventDefault()}
          onInteractOutside={(e) => e.preventDefault()}
          className="fixed inset-x-0 bottom-0 z-50 max-h-[95vh] overflow-y-auto rounded-t-lg bg-white shadow-xl sm:inset-auto sm:left-1/2 sm:top-1/2 sm:w-[min(480px,95vw)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-lg"
        >
          <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-4 py-3">
            <Dialog.Title className="text-lg font-semibold">{t('payWithMpesa')}</Dialog.Title>
            {phase !== 'paid' && (
              <Button variant="ghost" size="icon" onClick={onClose} aria-label={t('close')}>
                <X aria-hidden="true" className="h-5 w-5" />
              </Button>
            )}
          </div>
          {phase === 'paid' && <PaymentConfirmed />}
          {phase === 'failed' && (
            <PaymentErrorPanel message={payment.transaction?.failureMessage ?? t('mpesaNotCompleted')}>{actions}</PaymentErrorPanel>
          )}
          {phase === 'failed' && notice && (
            <p role="alert" className="mx-6 mb-6 rounded-md bg-amber-50 p-2 text-sm font-medium text-amber-900">
              {notice}
            </p>
          )}
          {phase === 'waiting' && (
            <div className="space-y-4 p-4">
              <Dialog.Description asChild>
                <div className="flex items-start gap-3">
                  <Smartphone aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-brand-700" />
                  <div>
                    <p className="text-base font-semibold text-slate-900">{t('checkYourPhone')}</p>
                    <p className="text-sm text-slate-700">{t('promptSentTo', { phone: prompt.phoneDisplay })}</p>
                  </div>
                </div>
              </Dialog.Description>
              <p className="flex items-center gap-2 text-sm text-slate-700" role="status">
                <LoaderCircle aria-hidden="true" className="h-4 w-4 motion-safe:animate-spin" />
                {t('waitingForMpesa')}
              </p>
              {/* The seconds tick for the eye; a screen reader hears only when the prompt has ended. */}
              <p className="text-sm text-slate-700" data-testid="mpesa-countdown">
                {left > 0 ? (
                  <span aria-hidden="true">
                    {t('promptEndsIn', { time: `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}` })}
                  </span>
                ) : (
                  <span role="status">{t('promptEnded')}</span>
                )}
              </p>
              {notice && (
                <p role="alert" className="rounded-md bg-amber-50 p-2 text-sm font-medium text-amber-900">
                  {notice}
                </p>
              )}
              <div className="flex flex-wrap gap-3">{actions}</div>
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
