// The one writer of an order's status and fulfilment. Every change of either goes through
// transitionOrder or advanceOrderFulfilment, inside the caller's transaction and under the order's
// row lock; the rules (which event from which status, what it does to stock, what the customer is
// told) are the table in src/domain/order-lifecycle.ts. An event the order may not take is refused
// with a DomainError, and nothing is written.
//
// Effects, all in the same transaction so they happen exactly once with the change:
// - stock: 'release' and 'sell' are done here; 'reserve' is done by the checkout that inserts the
//   order's lines, and 'restock' by the merchant's refund, which decides it by how far the goods went;
//   the order's delivery window is held and given back with the stock (features/delivery);
// - the customer's SMS and mail are queued here and sent after the commit (deliverOrderUpdate);
// - the tax invoice: 'paid' queues the sale's and 'refunded' a credit note (features/tax-invoices),
//   numbered in this transaction and sent to KRA after the commit (deliverOrderUpdate kicks the sender);
// - the owner's SMS and mail for a paid order (features/merchant-notices), sent with the customer's;
// - the live event: the database trigger `orders_notify` (function notify_order_change, migrations
//   0001, 0002 and 0021) NOTIFYs 'shop_events' with the order's id, status, old status, fulfilment and
//   reason on every update of the row, delivered at commit; features/realtime fans it out.
import { and, eq } from 'drizzle-orm';
import type { Cents } from '@/domain/money';
import {
  canFulfil,
  FULFILMENT_TRANSITIONS,
  nextOrderStatus,
  ORDER_TRANSITIONS,
  refusedTransitionMessage,
  type FulfilmentEvent,
  type OrderEvent,
} from '@/domain/order-lifecycle';
import type { FulfilmentStatus, OrderStatus } from '@/domain/order-status';
import type { ServerContext } from '../../context';
import type { Tx } from '../../db/client';
import { orderItems, orders } from '../../db/schema';
import { DomainError } from '../../errors';
import { releaseReservation, sellReservation, type StockShortfall } from '../inventory/inventory.service';
import { confirmDeliveryWindow, releaseDeliveryWindow, type WindowLost } from '../delivery/delivery-slots.service';
import { queueOrderConfirmation } from './order-confirmation-mail';
import { queueOrderUpdate, type QueuedOrderUpdate } from './order-updates.service';
import { queueCreditNote, queueSaleInvoice } from '../tax-invoices/tax-invoice-queue';
import { queuePaidOrderNotices } from '../merchant-notices/paid-order-notice';

type OrderRow = typeof orders.$inferSelect;

/** The columns an event may write beside the status (reasons, flags, the payment hold). */
type OrderPatch = Partial<Omit<typeof orders.$inferInsert, 'id' | 'userId' | 'status' | 'fulfilmentStatus' | 'createdAt' | 'updatedAt'>>;

export interface OrderTransitionInput {
  /** The order as read under its row lock in this transaction. */
  order: Pick<OrderRow, 'id' | 'status'>;
  event: Exclude<OrderEvent, 'placed'>;
  at: Date;
  /** Other columns to write; a function of the sale's shortfalls for 'paid'. */
  set?: OrderPatch | ((sold: { shortfalls: StockShortfall[] }) => OrderPatch);
  /** The stock ledger's reason for a 'release'. */
  releaseReason?: string;
  /** For the customer's message: a refund's amount, or a key when a step may be told twice. */
  tell?: { amountCents?: Cents; key?: string };
  /**
   * 'cancelled' only: a payment attempt may still complete, so the customer's message waits until
   * its end is known (tellHeldCancellation) instead of saying now that nothing was charged.
   */
  holdNotice?: boolean;
}

export interface OrderTransitionResult {
  to: OrderStatus;
  /** The customer's SMS and mail queued with the change; send after the commit. */
  update: QueuedOrderUpdate | null;
  /** Lines paid for with no stock left ('paid' only). */
  shortfalls: StockShortfall[];
  /** Order lines whose reservation was released ('release' only). */
  released: number;
}

export class OrderTransitionRefused extends DomainError {
  constructor(
    readonly from: OrderStatus | null,
    readonly event: OrderEvent | FulfilmentEvent,
  ) {
    super('conflict', 'ORDER_TRANSITION_REFUSED', refusedTransitionMessage(from, event));
  }
}

/**
 * Inserts a new order in its first status ('placed'); null when the idempotency key was used already.
 * The checkout reserves its stock in the same transaction, once it has written the lines.
 */
export async function insertPlacedOrder(
  tx: Tx,
  values: Omit<typeof orders.$inferInsert, 'id' | 'status' | 'fulfilmentStatus'>,
): Promise<{ id: string } | null> {
  const status = nextOrderStatus(null, 'placed');
  if (!status) throw new OrderTransitionRefused(null, 'placed');
  const [order] = await tx
    .insert(orders)
    .values({ ...values, status })
    .onConflictDoNothing()
    .returning({ id: orders.id });
  return order ?? null;
}

/** Moves the order by one event of the lifecycle table, with its stock effect and the customer's message. */
export async function transitionOrder(ctx: ServerContext, tx: Tx, input: OrderTransitionInput): Promise<OrderTransitionResult> {
  const { order, event, at } = input;
  const to = nextOrderStatus(order.status, event);
  if (!to) throw new OrderTransitionRefused(order.status, event);
  const rule = ORDER_TRANSITIONS[event];

  let shortfalls: StockShortfall[] = [];
  let released = 0;
  let windowLost: WindowLost | null = null;
  if (rule.stock === 'sell') {
    const lines = await tx
      .select({
        productId: orderItems.productId,
        variantId: orderItems.variantId,
        productName: orderItems.productName,
        quantity: orderItems.quantity,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id));
    shortfalls = await sellReservation(tx, order.id, lines, at);
    windowLost = await confirmDeliveryWindow(tx, order.id);
  } else if (rule.stock === 'release') {
    released = await releaseReservation(tx, order.id, input.releaseReason ?? rule.means, at);
    await releaseDeliveryWindow(tx, order.id, at);
  }

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
    .set({ ...patch, status: to, updatedAt: at })
    .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
    .returning({ id: orders.id });
  if (!moved) throw new OrderTransitionRefused(order.status, event);

  const taxInvoiceId =
    event === 'paid'
      ? await queueSaleInvoice(ctx, tx, order.id, at)
      : event === 'refunded'
        ? await queueCreditNote(ctx, tx, order.id, at)
        : null;
  const told = held ? null : await queueTold(ctx, tx, order.id, rule.tells, input.tell);
  // The owner hears of every paid order, queued with it like the customer's messages.
  const merchant = event === 'paid' ? await queuePaidOrderNotices(ctx, tx, order.id) : null;
  const update =
    taxInvoiceId || merchant
      ? {
          ...(told ?? { orderId: order.id, smsId: null, mailId: null }),
          ...(taxInvoiceId ? { taxInvoiceId } : {}),
          ...(merchant ? { merchant } : {}),
        }
      : told;
  return { to, update, shortfalls, released };
}

/** Moves a paid order's fulfilment forward (steps may be skipped), with the customer's message. */
export async function advanceOrderFulfilment(
  ctx: ServerContext,
  tx: Tx,
  input: { order: Pick<OrderRow, 'id' | 'status' | 'fulfilmentStatus'>; event: FulfilmentEvent; at: Date },
): Promise<{ to: FulfilmentStatus; update: QueuedOrderUpdate | null }> {
  const { order, event, at } = input;
  if (!canFulfil(order.status, order.fulfilmentStatus, event)) throw new OrderTransitionRefused(order.status, event);
  const rule = FULFILMENT_TRANSITIONS[event];
  await tx.update(orders).set({ fulfilmentStatus: rule.to, updatedAt: at }).where(eq(orders.id, order.id));
  return { to: rule.to, update: await queueTold(ctx, tx, order.id, rule.tells) };
}

async function queueTold(
  ctx: ServerContext,
  tx: Tx,
  orderId: string,
  step: (typeof ORDER_TRANSITIONS)[OrderEvent]['tells'],
  opts: { amountCents?: Cents; key?: string } = {},
): Promise<QueuedOrderUpdate | null> {
  if (!step) return null;
  const update = await queueOrderUpdate(ctx, tx, orderId, step, opts);
  // 'paid' is told by the order confirmation mail beside the SMS.
  if (step === 'paid') return { ...update, mailId: await queueOrderConfirmation(ctx, tx, orderId) };
  return update;
}
