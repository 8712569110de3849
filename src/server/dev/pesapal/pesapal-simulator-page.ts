// The simulator's hosted payment page: the customer chooses card, M-Pesa, a declined card or
// cancel, and is sent back to the shop the way Pesapal sends them.
import type { Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { RedirectMode } from '../../integrations/pesapal/pesapal-types';
import type { SimOrder } from './pesapal-simulator';
import { isPaid, type SimulatorCore } from './pesapal-simulator-core';
import { escapeHtml, formatMoney, queryParam, randomBase64, scriptString } from './pesapal-simulator-format';

/** Adds the hosted page's routes under `${basePath}/pesapaliframe/PesapalIframe3` to the simulator's app. */
export function addHostedPageRoutes(app: Hono, core: SimulatorCore): void {
  const { state, perform } = core;
  const iframe = `${core.basePath}/pesapaliframe/PesapalIframe3`;

  app.on('GET', [`${iframe}/Index`, `${iframe}/Index/`], (c) => {
    const trackingId = queryParam(c, 'OrderTrackingId') ?? '';
    const order = state.orders.get(trackingId);
    if (!order) return htmlPage(c, 404, messagePage('Order not found', 'This payment link is not valid.'));
    if (order.cancelled) {
      return htmlPage(c, 410, messagePage('Order cancelled', 'This order was cancelled and can no longer be paid.'));
    }
    if (order.mpesaInFlight) {
      return htmlPage(c, 200, messagePage('Waiting for M-Pesa', 'The M-Pesa payment for this order is being processed.'));
    }
    if (isPaid(order)) {
      return htmlPage(c, 200, messagePage('Order already processed', 'This order has already been processed and cannot be paid again.'));
    }
    const action = `${c.req.path.replace(/\/Index\/?$/, '/Choose')}?OrderTrackingId=${encodeURIComponent(order.trackingId)}`;
    return htmlPage(c, 200, paymentPage(order, action));
  });

  app.post(`${iframe}/Choose`, async (c) => {
    const trackingId = queryParam(c, 'OrderTrackingId') ?? '';
    let choice = '';
    try {
      const form = await c.req.parseBody();
      choice = typeof form.choice === 'string' ? form.choice : '';
    } catch {
      choice = '';
    }
    if (choice !== 'card' && choice !== 'mpesa' && choice !== 'fail' && choice !== 'cancel') {
      return htmlPage(c, 400, messagePage('Unknown choice', 'Please go back and choose how to pay.'));
    }
    const result = await perform(trackingId, choice);
    if (!result.ok) return htmlPage(c, result.httpStatus, messagePage('Payment not possible', result.message));
    return htmlPage(c, 200, redirectPage(result.heading, result.message, result.redirectTo, result.redirectMode));
  });
}

interface PageParts {
  title: string;
  body: string;
  script?: string;
}

function htmlPage(c: Context, httpStatus: number, parts: PageParts): Response {
  const nonce = randomBase64(16);
  const scriptSrc = parts.script ? `'nonce-${nonce}'` : "'none'";
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pesapal (simulator)</title>
<style nonce="${nonce}">
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#f4f6f8}
main{max-width:28rem;margin:1.5rem auto;padding:1.5rem;background:#fff;border:1px solid #d0d7de;border-radius:.5rem}
h1{font-size:1.25rem;margin:0 0 .25rem}
.note{margin:0 0 1rem;color:#4a5560;font-size:.875rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0 0 1.25rem}
dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
fieldset{border:0;padding:0;margin:0}
legend{font-weight:600;margin-bottom:.5rem}
.buttons{display:grid;gap:.5rem}
button,.link{display:block;width:100%;padding:.75rem 1rem;font:inherit;font-weight:600;text-align:center;border-radius:.375rem;border:2px solid transparent;cursor:pointer;text-decoration:none}
.pay{background:#0b5cad;color:#fff}.mpesa{background:#1e7a34;color:#fff}
.fail{background:#fff;color:#a4161a;border-color:#a4161a}.cancel{background:#fff;color:#1a1a1a;border-color:#6b7680}
.link{background:#0b5cad;color:#fff}
button:focus-visible,.link:focus-visible{outline:3px solid #f5a623;outline-offset:2px}
</style>
</head>
<body>
<main>
<p class="note">Pesapal simulator · no real money moves</p>
${parts.body}
</main>
${parts.script ? `<script nonce="${nonce}">${parts.script}</script>` : ''}
</body>
</html>`;
  return c.body(html, httpStatus as ContentfulStatusCode, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': `default-src 'none'; style-src 'nonce-${nonce}'; script-src ${scriptSrc}; form-action 'self'; frame-ancestors *; base-uri 'none'`,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  });
}

function paymentPage(order: SimOrder, action: string): PageParts {
  const amount = `${escapeHtml(order.currency)} ${formatMoney(order.amountCents)}`;
  return {
    title: 'Pesapal (simulator)',
    body: `<h1>Pay ${amount}</h1>
<dl>
<dt>Merchant reference</dt><dd>${escapeHtml(order.merchantReference)}</dd>
<dt>Amount</dt><dd>${formatMoney(order.amountCents)}</dd>
<dt>Currency</dt><dd>${escapeHtml(order.currency)}</dd>
<dt>Description</dt><dd>${escapeHtml(order.description)}</dd>
</dl>
<form method="post" action="${escapeHtml(action)}">
<fieldset>
<legend>Choose the outcome</legend>
<div class="buttons">
<button type="submit" name="choice" value="card" class="pay">Pay by card</button>
<button type="submit" name="choice" value="mpesa" class="mpesa">Pay by M-Pesa</button>
<button type="submit" name="choice" value="fail" class="fail">Fail</button>
<button type="submit" name="choice" value="cancel" class="cancel">Cancel</button>
</div>
</fieldset>
</form>`,
  };
}

function messagePage(heading: string, message: string): PageParts {
  return {
    title: 'Pesapal (simulator)',
    body: `<h1>${escapeHtml(heading)}</h1>\n<p role="status">${escapeHtml(message)}</p>`,
  };
}

function redirectPage(heading: string, message: string, url: string, mode: RedirectMode): PageParts {
  const target = mode === 'PARENT_WINDOW' ? 'window.parent' : 'window.top';
  const linkTarget = mode === 'PARENT_WINDOW' ? '_parent' : '_top';
  return {
    title: 'Pesapal (simulator)',
    body: `<h1>${escapeHtml(heading)}</h1>
<p role="status">${escapeHtml(message)}</p>
<p><a class="link" href="${escapeHtml(url)}" target="${linkTarget}">Return to the shop</a></p>`,
    script: `(function(){var u=${scriptString(url)};try{${target}.location.href=u;}catch(e){}})();`,
  };
}
