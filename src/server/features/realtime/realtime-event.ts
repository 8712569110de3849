// The NOTIFY payload of src/server/db/migrations/0001_realtime_triggers.sql, checked, and the part of it
// a browser may see (no row ids, no user ids).
import { z } from 'zod';

const shopEventSchema = z.object({
  kind: z.enum(['payment', 'order']),
  orderId: z.string().min(1),
  userId: z.string().min(1),
  status: z.string().min(1),
  oldStatus: z.string().nullable().optional(),
  fulfilmentStatus: z.string().nullable().optional(),
});

export interface BrowserEvent {
  kind: 'payment' | 'order';
  orderId: string;
  status: string;
  oldStatus: string | null;
  fulfilmentStatus?: string;
}

export interface ShopEvent extends BrowserEvent {
  userId: string;
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
  const { kind, orderId, userId, status, oldStatus, fulfilmentStatus } = parsed.data;
  return {
    kind,
    orderId,
    userId,
    status,
    oldStatus: oldStatus ?? null,
    ...(fulfilmentStatus ? { fulfilmentStatus } : {}),
  };
}

export function toBrowserEvent(e: ShopEvent): BrowserEvent {
  return {
    kind: e.kind,
    orderId: e.orderId,
    status: e.status,
    oldStatus: e.oldStatus,
    ...(e.fulfilmentStatus ? { fulfilmentStatus: e.fulfilmentStatus } : {}),
  };
}
