// Status vocabularies, and the payment's transitions. The order's own life (which event moves it
// from which status) is the table in order-lifecycle.ts.
// Payment moves only forward, with one way back from FAILED: a customer whose card was declined can
// retry on the same Pesapal page and pay, and money taken must never be ignored.

// 'refund_requested': a paid order the shop asked Pesapal to refund; it stays there until Pesapal
// reverses the payment (then 'cancelled') or the refund is rejected (then 'completed' again).
// 'confirmed': an order to be paid on delivery, confirmed without payment; the rider's collection
// makes it 'completed', a refusal at the door 'cancelled'.
export const ORDER_STATUSES = ['pending', 'confirmed', 'completed', 'failed', 'cancelled', 'refund_requested'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_STATUSES = ['PENDING', 'COMPLETED', 'FAILED', 'REVERSED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * A refund: 'refused' (Pesapal did not accept it), 'requested' (accepted, waiting for the merchant's
 * approval in Pesapal's dashboard), 'refunded' (Pesapal made it, or the owner did by M-Pesa),
 * 'rejected' (the money stays with the shop), 'manual_needed' (Pesapal would not make it: the owner
 * refunds by M-Pesa and records the code), 'withdrawn' (one left to be made by hand that the owner
 * decided not to pay: no money moved).
 */
export const REFUND_STATUSES = ['refused', 'requested', 'refunded', 'rejected', 'manual_needed', 'withdrawn'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * In order of the steps. 'out_for_delivery' is a delivered order's step and 'ready_for_pickup' a
 * pick-up order's; an order takes one or the other, and 'delivered' ends both (a collected order is
 * delivered). Which event moves which order is the table in order-lifecycle.ts.
 */
export const FULFILMENT_STATUSES = ['unfulfilled', 'processing', 'out_for_delivery', 'ready_for_pickup', 'delivered'] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];

export const FULFILMENT_LABELS: Readonly<Record<FulfilmentStatus, string>> = Object.freeze({
  unfulfilled: 'Unfulfilled',
  processing: 'Processing',
  out_for_delivery: 'Out for delivery',
  ready_for_pickup: 'Ready for pick-up',
  delivered: 'Delivered',
});

/** How the customer gets the order: brought by a rider, or collected at the shop. */
export const FULFILMENT_METHODS = ['delivery', 'pickup'] as const;
export type FulfilmentMethod = (typeof FULFILMENT_METHODS)[number];

/** Order history lists only orders past their payment (a refund being requested, and one to pay on delivery, included). */
export const HISTORY_STATUSES = ['confirmed', 'completed', 'failed', 'cancelled', 'refund_requested'] as const;
export type HistoryStatus = (typeof HISTORY_STATUSES)[number];

export type BadgeColor = 'green' | 'blue' | 'red' | 'grey';

function isOneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (list as readonly string[]).includes(value);
}

export const isOrderStatus = (value: unknown): value is OrderStatus => isOneOf(ORDER_STATUSES, value);
export const isPaymentStatus = (value: unknown): value is PaymentStatus => isOneOf(PAYMENT_STATUSES, value);
export const isFulfilmentStatus = (value: unknown): value is FulfilmentStatus => isOneOf(FULFILMENT_STATUSES, value);
export const isHistoryStatus = (value: unknown): value is HistoryStatus => isOneOf(HISTORY_STATUSES, value);

export function badgeColor(status: string): BadgeColor {
  switch (status) {
    case 'completed':
      return 'green';
    case 'processing':
    case 'confirmed':
      return 'blue';
    case 'cancelled':
    case 'refund_requested':
      return 'red';
    default:
      return 'grey';
  }
}

/** Whether the customer reads the order as ended (cancelled, or cancelled with its refund on the way). */
export function isCancelledForCustomer(status: string): boolean {
  return status === 'cancelled' || status === 'refund_requested';
}

/** 'pending' → 'Pending' for status badges. */
export function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** 'Order #' label: the first 8 characters of the id. */
export function shortOrderId(id: string): string {
  return id.slice(0, 8);
}

/** A short order reference as written after '#' (the first 8 hex digits of the id). */
export const ORDER_REF_PATTERN = /^[0-9a-f]{8}$/i;

const PAYMENT_TRANSITIONS: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  PENDING: ['COMPLETED', 'FAILED'],
  COMPLETED: ['REVERSED'],
  FAILED: ['COMPLETED'],
  REVERSED: [],
};

export function canTransitionPayment(from: PaymentStatus, to: PaymentStatus): boolean {
  return PAYMENT_TRANSITIONS[from].includes(to);
}

/**
 * Forward only (skipping steps is allowed), along the order's own way: a delivered order never
 * becomes ready for pick-up, a pick-up order never goes out for delivery. Whether the order is paid
 * is checked by the caller.
 */
export function canAdvanceFulfilment(from: FulfilmentStatus, to: FulfilmentStatus, method: FulfilmentMethod = 'delivery'): boolean {
  const offWay: FulfilmentStatus = method === 'pickup' ? 'out_for_delivery' : 'ready_for_pickup';
  if (from === offWay || to === offWay) return false;
  return FULFILMENT_STATUSES.indexOf(to) > FULFILMENT_STATUSES.indexOf(from);
}
