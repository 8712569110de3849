// Orders in the back office: the filtered list and the full detail of one order (items, customer,
// delivery, payment attempts with masked phones, refunds and a timeline of what happened).
import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { parseOrderSearch } from './order-search';
import { toCents, type Cents } from '@/domain/money';
import { canAdvanceFulfilment, FULFILMENT_STATUSES, type FulfilmentStatus } from '@/domain/order-status';
import { maskPhone } from '@/domain/phone-mask';
import type { DbOrTx } from '../../db/client';
import {
  auditLogs,
  orderItems,
  orders,
  paymentNotifications,
  paymentRefunds,
  paymentTransactions,
  products,
  stockMovements,
  user,
} from '../../db/schema';
import { notFound } from '../../errors';
import { currentAttemptStatus } from '../payments/current-attempt';
import { restocksOnRefund } from './admin-order-restock';
import { likePattern, offsetOf, pageOf, withinNairobiDays, type Page } from './admin-paging';
import { settlingPaymentId } from './admin-refund-request';
import type { OrderListQuery } from './admin-orders.schemas';

export interface AdminOrderSummary {
  id: string;
  createdAt: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  deliveryAddress: string;
  deliveryBuilding: string | null;
  deliveryDirections: string | null;
  totalCents: Cents;
  status: string;
  fulfilmentStatus: string;
  paymentStatus: string | null;
  needsAttention: boolean;
}

/** The list's filters; the dashboard counts with the same ones, so its numbers match the lists it links to. */
export type OrderFilter = Partial<Omit<OrderListQuery, 'page' | 'pageSize'>>;

function orderFilters(q: OrderFilter): SQL | undefined {
  const filters: (SQL | undefined)[] = [];
  if (q.status) filters.push(eq(orders.status, q.status));
  if (q.userId) filters.push(eq(orders.userId, q.userId));
  if (q.paymentStatus) filters.push(sql`${currentAttemptStatus} = ${q.paymentStatus}`);
  if (q.fulfilment === 'to_fulfil') filters.push(and(eq(orders.status, 'completed'), ne(orders.fulfilmentStatus, 'delivered')));
  if (q.attention) filters.push(eq(orders.needsAttention, true));
  filters.push(...withinNairobiDays(orders.createdAt, q.from, q.to));
  if (q.q) {
    const search = parseOrderSearch(q.q);
    const like = likePattern(search.text);
    const byText = [ilike(orders.customerName, like), ilike(orders.customerEmail, like), ilike(orders.customerPhone, like)];
    // Admins read ids as the 8-character 'Order #' prefix customers quote.
    if (search.idPrefix) byText.push(sql`${orders.id}::text like ${`${search.idPrefix}%`}`);
    for (const digits of search.phoneDigits) {
      byText.push(sql`regexp_replace(${orders.customerPhone}, '[^0-9]', '', 'g') like ${`%${digits}%`}`);
    }
    filters.push(or(...byText));
  }
  return and(...filters);
}

export async function countOrders(db: DbOrTx, q: OrderFilter): Promise<number> {
  const [row] = await db.select({ total: count() }).from(orders).where(orderFilters(q));
  return row?.total ?? 0;
}

export async function listOrders(db: DbOrTx, q: OrderListQuery): Promise<Page<AdminOrderSummary>> {
  const where = orderFilters(q);
  const [rows, total] = await Promise.all([
    db
      .select({
        id: orders.id,
        createdAt: orders.createdAt,
        customerName: orders.customerName,
        customerEmail: orders.customerEmail,
        customerPhone: orders.customerPhone,
        deliveryAddress: orders.deliveryAddress,
        deliveryBuilding: orders.deliveryBuilding,
        deliveryDirections: orders.deliveryDirections,
        totalAmount: orders.totalAmount,
        status: orders.status,
        fulfilmentStatus: orders.fulfilmentStatus,
        paymentStatus: currentAttemptStatus,
        needsAttention: orders.needsAttention,
      })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    countOrders(db, q),
  ]);
  return pageOf(
    rows.map(({ totalAmount, createdAt, ...r }) => ({
      ...r,
      createdAt: createdAt.toISOString(),
      totalCents: toCents(totalAmount),
      customerPhone: maskPhone(r.customerPhone),
    })),
    total,
    q,
  );
}

export interface AdminOrderItem {
  productId: string;
  productName: string;
  productImageUrl: string | null;
  productArchived: boolean;
  unitPriceCents: Cents;
  quantity: number;
  lineTotalCents: Cents;
}

export interface AdminPayment {
  id: string;
  status: string;
  trackingId: string | null;
  merchantReference: string;
  amountCents: Cents;
  currency: string;
  phone: string;
  paymentMethod: string | null;
  confirmationCode: string | null;
  statusDescription: string | null;
  amountMismatch: boolean;
  /** The payment that pays for this (completed) order; refunded only by cancelling the order. */
  settlesOrder: boolean;
  /** A refund of this payment was accepted by Pesapal. */
  refunded: boolean;
  /** Money the order does not need (paid twice, paid after a cancel) that can be refunded on its own. */
  refundable: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface AdminRefund {
  id: string;
  transactionId: string;
  amountCents: Cents;
  accepted: boolean;
  message: string | null;
  remarks: string;
  requestedByEmail: string | null;
  createdAt: string;
}

export interface TimelineEvent {
  at: string;
  kind: 'order' | 'payment' | 'stock' | 'admin';
  title: string;
  detail: string | null;
}

export interface AdminOrderDetail {
  order: {
    id: string;
    userId: string;
    status: string;
    fulfilmentStatus: FulfilmentStatus;
    subtotalCents: Cents;
    vatCents: Cents;
    deliveryFeeCents: Cents;
    totalCents: Cents;
    currency: string;
    customerName: string;
    customerEmail: string;
    customerPhone: string;
    deliveryAddress: string;
    deliveryBuilding: string | null;
    deliveryDirections: string | null;
    deliveryLatitude: number | null;
    deliveryLongitude: number | null;
    mapUrl: string | null;
    deliveryDistanceKm: number | null;
    deliveryZoneName: string | null;
    estimatedDeliveryMins: number | null;
    needsAttention: boolean;
    attentionReason: string | null;
    cancelledReason: string | null;
    createdAt: string;
    updatedAt: string;
  };
  account: { email: string | null; name: string | null };
  items: AdminOrderItem[];
  payments: AdminPayment[];
  refunds: AdminRefund[];
  timeline: TimelineEvent[];
  actions: OrderActions;
}

export interface OrderActions {
  fulfilmentSteps: FulfilmentStatus[];
  cancel: 'release' | 'refund' | null;
  /** Whether a refund now puts the goods back into stock (not once they have left the shop). */
  restockOnRefund: boolean;
  /** 'Mark resolved' is offered while the order needs attention. */
  resolve: boolean;
}

export function openStreetMapUrl(lat: number, lng: number): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`;
}

/** What the merchant may do next with an order in this state. */
export function orderActions(
  order: { status: string; fulfilment: FulfilmentStatus; needsAttention: boolean },
  settlingPaymentRefunded: boolean,
): OrderActions {
  const paid = order.status === 'completed';
  return {
    fulfilmentSteps: paid ? FULFILMENT_STATUSES.filter((s) => canAdvanceFulfilment(order.fulfilment, s)) : [],
    cancel: order.status === 'pending' ? 'release' : paid && !settlingPaymentRefunded ? 'refund' : null,
    restockOnRefund: restocksOnRefund(order.fulfilment),
    resolve: order.needsAttention,
  };
}

export async function getOrderDetail(db: DbOrTx, id: string): Promise<AdminOrderDetail> {
  const [row] = await db
    .select({ order: orders, accountEmail: user.email, accountName: user.name })
    .from(orders)
    .leftJoin(user, eq(user.id, orders.userId))
    .where(eq(orders.id, id));
  if (!row) throw notFound('Order not found');
  const o = row.order;

  const [items, payments, movements, adminEvents] = await Promise.all([
    db
      .select({ item: orderItems, archivedAt: products.archivedAt })
      .from(orderItems)
      .leftJoin(products, eq(products.id, orderItems.productId))
      .where(eq(orderItems.orderId, id))
      .orderBy(asc(orderItems.createdAt), asc(orderItems.productName)),
    db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, id)).orderBy(asc(paymentTransactions.createdAt)),
    db
      .select({ movement: stockMovements, productName: products.name })
      .from(stockMovements)
      .innerJoin(products, eq(products.id, stockMovements.productId))
      .where(eq(stockMovements.orderId, id)),
    db
      .select({ log: auditLogs, email: user.email })
      .from(auditLogs)
      .leftJoin(user, eq(user.id, auditLogs.userId))
      .where(and(eq(auditLogs.tableName, 'orders'), eq(auditLogs.recordId, id))),
  ]);

  const transactionIds = payments.map((p) => p.id);
  const trackingIds = payments.map((p) => p.pesapalTrackingId).filter((t): t is string => t !== null);
  const references = payments.map((p) => p.merchantReference);
  const [refunds, notifications] = await Promise.all([
    transactionIds.length === 0
      ? []
      : db
          .select({ refund: paymentRefunds, email: user.email })
          .from(paymentRefunds)
          .leftJoin(user, eq(user.id, paymentRefunds.requestedBy))
          .where(inArray(paymentRefunds.transactionId, transactionIds))
          .orderBy(asc(paymentRefunds.createdAt)),
    references.length === 0
      ? []
      : db
          .select()
          .from(paymentNotifications)
          .where(
            or(
              inArray(paymentNotifications.merchantReference, references),
              trackingIds.length > 0 ? inArray(paymentNotifications.trackingId, trackingIds) : undefined,
            ),
          ),
  ]);

  const refundViews: AdminRefund[] = refunds.map(({ refund: r, email }) => ({
    id: r.id,
    transactionId: r.transactionId,
    amountCents: toCents(r.amount),
    accepted: r.accepted,
    message: r.message,
    remarks: r.remarks,
    requestedByEmail: email,
    createdAt: r.createdAt.toISOString(),
  }));

  const timeline: TimelineEvent[] = [
    { at: o.createdAt.toISOString(), kind: 'order' as const, title: 'Order placed', detail: null },
    ...payments.map((p) => ({
      at: p.createdAt.toISOString(),
      kind: 'payment' as const,
      title: 'Payment started at Pesapal',
      detail: p.pesapalTrackingId ? `Tracking id ${p.pesapalTrackingId}` : null,
    })),
    ...notifications.map((n) => ({
      at: n.createdAt.toISOString(),
      kind: 'payment' as const,
      title: `Pesapal notification (${n.source}${n.notificationType ? `, ${n.notificationType}` : ''})`,
      // Repeats of an IPN are counted on one row (decision 010).
      detail: n.count > 1 ? `${n.outcome ?? 'not processed'}; received ${n.count} times, the last at ${n.lastSeenAt.toISOString()}` : n.outcome,
    })),
    ...movements.map(({ movement: m, productName }) => ({
      at: m.createdAt.toISOString(),
      kind: 'stock' as const,
      title: stockEventTitle(m.kind, m.quantity, productName),
      detail: m.reason,
    })),
    ...refundViews.map((r) => ({
      at: r.createdAt,
      kind: 'payment' as const,
      title: r.accepted ? 'Refund requested from Pesapal (accepted)' : 'Refund request refused by Pesapal',
      detail: r.message,
    })),
    ...adminEvents.map(({ log, email }) => ({
      at: log.createdAt.toISOString(),
      kind: 'admin' as const,
      title: adminEventTitle(log.action, log.details),
      detail: adminEventDetail(log.details, email),
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));

  const fulfilment = o.fulfilmentStatus as FulfilmentStatus;
  const settlingId = settlingPaymentId(o, payments);
  const refundedIds = new Set(refundViews.filter((r) => r.accepted).map((r) => r.transactionId));
  const lat = o.deliveryLatitude;
  const lng = o.deliveryLongitude;
  return {
    order: {
      id: o.id,
      userId: o.userId,
      status: o.status,
      fulfilmentStatus: fulfilment,
      subtotalCents: toCents(o.subtotal),
      vatCents: toCents(o.vat),
      deliveryFeeCents: toCents(o.deliveryFee),
      totalCents: toCents(o.totalAmount),
      currency: o.currency,
      customerName: o.customerName,
      customerEmail: o.customerEmail,
      customerPhone: o.customerPhone,
      deliveryAddress: o.deliveryAddress,
      deliveryBuilding: o.deliveryBuilding,
      deliveryDirections: o.deliveryDirections,
      deliveryLatitude: lat,
      deliveryLongitude: lng,
      mapUrl: lat !== null && lng !== null ? openStreetMapUrl(lat, lng) : null,
      deliveryDistanceKm: o.deliveryDistanceKm === null ? null : Number(o.deliveryDistanceKm),
      deliveryZoneName: o.deliveryZoneName,
      estimatedDeliveryMins: o.estimatedDeliveryMins,
      needsAttention: o.needsAttention,
      attentionReason: o.attentionReason,
      cancelledReason: o.cancelledReason,
      createdAt: o.createdAt.toISOString(),
      updatedAt: o.updatedAt.toISOString(),
    },
    account: { email: row.accountEmail, name: row.accountName },
    items: items.map(({ item: i, archivedAt }) => ({
      productId: i.productId,
      productName: i.productName,
      productImageUrl: i.productImageUrl,
      productArchived: archivedAt !== null,
      unitPriceCents: toCents(i.unitPrice),
      quantity: i.quantity,
      lineTotalCents: toCents(i.lineTotal),
    })),
    payments: payments.map((p) => ({
      id: p.id,
      status: p.status,
      trackingId: p.pesapalTrackingId,
      merchantReference: p.merchantReference,
      amountCents: toCents(p.amount),
      currency: p.currency,
      phone: maskPhone(p.customerPhone),
      paymentMethod: p.paymentMethod,
      confirmationCode: p.confirmationCode,
      statusDescription: p.statusDescription,
      amountMismatch: p.amountMismatch,
      settlesOrder: p.id === settlingId,
      refunded: refundedIds.has(p.id),
      refundable: p.status === 'COMPLETED' && p.id !== settlingId && !refundedIds.has(p.id) && Boolean(p.confirmationCode),
      createdAt: p.createdAt.toISOString(),
      updatedAt: p.updatedAt.toISOString(),
    })),
    refunds: refundViews,
    timeline,
    actions: orderActions({ status: o.status, fulfilment, needsAttention: o.needsAttention }, settlingId !== null && refundedIds.has(settlingId)),
  };
}

const STOCK_EVENT_TITLES: Record<string, string> = {
  reservation: 'Stock reserved',
  release: 'Stock released',
  sale: 'Stock sold',
  restock: 'Stock put back',
  adjustment: 'Stock adjusted',
};

function stockEventTitle(kind: string, quantity: number, productName: string): string {
  // A sale of reserved stock changes nothing on the shelf (quantity 0): the reservation became the sale.
  const change = quantity === 0 ? '(from the reservation)' : `${quantity > 0 ? '+' : ''}${quantity}`;
  return `${STOCK_EVENT_TITLES[kind] ?? kind}: ${productName} ${change}`;
}

const ADMIN_EVENT_TITLES: Record<string, string> = {
  ORDER_FULFILMENT: 'Fulfilment step',
  ORDER_CANCEL: 'Order cancelled by the shop',
  ORDER_REFUND: 'Refund requested',
  PAYMENT_REFUND: 'Refund of a single payment requested',
  ORDER_ATTENTION_RESOLVED: 'Marked resolved',
  PAYMENT_STATUS_CHECK: 'Payment status checked',
};

type EventDetails = { to?: unknown; note?: unknown; notRestocked?: unknown } | null;

function adminEventTitle(action: string, details: unknown): string {
  const base = ADMIN_EVENT_TITLES[action] ?? action;
  const to = (details as EventDetails)?.to;
  return typeof to === 'string' ? `${base}: ${to.replace(/_/g, ' ')}` : base;
}

/** The merchant's note or why nothing was restocked, then who acted. */
function adminEventDetail(details: unknown, email: string | null): string | null {
  const d = details as EventDetails;
  const said = [d?.note, d?.notRestocked].filter((t): t is string => typeof t === 'string');
  const parts = [...said, ...(email ? [`by ${email}`] : [])];
  return parts.length > 0 ? parts.join(' · ') : null;
}
