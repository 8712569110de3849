// The status call an IPN (or its recheck) claimed: ask Pesapal, apply, record the outcome; a notice
// that finds a payment still COMPLETED may be a refund's rejection (refund-rejection.ts).
import type { ServerContext } from '../../context';
import { isConnectionError } from '../../db/connection-errors';
import { finishStatusCheck } from './ipn-notices';
import { describeResult, refreshPayment } from './payment-refresh.service';
import { rejectedByNotice } from './refund-rejection';

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
    // Still COMPLETED after a notice: it may be Pesapal's word that the shop's refund was rejected.
    const rejected = result.outcome === 'unchanged' && result.status === 'COMPLETED' && (await rejectedByNotice(ctx, noticeId, trackingId));
    await finishStatusCheck(ctx, noticeId, rejected ? `${describeResult(result)}; refund rejected` : describeResult(result));
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
