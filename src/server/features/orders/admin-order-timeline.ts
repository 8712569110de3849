// The order screen's timeline: what happened to one order, oldest first (placed, payments and
// Pesapal's notices, stock, refunds, the merchant's actions).
import type { OrderRecords } from './admin-order-records';

export interface TimelineEvent {
  at: string;
  kind: 'order' | 'payment' | 'stock' | 'admin';
  title: string;
  detail: string | null;
}

/** What became of a refund Pesapal accepted, on the timeline at the time it was recorded. */
const REFUND_ENDINGS: Readonly<Record<'refunded' | 'rejected', string>> = {
  refunded: 'Refund made: Pesapal reversed the payment',
  rejected: 'Refund rejected: the money stays with the shop',
};

export function orderTimeline(
  r: OrderRecords,
  refunds: readonly { createdAt: string; accepted: boolean; status: string; settledAt: string | null; message: string | null }[],
): TimelineEvent[] {
  return [
    { at: r.order.createdAt.toISOString(), kind: 'order' as const, title: 'Order placed', detail: null },
    ...r.payments.map((p) => ({
      at: p.createdAt.toISOString(),
      kind: 'payment' as const,
      title: 'Payment started at Pesapal',
      detail: p.pesapalTrackingId ? `Tracking id ${p.pesapalTrackingId}` : null,
    })),
    ...r.notifications.map((n) => ({
      at: n.createdAt.toISOString(),
      kind: 'payment' as const,
      title: `Pesapal notification (${n.source}${n.notificationType ? `, ${n.notificationType}` : ''})`,
      // Repeats of an IPN are counted on one row (decision 010).
      detail:
        n.count > 1 ? `${n.outcome ?? 'not processed'}; received ${n.count} times, the last at ${n.lastSeenAt.toISOString()}` : n.outcome,
    })),
    ...r.movements.map(({ movement: m, productName }) => ({
      at: m.createdAt.toISOString(),
      kind: 'stock' as const,
      title: stockEventTitle(m.kind, m.quantity, productName),
      detail: m.reason,
    })),
    ...refunds.map((refund) => ({
      at: refund.createdAt,
      kind: 'payment' as const,
      title: refund.accepted ? 'Refund requested from Pesapal (accepted)' : 'Refund request refused by Pesapal',
      detail: refund.message,
    })),
    ...refunds.flatMap((refund) =>
      (refund.status === 'refunded' || refund.status === 'rejected') && refund.settledAt
        ? [{ at: refund.settledAt, kind: 'payment' as const, title: REFUND_ENDINGS[refund.status], detail: null }]
        : [],
    ),
    ...r.adminEvents.map(({ log, email }) => ({
      at: log.createdAt.toISOString(),
      kind: 'admin' as const,
      title: adminEventTitle(log.action, log.details),
      detail: adminEventDetail(log.details, email),
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));
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
  REFUND_REJECTED: 'Refund marked rejected (seen in Pesapal)',
  ORDER_REFUNDED: 'Order cancelled: Pesapal made its refund',
  ORDER_ATTENTION_RESOLVED: 'Marked resolved',
  PAYMENT_STATUS_CHECK: 'Payment status checked',
  ORDER_RIDER_ASSIGN: 'Rider',
  ORDER_NOT_DELIVERED: 'Could not deliver',
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
