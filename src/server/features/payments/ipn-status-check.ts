// The status call an IPN (or its recheck) claimed: ask Pesapal, apply, record the outcome.
import type { ServerContext } from '../../context';
import { finishStatusCheck } from './ipn-notices';
import { describeResult, refreshPayment } from './payment-refresh.service';

/**
 * The claimed status call: ask Pesapal, apply, record the outcome. False when our side failed
 * (Pesapal unreachable, database error): the claim is released so Pesapal's retry is asked at once.
 */
export async function checkStatus(ctx: ServerContext, noticeId: string, trackingId: string): Promise<boolean> {
  try {
    const result = await refreshPayment(ctx, trackingId);
    await finishStatusCheck(ctx, noticeId, describeResult(result));
    return true;
  } catch (err) {
    ctx.logger.error({ err, trackingId }, 'IPN processing failed');
    const message = `error: ${err instanceof Error ? err.message : String(err)}`;
    await finishStatusCheck(ctx, noticeId, message, true).catch(() => undefined);
    return false;
  }
}
