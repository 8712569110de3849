// What happens to a stop: the owner or staff assign orders to a rider (who gets an SMS of their
// list, and a rider who lost stops a notice not to deliver them), the rider (or the staff) marks it
// 'On my way', and the rider marks their own stop delivered (the order's fulfilment steps, which
// tell the customer) or not delivered with a reason (on the order's timeline, flagged for the staff,
// and the customer is sent a link to pick a new time: reschedule.service.ts).
import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { deliveryFailedSms, DELIVERY_FAILED_STEP } from '@/domain/delivery-failed-sms';
import { nairobiDateKey } from '@/domain/nairobi-days';
import { toE164Phone } from '@/domain/phone';
import { RIDER_STOPS_STEP, riderStopsSms } from '@/domain/rider-sms';
import { PAY_ON_DELIVERY_MESSAGES } from '@/domain/pay-on-delivery';
import { isFulfillable } from '@/domain/order-lifecycle';
import { isCancelledForCustomer, shortOrderId } from '@/domain/order-status';
import type { ServerContext } from '../../context';
import type { Tx } from '../../db/client';
import { auditLogs, orders, profiles, user } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { auditAdmin, type AdminActor } from '../../back-office/admin-access';
import { lockedOrder } from '../orders/locked-order';
import { advanceOrderFulfilment } from '../orders/order-transitions';
import { deliverOrderUpdate } from '../orders/order-updates.service';
import { queueStopsOffNotice, riderContact } from '../orders/order-rider';
import { riderStops } from './deliveries.service';
import { signReschedule } from './reschedule-token';

const DELIVERY_MESSAGES = {
  notARider: 'Choose one of the shop’s riders.',
  notWaiting: (id: string) => `Order #${shortOrderId(id)} is not a paid order waiting for delivery.`,
  notYourStop: 'This stop is not on your list.',
  alreadyDelivered: 'This order is already delivered.',
  alreadyNotDelivered: "This stop is already marked 'Could not deliver'. Ask the staff to give it to a rider again.",
  cancelled: (id: string) => `Order #${shortOrderId(id)} was cancelled; there is nothing to deliver.`,
  pickup: (id: string) => `Order #${shortOrderId(id)} is collected at the shop: it is not given to a rider.`,
} as const;

export interface Assignment {
  assigned: number;
  /** The rider's SMS of their list was queued (false: unassigned, or the rider has no phone). */
  smsQueued: boolean;
}

/**
 * Gives the orders to a rider (or takes them back with null), audited per order; the orders of one
 * request are one change. The rider gets ONE SMS (in parts when long) of their whole list as it
 * stands when this request commits, and a rider the orders were taken from gets one notice not to
 * deliver them. No timer gathers changes: the rider's row is locked first, so two requests for one
 * rider build their lists one after the other and the later SMS holds both.
 */
export async function assignRider(
  ctx: ServerContext,
  actor: AdminActor,
  orderIds: readonly string[],
  riderId: string | null,
): Promise<Assignment> {
  const ids = [...new Set(orderIds)].sort();
  const request = randomUUID();
  const { smsIds, listQueued } = await ctx.db.transaction(async (tx) => {
    let rider: { name: string } | null = null;
    if (riderId) {
      const [row] = await tx
        .select({ role: profiles.role, fullName: profiles.fullName, name: user.name })
        .from(profiles)
        .innerJoin(user, eq(user.id, profiles.id))
        .where(eq(profiles.id, riderId))
        .for('update', { of: profiles });
      if (row?.role !== 'rider') throw badRequest(DELIVERY_MESSAGES.notARider, { riderId: DELIVERY_MESSAGES.notARider });
      rider = { name: row.fullName || row.name };
    }
    // The orders each rider loses to this change, to tell them not to deliver those.
    const takenFrom = new Map<string, string[]>();
    for (const id of ids) {
      const order = await lockedOrder(tx, id);
      if (!isFulfillable(order.status) || order.fulfilmentStatus === 'delivered') throw conflict(DELIVERY_MESSAGES.notWaiting(id));
      if (order.fulfilmentMethod === 'pickup') throw conflict(DELIVERY_MESSAGES.pickup(id));
      await tx
        .update(orders)
        .set({
          riderId,
          riderAssignedAt: riderId ? actor.at : null,
          deliveryFailedAt: null,
          deliveryFailedReason: null,
          updatedAt: actor.at,
        })
        .where(eq(orders.id, id));
      await auditAdmin(tx, actor, {
        action: 'ORDER_RIDER_ASSIGN',
        tableName: 'orders',
        recordId: id,
        details: { to: rider?.name ?? 'unassigned', riderId, previousRiderId: order.riderId },
      });
      if (order.riderId && order.riderId !== riderId) takenFrom.set(order.riderId, [...(takenFrom.get(order.riderId) ?? []), id]);
    }
    const notices: string[] = [];
    for (const [previous, off] of takenFrom) {
      notices.push(
        ...(await queueStopsOffNotice(ctx, tx, { riderId: previous, orderIds: off, reason: 'unassigned', key: `${previous}:${request}` })),
      );
    }
    const list = riderId ? await queueRiderList(ctx, tx, riderId, actor.at, request) : [];
    return { smsIds: [...notices, ...list], listQueued: list.length > 0 };
  });
  for (const id of smsIds) {
    await ctx.sms.deliver(id).catch((err: unknown) => ctx.logger.error({ err }, 'rider SMS failed; the SMS job retries it'));
  }
  return { assigned: ids.length, smsQueued: listQueued };
}

/**
 * The rider's whole list as it stands in this transaction (everything assigned to them and not yet
 * delivered, as their page shows it, in route order), queued as one SMS or its parts.
 */
async function queueRiderList(ctx: ServerContext, tx: Tx, riderId: string, at: Date, request: string): Promise<string[]> {
  const to = (await riderContact(tx, riderId))?.phone;
  if (!to) return [];
  const stops = (await riderStops(tx, riderId, at)).flatMap((g) => g.stops);
  if (stops.length === 0) return [];
  const parts = riderStopsSms({
    shopName: ctx.env.SHOP_NAME,
    publicUrl: ctx.env.PUBLIC_URL,
    today: nairobiDateKey(at),
    stops: stops.map((s) => ({ orderId: s.orderId, day: s.slotDay, time: s.slotTime, late: s.late, address: s.address })),
  });
  const ids: string[] = [];
  for (const [i, message] of parts.entries()) {
    // Each change is told again (the same stops given again are worth telling again); the outbox
    // keeps the SMS under the first stop's order.
    const id = await ctx.sms.enqueue(tx, {
      orderId: stops[0]!.orderId,
      step: RIDER_STOPS_STEP,
      to,
      message,
      dedupeKey: `${RIDER_STOPS_STEP}:${riderId}:${request}:${i + 1}`,
    });
    if (id) ids.push(id);
  }
  return ids;
}

/** How many times the order was given a new window (ORDER_RESCHEDULE, by the staff or the customer). */
async function timesMoved(tx: Tx, orderId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(auditLogs)
    .where(and(eq(auditLogs.tableName, 'orders'), eq(auditLogs.recordId, orderId), eq(auditLogs.action, 'ORDER_RESCHEDULE')));
  return row?.n ?? 0;
}

/** The rider's own stop, locked; anyone else's (or no order at all) is 'not on your list'. */
async function ownStop(tx: Tx, actor: AdminActor, orderId: string) {
  const order = await lockedOrder(tx, orderId).catch(() => null);
  if (!order || order.riderId !== actor.userId) throw notFound(DELIVERY_MESSAGES.notYourStop);
  return order;
}

/**
 * The rider's own stop, locked, still waiting for this attempt's outcome. Read under the order's
 * lock, so of two outcomes sent together the second sees the first: one outcome per assignment
 * ('Could not deliver' ends the attempt until the stop is given to a rider again).
 */
export async function stopAwaitingOutcome(tx: Tx, actor: AdminActor, orderId: string) {
  const order = await ownStop(tx, actor, orderId);
  // Sent for a refund, it is cancelled for the customer: not to be delivered.
  if (isCancelledForCustomer(order.status)) throw conflict(DELIVERY_MESSAGES.cancelled(orderId));
  if (order.fulfilmentStatus === 'delivered') throw conflict(DELIVERY_MESSAGES.alreadyDelivered);
  if (!isFulfillable(order.status)) throw conflict(DELIVERY_MESSAGES.notWaiting(orderId));
  if (order.deliveryFailedAt) throw conflict(DELIVERY_MESSAGES.alreadyNotDelivered);
  return order;
}

/**
 * 'On my way': the stop's order goes out for delivery (the lifecycle's fulfilment step, which tells
 * the customer who brings it and when, and shows it live). The rider marks their own stop; staff
 * mark any paid stop (a shop delivering without riders). A second tap, from either, finds the order
 * on its way already: nothing changes and nobody is told again.
 */
export async function markOnMyWay(
  ctx: ServerContext,
  actor: AdminActor,
  orderId: string,
  by: 'rider' | 'staff',
): Promise<{ fulfilmentStatus: 'out_for_delivery'; changed: boolean }> {
  const { update, changed } = await ctx.db.transaction(async (tx) => {
    const order = by === 'rider' ? await ownStop(tx, actor, orderId) : await lockedOrder(tx, orderId);
    if (isCancelledForCustomer(order.status)) throw conflict(DELIVERY_MESSAGES.cancelled(orderId));
    if (order.fulfilmentStatus === 'delivered') throw conflict(DELIVERY_MESSAGES.alreadyDelivered);
    if (!isFulfillable(order.status)) throw conflict(DELIVERY_MESSAGES.notWaiting(orderId));
    if (order.fulfilmentMethod === 'pickup') throw conflict(DELIVERY_MESSAGES.pickup(orderId));
    if (order.fulfilmentStatus === 'out_for_delivery') return { update: null, changed: false };
    if (by === 'rider' && order.deliveryFailedAt) throw conflict(DELIVERY_MESSAGES.alreadyNotDelivered);
    // After a new window the customer is told again: the message's key names the move.
    const moves = await timesMoved(tx, orderId);
    const tellKey = moves > 0 ? `moved-${moves}` : undefined;
    const { update } = await advanceOrderFulfilment(ctx, tx, { order, event: 'out_for_delivery', at: actor.at, tellKey });
    await auditAdmin(tx, actor, {
      action: 'ORDER_FULFILMENT',
      tableName: 'orders',
      recordId: orderId,
      details: { from: order.fulfilmentStatus, to: 'out_for_delivery', via: by },
    });
    return { update, changed: true };
  });
  await deliverOrderUpdate(ctx, update);
  return { fulfilmentStatus: 'out_for_delivery', changed };
}

export async function markDelivered(ctx: ServerContext, actor: AdminActor, orderId: string): Promise<{ fulfilmentStatus: 'delivered' }> {
  const update = await ctx.db.transaction(async (tx) => {
    const order = await stopAwaitingOutcome(tx, actor, orderId);
    // An order to pay on delivery is handed over once its money is taken.
    if (order.status === 'confirmed') throw conflict(PAY_ON_DELIVERY_MESSAGES.collectFirst(order.totalAmount));
    const { update } = await advanceOrderFulfilment(ctx, tx, { order, event: 'delivered', at: actor.at });
    await tx.update(orders).set({ deliveryFailedAt: null, deliveryFailedReason: null }).where(eq(orders.id, orderId));
    await auditAdmin(tx, actor, {
      action: 'ORDER_FULFILMENT',
      tableName: 'orders',
      recordId: orderId,
      details: { from: order.fulfilmentStatus, to: 'delivered', via: 'rider' },
    });
    return update;
  });
  await deliverOrderUpdate(ctx, update);
  return { fulfilmentStatus: 'delivered' };
}

export async function markNotDelivered(
  ctx: ServerContext,
  actor: AdminActor,
  orderId: string,
  reason: string,
): Promise<{ notDelivered: string; customerTold: boolean }> {
  const smsId = await ctx.db.transaction(async (tx) => {
    const order = await stopAwaitingOutcome(tx, actor, orderId);
    // Flagged: the staff's attention list, the dashboard and the live feed show it at once.
    await tx
      .update(orders)
      .set({
        deliveryFailedAt: actor.at,
        deliveryFailedReason: reason,
        needsAttention: true,
        attentionReason: `Could not deliver: ${reason}`,
        updatedAt: actor.at,
      })
      .where(eq(orders.id, orderId));
    await auditAdmin(tx, actor, { action: 'ORDER_NOT_DELIVERED', tableName: 'orders', recordId: orderId, details: { note: reason } });
    return queueDeliveryFailedSms(ctx, tx, { orderId, phone: order.customerPhone, failedAt: actor.at });
  });
  if (smsId) await ctx.sms.deliver(smsId).catch((err: unknown) => ctx.logger.error({ err }, 'SMS failed; the SMS job retries it'));
  return { notDelivered: reason, customerTold: smsId !== null };
}

/**
 * The customer's 'could not deliver' SMS with her link to pick a new time, once per failed attempt.
 * Without a usable phone or a signing secret (a development set-up) nothing is sent: the staff
 * reschedule from the deliveries screen.
 */
async function queueDeliveryFailedSms(ctx: ServerContext, tx: Tx, input: { orderId: string; phone: string; failedAt: Date }) {
  const to = toE164Phone(input.phone);
  const secret = ctx.env.AUTH_SECRET;
  if (!to || !secret) return null;
  const token = signReschedule(secret, { orderId: input.orderId, failedAt: input.failedAt });
  return ctx.sms.enqueue(tx, {
    orderId: input.orderId,
    step: DELIVERY_FAILED_STEP,
    to,
    message: deliveryFailedSms({ shopName: ctx.env.SHOP_NAME, publicUrl: ctx.env.PUBLIC_URL, orderId: input.orderId, token }),
    dedupeKey: `${input.orderId}:${DELIVERY_FAILED_STEP}:${input.failedAt.getTime()}`,
  });
}
