// What one live event means for the customer: a payment outcome to announce, or a payment attempt
// that has just started (the header's 'Processing' badge; its outcome is news again). Pure, so the
// rules are tested without a browser.
import { NOT_PAID_IN_TIME_REASON } from '@/domain/order-reasons';
import type { LiveEvent } from '../../lib/realtime';

export interface LiveEventActions {
  /** The outcome the event brings: paid (the payment completed) or failed (the order failed). */
  outcome: 'paid' | 'failed' | null;
  /** A payment attempt has just started. */
  attemptStarted: boolean;
}

const NOTHING: LiveEventActions = { outcome: null, attemptStarted: false };

export function liveEventActions(e: LiveEvent): LiveEventActions {
  if (e.status === e.oldStatus) return NOTHING;
  if (e.kind === 'payment') {
    if (e.status === 'COMPLETED') return { ...NOTHING, outcome: 'paid' };
    if (e.status === 'PENDING') return { ...NOTHING, attemptStarted: true };
    // A FAILED attempt is not necessarily a failed payment: the shop cancels attempts superseded by
    // a newer page or by a payment through another one. The order failing is what counts (below).
    return NOTHING;
  }
  // An order left unpaid until its reservation expired: the customer walked away, no payment failed.
  if (e.status === 'failed' && e.reason !== NOT_PAID_IN_TIME_REASON) return { ...NOTHING, outcome: 'failed' };
  return NOTHING;
}
