// What one live event means for the customer (cart clearing, live payment notices, header
// badge). Pure, so the rules are tested without a browser.
import { NOT_PAID_IN_TIME_REASON } from '@/domain/order-reasons';
import type { LiveEvent } from '../../lib/realtime';

export interface LiveEventActions {
  /** Empty the cart: a payment of this customer has just completed. */
  clearCart: boolean;
  notice: 'completed' | 'failed' | null;
  /** Show the header's 'Processing' badge: a payment attempt has just started. */
  processing: boolean;
}

const NOTHING: LiveEventActions = { clearCart: false, notice: null, processing: false };

export function liveEventActions(e: LiveEvent): LiveEventActions {
  if (e.status === e.oldStatus) return NOTHING;
  if (e.kind === 'payment') {
    if (e.status === 'COMPLETED') return { clearCart: true, notice: 'completed', processing: false };
    if (e.status === 'PENDING') return { ...NOTHING, processing: true };
    // A FAILED attempt is not necessarily a failed payment: the shop cancels attempts superseded by
    // a newer page or by a payment through another one. The order failing is what counts (below).
    return NOTHING;
  }
  // An order left unpaid until its reservation expired: the customer walked away, no payment failed.
  if (e.status === 'failed' && e.reason !== NOT_PAID_IN_TIME_REASON) return { ...NOTHING, notice: 'failed' };
  return NOTHING;
}
