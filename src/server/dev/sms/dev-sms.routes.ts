// The development SMS box at /dev/sms (app.ts mounts it only outside production, behind the dev
// tools' loopback guard): every SMS the shop queued, newest first, escaped. ?to=+254… shows one phone.
// Its form sends the shop a reply as a phone would (STOP, SITISHA), handled as the provider's callback is.
import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { ORDER_UPDATE_STEP_LABELS, isOrderUpdateStep } from '@/domain/order-sms';
import { shortOrderId } from '@/domain/order-status';
import { toE164Phone } from '@/domain/phone';
import { SIGN_IN_CODE_STEP } from '@/domain/phone-sign-in';
import { PACKED_STEP } from '@/domain/packing';
import { CART_REMINDER_STEP } from '@/domain/saved-cart';
import type { AppEnv, ServerContext } from '../../context';
import { outboundSms } from '../../db/schema';
import { escapeHtml } from '../../infra/http/html';
import { handleSmsReply } from '../../features/privacy/sms-stop.service';

const SMS_BOX_PAGE_SIZE = 100;

const STYLE = `body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#0f172a}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.5rem;border-bottom:1px solid #e2e8f0;vertical-align:top}
a{color:#1d4ed8}`;

/** What an SMS is about: its order and step, or (no order) a sign-in code. */
const OTHER_STEP_LABELS: Readonly<Record<string, string>> = {
  [SIGN_IN_CODE_STEP]: 'Sign-in code',
  owner_paid: 'Paid order (to the owner)',
  owner_refund_rejected: 'Refund rejected (to the owner)',
  morning_summary: 'Morning summary',
  rider_stops: "Rider's stops",
  [PACKED_STEP]: 'Packed, with changes',
  rider_stops_off: 'Stops taken off a rider',
  delivery_failed: 'Could not deliver: pick a new time',
  [CART_REMINDER_STEP]: 'Cart reminder',
};

function about(orderId: string | null, step: string): string {
  const label = isOrderUpdateStep(step) ? ORDER_UPDATE_STEP_LABELS[step] : (OTHER_STEP_LABELS[step] ?? step);
  return orderId ? `#${shortOrderId(orderId)} ${label}` : label;
}

const REPLY_OUTCOMES: Readonly<Record<string, string>> = {
  stopped: 'STOP received: order SMS and cart reminders to that number are off.',
  ignored: 'Reply received: it was not STOP (or the number was not a phone number), so nothing changed.',
};

function replyForm(to: string | null): string {
  return `<form method="post" action="/dev/sms/reply"><h2>Reply to the shop</h2>
<p><label>From <input name="from" type="tel" required value="${escapeHtml(to ?? '')}" placeholder="+254712345678"></label>
<label>Text <input name="text" required placeholder="STOP"></label> <button type="submit">Send reply</button></p></form>`;
}

export function devSmsRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>()
    .post('/reply', async (c) => {
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
      const field = (v: unknown) => (typeof v === 'string' ? v.slice(0, 200) : '');
      const outcome = await handleSmsReply(ctx.db, { from: field(form.from), text: field(form.text) }, ctx.now());
      const to = field(form.from).trim();
      return c.redirect(`/dev/sms?replied=${outcome}${to ? `&to=${encodeURIComponent(to)}` : ''}`, 303);
    })
    .get('/', async (c) => {
      c.header('Cache-Control', 'no-store');
      // '?to=+2547…' arrives with the '+' read as a space; any way of writing the number finds it.
      const asked = c.req.query('to')?.trim().slice(0, 40) || null;
      const to = asked ? (toE164Phone(asked) ?? toE164Phone(`+${asked}`) ?? asked) : null;
      const rows = await ctx.db
        .select()
        .from(outboundSms)
        .where(to ? eq(outboundSms.to, to) : undefined)
        .orderBy(desc(outboundSms.createdAt), desc(outboundSms.id))
        .limit(SMS_BOX_PAGE_SIZE);
      const when = (d: Date) => escapeHtml(d.toISOString().replace('T', ' ').slice(0, 19) + ' UTC');
      const body = rows
        .map(
          (m) => `<tr><td>${when(m.createdAt)}</td><td>${escapeHtml(m.to)}</td><td>${escapeHtml(about(m.orderId, m.step))}</td>
<td data-testid="sms-text">${escapeHtml(m.message)}</td><td>${escapeHtml(m.status)}${m.deliveryStatus ? ` (${escapeHtml(m.deliveryStatus)})` : ''}</td></tr>`,
        )
        .join('\n');
      const table = rows.length
        ? `<table><thead><tr><th scope="col">Sent</th><th scope="col">To</th><th scope="col">About</th><th scope="col">Message</th><th scope="col">Status</th></tr></thead><tbody>${body}</tbody></table>`
        : '<p>No SMS yet.</p>';
      const heading = to ? `SMS to ${escapeHtml(to)} <a href="/dev/sms">(all)</a>` : 'Development SMS box';
      const replied = REPLY_OUTCOMES[c.req.query('replied') ?? ''];
      const note = replied ? `<p role="status">${escapeHtml(replied)}</p>` : '';
      return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex, nofollow"><title>Development SMS box</title><style>${STYLE}</style></head>
<body><main><h1>${heading}</h1><p>SMS the shop sent, newest first. This page exists only outside production.</p>${note}${replyForm(to)}${table}</main></body></html>`);
    });
}
