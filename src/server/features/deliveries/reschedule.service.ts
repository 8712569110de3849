// A new delivery window for a paid order the rider could not deliver: chosen by the customer from
// the link in her SMS (no sign-in: the signed token names the order and the failed attempt), or by
// the staff from the deliveries screen. The window is taken with checkout's own hold
// (holdDeliveryWindow: the window's row locked, its places counted), so two customers taking the
// last place at once queue on that row and one is told it is full; the old place is given back by
// the same transaction. A rider who had the stop is told not to deliver it (it leaves their list) and
// the stop waits, unassigned, on the new day's deliveries list for the staff to give out.
import { eq } from 'drizzle-orm';
import { formatSlot, type DeliverySlot } from '@/domain/delivery-slots';
import { isFulfillable } from '@/domain/order-lifecycle';
import { isCancelledForCustomer, shortOrderId } from '@/domain/order-status';
import type { ServerContext } from '../../context';
import type { Tx } from '../../db/client';
import { orderDeliveryWindows, orders } from '../../db/schema';
import { conflict, DomainError } from '../../errors';
import { writeAudit } from '../../infra/audit-log';
import { auditAdmin, type AdminActor } from '../../back-office/admin-access';
import { checkoutSlots, holdDeliveryWindow, orderDeliveryWindow } from '../delivery/delivery-slots.service';
import { lockedOrder } from '../orders/locked-order';
import { advanceOrderFulfilment } from '../orders/order-transitions';
import { queueStopsOffNotice } from '../orders/order-rider';
import { readReschedule } from './reschedule-token';

const RESCHEDULE_MESSAGES = {
  invalid: 'This link is not valid. Please check it was copied whole, or call the shop.',
  expired: 'This link has expired. Please call the shop to agree a new delivery time.',
  delivered: (id: string) => `Order #${shortOrderId(id)} has been delivered: there is nothing to reschedule.`,
  cancelled: (id: string) => `Order #${shortOrderId(id)} was cancelled; there is nothing to deliver.`,
  notWaiting: (id: string) => `Order #${shortOrderId(id)} is not a paid order waiting for delivery.`,
  pickup: (id: string) => `Order #${shortOrderId(id)} is collected at the shop: there is no delivery to move.`,
  noWindows: 'Deliveries to this area are not booked by time window. Please call the shop to agree a time.',
} as const;

type OrderRow = typeof orders.$inferSelect;

/** What the customer's link opens to. */
export type ReschedulePage =
  /** Pick a window: the zone's slots as checkout lists them. */
  | { state: 'choose'; orderNumber: string; current: string | null; zoneName: string | null; slots: DeliverySlot[] }
  /** This failed attempt has been given a new window already (by her or the shop). */
  | { state: 'booked'; orderNumber: string; window: string | null }
  /** Delivered, cancelled or refunded: nothing to move. */
  | { state: 'closed'; orderNumber: string; message: string };

/** Why an order cannot be moved, or null when it can (paid, not delivered, not cancelled). */
function notMovable(order: OrderRow): string | null {
  if (order.fulfilmentStatus === 'delivered') return RESCHEDULE_MESSAGES.delivered(order.id);
  if (order.fulfilmentMethod === 'pickup') return RESCHEDULE_MESSAGES.pickup(order.id);
  if (isCancelledForCustomer(order.status)) return RESCHEDULE_MESSAGES.cancelled(order.id);
  if (!isFulfillable(order.status)) return RESCHEDULE_MESSAGES.notWaiting(order.id);
  return null;
}

/** The link's attempt is still the order's open failure (to the second the token holds). */
const sameFailure = (order: OrderRow, failedAt: Date) =>
  order.deliveryFailedAt !== null && Math.floor(order.deliveryFailedAt.getTime() / 1000) === failedAt.getTime() / 1000;

/** The token's claim: a bad or expired token is a 404 with its own message, never a 500. */
function claimOf(ctx: ServerContext, token: string) {
  const read = readReschedule(ctx.env.AUTH_SECRET ?? '', token, ctx.now());
  if (!read.ok) {
    throw read.reason === 'expired'
      ? new DomainError('not_found', 'RESCHEDULE_LINK_EXPIRED', RESCHEDULE_MESSAGES.expired)
      : new DomainError('not_found', 'RESCHEDULE_LINK_INVALID', RESCHEDULE_MESSAGES.invalid);
  }
  return read.claim;
}

export async function reschedulePage(ctx: ServerContext, token: string): Promise<ReschedulePage> {
  const claim = claimOf(ctx, token);
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, claim.orderId));
  if (!order) throw new DomainError('not_found', 'RESCHEDULE_LINK_INVALID', RESCHEDULE_MESSAGES.invalid);
  const orderNumber = shortOrderId(order.id);
  const closed = notMovable(order);
  if (closed) return { state: 'closed', orderNumber, message: closed };
  const window = await orderDeliveryWindow(ctx.db, order.id);
  if (!sameFailure(order, claim.failedAt)) return { state: 'booked', orderNumber, window: window?.label ?? null };
  if (!order.deliveryZoneId) return { state: 'closed', orderNumber, message: RESCHEDULE_MESSAGES.noWindows };
  const { slots } = await checkoutSlots(ctx.db, order.deliveryZoneId, ctx.now());
  return { state: 'choose', orderNumber, current: window?.label ?? null, zoneName: order.deliveryZoneName, slots };
}

/** The slots the staff may move an order to (the zone's, as checkout lists them). */
export async function staffRescheduleSlots(
  ctx: ServerContext,
  orderId: string,
): Promise<{ current: string | null; slots: DeliverySlot[] }> {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new DomainError('not_found', 'NOT_FOUND', 'Order not found');
  const closed = notMovable(order);
  if (closed) throw conflict(closed);
  if (!order.deliveryZoneId) throw conflict(RESCHEDULE_MESSAGES.noWindows);
  const [{ slots }, window] = await Promise.all([
    checkoutSlots(ctx.db, order.deliveryZoneId, ctx.now()),
    orderDeliveryWindow(ctx.db, orderId),
  ]);
  return { current: window?.label ?? null, slots };
}

export interface Rescheduled {
  orderId: string;
  /** 'Thu 3 Dec, 10:00–12:00'. */
  window: string;
  /** The rider who had the stop was told not to deliver it. */
  riderTold: boolean;
}

interface Choice {
  windowId: string;
  date: string;
}

/**
 * Moves the locked order to the chosen window: its old row (and so its place) goes, the new place is
 * held by checkout's hold under the window's lock, or the whole change rolls back with its 409. The
 * order is paid, so the unpaid orders' share does not apply to it (a share of 100 % holds the place).
 */
async function moveWindow(ctx: ServerContext, tx: Tx, order: OrderRow, choice: Choice, key: string) {
  const at = ctx.now();
  if (!order.deliveryZoneId) throw conflict(RESCHEDULE_MESSAGES.noWindows);
  const before = await orderDeliveryWindow(tx, order.id);
  await tx.delete(orderDeliveryWindows).where(eq(orderDeliveryWindows.orderId, order.id));
  const hold = await holdDeliveryWindow(tx, { orderId: order.id, zoneId: order.deliveryZoneId, choice, at, unpaidShare: 100 });
  if (!hold) throw conflict(RESCHEDULE_MESSAGES.noWindows);
  const flaggedForFailure = order.needsAttention && (order.attentionReason ?? '').startsWith('Could not deliver');
  // A stop that failed on its way goes back to waiting (the table's one step back, legal only from
  // the failed delivery), so 'On my way' on the new day sends it out, and tells the customer, again.
  if (order.deliveryFailedAt && order.fulfilmentStatus === 'out_for_delivery') {
    await advanceOrderFulfilment(ctx, tx, { order, event: 'delivery_rescheduled', at });
  }
  await tx
    .update(orders)
    .set({
      riderId: null,
      riderAssignedAt: null,
      deliveryFailedAt: null,
      deliveryFailedReason: null,
      // The failure's flag is answered by the new window; any other flag stays for the staff.
      ...(flaggedForFailure ? { needsAttention: false, attentionReason: null } : {}),
      updatedAt: at,
    })
    .where(eq(orders.id, order.id));
  const sms = order.riderId
    ? await queueStopsOffNotice(ctx, tx, { riderId: order.riderId, orderIds: [order.id], reason: 'moved', key })
    : [];
  const window = formatSlot(hold.slot.date, hold.slot.startMinute, hold.slot.endMinute);
  return { sms, window, from: before?.label ?? null, riderTold: sms.length > 0 };
}

async function sendAfterCommit(ctx: ServerContext, ids: readonly string[]) {
  for (const id of ids) await ctx.sms.deliver(id).catch((err: unknown) => ctx.logger.error({ err }, 'SMS failed; the SMS job retries it'));
}

/** The customer's choice from her link: only for the attempt the link names, while the order waits for delivery. */
export async function rescheduleByLink(ctx: ServerContext, token: string, choice: Choice, ip: string | null): Promise<Rescheduled> {
  const claim = claimOf(ctx, token);
  const done = await ctx.db.transaction(async (tx) => {
    const order = await lockedOrder(tx, claim.orderId).catch(() => {
      throw new DomainError('not_found', 'RESCHEDULE_LINK_INVALID', RESCHEDULE_MESSAGES.invalid);
    });
    const closed = notMovable(order);
    if (closed) throw conflict(closed);
    if (!sameFailure(order, claim.failedAt)) {
      const now = await orderDeliveryWindow(tx, order.id);
      throw new DomainError(
        'conflict',
        'RESCHEDULE_LINK_USED',
        `Order #${shortOrderId(order.id)} already has a new delivery time${now ? `: ${now.label}` : ''}.`,
      );
    }
    const moved = await moveWindow(ctx, tx, order, choice, `${order.riderId}:${order.id}:moved:${claim.failedAt.getTime()}`);
    await writeAudit(tx, {
      userId: null,
      action: 'ORDER_RESCHEDULE',
      tableName: 'orders',
      recordId: order.id,
      details: { from: moved.from, to: moved.window, via: 'customer_link' },
      ip,
    });
    return moved;
  });
  await sendAfterCommit(ctx, done.sms);
  return { orderId: claim.orderId, window: done.window, riderTold: done.riderTold };
}

/** The staff's choice for any paid order not yet delivered (after a failed attempt, or agreed on the phone). */
export async function rescheduleByStaff(ctx: ServerContext, actor: AdminActor, orderId: string, choice: Choice): Promise<Rescheduled> {
  const done = await ctx.db.transaction(async (tx) => {
    const order = await lockedOrder(tx, orderId);
    const closed = notMovable(order);
    if (closed) throw conflict(closed);
    const moved = await moveWindow(ctx, tx, order, choice, `${order.riderId}:${order.id}:moved:${actor.at.getTime()}`);
    await auditAdmin(tx, actor, {
      action: 'ORDER_RESCHEDULE',
      tableName: 'orders',
      recordId: orderId,
      details: { from: moved.from, to: moved.window, via: 'staff' },
    });
    return moved;
  });
  await sendAfterCommit(ctx, done.sms);
  return { orderId, window: done.window, riderTold: done.riderTold };
}
