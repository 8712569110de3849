// Hints that a payment may have finished: a message from the payment page, or the iframe landing on
// our callback URL. A hint only triggers an immediate server check; it never marks anything paid
// (the original app believed a URL containing 'success' and showed paid orders that were not).

const PESAPAL_ORIGINS = ['https://pay.pesapal.com', 'https://cybqa.pesapal.com'] as const;

const PAYMENT_MESSAGE_TYPES = ['payment_completed', 'payment_failed', 'payment_cancelled'];

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** Pesapal's own origins, or wherever the hosted page we framed lives (the simulator, a test double). */
export function isPaymentPageOrigin(origin: string, iframeUrl: string): boolean {
  return (PESAPAL_ORIGINS as readonly string[]).includes(origin) || origin === originOf(iframeUrl);
}

/** { status: 'completed' } or { type: 'payment_completed' | 'payment_failed' | 'payment_cancelled' }, as an object or JSON text. */
export function isPaymentMessage(data: unknown): boolean {
  let value = data;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return false;
    }
  }
  if (typeof value !== 'object' || value === null) return false;
  const { status, type } = value as { status?: unknown; type?: unknown };
  if (typeof status === 'string' && status.toLowerCase() === 'completed') return true;
  return typeof type === 'string' && PAYMENT_MESSAGE_TYPES.includes(type.toLowerCase());
}

/**
 * The iframe shows a page of our own shop other than the payment page itself (the simulator is
 * mounted on our origin under /pesapal-sim/): Pesapal has sent the customer back to the callback.
 */
export function isCallbackUrl(href: string, shopOrigin: string): boolean {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return false;
  }
  if (url.origin !== shopOrigin || url.pathname.startsWith('/pesapal-sim/')) return false;
  const params = [...url.searchParams.keys()].map((k) => k.toLowerCase());
  return params.includes('ordertrackingid') || /success|completed/i.test(url.pathname);
}
