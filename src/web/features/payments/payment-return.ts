// Pesapal returns the customer to our return page (PAYMENT_RETURN_PATH, served by the server, not
// the app) inside the payment modal's frame. That page only tells the modal around it
// (usePaymentOutcome hears it), which asks the server; the server alone decides the payment's status.
import { PAYMENT_RETURN_CANCELLED_QUERY, PAYMENT_RETURN_PATH } from '@/domain/payment-return';

const [CANCEL_KEY, CANCEL_VALUE] = PAYMENT_RETURN_CANCELLED_QUERY.split('=');

/**
 * Pesapal's cancellation_url on our own origin: the return page with the cancel query, or checkout's
 * (PAYMENT_CANCELLED_PATH, where the return page sends a whole tab, and where attempts started
 * before the return page returned).
 */
export function isCancellationUrl(href: string, shopOrigin: string): boolean {
  try {
    const url = new URL(href);
    const page = url.pathname === PAYMENT_RETURN_PATH || url.pathname === '/checkout';
    return url.origin === shopOrigin && page && url.searchParams.get(CANCEL_KEY!) === CANCEL_VALUE;
  } catch {
    return false;
  }
}

const ATTRIBUTE_ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' };

/**
 * The document the modal frames (srcdoc): Pesapal's page in a frame of its own. Pesapal returns to
 * the hosted page's parent (redirect_mode PARENT_WINDOW), which is this document, so the return
 * page loads inside the modal instead of over the whole tab. `title` names the frame in the page's
 * language (`lang`).
 */
export function paymentFrameDocument(iframeUrl: string, title = 'Pesapal payment page', lang = 'en'): string {
  const escape = (text: string) => text.replace(/[&"<>]/g, (c) => ATTRIBUTE_ESCAPES[c] ?? c);
  const [src, name, language] = [escape(iframeUrl), escape(title), escape(lang)];
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${name}</title>
<style>html,body{margin:0;height:100%}iframe{display:block;border:0;width:100%;height:100%}</style></head>
<body><iframe src="${src}" title="${name}" allow="payment"></iframe></body></html>`;
}
