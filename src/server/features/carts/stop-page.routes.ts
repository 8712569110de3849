// /cart-reminders/:token: the 'stop these' link at the end of every cart reminder SMS, a small page
// the server answers itself (it works on any phone browser, and adds nothing to the shop's app). No
// sign-in: the signed token names the customer. Opening it changes nothing (a phone's link preview
// opens links too); its one button turns her cart reminders off. Never indexed.
import { Hono, type Context } from 'hono';
import type { AppEnv, ServerContext } from '../../context';
import { DomainError } from '../../errors';
import { escapeHtml } from '../../infra/http/html';
import { stopCartReminders } from './cart-reminders.service';

const STYLE = `body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;color:#0f172a;line-height:1.5}
h1{font-size:1.75rem}button{min-height:44px;min-width:44px;padding:.6rem 1.2rem;font-size:1rem;font-weight:600;color:#fff;background:#15803d;border:0;border-radius:.375rem;cursor:pointer}
a{color:#166534}.note{background:#f0fdf4;padding:1rem;border-radius:.375rem}`;

function page(c: Context<AppEnv>, shopName: string, body: string, status: 200 | 422 = 200) {
  c.header('Cache-Control', 'no-store');
  c.header('X-Robots-Tag', 'noindex');
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex, nofollow"><title>Stop cart reminders · ${escapeHtml(shopName)}</title><style>${STYLE}</style></head>
<body><main><h1>Stop cart reminders</h1>${body}</main></body></html>`,
    status,
  );
}

export function cartRemindersStopRoutes(ctx: ServerContext) {
  const shop = ctx.env.SHOP_NAME;
  return new Hono<AppEnv>()
    .get('/:token', (c) =>
      page(
        c,
        shop,
        `<p>${escapeHtml(shop)} sends one SMS when a cart you filled has waited a few hours without an order. Stop them here.</p>
<form method="post"><button type="submit">Stop cart reminders</button></form>`,
      ),
    )
    .post('/:token', async (c) => {
      try {
        await stopCartReminders(ctx, c.req.param('token'));
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        return page(c, shop, `<p role="alert">${escapeHtml(err.message)}</p><p><a href="/profile">Your profile</a></p>`, 422);
      }
      return page(
        c,
        shop,
        `<p class="note" role="status">Cart reminders are off. We will not send you an SMS about a cart you leave. You can turn them on again on your <a href="/profile">profile page</a>.</p>`,
      );
    });
}
