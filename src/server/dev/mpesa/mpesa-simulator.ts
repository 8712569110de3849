// The built-in stand-in for Safaricom's M-Pesa Express (development and tests only; refused in
// production). Daraja's endpoints at its root; a 'phone' page where the developer enters the PIN or
// cancels each prompt; JSON switches, the prompts and reversals it holds, and a resolve call for tests.
import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { escapeHtml, randomBase64 } from '../pesapal/pesapal-simulator-format';
import { addDarajaRoutes, type SimCredentials } from './mpesa-simulator-api';
import {
  createMpesaSimulatorCore,
  DEFAULT_SWITCHES,
  type MpesaSimulatorCore,
  type SimInitiator,
  type SimPrompt,
  type SimReversal,
  type SimShortcode,
} from './mpesa-simulator-core';

export interface MpesaSimulator {
  app: Hono;
  core: MpesaSimulatorCore;
  /** Stops the clock that sends due callbacks. */
  stop(): void;
}

/** The phone page's choices and the result code each gives. */
const ACTIONS: Readonly<Record<string, { label: string; code: string }>> = {
  pay: { label: 'Enter PIN and pay', code: '0' },
  wrongPin: { label: 'Wrong PIN', code: '2001' },
  noFunds: { label: 'Not enough balance', code: '1' },
  cancel: { label: 'Cancel', code: '1032' },
};

const switchesInput = z
  .object({
    callback: z.enum(['send', 'lost', 'duplicate', 'late']),
    lateMs: z.number().int().min(0).max(86_400_000),
    promptTimeoutMs: z.number().int().min(1_000).max(3_600_000),
    timeoutCode: z.enum(['1037', '1019']),
    queryStaysPending: z.boolean(),
    tokenInvalidatesPrevious: z.boolean(),
    autoAnswer: z
      .string()
      .regex(/^[A-Z0-9_]{1,12}$/)
      .nullable(),
    reversalResult: z
      .string()
      .regex(/^[A-Z0-9_]{1,12}$/)
      .nullable(),
    reversalCallback: z.enum(['send', 'lost']),
  })
  .partial()
  .strict();

export function createMpesaSimulator(opts: {
  shortcodes: SimShortcode[];
  credentials: SimCredentials[];
  /** The API operators a reversal may name; none: any name with a credential. */
  initiators?: SimInitiator[];
  now?: () => Date;
  fetch?: typeof fetch;
  log?: (message: string) => void;
  /** Sends due callbacks every second (the server); tests call core.tick() after moving the clock. */
  autoTick?: boolean;
}): MpesaSimulator {
  const core = createMpesaSimulatorCore(opts);
  const app = new Hono();
  addDarajaRoutes(app, core, opts.credentials);

  app.get('/switches', (c) => c.json(core.switches));
  app.put('/switches', async (c) => {
    const read = switchesInput.safeParse(await c.req.json().catch(() => null));
    if (!read.success)
      return c.json({ error: { message: 'Unknown switch or value', issues: read.error.issues.map((i) => i.path.join('.')) } }, 400);
    Object.assign(core.switches, read.data);
    return c.json(core.switches);
  });
  app.delete('/switches', (c) => {
    Object.assign(core.switches, DEFAULT_SWITCHES);
    return c.json(core.switches);
  });
  app.get('/prompts', (c) => c.json({ prompts: [...core.prompts.values()].map(describe) }));
  app.get('/reversals', (c) => c.json({ reversals: [...core.reversals.values()].map(describeReversal) }));
  app.post('/prompts/:id/resolve', async (c) => {
    const body = (await c.req.json().catch(() => null)) as { code?: unknown } | null;
    const code = typeof body?.code === 'string' ? body.code : '';
    if (!/^[A-Z0-9_]{1,12}$/.test(code)) return c.json({ error: { message: 'code must be a result code such as "0" or "1032"' } }, 400);
    const prompt = core.resolve(c.req.param('id'), code);
    if (!prompt) return c.json({ error: { message: 'No open prompt with this CheckoutRequestID' } }, 404);
    await core.tick();
    return c.json(describe(prompt));
  });

  app.get('/phone', async (c) => {
    await core.tick();
    const number = c.req.query('number') ?? '';
    const open = [...core.prompts.values()].filter((p) => !p.result && (number === '' || p.phone === number));
    return phonePage(c, 200, open);
  });
  app.post('/phone/:id', async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const action = ACTIONS[typeof form.action === 'string' ? form.action : ''];
    if (!action) return phonePage(c, 400, [], 'Choose what the phone does.');
    const prompt = core.resolve(c.req.param('id'), action.code);
    if (!prompt) return phonePage(c, 404, [], 'This prompt is no longer on the phone.');
    await core.tick();
    return phonePage(
      c,
      200,
      [],
      action.code === '0' ? 'Paid. M-Pesa sent the shop its result.' : `${action.label}: M-Pesa sent the shop its result.`,
    );
  });

  const timer = opts.autoTick ? setInterval(() => void core.tick(), 1_000) : null;
  timer?.unref();
  return { app, core, stop: () => timer && clearInterval(timer) };
}

function describe(p: SimPrompt) {
  return {
    checkoutRequestId: p.checkoutRequestId,
    phone: p.phone,
    amount: p.amount,
    accountReference: p.accountReference,
    sentAt: p.sentAt.toISOString(),
    result: p.result && { code: p.result.code, receipt: p.result.receipt },
    callbacksSent: p.callbacksSent,
    callbacksDue: p.dueCallbacks.length,
  };
}

function describeReversal(r: SimReversal) {
  return {
    conversationId: r.conversationId,
    receipt: r.receipt,
    amount: r.amount,
    requestedAt: r.requestedAt.toISOString(),
    result: { code: r.result.code, desc: r.result.desc },
    callbacksSent: r.callbacksSent,
    callbacksDue: r.dueCallbacks.length,
  };
}

function phonePage(c: Context, status: number, open: SimPrompt[], message?: string): Response {
  const nonce = randomBase64(16);
  const prompts = open.length
    ? open
        .map(
          (p) => `<section aria-label="Prompt to ${escapeHtml(p.phone)}">
<h2>Pay KES ${p.amount.toLocaleString('en-KE')} to ${escapeHtml(p.accountReference)}?</h2>
<p>Sent to ${escapeHtml(p.phone)}</p>
<form method="post" action="${escapeHtml(`${c.req.path.replace(/\/phone(\/.*)?$/, '')}/phone/${encodeURIComponent(p.checkoutRequestId)}`)}">
${Object.entries(ACTIONS)
  .map(
    ([value, a]) =>
      `<button type="submit" name="action" value="${value}"${value === 'pay' ? ' class="pay"' : ''}>${escapeHtml(a.label)}</button>`,
  )
  .join('\n')}
</form>
</section>`,
        )
        .join('\n')
    : '<p>No M-Pesa prompt is waiting on this phone.</p>';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>M-Pesa phone (simulator)</title>
<style nonce="${nonce}">
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;background:#f4f6f8}
main{max-width:24rem;margin:1rem auto;padding:1rem;background:#fff;border:1px solid #d0d7de;border-radius:.5rem}
h1{font-size:1.25rem;margin:0}h2{font-size:1.1rem}.note{color:#4a5560;font-size:.875rem}
button{display:block;width:100%;min-height:44px;margin:.5rem 0;font:inherit;font-weight:600;border:2px solid #6b7680;border-radius:.375rem;background:#fff;color:#1a1a1a}
.pay{background:#1e7a34;border-color:#1e7a34;color:#fff}
button:focus-visible{outline:3px solid #f5a623;outline-offset:2px}
</style></head>
<body><main>
<h1>M-Pesa phone</h1>
<p class="note">M-Pesa simulator · no real money moves</p>
${message ? `<p role="status">${escapeHtml(message)}</p>` : ''}
${prompts}
</main></body></html>`;
  return c.body(html, status as ContentfulStatusCode, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': `default-src 'none'; style-src 'nonce-${nonce}'; form-action 'self'; frame-ancestors 'self'; base-uri 'none'`,
    'Cache-Control': 'no-store',
  });
}
