// What happens to a stop: the owner or staff assign orders to a rider (who gets an SMS of the
// stops), and the rider marks their own stop delivered (the order's fulfilment step, which tells
// the customer) or not delivered with a reason (on the order's timeline, and flagged for the staff).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { toE164Phone } from '@/domain/phone';
import { RIDER_STOPS_STEP, riderStopsSms } from '@/domain/rider-sms';
import { FULFILLABLE_STATUS } from '@/domain/order-lifecycle';
import { isCancelledForCustomer, shortOrderId } from '@/domain/order-status';
import type { ServerContext } from '../../context';
import type { Tx } from '../../db/client';
import { orders, profiles, user } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { auditAdmin, type AdminActor } from '../../back-office/admin-access';
import { lockedOrder } from '../orders/locked-order';
import { advanceOrderFulfilment } from '../orders/order-transitions';
import { deliverOrderUpdate } from '../orders/order-updates.service';
import { stopsOf } from './deliveries.service';

const DELIVERY_MESSAGES = {
  notARider: 'Choose one of the shop’s riders.',
  notWaiting: (id: string) => `Order #${shortOrderId(id)} is not a paid order waiting for delivery.`,
  notYourStop: 'This stop is not on your list.',
  alreadyDelivered: 'This order is already delivered.',
  alreadyNotDelivered: "This stop is already marked 'Could not deliver'. Ask the staff to give it to a rider again.",
  cancelled: (id: string) => `Order #${shortOrderId(id)} was cancelled; there is nothing to deliver.`,
} as const;

export interface Assignment {
  assigned: number;
  /** The rider's SMS of the stops was queued (false: unassigned, or the rider has no phone). */
  smsQueued: boolean;
}

/** Gives the orders to a rider (or takes them back with null); audited per order. */
export async function assignRider(
  ctx: ServerContext,
  actor: AdminActor,
  orderIds: readonly string[],
  riderId: string | null,
): Promise<Assignment> {
  const ids = [...new Set(orderIds)].sort();
  const { smsId, assigned } = await ctx.db.transaction(async (tx) => {
    let rider: { name: string; phone: string | null } | null = null;
    if (riderId) {
      const [row] = await tx
        .select({ role: profiles.role, fullName: profiles.fullName, name: user.name, phone: profiles.phone })
        .from(profiles)
        .innerJoin(user, eq(user.id, profiles.id))
        .where(eq(profiles.id, riderId));
      if (row?.role !== 'rider') throw badRequest(DELIVERY_MESSAGES.notARider, { riderId: DELIVERY_MESSAGES.notARider });
      rider = { name: row.fullName || row.name, phone: row.phone };
    }
    for (const id of ids) {
      const order = await lockedOrder(tx, id);
      if (order.status !== FULFILLABLE_STATUS || order.fulfilmentStatus === 'delivered') throw conflict(DELIVERY_MESSAGES.notWaiting(id));
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
    }
    const to = rider?.phone ? toE164Phone(rider.phone) : null;
    if (!to) return { smsId: null, assigned: ids.length };
    const stops = (await stopsOf(tx, ids, actor.at)).flatMap((g) => g.stops);
    const message = riderStopsSms({
      shopName: ctx.env.SHOP_NAME,
      publicUrl: ctx.env.PUBLIC_URL,
      stops: stops.map((s) => ({ orderId: s.orderId, area: s.address })),
    });
    // Each assignment is its own SMS (the same stops given again are worth telling again).
    const id = await ctx.sms.enqueue(tx, {
      orderId: stops[0]!.orderId,
      step: RIDER_STOPS_STEP,
      to,
      message,
      dedupeKey: `${RIDER_STOPS_STEP}:${randomUUID()}`,
    });
    return { smsId: id, assigned: ids.length };
  });
  if (smsId) await ctx.sms.deliver(smsId).catch((err: unknown) => ctx.logger.error({ err }, 'rider SMS failed; the SMS job retries it'));
  return { assigned, smsQueued: smsId !== null };
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
async function stopAwaitingOutcome(tx: Tx, actor: AdminActor, orderId: string) {
  const order = await ownStop(tx, actor, orderId);
  // Sent for a refund, it is cancelled for the customer: not to be delivered.
  if (isCancelledForCustomer(order.status)) throw conflict(DELIVERY_MESSAGES.cancelled(orderId));
  if (order.fulfilmentStatus === 'delivered') throw conflict(DELIVERY_MESSAGES.alreadyDelivered);
  if (order.status !== FULFILLABLE_STATUS) throw conflict(DELIVERY_MESSAGES.notWaiting(orderId));
  if (order.deliveryFailedAt) throw conflict(DELIVERY_MESSAGES.alreadyNotDelivered);
  return order;
}

export async function markDelivered(ctx: ServerContext, actor: AdminActor, orderId: string): Promise<{ fulfilmentStatus: 'delivered' }> {
  const update = await ctx.db.transaction(async (tx) => {
    const order = await stopAwaitingOutcome(tx, actor, orderId);
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
): Promise<{ notDelivered: string }> {
  await ctx.db.transaction(async (tx) => {
    await stopAwaitingOutcome(tx, actor, orderId);
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
  });
  return { notDelivered: reason };
}
