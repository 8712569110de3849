// Pesapal's hosted payment page in a dialog. What became of the payment is usePaymentOutcome's one
// answer (the live event, polling every 2 s, and Pesapal's return), which also has it announced once;
// the iframe's URL and the page's messages only make us ask the server at once. Pesapal's page sits
// in a frame of our own (paymentFrameDocument), so its return to our small return page loads inside
// the dialog ('Waiting for Pesapal to confirm your payment. Do not pay again.', never the shop
// itself): a declined customer stays here and sees the failure panel with Try Again.
import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { ExternalLink, LoaderCircle } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/web/components/ui/button';
import { buttonClasses } from '@/web/components/ui/button-classes';
import { cn } from '@/web/lib/cn';
import { usePaymentsText } from '@/web/i18n/payments-text';
import { orderKeys } from '../../orders/order-api';
import { paymentAttemptStarted } from '../payment-outcome';
import { paymentFrameDocument } from '../payment-return';
import { usePaymentOutcome } from '../use-payment-outcome';
import { PayingFooter, PaymentConfirmed, PaymentErrorPanel, PaymentHeader } from './payment-panels';
import { usePaymentFrameSignals } from './use-payment-frame-signals';
import { useReturnFocus } from './use-return-focus';

export interface PaymentModalProps {
  open: boolean;
  iframeUrl: string;
  orderId: string;
  onClose: () => void;
  /** Try Again: a new payment attempt on the same order. */
  onRetry: () => void;
  /** The new attempt is being opened. */
  retrying?: boolean;
  /** Where focus goes when the modal closes (it is opened by code, so Radix has no trigger to return to). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

const MODAL_POLL_MS = 2_000;
/** Success moves on after 0.5 to 2 s: long enough to read the confirmation. */
const SUCCESS_REDIRECT_MS = 1_500;
/** No load event by then: the page is blocked or unreachable. */
const LOAD_TIMEOUT_MS = 20_000;

export function PaymentModal({ open, iframeUrl, orderId, onClose, onRetry, retrying = false, returnFocusTo }: PaymentModalProps) {
  useReturnFocus(open, returnFocusTo);
  const t = usePaymentsText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const iframeRef = useRef<HTMLIFrameElement>(null);
  const [loaded, setLoaded] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const [frameKey, setFrameKey] = useState(0);
  // Each opening (or retry, which brings a new iframeUrl) is a new attempt: earlier data is ignored.
  const attemptStart = useMemo(() => (open && iframeUrl && orderId ? Date.now() : 0), [open, iframeUrl, orderId]);

  useEffect(() => {
    if (!open) return;
    setLoaded(false);
    setLoadFailed(false);
    paymentAttemptStarted(orderId); // a new attempt: its outcome is news, whatever an earlier one's was
    void queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) });
    void queryClient.invalidateQueries({ queryKey: orderKeys.transaction(orderId) });
  }, [open, iframeUrl, orderId, queryClient]);

  const payment = usePaymentOutcome(orderId, { pollMs: MODAL_POLL_MS, enabled: open, since: attemptStart, paying: true, hearReturn: true });
  const { outcome } = payment;
  const phase = outcome === 'paid' ? 'completed' : outcome === 'failed' ? 'failed' : loadFailed ? 'load-failed' : 'paying';

  const { inspectFrameUrl, listenInFrame } = usePaymentFrameSignals({
    open,
    orderId,
    iframeUrl,
    iframeRef,
    paying: phase === 'paying',
    onHint: () => payment.checkNow(),
    onReturn: payment.reportReturn,
  });

  // Cancelled here or on Pesapal's page (announced with the rest): the modal closes.
  useEffect(() => {
    if (open && outcome === 'cancelled') onClose();
  }, [open, outcome, onClose]);

  useEffect(() => {
    if (!open || loaded || loadFailed) return;
    const timer = setTimeout(() => setLoadFailed(true), LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [open, loaded, loadFailed, frameKey, iframeUrl]);

  useEffect(() => {
    if (!open || phase !== 'completed') return;
    const timer = setTimeout(() => {
      navigate('/order-success', { state: { orderId } });
    }, SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [open, phase, navigate, orderId]);

  const cancel = () => {
    if (phase !== 'completed') payment.cancel();
  };

  const reloadFrame = () => {
    setLoaded(false);
    setLoadFailed(false);
    setFrameKey((k) => k + 1);
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && cancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/60" />
        <Dialog.Content
          onCloseAutoFocus={(e) => e.preventDefault()}
          className="fixed inset-0 z-50 flex flex-col bg-white shadow-xl sm:inset-auto sm:left-1/2 sm:top-1/2 sm:h-[min(780px,95vh)] sm:w-[min(760px,95vw)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-lg"
          onInteractOutside={(e) => e.preventDefault()}
        >
          <PaymentHeader onCancel={phase !== 'completed' ? cancel : undefined} />

          {/* The page fills what the header and footer leave, so the footer is never covered. */}
          <div className="relative min-h-0 flex-1 overflow-auto">
            {phase === 'paying' && !loaded && (
              <p
                className="pointer-events-none absolute inset-x-0 top-8 z-10 flex items-center justify-center gap-2 text-sm text-slate-600"
                role="status"
              >
                <LoaderCircle aria-hidden="true" className="h-5 w-5 animate-spin" /> {t('loadingPaymentPage')}
              </p>
            )}
            {/* Kept (hidden) after the server's answer: Pesapal's return may still be on its way and
                says whether the customer cancelled. srcDoc wins over src; src is the page itself for
                a browser without srcdoc. */}
            <iframe
              key={frameKey}
              ref={iframeRef}
              src={iframeUrl}
              srcDoc={paymentFrameDocument(iframeUrl, t('paymentFrameTitle'), t.locale)}
              title={t('paymentFrameTitle')}
              allow="payment"
              className={cn('absolute inset-0 h-full w-full border-0', phase !== 'paying' && 'hidden')}
              onLoad={() => {
                setLoaded(true);
                listenInFrame();
                inspectFrameUrl();
              }}
              onError={() => setLoadFailed(true)}
            />

            {phase === 'load-failed' && (
              <PaymentErrorPanel message={t('loadFailed')}>
                <Button onClick={reloadFrame}>{t('reloadPaymentPage')}</Button>
                <a href={iframeUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses('outline')}>
                  {t('openInNewTab')} <ExternalLink aria-hidden="true" className="h-4 w-4" />
                </a>
              </PaymentErrorPanel>
            )}

            {phase === 'failed' && (
              <PaymentErrorPanel message={t('paymentFailed')}>
                <Button variant="outline" onClick={cancel}>
                  {t('cancel')}
                </Button>
                {/* aria-disabled, not disabled: the button keeps focus while the new page opens. */}
                <Button onClick={() => !retrying && onRetry()} aria-disabled={retrying || undefined}>
                  {retrying && <LoaderCircle aria-hidden="true" className="h-4 w-4 motion-safe:animate-spin" />}
                  {retrying ? t('openingPayment') : t('tryAgain')}
                </Button>
              </PaymentErrorPanel>
            )}

            {phase === 'completed' && <PaymentConfirmed />}
          </div>

          {phase === 'paying' && <PayingFooter onCancel={cancel} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
