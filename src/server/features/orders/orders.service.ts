// The signed-in customer's orders and payment transactions. Every query is scoped to the caller
// (an order is only ever read by its owner); transaction reads are audited here, on the server.
import { discountRow } from '@/domain/promotions';
import type { PaymentProvider } from '@/domain/pesapal-refunds';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Cents } from '@/domain/money';
import type { BandTotal, VatRow } from '@/domain/tax-bands';
import {
  HISTORY_STATUSES,
  ORDER_REF_PATTERN,
  shortOrderId,
  type FulfilmentMethod,
  type FulfilmentStatus,
  type OrderStatus,
  type PaymentStatus,
} from '@/domain/order-status';
import { maskPhone } from '@/domain/phone-mask';
import type { DbOrTx } from '../../db/client';
import { orderItems, orders, paymentRefunds, paymentTransactions } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import { CUSTOMER_READ_ACTIONS, writeAudit } from '../../infra/audit-log';
import { findCurrentAttempt, seenByPesapal } from './current-attempt';
import { isPayable } from './order-payability';
import { orderTax } from './order-tax-bands';
import { orderDeliveryWindow, type OrderWindow } from '../delivery/delivery-slots.service';
import { loadPickupSettings } from '../delivery/pickup-settings.service';
import { creditedCents, refundsWithLines } from './order-refunds';
import { holdsMoney } from '@/domain/partial-refund';
import type { IfUnavailable } from '@/domain/line-choices';
import type { PackedLine } from '@/domain/packed-line';
import { linePacking } from './order-line-packing';

/** Orders whose payment is not settled yet: listed above the history, with Check status / Pay now. */
const AWAITING_STATUSES = ['pending'] as const;
/** The page shows the newest orders; older ones are not worth an unbounded response. */
/** Orders awaiting payment listed at most (a pending order lives 30 minutes, so there are few). */
const AWAITING_LIMIT = 100;

const UNAUTHORIZED_TRANSACTION_MESSAGE = 'Unauthorized access to transaction data';

interface OrderItemView {
  id: string;
  productId: string;
  /** The option combination bought; null for a product without options (its one implicit variant). */
  variantId: string | null;
  quantity: number;
  unitPriceCents: Cents;
  lineTotalCents: Cents;
  /** The product as it was when ordered (snapshot). */
  product: { name: string; imageUrl: string | null };
  /** What the customer asked for if it has run out when packing. */
  ifUnavailable: IfUnavailable;
  /** Her note for the line, when she wrote one. */
  note?: string;
  /** What packing made of the line once packing is finished (weighed, replaced, unavailable). */
  packing?: PackedLine;
}

/** A payment that took the customer's money, and whether it went back. */
interface PaidPaymentView {
  amountCents: Cents;
  currency: string;
  /**
   * Whether all that was left of it goes back: requested (Pesapal accepted the shop's refund and has
   * not made it yet, or the shop is to send it by M-Pesa), refunded (made). Partial refunds are `refunds`.
   */
  refund: 'none' | 'requested' | 'refunded';
  /** What its whole refund gives back (after partial refunds, what was left of it); null without one. */
  refundCents: Cents | null;
}

/** Money given back for the order: a partial refund, or the rest of it when it was cancelled. */
interface RefundView {
  /** What it gives back of the order (as its credit note credits it). */
  amountCents: Cents;
  /** When it was made, or asked for while it is on its way. */
  at: string;
  /** Why, as the shop wrote it. */
  reason: string;
  status: 'requested' | 'refunded';
  /** Part of the order, which goes on; else the rest of it, when it was cancelled. */
  part: boolean;
}

/** One payment attempt on the order, oldest first: a retried order shows its failed attempts here. */
interface PaymentAttemptView {
  merchantReference: string;
  status: PaymentStatus;
  at: string;
}

interface OrderSummary {
  id: string;
  /** The short number the customer and the shop use ('Order #1a2b3c4d'). */
  orderNumber: string;
  status: OrderStatus;
  fulfilmentStatus: FulfilmentStatus;
  /** Brought by a rider, or collected at the shop. */
  fulfilmentMethod: FulfilmentMethod;
  totalCents: Cents;
  currency: string;
  createdAt: string;
  /** Why the order was cancelled, as the shop wrote it (the back office tells the merchant the customer may see it). */
  cancelledReason: string | null;
  /** Payments that took money for this order (completed or since reversed), oldest first. */
  paidPayments: PaidPaymentView[];
  /** Refunds of the order made or on their way, oldest first (not those of a payment it did not need). */
  refunds: RefundView[];
  /** What the refunds made gave back, and the order's total after them ('charged − refunded'). */
  refundedCents: Cents;
  totalAfterRefundsCents: Cents;
  /** Every payment attempt started on the order, oldest first. */
  paymentAttempts: PaymentAttemptView[];
  /** The payment failed but the stock is still reserved: 'Pay again' pays this same order. */
  canPayAgain: boolean;
  items: OrderItemView[];
}

interface AwaitingOrder extends OrderSummary {
  /** Status of the current payment attempt; null when none was started. */
  paymentStatus: PaymentStatus | null;
  /** A PENDING payment Pesapal has told the shop about: waiting for its confirmation, not just unpaid. */
  waitingForPesapal: boolean;
}

export interface OrdersResponse {
  /** Completed, failed and cancelled orders, newest first: one page of them. */
  orders: OrderSummary[];
  /** Pending and processing orders, newest first (with the first page only: they are few and short-lived). */
  awaitingPayment: AwaitingOrder[];
  /** Where the next page starts (the 'before' of the next request); null on the last page. */
  nextBefore: string | null;
}

/** A page of My Orders: the first (no before), or the orders older than the order `before`. */
export interface OrdersPage {
  limit: number;
  before?: string;
}

export interface OrderDetail extends OrderSummary {
  /** Where the rider should go, when the order has these notes. */
  house?: string;
  directions?: string;
  /** The customer's note for the shop, when she wrote one. */
  note?: string;
  pesapalTransactionId: string | null;
  subtotalCents: Cents;
  vatCents: Cents;
  /** What the order was charged per VAT band, and the VAT lines to show for it. */
  taxBands: BandTotal[];
  vatRows: VatRow[];
  deliveryFeeCents: Cents;
  /** Charged because the order was below its zone's minimum; 0 for none. */
  smallOrderFeeCents: Cents;
  /** What the promotion took off the goods (0 for none), and its line's label. */
  discountCents: Cents;
  discountLabel: string | null;
  deliveryAddress: string;
  /** A pick-up order: where to collect it, as the shop says now; null for a delivery. */
  pickupAt: string | null;
  deliveryZoneName: string | null;
  estimatedDeliveryMins: number | null;
  /** The delivery window chosen at checkout; null for an order placed without one. */
  deliveryWindow: OrderWindow | null;
  paidAt: string | null;
  /** The payment that completed the order, as Pesapal (or M-Pesa's query) confirmed it. */
  paymentMethod: string | null;
  /** Pesapal's confirmation code, or the M-Pesa receipt of an M-Pesa Express payment. */
  confirmationCode: string | null;
  paymentProvider: PaymentProvider | null;
}

export interface TransactionView {
  id: string;
  orderId: string;
  status: PaymentStatus;
  pesapalTrackingId: string | null;
  merchantReference: string;
  amountCents: Cents;
  currency: string;
  updatedAt: string;
  /** Masked; the full number never leaves the server. */
  customerPhoneDisplay: string;
  /** Pesapal's page or an M-Pesa Express prompt. */
  provider: PaymentProvider;
  /** Why an M-Pesa prompt was not paid, in the customer's words (e.g. 'You cancelled the payment.'); null otherwise. */
  failureMessage: string | null;
}

const summaryColumns = {
  id: orders.id,
  status: orders.status,
  fulfilmentStatus: orders.fulfilmentStatus,
  fulfilmentMethod: orders.fulfilmentMethod,
  totalAmount: orders.totalAmount,
  currency: orders.currency,
  cancelledReason: orders.cancelledReason,
  reservationExpiresAt: orders.reservationExpiresAt,
  createdAt: orders.createdAt,
};

type SummaryRow = {
  id: string;
  status: OrderStatus;
  fulfilmentStatus: FulfilmentStatus;
  fulfilmentMethod: FulfilmentMethod;
  totalAmount: Cents;
  currency: string;
  cancelledReason: string | null;
  reservationExpiresAt: Date | null;
  createdAt: Date;
};

interface OrderExtras {
  items: Map<string, OrderItemView[]>;
  paid: Map<string, PaidPaymentView[]>;
  refunds: Map<string, RefundView[]>;
  attempts: Map<string, PaymentAttemptView[]>;
  now: Date;
}

function toSummary(row: SummaryRow, extras: OrderExtras): OrderSummary {
  const items = extras.items.get(row.id) ?? [];
  const refunds = extras.refunds.get(row.id) ?? [];
  const refundedCents = refunds.filter((r) => r.status === 'refunded').reduce((sum, r) => sum + r.amountCents, 0);
  return {
    id: row.id,
    orderNumber: shortOrderId(row.id),
    status: row.status,
    fulfilmentStatus: row.fulfilmentStatus,
    fulfilmentMethod: row.fulfilmentMethod,
    totalCents: row.totalAmount,
    currency: row.currency,
    createdAt: row.createdAt.toISOString(),
    cancelledReason: row.cancelledReason,
    paidPayments: extras.paid.get(row.id) ?? [],
    refunds,
    refundedCents,
    totalAfterRefundsCents: row.totalAmount - refundedCents,
    paymentAttempts: extras.attempts.get(row.id) ?? [],
    canPayAgain: row.status === 'failed' && isPayable({ status: row.status, reservationExpiresAt: row.reservationExpiresAt }, extras.now),
    items,
  };
}

/** Every attempt per order, oldest first (the ids are already the caller's orders). */
async function attemptsByOrder(db: DbOrTx, orderIds: string[]): Promise<Map<string, PaymentAttemptView[]>> {
  const byOrder = new Map<string, PaymentAttemptView[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({
      orderId: paymentTransactions.orderId,
      status: paymentTransactions.status,
      merchantReference: paymentTransactions.merchantReference,
      createdAt: paymentTransactions.createdAt,
    })
    .from(paymentTransactions)
    .where(inArray(paymentTransactions.orderId, orderIds))
    .orderBy(asc(paymentTransactions.createdAt));
  for (const r of rows) {
    const list = byOrder.get(r.orderId) ?? [];
    list.push({ merchantReference: r.merchantReference, status: r.status as PaymentStatus, at: r.createdAt.toISOString() });
    byOrder.set(r.orderId, list);
  }
  return byOrder;
}

async function extrasFor(db: DbOrTx, orderIds: string[], paidFor: string[], now: Date): Promise<OrderExtras> {
  const [items, paid, attempts, refunds] = await Promise.all([
    itemsByOrder(db, orderIds),
    paidPaymentsByOrder(db, paidFor),
    attemptsByOrder(db, orderIds),
    refundsByOrder(db, paidFor),
  ]);
  return { items, paid, attempts, refunds, now };
}

/**
 * Where the payment's whole refund stands (written out in full: drizzle may leave a column
 * unqualified): made, on its way (waiting for Pesapal or to be sent by M-Pesa), or none.
 */
const wholeRefund = sql<
  string | null
>`(select case when bool_or(pr.status = 'refunded') then 'refunded' when count(*) > 0 then 'requested' end
  from payment_refunds pr where pr.transaction_id = "payment_transactions"."id" and pr.kind = 'whole'
  and pr.status in ('requested', 'manual_needed', 'refunded'))`;

/** What that whole refund gives back (one holds money at most). */
const wholeRefundCents = sql<number | null>`(select pr.amount from payment_refunds pr where pr.transaction_id = "payment_transactions"."id"
  and pr.kind = 'whole' and pr.status in ('requested', 'manual_needed', 'refunded') limit 1)`.mapWith(paymentRefunds.amount);

/** The orders' refunds made or on their way, oldest first (the ids are already the caller's orders). */
async function refundsByOrder(db: DbOrTx, orderIds: string[]): Promise<Map<string, RefundView[]>> {
  const byOrder = new Map<string, RefundView[]>();
  if (orderIds.length === 0) return byOrder;
  const payments = await db
    .select({ id: paymentTransactions.id, orderId: paymentTransactions.orderId })
    .from(paymentTransactions)
    .where(inArray(paymentTransactions.orderId, orderIds));
  const orderOf = new Map(payments.map((p) => [p.id, p.orderId]));
  const refunds = await refundsWithLines(
    db,
    payments.map((p) => p.id),
  );
  for (const r of refunds) {
    const orderId = orderOf.get(r.refund.transactionId);
    if (!orderId || r.refund.source === 'extra_payment' || !holdsMoney(r.refund.status)) continue;
    const list = byOrder.get(orderId) ?? [];
    const made = r.refund.status === 'refunded';
    list.push({
      amountCents: creditedCents(r),
      at: ((made ? r.refund.settledAt : null) ?? r.refund.createdAt).toISOString(),
      reason: r.refund.remarks,
      status: made ? 'refunded' : 'requested',
      part: r.refund.kind === 'partial',
    });
    byOrder.set(orderId, list);
  }
  return byOrder;
}

/** Money taken per order (the ids are already the caller's orders). */
async function paidPaymentsByOrder(db: DbOrTx, orderIds: string[]): Promise<Map<string, PaidPaymentView[]>> {
  const byOrder = new Map<string, PaidPaymentView[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({
      orderId: paymentTransactions.orderId,
      status: paymentTransactions.status,
      amount: paymentTransactions.amount,
      currency: paymentTransactions.currency,
      wholeRefund,
      wholeRefundCents,
    })
    .from(paymentTransactions)
    .where(and(inArray(paymentTransactions.orderId, orderIds), inArray(paymentTransactions.status, ['COMPLETED', 'REVERSED'])))
    .orderBy(asc(paymentTransactions.createdAt));
  for (const r of rows) {
    const list = byOrder.get(r.orderId) ?? [];
    const refund = r.status === 'REVERSED' || r.wholeRefund === 'refunded' ? 'refunded' : r.wholeRefund ? 'requested' : 'none';
    list.push({ amountCents: r.amount, currency: r.currency, refund, refundCents: r.wholeRefundCents });
    byOrder.set(r.orderId, list);
  }
  return byOrder;
}

async function itemsByOrder(db: DbOrTx, orderIds: string[]): Promise<Map<string, OrderItemView[]>> {
  const byOrder = new Map<string, OrderItemView[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({ item: orderItems, packingFinishedAt: orders.packingFinishedAt })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.createdAt), asc(orderItems.productName));
  for (const { item: r, packingFinishedAt } of rows) {
    const list = byOrder.get(r.orderId) ?? [];
    const packing = linePacking(r, packingFinishedAt !== null);
    list.push({
      id: r.id,
      productId: r.productId,
      variantId: r.variantName === '' ? null : r.variantId,
      quantity: r.quantity,
      unitPriceCents: r.unitPrice,
      lineTotalCents: r.lineTotal,
      product: { name: r.productName, imageUrl: r.productImageUrl },
      ifUnavailable: r.ifUnavailable,
      ...(r.customerNote && { note: r.customerNote }),
      ...(packing && { packing }),
    });
    byOrder.set(r.orderId, list);
  }
  return byOrder;
}

export async function listOrders(db: DbOrTx, userId: string, now: Date, page: OrdersPage): Promise<OrdersResponse> {
  const newestFirst = [desc(orders.createdAt), desc(orders.id)];
  // Keyset paging: older than the last order shown (compared on the stored time, to the microsecond,
  // with the id breaking ties). Another customer's order as `before` matches nothing.
  const olderThan = page.before
    ? sql`(${orders.createdAt}, ${orders.id}) < (select o.created_at, o.id from orders o where o.id = ${page.before} and o.user_id = ${userId})`
    : undefined;
  const [historyAndOneMore, awaiting] = await Promise.all([
    db
      .select(summaryColumns)
      .from(orders)
      .where(and(eq(orders.userId, userId), inArray(orders.status, [...HISTORY_STATUSES]), olderThan))
      .orderBy(...newestFirst)
      .limit(page.limit + 1),
    page.before
      ? Promise.resolve([])
      : db
          .select({ ...summaryColumns, paymentStatus: orders.paymentStatus, waitingForPesapal: seenByPesapal })
          .from(orders)
          .where(and(eq(orders.userId, userId), inArray(orders.status, [...AWAITING_STATUSES])))
          .orderBy(...newestFirst)
          .limit(AWAITING_LIMIT),
  ]);
  const history = historyAndOneMore.slice(0, page.limit);
  const extras = await extrasFor(
    db,
    [...history, ...awaiting].map((o) => o.id),
    history.map((o) => o.id),
    now,
  );
  return {
    orders: history.map((o) => toSummary(o, extras)),
    awaitingPayment: awaiting.map((o) => ({
      ...toSummary(o, extras),
      paymentStatus: o.paymentStatus,
      // Pesapal saw a payment of it: 'Awaiting payment'. Else it is just not paid ('Continue payment').
      waitingForPesapal: o.paymentStatus === 'PENDING' && Boolean(o.waitingForPesapal),
    })),
    nextBefore: historyAndOneMore.length > page.limit ? (history.at(-1)?.id ?? null) : null,
  };
}

/**
 * The caller's order by its id or its short reference (the newest of theirs starting with it), or 404
 * (also for someone else's order: its existence is not revealed).
 */
export async function getOrder(db: DbOrTx, userId: string, idOrRef: string, now: Date): Promise<OrderDetail> {
  const byRef = ORDER_REF_PATTERN.test(idOrRef);
  const [row] = await db
    .select()
    .from(orders)
    .where(and(byRef ? sql`${orders.id}::text like ${`${idOrRef.toLowerCase()}%`}` : eq(orders.id, idOrRef), eq(orders.userId, userId)))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  if (!row) throw notFound('Order not found');
  return orderDetail(db, row, now);
}

/** The full view of an order row already known to be the caller's (or read by an admin). */
export async function orderDetail(db: DbOrTx, row: typeof orders.$inferSelect, now: Date): Promise<OrderDetail> {
  const [extras, tax, deliveryWindow] = await Promise.all([
    extrasFor(db, [row.id], [row.id], now),
    orderTax(db, row),
    orderDeliveryWindow(db, row.id),
  ]);
  const [payment] = await db
    .select({
      method: paymentTransactions.paymentMethod,
      code: paymentTransactions.confirmationCode,
      provider: paymentTransactions.provider,
    })
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.orderId, row.id), eq(paymentTransactions.status, 'COMPLETED')))
    .orderBy(asc(paymentTransactions.updatedAt))
    .limit(1);
  return {
    ...toSummary(row, extras),
    pesapalTransactionId: row.pesapalTransactionId,
    subtotalCents: row.subtotal,
    vatCents: row.vat,
    taxBands: tax.bands,
    vatRows: tax.vatRows,
    deliveryFeeCents: row.deliveryFee,
    smallOrderFeeCents: row.smallOrderFee,
    discountCents: row.discountTotal,
    discountLabel: discountRow(row)[0]?.[0] ?? null,
    deliveryAddress: row.deliveryAddress,
    pickupAt: row.fulfilmentMethod === 'pickup' ? (await loadPickupSettings(db)).instructions : null,
    deliveryZoneName: row.deliveryZoneName,
    estimatedDeliveryMins: row.estimatedDeliveryMins,
    deliveryWindow,
    paidAt: row.paidAt?.toISOString() ?? null,
    paymentMethod: payment?.method || null,
    paymentProvider: payment?.provider ?? null,
    confirmationCode: payment?.code || null,
    ...riderNotes(row),
    ...(row.customerNote && { note: row.customerNote }),
  };
}

/** The order columns that hold the rider's notes, by the name this view gives them. */
const RIDER_NOTE_COLUMNS = { house: 'deliveryBuilding', directions: 'deliveryDirections' } as const;

/**
 * The rider's notes (house or building, directions), only when the order row carries them: read
 * by name so that this view works before and after those columns exist.
 */
function riderNotes(row: object): { house?: string; directions?: string } {
  const notes: { house?: string; directions?: string } = {};
  for (const [key, column] of Object.entries(RIDER_NOTE_COLUMNS) as [keyof typeof RIDER_NOTE_COLUMNS, string][]) {
    const value = (row as Record<string, unknown>)[column];
    if (typeof value === 'string' && value.trim()) notes[key] = value.trim();
  }
  return notes;
}

/**
 * The current payment transaction of the caller's order: reads are audited, and a read of
 * anyone else's order is refused with 403 and audited as UNAUTHORIZED_TRANSACTION_ACCESS.
 */
export async function getTransaction(db: DbOrTx, caller: { userId: string; ip: string | null }, orderId: string): Promise<TransactionView> {
  const [order] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound('Order not found');
  if (order.userId !== caller.userId) {
    await writeAudit(db, {
      userId: caller.userId,
      action: 'UNAUTHORIZED_TRANSACTION_ACCESS',
      tableName: 'payment_transactions',
      recordId: orderId,
      details: { orderId },
      ip: caller.ip,
    });
    throw forbidden(UNAUTHORIZED_TRANSACTION_MESSAGE);
  }
  const tx = await findCurrentAttempt(db, orderId);
  if (!tx) throw notFound('No payment has been started for this order.');
  for (const action of CUSTOMER_READ_ACTIONS) {
    await writeAudit(db, {
      userId: caller.userId,
      action,
      tableName: 'payment_transactions',
      recordId: tx.id,
      details: { orderId },
      ip: caller.ip,
    });
  }
  return {
    id: tx.id,
    orderId: tx.orderId,
    status: tx.status as PaymentStatus,
    pesapalTrackingId: tx.pesapalTrackingId,
    merchantReference: tx.merchantReference,
    amountCents: tx.amount,
    currency: tx.currency,
    updatedAt: tx.updatedAt.toISOString(),
    // Masked again: idempotent for a value stored masked, and a guard should one ever be stored whole.
    customerPhoneDisplay: maskPhone(tx.customerPhoneDisplay ?? tx.customerPhone),
    provider: tx.provider,
    // M-Pesa's result is stored as the customer's message; Pesapal's descriptions are not written for her.
    failureMessage: tx.provider === 'mpesa' && tx.status === 'FAILED' ? tx.statusDescription : null,
  };
}

/** How many of the caller's orders wait for Pesapal to confirm a payment it has seen (the header's '{n} Pending'). */
export async function countPendingPayments(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(eq(orders.userId, userId), inArray(orders.status, [...AWAITING_STATUSES]), eq(orders.paymentStatus, 'PENDING'), seenByPesapal),
    );
  return Number(row?.count ?? 0);
}
