// The result of a reversal: POST <MPESA_REVERSAL_PATH>/<MPESA_CALLBACK_TOKEN> (and '/timeout' for
// the QueueTimeOutURL). As the STK callback: Daraja does not sign it, so the secret is in the path
// (compared in constant time; a wrong one is a plain 404, before anything is stored), the caller is
// checked against MPESA_CALLBACK_IPS, the body is stored raw (payment_notifications, source 'mpesa',
// keyed by its ConversationID) and answered at once. Then it is applied (mpesa-reversal.service.ts).
import { sql } from 'drizzle-orm';
import type { ServerContext } from '../../../context';
import { queryRows } from '../../../db/client';
import { parseReversalResult } from '../../../integrations/daraja/reversal-result';
import { mpesaCallbackToken } from '../../../mpesa-config';
import { callerAllowed, sameSecret, type CallbackAnswer } from './mpesa-callback';
import { applyReversalResult, markNoticeProcessed, REVERSAL_NOTICE_TYPES } from './mpesa-reversal.service';

const MAX_BODY_CHARS = 8192;

/**
 * Checks, stores and answers a reversal's result; `applied` is the refund's work, started after the
 * answer (the route does not wait for it; tests may).
 */
export async function receiveReversalResult(
  ctx: ServerContext,
  input: { token: string; address: string; text: string; timeout: boolean },
): Promise<{ answer: CallbackAnswer; applied: Promise<void> }> {
  const done = Promise.resolve();
  const expected = mpesaCallbackToken(ctx.env);
  if (!expected || !sameSecret(input.token, expected)) return { answer: { httpStatus: 404, body: { error: 'Not found' } }, applied: done };
  if (!callerAllowed(ctx, input.address)) {
    ctx.logger.warn(
      { address: input.address, mode: ctx.env.MPESA_CALLBACK_IP_MODE },
      'mpesa: reversal result from an address not on MPESA_CALLBACK_IPS',
    );
    if (ctx.env.MPESA_CALLBACK_IP_MODE === 'enforce') return { answer: { httpStatus: 403, body: { error: 'Forbidden' } }, applied: done };
  }
  const text = input.text.slice(0, MAX_BODY_CHARS);
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  const result = parseReversalResult(body);
  const type = input.timeout ? REVERSAL_NOTICE_TYPES.timeout : REVERSAL_NOTICE_TYPES.result;
  const [stored] = await queryRows<{ id: string }>(
    ctx.db,
    sql`insert into payment_notifications (source, method, tracking_id, notification_type, raw, created_at, last_seen_at)
        values ('mpesa', 'POST', ${result?.conversationId ?? null}, ${type},
          ${JSON.stringify(body ?? { text })}::jsonb, ${ctx.now().toISOString()}::timestamptz, ${ctx.now().toISOString()}::timestamptz)
        returning id`,
  );
  const accepted: CallbackAnswer = { httpStatus: 200, body: { ResultCode: 0, ResultDesc: 'Accepted' } };
  if (!result) {
    ctx.logger.warn({ notificationId: stored?.id }, 'mpesa: a reversal result that could not be read');
    await markNoticeProcessed(ctx, stored?.id, 'invalid: unreadable');
    return { answer: accepted, applied: done };
  }
  // Nothing awaits it: every failure (applying it, or marking the notice) is caught here.
  const applied = applyReversalResult(ctx, result, input.timeout)
    .then(async (outcome) => {
      await markNoticeProcessed(ctx, stored?.id, outcome);
      // Before its request's answer was recorded (applied then), or a stranger's: the owner may need to look.
      if (outcome === 'waiting')
        ctx.logger.warn({ result }, 'mpesa: a reversal result for no refund known yet: kept until its request is recorded');
    })
    .catch((err: unknown) => {
      // Left unprocessed: the request's own answer applies it again once its ConversationID is kept.
      ctx.logger.warn({ err, conversationId: result.conversationId }, 'mpesa: applying a reversal result failed');
    });
  return { answer: accepted, applied };
}
