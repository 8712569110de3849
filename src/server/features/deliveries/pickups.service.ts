// Orders collected at the shop: the day's list for the deliveries screen (never a rider's), and the
// staff's two steps, 'Ready for pick-up' (the customer is told where and when, by SMS and mail) and
// 'Collected' (the order is delivered, as a rider's delivered order is). Both are the lifecycle's
// fulfilment steps under the order's row lock, audited ORDER_FULFILMENT with `via: 'pickup'`.
import { and, asc, eq, lt, ne, or } from 'drizzle-orm';
import { formatSlot } from '@/domain/delivery-slots';
import { nairobiDateKey } from '@/domain/nairobi-days';
import { FULFILLABLE_STATUS } from '@/domain/order-lifecycle';
import { isCancelledForCustomer, shortOrderId, type FulfilmentStatus } from '@/domain/order-status';
import type { Cents } from '@/domain/money';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { orderDeliveryWindows, orders } from '../../db/schema';
import { conflict } from '../../errors';
import { auditAdmin, type AdminActor } from '../../back-office/admin-access';
import { lockedOrder } from '../orders/locked-order';
import { advanceOrderFulfilment } from '../orders/order-transitions';
import { deliverOrderUpdate } from '../orders/order-updates.service';

const PICKUP_MESSAGES = {
  notPickup: (id: string) => `Order #${shortOrderId(id)} is delivered by a rider, not collected at the shop.`,
  notPaid: (id: string) => `Order #${shortOrderId(id)} is not a paid order waiting for collection.`,
  cancelled: (id: string) => `Order #${shortOrderId(id)} was cancelled; there is nothing to collect.`,
  collected: (id: string) => `Order #${shortOrderId(id)} has been collected already.`,
} as const;

export interface PickupStop {
  orderId: string;
  orderNumber: string;
  customerName: string;
  phone: string;
  /** 'Fri 4 Dec, 10:00–12:00', or null for an order without a window. */
  window: string | null;
  /** The window is on an earlier day and the order is still not collected. */
  late: boolean;
  fulfilmentStatus: FulfilmentStatus;
  paidCents: Cents;
}

/** Paid pick-up orders of `day` not yet collected (today's list adds earlier days' uncollected ones). */
export async function pickupsForDay(db: DbOrTx, day: string, now: Date): Promise<PickupStop[]> {
  const today = nairobiDateKey(now);
  const onDay = day === today ? or(eq(orderDeliveryWindows.deliveryDate, day), lt(orderDeliveryWindows.deliveryDate, day)) : undefined;
  const rows = await db
    .select({
      id: orders.id,
      customerName: orders.customerName,
      phone: orders.customerPhone,
      fulfilmentStatus: orders.fulfilmentStatus,
      paidCents: orders.totalAmount,
      date: orderDeliveryWindows.deliveryDate,
      startMinute: orderDeliveryWindows.startMinute,
      endMinute: orderDeliveryWindows.endMinute,
    })
    .from(orders)
    .innerJoin(orderDeliveryWindows, eq(orderDeliveryWindows.orderId, orders.id))
    .where(
      and(
        eq(orders.status, FULFILLABLE_STATUS),
        eq(orders.fulfilmentMethod, 'pickup'),
        ne(orders.fulfilmentStatus, 'delivered'),
        onDay ?? eq(orderDeliveryWindows.deliveryDate, day),
      ),
    )
    .orderBy(asc(orderDeliveryWindows.deliveryDate), asc(orderDeliveryWindows.startMinute), asc(orders.createdAt));
  return rows.map((r) => ({
    orderId: r.id,
    orderNumber: shortOrderId(r.id),
    customerName: r.customerName,
    phone: r.phone,
    window: formatSlot(r.date, r.startMinute, r.endMinute),
    late: r.date < today,
    fulfilmentStatus: r.fulfilmentStatus,
    paidCents: r.paidCents,
  }));
}

/** A step of a paid pick-up order; a second tap on a step already taken changes nothing and tells nobody. */
async function pickupStep(
  ctx: ServerContext,
  actor: AdminActor,
  orderId: string,
  event: 'ready_for_pickup' | 'collected',
): Promise<{ fulfilmentStatus: FulfilmentStatus; changed: boolean }> {
  const to: FulfilmentStatus = event === 'collected' ? 'delivered' : 'ready_for_pickup';
  const { update, changed } = await ctx.db.transaction(async (tx) => {
    const order = await lockedOrder(tx, orderId);
    if (order.fulfilmentMethod !== 'pickup') throw conflict(PICKUP_MESSAGES.notPickup(orderId));
    if (isCancelledForCustomer(order.status)) throw conflict(PICKUP_MESSAGES.cancelled(orderId));
    if (order.status !== FULFILLABLE_STATUS) throw conflict(PICKUP_MESSAGES.notPaid(orderId));
    if (order.fulfilmentStatus === to) return { update: null, changed: false };
    if (order.fulfilmentStatus === 'delivered') throw conflict(PICKUP_MESSAGES.collected(orderId));
    const { update } = await advanceOrderFulfilment(ctx, tx, { order, event, at: actor.at });
    await auditAdmin(tx, actor, {
      action: 'ORDER_FULFILMENT',
      tableName: 'orders',
      recordId: orderId,
      details: { from: order.fulfilmentStatus, to, via: 'pickup' },
    });
    return { update, changed: true };
  });
  await deliverOrderUpdate(ctx, update);
  return { fulfilmentStatus: to, changed };
}

export const markReadyForPickup = (ctx: ServerContext, actor: AdminActor, orderId: string) =>
  pickupStep(ctx, actor, orderId, 'ready_for_pickup');

export const markCollected = (ctx: ServerContext, actor: AdminActor, orderId: string) => pickupStep(ctx, actor, orderId, 'collected');
