// Paid orders to deliver, for the deliveries screen, the packing slips and route sheet, and a
// rider's own list: each with its address, house, directions, full phone, items and map link,
// grouped by delivery slot (delivery-slot.ts) and zone, each group in route order from the shop.
import { and, asc, eq, gte, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { deliverySlot } from '@/domain/delivery-slot';
import { DELIVERY_DAYS_AHEAD } from '@/domain/delivery-slots';
import { mapLink, routeOrder } from '@/domain/delivery-route';
import { nairobiDateKey, nairobiDayStart } from '@/domain/nairobi-days';
import { FULFILLABLE_STATUSES } from '@/domain/order-lifecycle';
import { shortOrderId, type FulfilmentStatus } from '@/domain/order-status';
import type { DbOrTx } from '../../db/client';
import { orderDeliveryWindows, orderItems, orders, profiles, user } from '../../db/schema';
import { loadDeliveryOrigin } from '../delivery/delivery-quote.service';
import type { IfUnavailable } from '@/domain/line-choices';
import type { Cents } from '@/domain/money';

export interface DeliveryStop {
  orderId: string;
  orderNumber: string;
  customerName: string;
  /** In full: the rider calls it. */
  phone: string;
  address: string;
  house: string | null;
  directions: string | null;
  mapUrl: string;
  zoneName: string;
  /** '26 Nov 2026, around 14:05'. */
  expected: string;
  /** Expected on an earlier day and still not delivered. */
  late: boolean;
  fulfilmentStatus: FulfilmentStatus;
  /**
   * What to pack, with the customer's choice if an item has run out and her note for it, what the
   * line cost, and one piece's nominal weight when it is sold by the kilo (null by the piece).
   */
  items: {
    name: string;
    quantity: number;
    ifUnavailable: IfUnavailable;
    note: string;
    lineTotalCents: Cents;
    nominalGrams: number | null;
  }[];
  /** The customer's note for the shop; '' for none. */
  note: string;
  /** The order's total: paid already, or (collectCents set) to collect at the door. */
  paidCents: Cents;
  /** Pay on delivery, still unpaid: what the rider collects (null: nothing to collect). */
  collectCents: Cents | null;
  /** Pay on delivery, paid: how the money was taken ('Cash', 'M-Pesa'); null otherwise. */
  collectedBy: string | null;
  rider: { id: string; name: string } | null;
  /** The rider's last 'Could not deliver' reason, if any since the order was assigned. */
  notDelivered: string | null;
}

/** A stop as the lists give it: with its slot's Nairobi day and time of day, for the rider's SMS. */
export interface ListedStop extends DeliveryStop {
  /** '2026-11-26'. */
  slotDay: string;
  /** '10:00–12:00', or 'around 14:05'. */
  slotTime: string;
}

export interface DeliveryGroup<S extends DeliveryStop = DeliveryStop> {
  /** The delivery slot ('27 Nov 2026'), or LATE_GROUP. */
  slot: string;
  zoneName: string;
  stops: S[];
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Orders still not delivered are carried to today's list for this long, then left to the order list. */
const CARRY_DAYS = 7;
const NO_ZONE = 'No zone';
const LATE_GROUP = 'Late: expected on an earlier day';

/** Every paid, undelivered order expected on `day` (today's list adds earlier days' late ones). */
export async function deliveriesForDay(
  db: DbOrTx,
  day: string,
  now: Date,
  opts: { riderId?: string } = {},
): Promise<DeliveryGroup<ListedStop>[]> {
  const today = nairobiDateKey(now);
  const dayStart = nairobiDayStart(day).getTime();
  // Paid up to a week before the day (a window is chosen up to DELIVERY_DAYS_AHEAD days ahead; a long
  // zone time crosses midnight), and a week more for today's late ones; the slot's own day decides.
  const paidFrom = new Date(dayStart - ((day === today ? CARRY_DAYS : 0) + DELIVERY_DAYS_AHEAD + 1) * DAY_MS);
  const paidInRange = and(gte(orders.paidAt, paidFrom), lt(orders.paidAt, new Date(dayStart + DAY_MS)));
  // A window on the day itself counts whenever the order was paid: one moved to a new day after a
  // failed delivery may have been paid long before it.
  const filters: SQL[] = [
    inArray(orders.status, [...FULFILLABLE_STATUSES]),
    ne(orders.fulfilmentStatus, 'delivered'),
    // Orders collected at the shop are the pick-up list's (pickups.service.ts), never a rider's.
    eq(orders.fulfilmentMethod, 'delivery'),
    or(eq(orderDeliveryWindows.deliveryDate, day), paidInRange)!,
  ];
  if (opts.riderId) filters.push(eq(orders.riderId, opts.riderId));
  return groupStops(db, await selectStops(db, and(...filters)), today, (slotDay) => slotDay === day || (day === today && slotDay < day));
}

/** A rider's stops: everything assigned to them and not yet delivered, whatever the day. */
export async function riderStops(db: DbOrTx, riderId: string, now: Date): Promise<DeliveryGroup<ListedStop>[]> {
  const where = and(
    inArray(orders.status, [...FULFILLABLE_STATUSES]),
    ne(orders.fulfilmentStatus, 'delivered'),
    eq(orders.riderId, riderId),
  );
  return groupStops(db, await selectStops(db, where), nairobiDateKey(now), () => true);
}

/** The stops of the given orders, in the order given (for the packing slips of a selection). */
export async function stopsOf(db: DbOrTx, orderIds: readonly string[], now: Date): Promise<DeliveryGroup<ListedStop>[]> {
  if (orderIds.length === 0) return [];
  return groupStops(db, await selectStops(db, inArray(orders.id, [...orderIds])), nairobiDateKey(now), () => true);
}

async function selectStops(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({
      id: orders.id,
      customerName: orders.customerName,
      customerPhone: orders.customerPhone,
      address: orders.deliveryAddress,
      house: orders.deliveryBuilding,
      directions: orders.deliveryDirections,
      note: orders.customerNote,
      paidCents: orders.totalAmount,
      status: orders.status,
      payOnDelivery: orders.payOnDelivery,
      paymentMethod: sql<
        string | null
      >`(select pt.payment_method from payment_transactions pt where pt.id = current_payment_attempt(${orders.id}, ${orders.pesapalTransactionId}))`,
      lat: orders.deliveryLatitude,
      lng: orders.deliveryLongitude,
      zoneName: orders.deliveryZoneName,
      paidAt: orders.paidAt,
      createdAt: orders.createdAt,
      estimatedDeliveryMins: orders.estimatedDeliveryMins,
      fulfilmentStatus: orders.fulfilmentStatus,
      riderId: orders.riderId,
      riderName: profiles.fullName,
      riderAccountName: user.name,
      deliveryFailedReason: orders.deliveryFailedReason,
      windowDate: orderDeliveryWindows.deliveryDate,
      windowStart: orderDeliveryWindows.startMinute,
      windowEnd: orderDeliveryWindows.endMinute,
    })
    .from(orders)
    .leftJoin(orderDeliveryWindows, eq(orderDeliveryWindows.orderId, orders.id))
    .leftJoin(profiles, eq(profiles.id, orders.riderId))
    .leftJoin(user, eq(user.id, orders.riderId))
    .where(where)
    .orderBy(asc(orders.paidAt), asc(orders.id));
}

type StopRow = Awaited<ReturnType<typeof selectStops>>[number];

async function groupStops(
  db: DbOrTx,
  rows: StopRow[],
  today: string,
  onDay: (slotDay: string) => boolean,
): Promise<DeliveryGroup<ListedStop>[]> {
  const kept = rows
    .map((r) => ({
      row: r,
      slot: deliverySlot({
        paidAt: r.paidAt ?? r.createdAt,
        estimatedDeliveryMins: r.estimatedDeliveryMins,
        window: r.windowDate === null ? null : { date: r.windowDate, startMinute: r.windowStart ?? 0, endMinute: r.windowEnd ?? 0 },
      }),
    }))
    .filter((s) => onDay(s.slot.day));
  if (kept.length === 0) return [];
  const [items, origin] = await Promise.all([
    db
      .select({
        orderId: orderItems.orderId,
        name: orderItems.productName,
        quantity: orderItems.quantity,
        ifUnavailable: orderItems.ifUnavailable,
        note: orderItems.customerNote,
        lineTotalCents: orderItems.lineTotal,
        nominalGrams: orderItems.nominalGrams,
      })
      .from(orderItems)
      .where(
        inArray(
          orderItems.orderId,
          kept.map((k) => k.row.id),
        ),
      )
      .orderBy(asc(orderItems.productName)),
    loadDeliveryOrigin(db),
  ]);
  type Placed = ListedStop & { lat: number | null; lng: number | null };
  const groups = new Map<string, { slot: string; zoneName: string; startsAt: number; stops: Placed[] }>();
  for (const { row: r, slot } of kept) {
    const zoneName = r.zoneName ?? NO_ZONE;
    const late = slot.day < today;
    // One group per slot and zone; every late order goes in one group first, whatever its day.
    const slotLabel = late ? LATE_GROUP : slot.group;
    const startsAt = late ? 0 : slot.startsAt.getTime();
    const key = `${slotLabel}\u0000${zoneName}`;
    const group = groups.get(key) ?? { slot: slotLabel, zoneName, startsAt, stops: [] };
    groups.set(key, group);
    group.stops.push({
      orderId: r.id,
      orderNumber: shortOrderId(r.id),
      customerName: r.customerName,
      phone: r.customerPhone,
      address: r.address,
      house: r.house,
      directions: r.directions,
      mapUrl: mapLink({ lat: r.lat, lng: r.lng, address: r.address }),
      zoneName,
      expected: slot.label,
      slotDay: slot.day,
      slotTime: slot.time,
      late,
      fulfilmentStatus: r.fulfilmentStatus,
      items: items.filter((i) => i.orderId === r.id).map(({ orderId: _orderId, ...item }) => item),
      note: r.note,
      paidCents: r.paidCents,
      collectCents: r.status === 'confirmed' ? r.paidCents : null,
      collectedBy: r.payOnDelivery && r.status !== 'confirmed' ? (r.paymentMethod ?? 'M-Pesa') : null,
      rider: r.riderId ? { id: r.riderId, name: r.riderName || r.riderAccountName || 'Rider' } : null,
      notDelivered: r.deliveryFailedReason,
      lat: r.lat,
      lng: r.lng,
    });
  }
  return [...groups.values()]
    .sort((a, b) => a.startsAt - b.startsAt || a.slot.localeCompare(b.slot) || a.zoneName.localeCompare(b.zoneName))
    .map((g) => ({
      slot: g.slot,
      zoneName: g.zoneName,
      stops: routeOrder(origin, g.stops).map(({ lat: _lat, lng: _lng, ...stop }) => stop),
    }));
}
