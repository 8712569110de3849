// Pesapal returns the customer to our callback (or cancellation) page inside the payment modal's
// frame. That page does not show itself there: it tells the modal around it, which asks the server.
// The message only prompts the check; the server alone decides the payment's status.

export const PAYMENT_RETURN_MESSAGE = 'shop:payment-return';

export interface PaymentReturnMessage {
  type: typeof PAYMENT_RETURN_MESSAGE;
  /** The customer pressed Cancel on Pesapal's page (its cancellation_url). */
  cancelled: boolean;
}

export function isPaymentReturnMessage(data: unknown): data is PaymentReturnMessage {
  if (typeof data !== 'object' || data === null) return false;
  const { type, cancelled } = data as { type?: unknown; cancelled?: unknown };
  return type === PAYMENT_RETURN_MESSAGE && typeof cancelled === 'boolean';
}

/** This page is shown in a frame inside one of the shop's own pages (the payment modal). */
export function isFramedByShop(): boolean {
  if (typeof window === 'undefined' || window.top === window.self || !window.top) return false;
  try {
    return window.top.location.origin === window.location.origin;
  } catch {
    return false; // framed by another origin: not ours (and the headers refuse that anyway)
  }
}

/** Tells the shop page at the top of this tab that Pesapal sent the customer back. */
export function tellShopAboutReturn(cancelled: boolean): void {
  const message: PaymentReturnMessage = { type: PAYMENT_RETURN_MESSAGE, cancelled };
  window.top?.postMessage(message, window.location.origin);
}

/** Pesapal's cancellation_url (PAYMENT_CANCELLED_PATH) on our own origin. */
export function isCancellationUrl(href: string, shopOrigin: string): boolean {
  try {
    const url = new URL(href);
    return url.origin === shopOrigin && url.pathname === '/checkout' && url.searchParams.get('payment') === 'cancelled';
  } catch {
    return false;
  }
}

const ATTRIBUTE_ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' };

/**
 * The document the modal frames (srcdoc): Pesapal's page in a frame of its own. Pesapal returns to
 * the hosted page's parent (redirect_mode PARENT_WINDOW), which is this document, so the return
 * page loads inside the modal instead of over the whole tab.
 */
export function paymentFrameDocument(iframeUrl: string): string {
  const src = iframeUrl.replace(/[&"<>]/g, (c) => ATTRIBUTE_ESCAPES[c] ?? c);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pesapal payment page</title>
<style>html,body{margin:0;height:100%}iframe{display:block;border:0;width:100%;height:100%}</style></head>
<body><iframe src="${src}" title="Pesapal payment page" allow="payment"></iframe></body></html>`;
}
