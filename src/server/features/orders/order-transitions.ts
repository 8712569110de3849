// The one writer of an order's status and fulfilment. Every change of either goes through
// transitionOrder or advanceOrderFulfilment, inside the caller's transaction and under the order's
// row lock; the rules (which event from which status, what it does to stock, what the customer is
// told) are the table in src/domain/order-lifecycle.ts. An event the order may not take is refused
// with a DomainError, and nothing is written.
//
// Effects, all in the same transaction so they happen exactly once with the change:
// - stock: the entry's effect, applied here (order-stock-effects.ts) from the table, the first one
//   ('reserve') by insertPlacedOrder with the order's lines. The cause passes only what the effect
//   needs (the lines, the hold's new end, a refund's goods state), and its type follows the entry,
//   so a cause cannot decide an effect the table does not name. The hold's end
//   (reservation_expires_at) is the effect's too, and the order's delivery window is held and given
//   back with the stock (features/delivery);
// - the customer's SMS and mail are queued here and sent after the commit (deliverOrderUpdate);
// - the tax invoice: 'paid' (and 'paid_on_delivery') queues the sale's and 'refunded' the refund's credit note (features/tax-invoices),
//   numbered in this transaction and sent to KRA after the commit (deliverOrderUpdate kicks the sender);
// - the owner's SMS and mail for a paid order (features/merchant-notices), sent with the customer's;
// - a stop leaving a fulfillable status before it is delivered (refund requested, payment reversed,
//   an order to pay on delivery cancelled): its rider is told not to deliver it (order-rider.ts);
// - the live event: the database trigger `orders_notify` (function notify_order_change, migrations
//   0001, 0002 and 0021) NOTIFYs 'shop_events' with the order's id, status, old status, fulfilment and
//   reason on every update of the row, delivered at commit; features/realtime fans it out.
import { and, eq } from 'drizzle-orm';
import type { Cents } from '@/domain/money';
import {
  canFulfil,
  FULFILMENT_TRANSITIONS,
  isFulfillable,
  nextOrderStatus,
  ORDER_TRANSITIONS,
  refusedTransitionMessage,
  type FulfilmentEvent,
  type OrderEvent,
} from '@/domain/order-lifecycle';
import type { FulfilmentStatus, OrderStatus } from '@/domain/order-status';
import type { OrderUpdateStep } from '@/domain/order-sms';
import type { ServerContext } from '../../context';
import type { Tx } from '../../db/client';
import { orderItems, orders } from '../../db/schema';
import { DomainError } from '../../errors';
import type { StockShortfall } from '../inventory/inventory.service';
import { applyStockEffect, type AnyStockInput, type RestockOutcome, type StockEffectInputs } from './order-stock-effects';
import { queueOrderConfirmation } from './order-confirmation-mail';
import { queueOrderUpdate, type QueuedOrderUpdate } from './order-updates.service';
import { queueCreditNote, queueSaleInvoice } from '../tax-invoices/tax-invoice-queue';
import { queuePaidOrderNotices } from '../merchant-notices/paid-order-notice';
import { queueStopsOffNotice } from './order-rider';

type OrderRow = typeof orders.$inferSelect;

/** The columns an event may write beside the status (reasons, flags); the hold's end is its stock effect's. */
type OrderPatch = Partial<
  Omit<typeof orders.$inferInsert, 'id' | 'userId' | 'status' | 'fulfilmentStatus' | 'reservationExpiresAt' | 'createdAt' | 'updatedAt'>
>;

type MovingEvent = Exclude<OrderEvent, 'placed'>;

/** What the event's stock effect needs from its cause, as the event's entry in the table says. */
type StockInputOf<E extends OrderEvent> = StockEffectInputs[(typeof ORDER_TRANSITIONS)[E]['stock']];

interface TransitionBase<E extends MovingEvent> {
  /** The order as read under its row lock in this transaction. */
  order: Pick<OrderRow, 'id' | 'status'>;
  event: E;
  at: Date;
  /** Other columns to write; a function of the sale's shortfalls for 'paid'. */
  set?: OrderPatch | ((sold: { shortfalls: StockShortfall[] }) => OrderPatch);
  /** For the customer's message: a refund's amount, or a key when a step may be told twice. */
  tell?: { amountCents?: Cents; key?: string };
  /** 'refunded' only: the refund made, whose lines its credit note credits (none: the whole sale). */
  refundId?: string;
  /**
   * 'cancelled' only: a payment attempt may still complete, so the customer's message waits until
   * its end is known (tellHeldCancellation) instead of saying now that nothing was charged.
   */
  holdNotice?: boolean;
  /** The rider ended the stop at the door (refused there): no 'do not deliver' notice to them. */
  riderKnows?: boolean;
}

export type OrderTransitionInput<E extends MovingEvent> = TransitionBase<E> & StockInputOf<E>;

export interface OrderTransitionResult {
  to: OrderStatus;
  /** The customer's SMS and mail queued with the change; send after the commit. */
  update: QueuedOrderUpdate | null;
  /** Lines paid for with no stock left ('paid' only). */
  shortfalls: StockShortfall[];
  /** Order lines whose reservation was released ('release' only). */
  released: number;
  /** What a 'restock' put back, or why not ('restock' only). */
  restock: RestockOutcome | null;
}

export class OrderTransitionRefused extends DomainError {
  constructor(
    readonly from: OrderStatus | null,
    readonly event: OrderEvent | FulfilmentEvent,
  ) {
    super('conflict', 'ORDER_TRANSITION_REFUSED', refusedTransitionMessage(from, event));
  }
}

/** A new order: its row (the hold's end included), its lines, and what its first effect needs. */
export interface PlacedOrderInput {
  values: Omit<typeof orders.$inferInsert, 'id' | 'status' | 'fulfilmentStatus'>;
  lines: readonly Omit<typeof orderItems.$inferInsert, 'id' | 'orderId'>[];
  at: Date;
  /** The percentage of a variant's units unpaid orders may hold (decision 037). */
  unpaidShare: number;
}

/**
 * Inserts a new order in its first status ('placed') with its lines, and applies that event's stock
 * effect; null when the idempotency key was used already. Out of stock throws, so the caller's
 * transaction leaves nothing half-reserved.
 */
export async function insertPlacedOrder(tx: Tx, input: PlacedOrderInput): Promise<{ id: string } | null> {
  const status = nextOrderStatus(null, 'placed');
  if (!status) throw new OrderTransitionRefused(null, 'placed');
  const [order] = await tx
    .insert(orders)
    .values({ ...input.values, status })
    .onConflictDoNothing()
    .returning({ id: orders.id });
  if (!order) return null;
  await tx.insert(orderItems).values(input.lines.map((l) => ({ ...l, orderId: order.id })));
  const stock: StockInputOf<'placed'> = {
    reserve: {
      lines: input.lines.map((l) => ({ productId: l.productId, variantId: l.variantId, productName: l.productName, quantity: l.quantity })),
      unpaidShare: input.unpaidShare,
    },
  };
  await applyStockEffect(tx, order.id, ORDER_TRANSITIONS.placed.stock, input.at, stock);
  return order;
}

/** Moves the order by one event of the lifecycle table, with its stock effect and the customer's message. */
export async function transitionOrder<E extends MovingEvent>(
  ctx: ServerContext,
  tx: Tx,
  input: OrderTransitionInput<E>,
): Promise<OrderTransitionResult> {
  const { order, event, at } = input;
  const to = nextOrderStatus(order.status, event);
  if (!to) throw new OrderTransitionRefused(order.status, event);
  const rule = ORDER_TRANSITIONS[event];
  // Whichever effect the entry names; its input's type follows the same entry.
  const stockInput = input as AnyStockInput;
  const { hold, shortfalls, released, windowLost, restock } = await applyStockEffect(tx, order.id, rule.stock, at, {
    ...stockInput,
    releaseReason: stockInput.releaseReason ?? rule.means,
  });

  const held = input.holdNotice === true && event === 'cancelled';
  const patch: OrderPatch = {
    ...(typeof input.set === 'function' ? input.set({ shortfalls }) : input.set),
    ...(held ? { cancelNoticeDue: true } : {}),
  };
  // Paid without a place (its hold ended, or it was to take one at payment) and the window filled
  // meanwhile: kept, and flagged like a stock shortfall.
  if (windowLost) {
    patch.needsAttention = true;
    patch.attentionReason = patch.attentionReason
      ? `${patch.attentionReason} Also, ${windowLost.reason}.`
      : windowLost.afterRelease
        ? `Paid after the reservation expired; ${windowLost.reason}.`
        : `Paid, but ${windowLost.reason}.`;
  }
  // The status in the where clause: a caller that did not hold the row lock cannot move an order
  // that someone else moved meanwhile.
  const [moved] = await tx
    .update(orders)
    .set({ ...patch, ...hold, status: to, updatedAt: at })
    .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
    .returning({ id: orders.id });
  if (!moved) throw new OrderTransitionRefused(order.status, event);

  const taxInvoiceId =
    event === 'paid' || event === 'paid_on_delivery'
      ? await queueSaleInvoice(ctx, tx, order.id, at)
      : event === 'refunded'
        ? await queueCreditNote(ctx, tx, order.id, input.refundId ?? null, at)
        : null;
  const told = held ? null : await queueTold(ctx, tx, order.id, rule.tells, input.tell);
  // The owner hears of every paid order (and one to be paid on delivery, when it is confirmed),
  // queued with it like the customer's messages.
  const merchant = event === 'paid' || event === 'confirmed_unpaid' ? await queuePaidOrderNotices(ctx, tx, order.id) : null;
  const riderSmsIds =
    isFulfillable(order.status) && !isFulfillable(to) && !input.riderKnows ? await tellRiderNotToDeliver(ctx, tx, order.id, event) : [];
  const update =
    taxInvoiceId || merchant || riderSmsIds.length > 0
      ? {
          ...(told ?? { orderId: order.id, smsId: null, mailId: null }),
          ...(taxInvoiceId ? { taxInvoiceId } : {}),
          ...(merchant ? { merchant } : {}),
          ...(riderSmsIds.length > 0 ? { riderSmsIds } : {}),
        }
      : told;
  return { to, update, shortfalls, released, restock };
}

/**
 * A paid stop that will not be delivered after all: its rider is told, once per assignment. The
 * order keeps its rider (their page leaves it out, as it leaves out every order not paid, and a
 * late tap on it is answered 'was cancelled'). A delivered order's rider has nothing left to hear.
 */
async function tellRiderNotToDeliver(ctx: ServerContext, tx: Tx, orderId: string, event: MovingEvent): Promise<string[]> {
  const [row] = await tx
    .select({ riderId: orders.riderId, assignedAt: orders.riderAssignedAt, fulfilment: orders.fulfilmentStatus })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!row?.riderId || row.fulfilment === 'delivered') return [];
  return queueStopsOffNotice(ctx, tx, {
    riderId: row.riderId,
    orderIds: [orderId],
    reason: event === 'refund_requested' ? 'refunded' : 'cancelled',
    key: `${orderId}:${row.riderId}:${row.assignedAt?.getTime() ?? 0}`,
  });
}

/** Moves a paid order's fulfilment forward (steps may be skipped), with the customer's message. */
export async function advanceOrderFulfilment(
  ctx: ServerContext,
  tx: Tx,
  input: {
    order: Pick<OrderRow, 'id' | 'status' | 'fulfilmentStatus'> & Partial<Pick<OrderRow, 'fulfilmentMethod' | 'deliveryFailedAt'>>;
    event: FulfilmentEvent;
    at: Date;
    /** Tells a step the customer may hear again (out for delivery after a new window) apart. */
    tellKey?: string;
  },
): Promise<{ to: FulfilmentStatus; update: QueuedOrderUpdate | null }> {
  const { order, event, at } = input;
  const facts = { method: order.fulfilmentMethod ?? 'delivery', deliveryFailed: Boolean(order.deliveryFailedAt) } as const;
  if (!canFulfil(order.status, order.fulfilmentStatus, event, facts)) throw new OrderTransitionRefused(order.status, event);
  const rule = FULFILMENT_TRANSITIONS[event];
  await tx.update(orders).set({ fulfilmentStatus: rule.to, updatedAt: at }).where(eq(orders.id, order.id));
  return { to: rule.to, update: await queueTold(ctx, tx, order.id, rule.tells, input.tellKey ? { key: input.tellKey } : {}) };
}

async function queueTold(
  ctx: ServerContext,
  tx: Tx,
  orderId: string,
  step: OrderUpdateStep | null,
  opts: { amountCents?: Cents; key?: string } = {},
): Promise<QueuedOrderUpdate | null> {
  if (!step) return null;
  const update = await queueOrderUpdate(ctx, tx, orderId, step, opts);
  // 'paid' is told by the order confirmation mail beside the SMS.
  if (step === 'paid') return { ...update, mailId: await queueOrderConfirmation(ctx, tx, orderId) };
  return update;
}
