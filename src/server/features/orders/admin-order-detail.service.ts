// One order in full for the back office: items, customer, delivery, payment attempts with masked
// phones, refunds, a timeline of what happened and what the merchant may do next.
import { mapLink } from '@/domain/delivery-route';
import type { Cents } from '@/domain/money';
import type { FulfilmentStatus, RefundStatus } from '@/domain/order-status';
import { maskPhone } from '@/domain/phone-mask';
import type { VatRow } from '@/domain/tax-bands';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { taxInvoices } from '../../db/schema';
import { notFound } from '../../errors';
import { invoiceReference } from '../tax-invoices/tax-invoice-sender';
import { orderActions, type OrderActions } from './admin-order-next-actions';
import { loadOrderRecords, type OrderRecords } from './admin-order-records';
import { orderTimeline, type TimelineEvent } from './admin-order-timeline';
import { orderTax } from './order-tax-bands';
import { LIVE_REFUND_STATUSES, settlingPaymentId } from './admin-refund-request';
import { orderDeliveryWindow } from '../delivery/delivery-slots.service';
import type { IfUnavailable } from '@/domain/line-choices';

interface AdminOrderItem {
  productId: string;
  productName: string;
  productImageUrl: string | null;
  productArchived: boolean;
  unitPriceCents: Cents;
  quantity: number;
  lineTotalCents: Cents;
  /** What the customer asked for if it has run out, and her note for the line ('' for none). */
  ifUnavailable: IfUnavailable;
  note: string;
}

interface AdminPayment {
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
  /** Collected less than the amount (negative: more), in cents: mobile money in whole shillings. */
  roundingCents: number;
  /** The payment that pays for this (completed) order; refunded only by cancelling the order. */
  settlesOrder: boolean;
  /** A refund of this payment was accepted by Pesapal and not rejected (waiting for the reversal, or made). */
  refunded: boolean;
  /** Where the payment's latest accepted refund stands, for its badge; null when none was accepted. */
  refundStatus: Exclude<RefundStatus, 'refused'> | null;
  /** Money the order does not need (paid twice, paid after a cancel) that can be refunded on its own. */
  refundable: boolean;
  createdAt: string;
  updatedAt: string;
}

interface AdminRefund {
  id: string;
  transactionId: string;
  amountCents: Cents;
  accepted: boolean;
  /** refused by Pesapal, requested (waiting for the reversal), refunded, or rejected. */
  status: RefundStatus;
  /** When the reversal or the rejection was recorded. */
  settledAt: string | null;
  message: string | null;
  remarks: string;
  requestedByEmail: string | null;
  createdAt: string;
}

/** The order's sale (and credit note) as declared to KRA. */
interface AdminTaxInvoice {
  id: string;
  /** The shop's number, 'INV-n' or 'CRN-n'. */
  reference: string;
  kind: 'sale' | 'credit_note';
  status: string;
  totalCents: Cents;
  /** KRA's CU invoice number, once KRA signed it. */
  cuInvoiceNo: string | null;
  /** KRA's message when it refused the invoice. */
  kraMessage: string | null;
}

export interface AdminOrderDetail {
  order: {
    id: string;
    userId: string;
    status: string;
    fulfilmentStatus: FulfilmentStatus;
    subtotalCents: Cents;
    vatCents: Cents;
    /** The VAT lines of what the order was charged per band. */
    vatRows: VatRow[];
    deliveryFeeCents: Cents;
    totalCents: Cents;
    currency: string;
    customerName: string;
    customerEmail: string;
    customerPhone: string;
    deliveryAddress: string;
    deliveryBuilding: string | null;
    deliveryDirections: string | null;
    /** The customer's note for the shop; '' for none. */
    customerNote: string;
    deliveryLatitude: number | null;
    deliveryLongitude: number | null;
    mapUrl: string;
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
  taxInvoices: AdminTaxInvoice[];
  /** The delivery window the customer chose at checkout ('Sat 28 Nov, 10:00–12:00'); null for older orders. */
  deliveryWindow: string | null;
  timeline: TimelineEvent[];
  actions: OrderActions;
}

export async function getOrderDetail(db: DbOrTx, id: string): Promise<AdminOrderDetail> {
  const records = await loadOrderRecords(db, id);
  if (!records) throw notFound('Order not found');
  const { order: o, payments } = records;
  const refunds = records.refunds.map(refundView);
  const settlingId = settlingPaymentId(o, payments);
  const refundedIds = new Set(refunds.filter((r) => LIVE_REFUND_STATUSES.includes(r.status)).map((r) => r.transactionId));
  const fulfilment = o.fulfilmentStatus as FulfilmentStatus;
  const [{ vatRows }, invoices, window] = await Promise.all([
    orderTax(db, o),
    db.select().from(taxInvoices).where(eq(taxInvoices.orderId, id)).orderBy(asc(taxInvoices.number)),
    orderDeliveryWindow(db, id),
  ]);
  return {
    order: { ...orderView(o), vatRows },
    account: records.account,
    items: records.items.map(itemView),
    payments: payments.map((p) => paymentView(p, settlingId, refundedIds, refunds)),
    refunds,
    taxInvoices: invoices.map((t) => ({
      id: t.id,
      reference: invoiceReference(t),
      kind: t.kind,
      status: t.status,
      totalCents: t.total,
      cuInvoiceNo: t.status === 'sent' ? t.cuInvoiceNo : null,
      kraMessage: t.status === 'refused' ? t.resultMessage : null,
    })),
    deliveryWindow: window?.label ?? null,
    timeline: orderTimeline(records, refunds),
    actions: orderActions(
      { status: o.status, fulfilment, needsAttention: o.needsAttention },
      settlingId !== null && refundedIds.has(settlingId),
    ),
  };
}

function orderView(o: OrderRecords['order']): Omit<AdminOrderDetail['order'], 'vatRows'> {
  const lat = o.deliveryLatitude;
  const lng = o.deliveryLongitude;
  return {
    id: o.id,
    userId: o.userId,
    status: o.status,
    fulfilmentStatus: o.fulfilmentStatus as FulfilmentStatus,
    subtotalCents: o.subtotal,
    vatCents: o.vat,
    deliveryFeeCents: o.deliveryFee,
    totalCents: o.totalAmount,
    currency: o.currency,
    customerName: o.customerName,
    customerEmail: o.customerEmail,
    customerPhone: o.customerPhone,
    deliveryAddress: o.deliveryAddress,
    deliveryBuilding: o.deliveryBuilding,
    deliveryDirections: o.deliveryDirections,
    customerNote: o.customerNote,
    deliveryLatitude: lat,
    deliveryLongitude: lng,
    // Directions as the rider gets them: to the map point when known, else to the address.
    mapUrl: mapLink({ lat, lng, address: o.deliveryAddress }),
    deliveryDistanceKm: o.deliveryDistanceKm === null ? null : Number(o.deliveryDistanceKm),
    deliveryZoneName: o.deliveryZoneName,
    estimatedDeliveryMins: o.estimatedDeliveryMins,
    needsAttention: o.needsAttention,
    attentionReason: o.attentionReason,
    cancelledReason: o.cancelledReason,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}

function itemView({ item: i, archivedAt }: OrderRecords['items'][number]): AdminOrderItem {
  return {
    productId: i.productId,
    productName: i.productName,
    productImageUrl: i.productImageUrl,
    productArchived: archivedAt !== null,
    unitPriceCents: i.unitPrice,
    quantity: i.quantity,
    lineTotalCents: i.lineTotal,
    ifUnavailable: i.ifUnavailable,
    note: i.customerNote,
  };
}

function paymentView(
  p: OrderRecords['payments'][number],
  settlingId: string | null,
  refundedIds: ReadonlySet<string>,
  refunds: readonly AdminRefund[],
): AdminPayment {
  // Oldest first: the last accepted one is where the payment's refund stands.
  const latest = refunds.filter((r) => r.transactionId === p.id && r.status !== 'refused').at(-1);
  return {
    id: p.id,
    status: p.status,
    trackingId: p.pesapalTrackingId,
    merchantReference: p.merchantReference,
    amountCents: p.amount,
    currency: p.currency,
    phone: maskPhone(p.customerPhone),
    paymentMethod: p.paymentMethod,
    confirmationCode: p.confirmationCode,
    statusDescription: p.statusDescription,
    amountMismatch: p.amountMismatch,
    roundingCents: p.rounding,
    settlesOrder: p.id === settlingId,
    refunded: refundedIds.has(p.id),
    refundStatus: latest && latest.status !== 'refused' ? latest.status : null,
    refundable: p.status === 'COMPLETED' && p.id !== settlingId && !refundedIds.has(p.id) && Boolean(p.confirmationCode),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

function refundView({ refund: r, email }: OrderRecords['refunds'][number]): AdminRefund {
  return {
    id: r.id,
    transactionId: r.transactionId,
    amountCents: r.amount,
    accepted: r.accepted,
    status: r.status,
    settledAt: r.settledAt?.toISOString() ?? null,
    message: r.message,
    remarks: r.remarks,
    requestedByEmail: email,
    createdAt: r.createdAt.toISOString(),
  };
}
