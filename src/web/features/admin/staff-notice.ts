// What the back office says about a live order event: a new paid order, a paid order taken back
// (reversed at Pesapal, or refunded once Pesapal reversed the shop's refund), a refund rejected, an
// order that needs the merchant's attention; anything else only refreshes the screens.
import type { StaffLiveEvent } from '@/domain/live-event';
import { shortOrderId } from '@/domain/order-status';

export interface StaffNotice {
  text: string;
  tone: 'good' | 'bad';
}

export function staffNotice(e: StaffLiveEvent): StaffNotice | null {
  const ref = `#${shortOrderId(e.orderId)}`;
  // A refund's two endings: Pesapal returned the money, or the refund was rejected and the order is paid again.
  if (e.oldStatus === 'refund_requested' && e.status === 'cancelled') return { text: `Order ${ref} was refunded by Pesapal.`, tone: 'bad' };
  if (e.oldStatus === 'refund_requested' && e.status === 'completed')
    return { text: `The refund of order ${ref} was rejected: it is paid again.`, tone: 'bad' };
  if (e.status === 'completed' && e.oldStatus !== 'completed') {
    return e.needsAttention
      ? { text: `New paid order ${ref}. It needs your attention.`, tone: 'bad' }
      : { text: `New paid order ${ref}.`, tone: 'good' };
  }
  if (e.status === 'cancelled' && e.oldStatus === 'completed')
    return { text: `The payment of order ${ref} was reversed at Pesapal.`, tone: 'bad' };
  if (e.needsAttention && e.status === e.oldStatus) return { text: `Order ${ref} needs your attention.`, tone: 'bad' };
  return null;
}

/** A stream message, checked: null for anything that is not an order event. */
export function parseStaffEvent(data: string): StaffLiveEvent | null {
  try {
    const v = JSON.parse(data) as Partial<StaffLiveEvent> | null;
    if (!v || v.kind !== 'order' || typeof v.orderId !== 'string' || typeof v.status !== 'string') return null;
    return {
      kind: 'order',
      orderId: v.orderId,
      status: v.status,
      oldStatus: typeof v.oldStatus === 'string' ? v.oldStatus : null,
      needsAttention: v.needsAttention === true,
      ...(typeof v.fulfilmentStatus === 'string' ? { fulfilmentStatus: v.fulfilmentStatus } : {}),
    };
  } catch {
    return null;
  }
}
