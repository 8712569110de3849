// Hints from the payment modal's frame: messages from Pesapal's page (its success signals), and the
// frame's address when it is a page of our origin (our return page, for when its message did not
// come). None of them decides the outcome: they go to usePaymentOutcome, which asks the server.
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { isCancellationUrl } from '../payment-return';
import { isCallbackUrl, isPaymentMessage, isPaymentPageOrigin } from '../payment-signals';

const IFRAME_URL_CHECK_MS = 1_500;

interface FrameSignalsOptions {
  open: boolean;
  orderId: string;
  iframeUrl: string;
  iframeRef: RefObject<HTMLIFrameElement | null>;
  /** Whether the customer is still on the payment page (the frame's address is watched only then). */
  paying: boolean;
  /** Pesapal's page says the payment may be done: ask the server now. */
  onHint: () => void;
  /** The frame shows our return page: Pesapal sent the customer back (cancelled or not). */
  onReturn: (cancelled: boolean) => void;
}

export function usePaymentFrameSignals({ open, orderId, iframeUrl, iframeRef, paying, onHint, onReturn }: FrameSignalsOptions) {
  const lastHref = useRef<string | null>(null);
  useEffect(() => {
    if (open) lastHref.current = null;
  }, [open, iframeUrl, orderId]);

  const onMessage = useCallback(
    (e: MessageEvent) => {
      if (isPaymentPageOrigin(e.origin, iframeUrl) && isPaymentMessage(e.data)) onHint();
    },
    [iframeUrl, onHint],
  );
  useEffect(() => {
    if (!open) return;
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [open, onMessage]);

  // What the frame shows is readable only when it is a page of our own origin: our frame around
  // Pesapal's page, our return page, or (in development) the simulator's page.
  const inspectFrameUrl = useCallback(() => {
    const hrefs = readableFrameHrefs(iframeRef.current);
    const key = hrefs.join(' ');
    if (hrefs.length === 0 || key === lastHref.current) return;
    lastHref.current = key;
    const origin = window.location.origin;
    if (hrefs.some((href) => isCancellationUrl(href, origin))) onReturn(true);
    else if (hrefs.some((href) => isCallbackUrl(href, origin))) onReturn(false);
  }, [iframeRef, onReturn]);

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
