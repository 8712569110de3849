// /api/payments: Pesapal's IPN (public; GET or POST, query, JSON or form), the page Pesapal returns
// the customer to (public, payment-return-page.ts), Daraja's callbacks and reversal results (secret
// paths), and for signed-in customers: sync, the callback lookup, and 'pay again' for a pending order.
import { Hono } from 'hono';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv, ServerContext } from '../../context';
import { aboutOrder, badRequest, DomainError } from '../../errors';
import { clientAddress } from '../../infra/http/client-address';
import { MPESA_MESSAGES } from '@/domain/mpesa-express';
import { receiveMpesaCallback } from './mpesa/mpesa-callback';
import { receiveReversalResult } from './mpesa/mpesa-reversal-callback';
import { sendMpesaPrompt } from './mpesa/mpesa-attempt.service';
import { currentUser, requireUser } from '../../auth/session';
import { valid } from '../../infra/http/validate';
import { handleIpn, readNotice } from './ipn.service';
import { ipnSlowDown } from './ipn-rate-limit';
import { isKnownTrackingId } from './payment-refresh.service';
import { PAYMENT_RETURN_HTML, PAYMENT_RETURN_SCRIPT } from './payment-return-page';
import { continuePayment, lookupCallbackOrder, ownedOrderId, retryPayment, syncOrders } from './payment-sync.service';

const mpesaPromptSchema = z.object({ phone: z.string({ error: MPESA_MESSAGES.badPhone }).max(30, MPESA_MESSAGES.badPhone) });

/** More than Pesapal's three short fields ever need; the rest is cut before it is stored. */
const MAX_IPN_BODY_CHARS = 4096;

const syncSchema = z.object({
  orderIds: z
    .array(z.string().max(100), { error: 'orderIds must be a list of order ids.' })
    .min(1, 'orderIds must not be empty.')
    .max(20, 'At most 20 orders can be synced at once.'),
  /** Pesapal has just sent the customer back from its page (in the payment modal). */
  returned: z.boolean().optional(),
});

const lookupSchema = z
  .object({ trackingId: z.string().max(200).optional(), merchantReference: z.string().max(100).optional() })
  .refine((q) => Boolean(q.trackingId?.trim() || q.merchantReference?.trim()), {
    error: 'trackingId or merchantReference is required.',
  });

/** A POST body as Pesapal might send it (JSON or form), never throwing. */
function parseIpnBody(text: string, contentType: string): Record<string, unknown> | string {
  if (text.trim() === '') return {};
  if (!contentType.includes('application/x-www-form-urlencoded')) {
    try {
      const json: unknown = JSON.parse(text);
      if (typeof json === 'object' && json !== null && !Array.isArray(json)) return json as Record<string, unknown>;
    } catch {
      // not JSON: try a form body below
    }
  }
  const form = Object.fromEntries(new URLSearchParams(text));
  return Object.keys(form).length > 0 ? form : text.slice(0, MAX_IPN_BODY_CHARS);
}

export function paymentsRoutes(ctx: ServerContext) {
  const reversalResult = (timeout: boolean) => async (c: Context<AppEnv>) => {
    const { answer } = await receiveReversalResult(ctx, {
      token: c.req.param('token') ?? '',
      address: clientAddress(c),
      text: await c.req.text(),
      timeout,
    });
    return c.json(answer.body, answer.httpStatus);
  };
  const ipn = async (c: Context<AppEnv>) => {
    const query = c.req.query();
    let body: Record<string, unknown> | string = {};
    if (c.req.method === 'POST') {
      const text = (await c.req.text()).slice(0, MAX_IPN_BODY_CHARS);
      body = parseIpnBody(text, c.req.header('content-type') ?? '');
    }
    const notice = readNotice([query, typeof body === 'string' ? {} : body]);
    // Pesapal's own notices (a tracking id of ours) are never refused: Pesapal sends them from a few
    // addresses, and at a busy hour they pass any per-address limit. Each is already bounded to one
    // status call per tracking id per window; strangers' notices are limited per address.
    const ours = notice.trackingId !== '' && (await isKnownTrackingId(ctx, notice.trackingId));
    if (!ours) {
      const refused = await ipnSlowDown(c, ctx);
      if (refused) return refused;
    }
    const answer = await handleIpn(ctx, { method: c.req.method, notice, raw: { query, body }, ours });
    return c.json(answer.body, answer.httpStatus);
  };

  return (
    new Hono<AppEnv>()
      .get('/ipn', ipn)
      .post('/ipn', ipn)
      .get('/return', (c) => c.html(PAYMENT_RETURN_HTML, 200, { 'Cache-Control': 'no-store' }))
      .get('/return.js', (c) =>
        c.body(PAYMENT_RETURN_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }),
      )
      .post('/sync', requireUser(ctx), valid('json', syncSchema), async (c) => {
        const { orderIds, returned } = c.req.valid('json');
        return c.json({ results: await syncOrders(ctx, currentUser(c).id, orderIds, { returned: returned ?? false }) });
      })
      .get('/lookup', requireUser(ctx), valid('query', lookupSchema), async (c) => {
        const { trackingId, merchantReference } = c.req.valid('query');
        c.header('Cache-Control', 'no-store');
        return c.json(await lookupCallbackOrder(ctx, currentUser(c).id, { trackingId, merchantReference }));
      })
      .post('/orders/:id/retry', requireUser(ctx), async (c) => {
        const orderId = c.req.param('id');
        if (orderId.length > 100) throw badRequest('Invalid order id.');
        const attempt = await retryPayment(ctx, currentUser(c).id, orderId);
        return c.json({ orderId, iframeUrl: attempt.iframeUrl });
      })
      // Daraja's callback: a secret path, answered at once; the STK query decides (mpesa-callback.ts).
      .post('/mpesa/callback/:token', async (c) => {
        const { answer } = await receiveMpesaCallback(ctx, {
          token: c.req.param('token'),
          address: clientAddress(c),
          text: await c.req.text(),
        });
        return c.json(answer.body, answer.httpStatus);
      })
      // A reversal's result (and its queue time-out): a secret path, answered at once (mpesa-reversal-callback.ts).
      .post('/mpesa/reversal/:token/timeout', reversalResult(true))
      .post('/mpesa/reversal/:token', reversalResult(false))
      // 'Send the prompt again', or M-Pesa instead of Pesapal's page, for the customer's unpaid order.
      .post('/orders/:id/mpesa', requireUser(ctx), valid('json', mpesaPromptSchema), async (c) => {
        const orderId = c.req.param('id');
        if (orderId.length > 100) throw badRequest('Invalid order id.');
        const order = await ownedOrderId(ctx, currentUser(c).id, orderId);
        try {
          return c.json({ orderId, mpesa: await sendMpesaPrompt(ctx, order, c.req.valid('json').phone) });
        } catch (err) {
          throw err instanceof DomainError ? aboutOrder(err, order) : err;
        }
      })
      .post('/orders/:id/continue', requireUser(ctx), async (c) => {
        const orderId = c.req.param('id');
        if (orderId.length > 100) throw badRequest('Invalid order id.');
        const attempt = await continuePayment(ctx, currentUser(c).id, orderId);
        return c.json({ orderId, iframeUrl: attempt.iframeUrl });
      })
  );
}
