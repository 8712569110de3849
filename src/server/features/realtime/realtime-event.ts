// The NOTIFY payload of the realtime triggers (src/server/db/migrations/0001_realtime_triggers.sql;
// order events gained `reason` in 0002), checked, and the part of it a browser may see (no row ids,
// no user ids).
import { z } from 'zod';
import type { LiveEvent, StaffLiveEvent } from '@/domain/live-event';

const shopEventSchema = z.object({
  kind: z.enum(['payment', 'order']),
  orderId: z.string().min(1),
  userId: z.string().min(1),
  status: z.string().min(1),
  oldStatus: z.string().nullable().optional(),
  fulfilmentStatus: z.string().nullable().optional(),
  reason: z.string().nullable().optional(),
  // Since migration 0021: an order newly needing attention, announced to the back office only.
  needsAttention: z.boolean().nullable().optional(),
  staffOnly: z.boolean().nullable().optional(),
});

/** The part of an event a browser sees; its shape is shared with the web app. */
export type BrowserEvent = LiveEvent;

export interface ShopEvent extends BrowserEvent {
  userId: string;
  needsAttention?: true;
  /** Nothing the customer sees changed (the order was only flagged for the merchant). */
  staffOnly?: true;
}

/** null for anything that is not a well-formed event (a foreign NOTIFY on the channel, a truncated payload). */
export function parseShopEvent(payload: string): ShopEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return null;
  }
  const parsed = shopEventSchema.safeParse(json);
  if (!parsed.success) return null;
  const { kind, orderId, userId, status, oldStatus, fulfilmentStatus, reason, needsAttention, staffOnly } = parsed.data;
  return {
    kind,
    orderId,
    userId,
    status,
    oldStatus: oldStatus ?? null,
    ...(needsAttention ? { needsAttention: true as const } : {}),
    ...(staffOnly ? { staffOnly: true as const } : {}),
    ...(fulfilmentStatus ? { fulfilmentStatus } : {}),
    ...(reason ? { reason } : {}),
  };
}

export function toBrowserEvent(e: ShopEvent): BrowserEvent {
  return {
    kind: e.kind,
    orderId: e.orderId,
    status: e.status,
    oldStatus: e.oldStatus,
    ...(e.fulfilmentStatus ? { fulfilmentStatus: e.fulfilmentStatus } : {}),
    ...(e.reason ? { reason: e.reason } : {}),
  };
}

/** The back office's view of an order event (null for payment events: the order's own event follows). */
export function toStaffEvent(e: ShopEvent): StaffLiveEvent | null {
  if (e.kind !== 'order') return null;
  return { ...toBrowserEvent(e), kind: 'order', needsAttention: e.needsAttention === true };
}
