// The order's life: every event that moves an order, from which statuses, to which status, what it
// does to stock, and what the customer hears. The server applies these in one function
// (src/server/features/orders/order-transitions.ts), stock effects included: an event's cause passes
// only what the effect needs to know, never whether to apply it. docs/architecture.md shows this
// same table and a test keeps the two equal.
import { canAdvanceFulfilment, type FulfilmentMethod, type FulfilmentStatus, type OrderStatus } from './order-status';
import type { OrderUpdateStep } from './order-sms';

/** Events that move an order's status (payment side). */
export const ORDER_EVENTS = [
  'placed',
  'payment_started',
  'paid',
  'payment_failed',
  'reservation_expired',
  'cancelled',
  'refund_requested',
  'refunded',
  'refund_rejected',
  'payment_reversed',
  'reversed_before_seen',
  'confirmed_unpaid',
  'paid_on_delivery',
  'cancelled_unpaid',
] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

/**
 * Events that move a paid order's fulfilment (delivery side), named by the step they reach; a
 * collected pick-up order is delivered. 'delivery_rescheduled' is the one step back.
 */
export const FULFILMENT_EVENTS = [
  'packing',
  'out_for_delivery',
  'ready_for_pickup',
  'delivered',
  'collected',
  'delivery_rescheduled',
] as const;
export type FulfilmentEvent = (typeof FULFILMENT_EVENTS)[number];

/** What an event does to the order's stock. */
export type StockEffect =
  /** Stock is held for the order until it is paid or the hold ends. */
  | 'reserve'
  /** The hold is extended for a new payment page. */
  | 'extend hold'
  /** The reservation becomes a sale (an over-sale is flagged for the merchant). */
  | 'sell'
  /** The reservation ends and the stock is free again. */
  | 'release'
  /** Stock stays reserved until the hold ends, so the customer can pay again. */
  | 'keep hold'
  /** Sold stock goes back unless the goods had left the shop (restockPutsBack). */
  | 'restock'
  /** The goods came back unsold (refused at the door, or never sent): sold stock goes back. */
  | 'return'
  /** Nothing moves (the goods may have been delivered: the merchant restocks by hand). */
  | 'none';

export interface OrderTransition {
  /** The statuses the event may start from; empty for the order's first event. */
  from: readonly OrderStatus[];
  to: OrderStatus;
  stock: StockEffect;
  /** The SMS and mail the customer is sent, queued with the change. */
  tells: OrderUpdateStep | null;
  /** What happened, as the merchant reads it in a refusal or the docs. */
  means: string;
}

// Literal types (as const): what an event's cause must pass the transition is read from its entry.
export const ORDER_TRANSITIONS = Object.freeze({
  placed: { from: [], to: 'pending', stock: 'reserve', tells: null, means: 'placed at checkout' },
  payment_started: { from: ['pending', 'failed'], to: 'pending', stock: 'extend hold', tells: null, means: 'sent to pay (again)' },
  paid: { from: ['pending', 'failed'], to: 'completed', stock: 'sell', tells: 'paid', means: 'paid' },
  payment_failed: { from: ['pending'], to: 'failed', stock: 'keep hold', tells: null, means: 'marked as a failed payment' },
  reservation_expired: { from: ['pending', 'failed'], to: 'failed', stock: 'release', tells: null, means: 'expired unpaid' },
  cancelled: { from: ['pending'], to: 'cancelled', stock: 'release', tells: 'cancelled', means: 'cancelled by the shop' },
  // Pesapal accepted the request; nothing moves until it reverses the payment or the refund is rejected.
  refund_requested: { from: ['completed'], to: 'refund_requested', stock: 'none', tells: null, means: 'sent to Pesapal for a refund' },
  // Pesapal reversed the payment. From cancelled too: the reversal may have been applied (as a
  // reversal nobody asked for) before the shop recorded its own request.
  refunded: { from: ['refund_requested', 'cancelled'], to: 'cancelled', stock: 'restock', tells: 'refunded', means: 'refunded' },
  refund_rejected: {
    from: ['refund_requested'],
    to: 'completed',
    stock: 'none',
    tells: null,
    means: 'paid again after its refund was rejected',
  },
  payment_reversed: { from: ['completed'], to: 'cancelled', stock: 'none', tells: null, means: 'reversed at Pesapal' },
  reversed_before_seen: {
    from: ['pending'],
    to: 'cancelled',
    stock: 'release',
    tells: null,
    means: 'reversed at Pesapal before it was seen paid',
  },
  // Pay on delivery: the stock and the window are the order's at once (it leaves with the rider),
  // and the rider's collection is the payment.
  confirmed_unpaid: { from: ['pending'], to: 'confirmed', stock: 'sell', tells: 'confirmed', means: 'confirmed to be paid on delivery' },
  paid_on_delivery: { from: ['confirmed'], to: 'completed', stock: 'none', tells: 'paid', means: 'paid on delivery' },
  // Refused at the door or cancelled before it went: nothing was paid, and the goods come back.
  cancelled_unpaid: { from: ['confirmed'], to: 'cancelled', stock: 'return', tells: 'cancelled', means: 'cancelled before it was paid' },
} as const satisfies Record<OrderEvent, OrderTransition>);

/** Goods out for delivery or delivered are not on the shelf: a 'restock' leaves them out. */
const LEFT_THE_SHOP: readonly FulfilmentStatus[] = ['out_for_delivery', 'delivered'];

/** Whether a 'restock' puts an order's sold stock back, for goods this far along. */
export function restockPutsBack(fulfilment: FulfilmentStatus): boolean {
  return !LEFT_THE_SHOP.includes(fulfilment);
}

/** Whether refunding an order this far along puts its goods back, as the table's refund effect says. */
export function refundRestocks(fulfilment: FulfilmentStatus): boolean {
  const refund: OrderTransition = ORDER_TRANSITIONS.refunded;
  return refund.stock === 'restock' && restockPutsBack(fulfilment);
}

export interface FulfilmentTransition {
  to: FulfilmentStatus;
  /** The orders that take this event: delivered ones, picked-up ones, or both. */
  methods: readonly FulfilmentMethod[];
  /**
   * A step back, legal only from these statuses and only while the order's delivery has failed
   * ('Could not deliver', not yet given a new window). Without it the event moves forward only.
   */
  back?: { from: readonly FulfilmentStatus[]; onlyAfterFailedDelivery: true };
  tells: OrderUpdateStep | null;
  means: string;
  paidOnly?: true;
}

const BOTH: readonly FulfilmentMethod[] = ['delivery', 'pickup'];

/**
 * Only a fulfillable order (paid, or confirmed to be paid on delivery) moves here, forward only along
 * its own way (steps may be skipped), or back as an entry says. An entry marked `paidOnly` ends the
 * order in the customer's hands: one to be paid on delivery is paid first.
 */
export const FULFILMENT_TRANSITIONS: Readonly<Record<FulfilmentEvent, FulfilmentTransition>> = Object.freeze({
  packing: { to: 'processing', methods: BOTH, tells: null, means: 'marked as being packed' },
  out_for_delivery: { to: 'out_for_delivery', methods: ['delivery'], tells: 'out_for_delivery', means: 'sent out for delivery' },
  ready_for_pickup: { to: 'ready_for_pickup', methods: ['pickup'], tells: 'ready_for_pickup', means: 'marked ready for pick-up' },
  delivered: { to: 'delivered', methods: ['delivery'], tells: 'delivered', means: 'marked as delivered', paidOnly: true },
  // Handed over at the counter: the customer is there, so no message follows.
  collected: { to: 'delivered', methods: ['pickup'], tells: null, means: 'marked as collected', paidOnly: true },
  // A new window after 'Could not deliver': the stop waits to go out again, and 'On my way' is told again.
  delivery_rescheduled: {
    to: 'processing',
    methods: ['delivery'],
    back: { from: ['out_for_delivery'], onlyAfterFailedDelivery: true },
    tells: null,
    means: 'given a new delivery window',
  },
});

/** The status of a paid order, the one that may be delivered. */
export const FULFILLABLE_STATUS: OrderStatus = 'completed';

/** The statuses that may be packed and sent out: paid, or confirmed to be paid on delivery. */
export const FULFILLABLE_STATUSES = ['completed', 'confirmed'] as const satisfies readonly OrderStatus[];

/** Whether an order in this status may be packed, given to a rider and sent out. */
export function isFulfillable(status: OrderStatus): boolean {
  return (FULFILLABLE_STATUSES as readonly OrderStatus[]).includes(status);
}

/** The status an event leads to from `from`, or null when the order may not take that event. */
export function nextOrderStatus(from: OrderStatus | null, event: OrderEvent): OrderStatus | null {
  const t: OrderTransition = ORDER_TRANSITIONS[event];
  if (from === null) return t.from.length === 0 ? t.to : null;
  return t.from.includes(from) ? t.to : null;
}

/** The forward event that moves an order of this method to `to` (no event leads forward to 'unfulfilled'). */
export function fulfilmentEventFor(to: FulfilmentStatus, method: FulfilmentMethod = 'delivery'): FulfilmentEvent {
  const found = FULFILMENT_EVENTS.find((e) => {
    const t = FULFILMENT_TRANSITIONS[e];
    return t.to === to && !t.back && t.methods.includes(method);
  });
  if (!found) throw new Error(`No fulfilment event reaches ${to}`);
  return found;
}

/** What an order is, besides its statuses, for the fulfilment table. */
export interface FulfilmentOrder {
  method?: FulfilmentMethod;
  /** The rider's 'Could not deliver' is the order's open failure (deliveryFailedAt set). */
  deliveryFailed?: boolean;
}

/** Whether a paid order may take the event: forward along its own way, or a step back its entry allows. */
export function canFulfil(status: OrderStatus, from: FulfilmentStatus, event: FulfilmentEvent, order: FulfilmentOrder = {}): boolean {
  const t = FULFILMENT_TRANSITIONS[event];
  const method = order.method ?? 'delivery';
  if (!isFulfillable(status) || !t.methods.includes(method)) return false;
  if (t.paidOnly && status !== FULFILLABLE_STATUS) return false;
  if (t.back) return t.back.from.includes(from) && (!t.back.onlyAfterFailedDelivery || order.deliveryFailed === true);
  return canAdvanceFulfilment(from, t.to, method);
}

/** What the customer and the merchant are shown for each status. */
export const ORDER_STATUS_SHOWN: Readonly<Record<OrderStatus, { customer: string; merchant: string }>> = Object.freeze({
  pending: { customer: 'Pending', merchant: 'Pending' },
  confirmed: { customer: 'Confirmed', merchant: 'Pay on delivery' },
  completed: { customer: 'Completed', merchant: 'Completed' },
  failed: { customer: 'Failed', merchant: 'Failed' },
  cancelled: { customer: 'Cancelled', merchant: 'Cancelled' },
  // The customer's order is cancelled either way; the order's progress says the refund is on its way.
  refund_requested: { customer: 'Cancelled', merchant: 'Refund requested' },
});

/** 'This order is …' where the status's name does not read as a sentence. */
const STATE_IN_A_SENTENCE: Partial<Record<OrderStatus, string>> = {
  refund_requested: 'waiting for its refund',
  confirmed: 'to be paid on delivery',
};

/** The refusal a merchant or log reads when an order may not take an event. */
export function refusedTransitionMessage(from: OrderStatus | null, event: OrderEvent | FulfilmentEvent): string {
  const means = isOrderEvent(event) ? ORDER_TRANSITIONS[event].means : FULFILMENT_TRANSITIONS[event].means;
  const now = from === null ? 'new' : (STATE_IN_A_SENTENCE[from] ?? ORDER_STATUS_SHOWN[from].merchant.toLowerCase());
  return `This order is ${now}, so it cannot be ${means}.`;
}

function isOrderEvent(value: string): value is OrderEvent {
  return (ORDER_EVENTS as readonly string[]).includes(value);
}
