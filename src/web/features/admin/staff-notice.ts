// What the back office says about a live order event: a new paid order, a paid order taken back
// (refunded by the shop or reversed at Pesapal: both end a completed order), an order that needs
// the merchant's attention; anything else only refreshes the screens.
import type { StaffLiveEvent } from '@/domain/live-event';
import { shortOrderId } from '@/domain/order-status';

export interface StaffNotice {
  text: string;
  tone: 'good' | 'bad';
}

export function staffNotice(e: StaffLiveEvent): StaffNotice | null {
  const ref = `#${shortOrderId(e.orderId)}`;
  if (e.status === 'completed' && e.oldStatus !== 'completed') {
    return e.needsAttention
      ? { text: `New paid order ${ref}. It needs your attention.`, tone: 'bad' }
      : { text: `New paid order ${ref}.`, tone: 'good' };
  }
  if (e.status === 'cancelled' && e.oldStatus === 'completed')
    return { text: `Order ${ref} was refunded or its payment reversed.`, tone: 'bad' };
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
