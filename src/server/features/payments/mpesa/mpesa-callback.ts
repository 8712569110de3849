// Daraja's callback: POST <MPESA_CALLBACK_PATH>/<MPESA_CALLBACK_TOKEN>. Daraja does not sign it, so
// the secret is in the path (compared in constant time; a wrong one is a plain 404), the caller's
// address is checked against MPESA_CALLBACK_IPS as MPESA_CALLBACK_IP_MODE says, and the body is
// stored raw before anything is read. It is answered at once with Daraja's 'Accepted'; the payment
// is then decided by the STK query (mpesa-confirmation.ts), never by the callback's word.
import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ServerContext } from '../../../context';
import { queryRows } from '../../../db/client';
import { parseStkCallback } from '../../../integrations/daraja/stk-callback';
import { mpesaCallbackToken } from '../../../mpesa-config';
import { confirmMpesaAttempt } from './mpesa-confirmation';

/** The allowlist repeated by practitioners (not published by Safaricom: docs/mpesa.md). */
const REPORTED_CALLBACK_IPS = [
  '196.201.214.200',
  '196.201.214.206',
  '196.201.213.114',
  '196.201.214.207',
  '196.201.214.208',
  '196.201.213.44',
  '196.201.212.127',
  '196.201.212.138',
  '196.201.212.129',
  '196.201.212.136',
  '196.201.212.74',
  '196.201.212.69',
];
const MAX_BODY_CHARS = 8192;
const ACCEPTED = { ResultCode: 0, ResultDesc: 'Accepted' } as const;

export type CallbackAnswer = { httpStatus: 200; body: typeof ACCEPTED } | { httpStatus: 403 | 404; body: { error: string } };

/** The path's secret, compared in constant time. */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether the caller may post Daraja's callbacks (MPESA_CALLBACK_IPS as MPESA_CALLBACK_IP_MODE says). */
export function callerAllowed(ctx: ServerContext, address: string): boolean {
  // The built-in simulator posts from this machine.
  if (ctx.env.MPESA_CALLBACK_IP_MODE === 'off' || ctx.env.MPESA_ENV === 'simulator') return true;
  const list =
    ctx.env.MPESA_CALLBACK_IPS?.split(',')
      .map((ip) => ip.trim())
      .filter(Boolean) ?? REPORTED_CALLBACK_IPS;
  return list.includes(address.replace(/^::ffff:/, ''));
}

/**
 * Checks, stores and answers a callback; `confirmation` is the query's work, started after the
 * answer (the route does not wait for it; tests may).
 */
export async function receiveMpesaCallback(
  ctx: ServerContext,
  input: { token: string; address: string; text: string },
): Promise<{ answer: CallbackAnswer; confirmation: Promise<void> }> {
  const done = Promise.resolve();
  const expected = mpesaCallbackToken(ctx.env);
  if (!expected || !sameSecret(input.token, expected))
    return { answer: { httpStatus: 404, body: { error: 'Not found' } }, confirmation: done };
  if (!callerAllowed(ctx, input.address)) {
    ctx.logger.warn(
      { address: input.address, mode: ctx.env.MPESA_CALLBACK_IP_MODE },
      'mpesa: callback from an address not on MPESA_CALLBACK_IPS',
    );
    if (ctx.env.MPESA_CALLBACK_IP_MODE === 'enforce')
      return { answer: { httpStatus: 403, body: { error: 'Forbidden' } }, confirmation: done };
  }
  const text = input.text.slice(0, MAX_BODY_CHARS);
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  const callback = parseStkCallback(body);
  const [stored] = await queryRows<{ id: string }>(
    ctx.db,
    sql`insert into payment_notifications (source, method, tracking_id, notification_type, raw, created_at, last_seen_at)
        values ('mpesa', 'POST', ${callback?.checkoutRequestId ?? null}, 'STK_CALLBACK',
          ${JSON.stringify(body ?? { text })}::jsonb, ${ctx.now().toISOString()}::timestamptz, ${ctx.now().toISOString()}::timestamptz)
        returning id`,
  );
  const accepted: CallbackAnswer = { httpStatus: 200, body: ACCEPTED };
  if (!callback) {
    ctx.logger.warn({ notificationId: stored?.id }, 'mpesa: a callback that could not be read');
    return { answer: accepted, confirmation: done };
  }
  // Runs after the answer; nothing awaits it, so every failure (the confirmation's, or recording its
  // outcome's) is caught here: an unhandled rejection would end the process.
  const confirmation = confirmMpesaAttempt(ctx, callback.checkoutRequestId, callback)
    .then(async (result) => {
      await queryRows(
        ctx.db,
        sql`update payment_notifications set outcome = ${result.status ? `${result.outcome}: ${result.status}` : result.outcome},
        processed_at = ${ctx.now().toISOString()}::timestamptz where id = ${stored?.id ?? null}::uuid`,
      );
      if (result.outcome === 'unknown' && callback.resultCode === '0') {
        // Money moved for a prompt the shop does not know (a push whose answer never came back).
        ctx.logger.error({ callback }, 'mpesa: a paid prompt the shop has no attempt for: find the order by the phone and amount');
      }
    })
    .catch((err: unknown) => {
      // The reconciliation job asks again; the callback is stored.
      ctx.logger.warn({ err, checkoutRequestId: callback.checkoutRequestId }, 'mpesa: confirming a callback failed');
    });
  return { answer: accepted, confirmation };
}
