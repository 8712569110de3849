// The order screen's timeline: what happened to one order, oldest first (placed, payments and
// Pesapal's notices, stock, refunds, the merchant's actions).
import { formatStockChange, type StockUnit } from '@/domain/stock-units';
import { formatKES } from '@/domain/money';
import type { RefundMethod } from '@/domain/partial-refund';
import type { OrderRecords } from './admin-order-records';

export interface TimelineEvent {
  at: string;
  kind: 'order' | 'payment' | 'stock' | 'admin';
  title: string;
  detail: string | null;
}

/** What became of a refund, on the timeline at the time it was recorded. */
const REFUND_ENDINGS: Readonly<Record<'refunded' | 'rejected', string>> = {
  refunded: 'Refund made: Pesapal reversed the payment',
  rejected: 'Refund rejected: the money stays with the shop',
};

interface TimelineRefund {
  createdAt: string;
  accepted: boolean;
  status: string;
  settledAt: string | null;
  message: string | null;
  kind: 'whole' | 'partial';
  method: RefundMethod;
  mpesaCode: string | null;
  amountCents: number;
}

/** How a refund began: accepted by Pesapal or M-Pesa, refused, or left to be made by hand. */
function refundStart(refund: TimelineRefund): string {
  const what = refund.kind === 'partial' ? `Partial refund of ${formatKES(refund.amountCents)}` : 'Refund';
  // A reversal that failed is left by hand; its start was still the request to M-Pesa.
  if (refund.method === 'mpesa_reversal') return `${what} asked of M-Pesa as a reversal`;
  if (refund.accepted) return `${what} requested from Pesapal (accepted)`;
  if (refund.status === 'manual_needed' || refund.method === 'manual') return `${what} to be made by hand by M-Pesa`;
  return refund.kind === 'partial' ? `${what} refused by Pesapal` : 'Refund request refused by Pesapal';
}

function refundEnding(refund: TimelineRefund): string | null {
  if (!refund.settledAt) return null;
  if (refund.status === 'refunded' && refund.method === 'manual') return `Refund made by hand by M-Pesa (${refund.mpesaCode ?? ''})`;
  if (refund.status === 'refunded' && refund.method === 'mpesa_reversal') return 'Refund made: M-Pesa reversed the payment';
  if (refund.status === 'refunded' && refund.kind === 'partial') return 'Partial refund made by Pesapal';
  return refund.status === 'refunded' || refund.status === 'rejected' ? REFUND_ENDINGS[refund.status] : null;
}

export function orderTimeline(r: OrderRecords, refunds: readonly TimelineRefund[]): TimelineEvent[] {
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
      title: stockEventTitle(m.kind, m.quantity, m.unit, productName),
      detail: m.reason,
    })),
    ...refunds.map((refund) => ({
      at: refund.createdAt,
      kind: 'payment' as const,
      title: refundStart(refund),
      detail: refund.message,
    })),
    ...refunds.flatMap((refund) => {
      const title = refundEnding(refund);
      return title && refund.settledAt ? [{ at: refund.settledAt, kind: 'payment' as const, title, detail: null }] : [];
    }),
    ...r.adminEvents.map(({ log, email, name }) => ({
      at: log.createdAt.toISOString(),
      kind: 'admin' as const,
      ...(log.action === 'ORDER_RESCHEDULE'
        ? rescheduleEvent(log.details, name || email)
        : { title: adminEventTitle(log.action, log.details), detail: adminEventDetail(log.details, email) }),
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));
}

const STOCK_EVENT_TITLES: Record<string, string> = {
  reservation: 'Stock reserved',
  release: 'Stock released',
  sale: 'Stock sold',
  restock: 'Stock put back',
  adjustment: 'Stock adjusted',
  substitution: 'Substitute sent',
};

function stockEventTitle(kind: string, quantity: number, unit: StockUnit, productName: string): string {
  // A sale of reserved stock changes nothing on the shelf (quantity 0): the reservation became the sale.
  const change = quantity === 0 ? '(from the reservation)' : formatStockChange(unit, quantity);
  return `${STOCK_EVENT_TITLES[kind] ?? kind}: ${productName} ${change}`;
}

const ADMIN_EVENT_TITLES: Record<string, string> = {
  ORDER_FULFILMENT: 'Fulfilment step',
  ORDER_CANCEL: 'Order cancelled by the shop',
  ORDER_REFUND: 'Refund requested',
  PAYMENT_REFUND: 'Refund of a single payment requested',
  REFUND_REJECTED: 'Refund marked rejected (seen in Pesapal)',
  ORDER_REFUNDED: 'Order cancelled: Pesapal made its refund',
  ORDER_REVERSED: 'Order cancelled: M-Pesa reversed the payment',
  MPESA_REVERSAL_FAILED: 'M-Pesa did not reverse the payment: to be made by hand',
  ORDER_PART_REFUND: 'Partial refund asked for',
  ORDER_PART_REFUND_REFUSED: 'Partial refund not accepted by Pesapal: to be made by hand',
  ORDER_PART_REFUNDED: 'Partial refund made',
  REFUND_RECORDED_BY_HAND: 'M-Pesa refund made by hand recorded',
  REFUND_WITHDRAWN: 'Refund withdrawn by the owner: not paid',
  ORDER_ATTENTION_RESOLVED: 'Marked resolved',
  PAYMENT_STATUS_CHECK: 'Payment status checked',
  ORDER_RIDER_ASSIGN: 'Rider',
  ORDER_NOT_DELIVERED: 'Could not deliver',
  ORDER_DOOR_PROMPT: 'M-Pesa prompt sent by the rider at the door',
  ORDER_PAID_AT_DOOR: 'Paid to the rider on delivery',
  ORDER_REFUSED_AT_DOOR: 'Refused at the door: cancelled, goods back in stock',
  RIDER_CASH_UP: 'Cash handed in by the rider',
  ORDER_PACKING_LINE: 'Packing',
  ORDER_PACKED: 'Packing finished',
};

/**
 * 'Moved to Fri 4 Dec, 10:00–12:00 by Amina' (the staff) or '… by the customer' (from the link in
 * her SMS), with the window it had before.
 */
function rescheduleEvent(details: unknown, staff: string | null): { title: string; detail: string | null } {
  const d = details as { from?: unknown; to?: unknown; via?: unknown } | null;
  const to = typeof d?.to === 'string' ? d.to : 'a new window';
  const by = d?.via === 'customer_link' ? 'the customer' : (staff ?? 'the shop');
  return { title: `Moved to ${to} by ${by}`, detail: typeof d?.from === 'string' ? `Was ${d.from}` : null };
}

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
