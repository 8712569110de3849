// Pesapal's return page (callback_url and cancellation_url, PAYMENT_RETURN_PATH): a page of a few
// lines instead of the shop app. Pesapal's page sits in a frame inside the payment modal and returns
// to its parent (PARENT_WINDOW), so this page loads inside the modal: it says 'Waiting for Pesapal to
// confirm your payment. Do not pay again.' (a late confirmation must not look like a reason to pay
// twice) and posts one message to the shop page at the top of the tab, which asks the server and
// shows the outcome itself. Opened as the whole tab (Pesapal's page opened on its own, or a browser
// that sent the whole window back), it goes on to the app's page that handled the return before:
// /order-success, or checkout for a cancel. The security headers forbid inline script, so the script
// is a file of its own (PAYMENT_RETURN_SCRIPT, at `${PAYMENT_RETURN_PATH}.js`).
import { PAYMENT_CANCELLED_PATH } from '@/domain/order-reasons';
import { PAYMENT_RETURN_CANCELLED_QUERY, PAYMENT_RETURN_MESSAGE, PAYMENT_RETURN_PATH } from '@/domain/payment-return';

const PAYMENT_RETURN_WAITING = 'Waiting for Pesapal to confirm your payment. Do not pay again.';

const [cancelKey, cancelValue] = PAYMENT_RETURN_CANCELLED_QUERY.split('=') as [string, string];

/** Plain ES2020 for the browser; the values come from the domain, written in as JSON. */
export const PAYMENT_RETURN_SCRIPT = `(() => {
  const query = new URLSearchParams(window.location.search);
  const cancelled = query.get(${JSON.stringify(cancelKey)}) === ${JSON.stringify(cancelValue)};
  let shop = null;
  try {
    // The shop page at the top of this tab: our parent, or our grandparent when Pesapal returned
    // inside its own frame. Another origin's page cannot be read, and is not told anything.
    if (window.top && window.top !== window.self && window.top.location.origin === window.location.origin) shop = window.top;
  } catch (e) {
    shop = null;
  }
  if (shop) {
    shop.postMessage({
      type: ${JSON.stringify(PAYMENT_RETURN_MESSAGE)},
      cancelled,
      orderTrackingId: query.get('OrderTrackingId'),
      orderMerchantReference: query.get('OrderMerchantReference'),
    }, window.location.origin);
    return;
  }
  query.delete(${JSON.stringify(cancelKey)});
  const rest = query.toString();
  window.location.replace(cancelled
    ? ${JSON.stringify(PAYMENT_CANCELLED_PATH)} + (rest ? '&' + rest : '')
    : '/order-success' + (rest ? '?' + rest : ''));
})();
`;

export const PAYMENT_RETURN_SCRIPT_PATH = `${PAYMENT_RETURN_PATH}.js`;

/** The page: no app bundle, no header, cart or badges; only the waiting line and its script. */
export const PAYMENT_RETURN_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${PAYMENT_RETURN_WAITING}</title>
<style>
html,body{margin:0;background:#fff}
body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#334155}
main{display:flex;align-items:center;justify-content:center;gap:.5rem;padding:2rem 1rem}
.spinner{width:1.25rem;height:1.25rem;border:2px solid #cbd5e1;border-top-color:#334155;border-radius:50%;animation:spin 1s linear infinite}
@keyframes spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.spinner{animation:none}}
p{margin:0}
</style>
</head>
<body>
<main>
<span class="spinner" aria-hidden="true"></span>
<p role="status">${PAYMENT_RETURN_WAITING}</p>
</main>
<script src="${PAYMENT_RETURN_SCRIPT_PATH}"></script>
</body>
</html>
`;
