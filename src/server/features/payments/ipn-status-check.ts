// The status call an IPN (or its recheck) claimed: ask Pesapal, apply, record the outcome.
import type { ServerContext } from '../../context';
import { isConnectionError } from '../../db/connection-errors';
import { finishStatusCheck } from './ipn-notices';
import { describeResult, refreshPayment } from './payment-refresh.service';

/** Pauses between tries to release a claim after a lost database connection (a new one usually works at once). */
const RELEASE_RETRY_MS = [100, 400, 1000];

/**
 * The claimed status call: ask Pesapal, apply, record the outcome. False when our side failed
 * (Pesapal unreachable, database error): the claim is released so Pesapal's retry is asked at once.
 * A lost database connection is thrown after the release (the IPN answers 503, Pesapal notifies
 * again); should the release itself not get through, the claim counts as dead after
 * IPN_CHECK_STUCK_MS and the rechecks job takes over.
 */
export async function checkStatus(ctx: ServerContext, noticeId: string, trackingId: string): Promise<boolean> {
  try {
    const result = await refreshPayment(ctx, trackingId);
    await finishStatusCheck(ctx, noticeId, describeResult(result));
    return true;
  } catch (err) {
    const lostConnection = isConnectionError(err);
    if (lostConnection) ctx.logger.warn({ err, trackingId }, 'IPN processing stopped by a lost database connection');
    else ctx.logger.error({ err, trackingId }, 'IPN processing failed');
    const message = `error: ${err instanceof Error ? err.message : String(err)}`;
    for (let attempt = 0; ; attempt++) {
      const failed = await finishStatusCheck(ctx, noticeId, message, true).then(
        () => null,
        (e: unknown) => e,
      );
      if (!failed || !isConnectionError(failed) || attempt >= RELEASE_RETRY_MS.length) break;
      await new Promise((r) => setTimeout(r, RELEASE_RETRY_MS[attempt]));
    }
    if (lostConnection) throw err;
    return false;
  }
}
