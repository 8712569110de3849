// Pesapal's hosted payment page in a dialog. Whether the payment succeeded is decided only by the
// server's transaction status (realtime events plus polling every 2 s); the iframe's URL and the
// page's messages only make us ask the server at once. Pesapal's page sits in a frame of our own
// (paymentFrameDocument), so its return to our callback page loads inside the dialog: a declined
// customer stays here and sees the failure panel with Try Again.
import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CircleX, ExternalLink, LoaderCircle, X } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { PAYMENT_CANCELLED_NOTICE } from '@/domain/order-reasons';
import { toast } from '@/web/lib/toast';
import { Alert } from '@/web/components/ui/alert';
import { Button, buttonClasses } from '@/web/components/ui/button';
import { cn } from '@/web/lib/cn';
import { orderKeys } from '../../orders/order-api';
import { useOrderTracking } from '../../orders/use-order-tracking';
import { syncPayments } from '../payment-api';
import { announcePaymentFailed } from '../payment-outcome';
import { isCancellationUrl, isPaymentReturnMessage, paymentFrameDocument } from '../payment-return';
import { isCallbackUrl, isPaymentMessage, isPaymentPageOrigin } from '../payment-signals';

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
const IFRAME_URL_CHECK_MS = 1_500;
/** Success moves on after 0.5 to 2 s: long enough to read the confirmation. */
const SUCCESS_REDIRECT_MS = 1_500;
/** No load event by then: the page is blocked or unreachable. */
const LOAD_TIMEOUT_MS = 20_000;

export function PaymentModal({ open, iframeUrl, orderId, onClose, onRetry, retrying = false, returnFocusTo }: PaymentModalProps) {
  useReturnFocus(open, returnFocusTo);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const iframeRef = useRef<HTMLIFrameElement>(null);
  const [loaded, setLoaded] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const [frameKey, setFrameKey] = useState(0);
  // Each opening (or retry, which brings a new iframeUrl) is a new attempt: earlier data is ignored.
  const attemptStart = useMemo(() => (open && iframeUrl && orderId ? Date.now() : 0), [open, iframeUrl, orderId]);

  const lastHref = useRef<string | null>(null);
  useEffect(() => {
    if (!open) return;
    lastHref.current = null;
    setLoaded(false);
    setLoadFailed(false);
    void queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) });
    void queryClient.invalidateQueries({ queryKey: orderKeys.transaction(orderId) });
  }, [open, iframeUrl, orderId, queryClient]);

  const { paymentStatus } = useOrderTracking(orderId, { pollMs: MODAL_POLL_MS, enabled: open, since: attemptStart });
  const phase = paymentStatus === 'COMPLETED' ? 'completed' : paymentStatus === 'FAILED' ? 'failed' : loadFailed ? 'load-failed' : 'paying';

  const checking = useRef(false);
  const checkNow = useCallback(() => {
    if (checking.current) return;
    checking.current = true;
    syncPayments([orderId])
      .catch(() => undefined) // polling and realtime still decide; a failed check changes nothing
      .finally(() => {
        checking.current = false;
        void queryClient.invalidateQueries({ queryKey: orderKeys.transaction(orderId) });
      });
  }, [orderId, queryClient]);

  // The customer pressed Cancel on Pesapal's page: the modal closes as with its own Cancel, and the
  // server is asked about the attempt at once.
  const cancelledOnPage = useRef(false);
  const returnedCancelled = useCallback(() => {
    checkNow();
    if (cancelledOnPage.current) return;
    cancelledOnPage.current = true;
    onClose();
    toast(PAYMENT_CANCELLED_NOTICE, { id: 'payment-cancelled' });
  }, [checkNow, onClose]);

  // Messages from the payment page (its success signals), or from our own return page loaded
  // in the frame: only a reason to ask the server.
  const onMessage = useCallback(
    (e: MessageEvent) => {
      if (e.origin === window.location.origin && isPaymentReturnMessage(e.data)) {
        if (e.data.cancelled) returnedCancelled();
        else checkNow();
        return;
      }
      if (isPaymentPageOrigin(e.origin, iframeUrl) && isPaymentMessage(e.data)) checkNow();
    },
    [iframeUrl, checkNow, returnedCancelled],
  );
  useEffect(() => {
    if (!open) return;
    cancelledOnPage.current = false;
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [open, onMessage]);

  // What the frame shows is readable only when it is a page of our own origin: our frame around
  // Pesapal's page, our return pages, or (in development) the simulator's page. A return there is
  // only a reason to ask the server.
  const inspectFrameUrl = useCallback(() => {
    const hrefs = readableFrameHrefs(iframeRef.current);
    const key = hrefs.join(' ');
    if (hrefs.length === 0 || key === lastHref.current) return;
    lastHref.current = key;
    const origin = window.location.origin;
    if (hrefs.some((href) => isCancellationUrl(href, origin))) returnedCancelled();
    else if (hrefs.some((href) => isCallbackUrl(href, origin))) checkNow();
  }, [checkNow, returnedCancelled]);

  // Pesapal's page posts its messages to its parent, which is our frame around it.
  const listenInFrame = useCallback(() => {
    try {
      const frameWindow = iframeRef.current?.contentWindow;
      frameWindow?.removeEventListener('message', onMessage);
      frameWindow?.addEventListener('message', onMessage);
    } catch {
      // the frame shows another origin's page: it cannot be listened to, nor needs to be
    }
  }, [onMessage]);

  useEffect(() => {
    if (open && phase === 'failed') announcePaymentFailed(orderId);
  }, [open, phase, orderId]);

  useEffect(() => {
    if (!open || phase !== 'paying') return;
    const timer = setInterval(inspectFrameUrl, IFRAME_URL_CHECK_MS);
    return () => clearInterval(timer);
  }, [open, phase, inspectFrameUrl]);

  useEffect(() => {
    if (!open || loaded || loadFailed) return;
    const timer = setTimeout(() => setLoadFailed(true), LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [open, loaded, loadFailed, frameKey, iframeUrl]);

  useEffect(() => {
    if (!open || phase !== 'completed') return;
    const timer = setTimeout(() => navigate('/order-success', { state: { orderId } }), SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [open, phase, navigate, orderId]);

  const cancel = () => {
    if (phase === 'completed') return;
    onClose();
    toast(PAYMENT_CANCELLED_NOTICE);
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
          <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-4 py-3">
            <div>
              <Dialog.Title className="text-lg font-semibold">Complete your payment</Dialog.Title>
              <Dialog.Description className="text-sm text-slate-600">
                Pay securely on Pesapal by card or M-Pesa.
              </Dialog.Description>
            </div>
            {phase !== 'completed' && (
              <Button variant="ghost" size="icon" onClick={cancel} aria-label="Cancel payment">
                <X aria-hidden="true" className="h-5 w-5" />
              </Button>
            )}
          </div>

          {/* The page fills what the header and footer leave, so the footer is never covered. */}
          <div className="relative min-h-0 flex-1 overflow-auto">
            {phase === 'paying' && !loaded && (
              <p className="pointer-events-none absolute inset-x-0 top-8 z-10 flex items-center justify-center gap-2 text-sm text-slate-600" role="status">
                <LoaderCircle aria-hidden="true" className="h-5 w-5 animate-spin" /> Loading payment page…
              </p>
            )}
            {/* Kept (hidden) after the server's answer: Pesapal's return may still be on its way and
                says whether the customer cancelled. srcDoc wins over src; src is the page itself for
                a browser without srcdoc. */}
            <iframe
              key={frameKey}
              ref={iframeRef}
              src={iframeUrl}
              srcDoc={paymentFrameDocument(iframeUrl)}
              title="Pesapal payment page"
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
              <PaymentErrorPanel message="Failed to load payment page. Please try again.">
                <Button onClick={reloadFrame}>Reload payment page</Button>
                <a href={iframeUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses('outline')}>
                  Open payment page in a new tab <ExternalLink aria-hidden="true" className="h-4 w-4" />
                </a>
              </PaymentErrorPanel>
            )}

            {phase === 'failed' && (
              <PaymentErrorPanel message="Payment failed. Please try again.">
                <Button variant="outline" onClick={cancel}>
                  Cancel
                </Button>
                {/* aria-disabled, not disabled: the button keeps focus while the new page opens. */}
                <Button onClick={() => !retrying && onRetry()} aria-disabled={retrying || undefined}>
                  {retrying && <LoaderCircle aria-hidden="true" className="h-4 w-4 motion-safe:animate-spin" />}
                  {retrying ? 'Opening payment...' : 'Try Again'}
                </Button>
              </PaymentErrorPanel>
            )}

            {phase === 'completed' && (
              <div role="status" className="m-6 flex items-center gap-3 rounded-md border border-green-200 bg-green-50 p-4 text-green-800">
                <CircleCheck aria-hidden="true" className="h-6 w-6" />
                <p className="font-medium">Payment confirmed. Taking you to your order…</p>
              </div>
            )}
          </div>

          {phase === 'paying' && (
            <div className="flex items-center justify-between gap-4 border-t border-slate-200 px-4 py-3">
              <p className="text-sm text-slate-600" role="status">
                This window updates as soon as Pesapal confirms your payment.
              </p>
              <Button variant="outline" onClick={cancel}>
                Cancel
              </Button>
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The addresses of the frame and of the payment page inside it, where our origin can read them. */
function readableFrameHrefs(frame: HTMLIFrameElement | null): string[] {
  const hrefs: string[] = [];
  try {
    const outer = frame?.contentWindow?.location.href;
    if (outer) hrefs.push(outer);
    const inner = frame?.contentDocument?.querySelector('iframe')?.contentWindow?.location.href;
    if (inner) hrefs.push(inner);
  } catch {
    // another origin's page (Pesapal itself): nothing to read
  }
  return hrefs;
}

/** The 'Payment Error' panel, with what went wrong and what the customer can do. */
function PaymentErrorPanel({ message, children }: { message: string; children: ReactNode }) {
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

/**
 * When the modal closes (or unmounts with its page's state), focus goes back to `target`, else to
 * whatever had focus when it opened, instead of falling to the top of the page.
 */
function useReturnFocus(open: boolean, target?: RefObject<HTMLElement | null>): void {
  const opener = useRef<HTMLElement | null>(null);
  if (open && !opener.current && typeof document !== 'undefined' && document.activeElement instanceof HTMLElement) {
    opener.current = document.activeElement === document.body ? null : document.activeElement;
  }
  useEffect(() => {
    if (!open) return;
    return () => {
      // Read at close on purpose: the button is the same element, only enabled again by then.
      focusLater(target, opener);
    };
  }, [open, target]);
}

function focusLater(target: RefObject<HTMLElement | null> | undefined, opener: RefObject<HTMLElement | null>): void {
  const to = target?.current ?? opener.current;
  opener.current = null;
  // After the dialog and its focus trap are gone.
  if (to) requestAnimationFrame(() => to.isConnected && to.focus());
}
