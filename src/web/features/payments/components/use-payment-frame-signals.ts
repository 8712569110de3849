// What makes the payment modal ask the server at once: messages from Pesapal's page or from our own
// return page in the frame, and the frame's address when it is a page of our origin. None of them
// decides the outcome; the server's transaction status does.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { PAYMENT_CANCELLED_NOTICE } from '@/domain/order-reasons';
import { toast } from '@/web/lib/toast';
import { orderKeys } from '../../orders/order-api';
import { syncPayments } from '../payment-api';
import { isCancellationUrl, isPaymentReturnMessage } from '../payment-return';
import { isCallbackUrl, isPaymentMessage, isPaymentPageOrigin } from '../payment-signals';

const IFRAME_URL_CHECK_MS = 1_500;

interface FrameSignalsOptions {
  open: boolean;
  orderId: string;
  iframeUrl: string;
  iframeRef: RefObject<HTMLIFrameElement | null>;
  /** Whether the customer is still on the payment page (the frame's address is watched only then). */
  paying: boolean;
  onClose: () => void;
}

export function usePaymentFrameSignals({ open, orderId, iframeUrl, iframeRef, paying, onClose }: FrameSignalsOptions) {
  const queryClient = useQueryClient();
  const lastHref = useRef<string | null>(null);
  useEffect(() => {
    if (open) lastHref.current = null;
  }, [open, iframeUrl, orderId]);

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
  }, [iframeRef, checkNow, returnedCancelled]);

  // Pesapal's page posts its messages to its parent, which is our frame around it.
  const listenInFrame = useCallback(() => {
    try {
      const frameWindow = iframeRef.current?.contentWindow;
      frameWindow?.removeEventListener('message', onMessage);
      frameWindow?.addEventListener('message', onMessage);
    } catch {
      // the frame shows another origin's page: it cannot be listened to, nor needs to be
    }
  }, [iframeRef, onMessage]);

  useEffect(() => {
    if (!open || !paying) return;
    const timer = setInterval(inspectFrameUrl, IFRAME_URL_CHECK_MS);
    return () => clearInterval(timer);
  }, [open, paying, inspectFrameUrl]);

  return { inspectFrameUrl, listenInFrame };
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
