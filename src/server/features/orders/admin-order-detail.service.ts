// One order in full for the back office: items, customer, delivery, payment attempts with masked
// phones, refunds, a timeline of what happened and what the merchant may do next.
import type { PaymentProvider } from '@/domain/pesapal-refunds';
import { mapLink } from '@/domain/delivery-route';
import type { Cents } from '@/domain/money';
import type { FulfilmentMethod, FulfilmentStatus, RefundStatus } from '@/domain/order-status';
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
import { creditedCents, DELIVERY_FEE_NAME, loadOrderRefundState, orderRefundedCents, type RefundWithLines } from './order-refunds';
import { remainingCents, restockableQuantity, type RefundKind, type RefundMethod, type RefundSource } from '@/domain/partial-refund';
import { orderDeliveryWindow } from '../delivery/delivery-slots.service';
import type { IfUnavailable } from '@/domain/line-choices';
import type { PackedLine } from '@/domain/packed-line';
import { linePacking } from './order-line-packing';

interface AdminOrderItem {
  /** The order line. */
  id: string;
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
  /** What packing made of the line, once packing is finished; null before (or for a line packed as ordered). */
  packing: PackedLine | null;
}

interface AdminPayment {
  id: string;
  status: string;
  /** Who took it: Pesapal's page, an M-Pesa Express prompt, or the rider at the door. */
  provider: PaymentProvider;
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
  /** Where the payment's latest whole refund stands, for its badge; null when none was accepted or is owed by hand. */
  refundStatus: Exclude<RefundStatus, 'refused'> | null;
  /** Who makes (or made) that refund: Pesapal, or M-Pesa's reversal. */
  refundMethod: RefundMethod | null;
  /** Money the order does not need (paid twice, paid after a cancel) that can be refunded on its own. */
  refundable: boolean;
  createdAt: string;
  updatedAt: string;
}

interface AdminRefundLine {
  /** The order line; null for the delivery fee. */
  orderItemId: string | null;
  name: string;
  amountCents: Cents;
  restockQuantity: number;
}

interface AdminRefund {
  id: string;
  transactionId: string;
  /** The money given back. */
  amountCents: Cents;
  /** What its credit note credits: its lines (for a refund without lines, its amount). */
  creditedCents: Cents;
  accepted: boolean;
  /**
   * refused by Pesapal, requested (waiting for the reversal), refunded (by Pesapal or by hand),
   * rejected, or manual_needed (to be made by hand by M-Pesa).
   */
  status: RefundStatus;
  kind: RefundKind;
  method: RefundMethod;
  /** The M-Pesa code of a refund made by hand. */
  mpesaCode: string | null;
  source: RefundSource;
  lines: AdminRefundLine[];
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

/** 'Refund part of this order': what is left to refund of each line, and of the payment. */
interface AdminRefunding {
  /** Whether part of the order may be refunded now (a paid order with money left). */
  open: boolean;
  /** What is left of the payment that pays for the order. */
  paymentLeftCents: Cents;
  lines: {
    /** Null: the delivery fee. */
    orderItemId: string | null;
    name: string;
    quantity: number;
    paidCents: Cents;
    remainingCents: Cents;
    /** Units that can still go back on the shelf. */
    restockable: number;
  }[];
}

export interface AdminOrderDetail {
  order: {
    id: string;
    userId: string;
    status: string;
    fulfilmentStatus: FulfilmentStatus;
    /** Brought by a rider, or collected at the shop. */
    fulfilmentMethod: FulfilmentMethod;
    deliveryFailedReason: string | null;
    subtotalCents: Cents;
    vatCents: Cents;
    /** The VAT lines of what the order was charged per band. */
    vatRows: VatRow[];
    deliveryFeeCents: Cents;
    /** Charged because the order was below its zone's minimum; 0 for none. */
    smallOrderFeeCents: Cents;
    totalCents: Cents;
    /** What refunds made gave back of the order (its own payment's), and the total after them. */
    refundedCents: Cents;
    totalAfterRefundsCents: Cents;
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
    /** When packing was finished, and what it owes the customer back in all; null before. */
    packingFinishedAt: string | null;
    packingRefundCents: Cents | null;
    createdAt: string;
    updatedAt: string;
  };
  account: { email: string | null; name: string | null };
  items: AdminOrderItem[];
  payments: AdminPayment[];
  refunds: AdminRefund[];
  refunding: AdminRefunding;
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
  const [state, { vatRows }, invoices, window] = await Promise.all([
    loadOrderRefundState(db, o),
    orderTax(db, o),
    db.select().from(taxInvoices).where(eq(taxInvoices.orderId, id)).orderBy(asc(taxInvoices.number)),
    orderDeliveryWindow(db, id),
  ]);
  const emails = new Map(records.refunds.map((r) => [r.refund.id, r.email]));
  const names = new Map(state.lines.map((l) => [l.orderItemId ?? 'delivery', l.name]));
  const refunds = state.refunds.map((r) => refundView(r, emails.get(r.refund.id) ?? null, names));
  const settlingId = state.payment?.id ?? settlingPaymentId(o, payments);
  const wholeIds = new Set(
    refunds.filter((r) => r.kind === 'whole' && LIVE_REFUND_STATUSES.includes(r.status)).map((r) => r.transactionId),
  );
  const fulfilment = o.fulfilmentStatus as FulfilmentStatus;
  const refundedCents = orderRefundedCents(state.refunds, state.payment?.id ?? null);
  return {
    order: { ...orderView(o), vatRows, refundedCents, totalAfterRefundsCents: o.totalAmount - refundedCents },
    account: records.account,
    items: records.items.map((i) => itemView(i, o.packingFinishedAt !== null)),
    payments: payments.map((p) => paymentView(p, settlingId, wholeIds, refunds)),
    refunds,
    refunding: {
      open: o.status === 'completed' && state.payment !== null && state.paymentLeftCents > 0,
      paymentLeftCents: Math.max(0, state.paymentLeftCents),
      lines: state.lines.map((l) => ({
        orderItemId: l.orderItemId,
        name: l.name,
        quantity: l.quantity,
        paidCents: l.paidCents,
        remainingCents: remainingCents(l),
        restockable: restockableQuantity(l),
      })),
    },
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
      { status: o.status, fulfilment, method: o.fulfilmentMethod, needsAttention: o.needsAttention },
      settlingId !== null && wholeIds.has(settlingId),
    ),
  };
}

function orderView(o: OrderRecords['order']): Omit<AdminOrderDetail['order'], 'vatRows' | 'refundedCents' | 'totalAfterRefundsCents'> {
  const lat = o.deliveryLatitude;
  const lng = o.deliveryLongitude;
  return {
    id: o.id,
    userId: o.userId,
    status: o.status,
    fulfilmentStatus: o.fulfilmentStatus as FulfilmentStatus,
    fulfilmentMethod: o.fulfilmentMethod,
    subtotalCents: o.subtotal,
    vatCents: o.vat,
    deliveryFeeCents: o.deliveryFee,
    smallOrderFeeCents: o.smallOrderFee,
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
    /** The rider's open 'Could not deliver' (the staff may give the order a new window). */
    deliveryFailedReason: o.deliveryFailedAt ? (o.deliveryFailedReason ?? '') : null,
    needsAttention: o.needsAttention,
    attentionReason: o.attentionReason,
    cancelledReason: o.cancelledReason,
    packingFinishedAt: o.packingFinishedAt?.toISOString() ?? null,
    packingRefundCents: o.packingRefundTotal,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}

function itemView({ item: i, archivedAt }: OrderRecords['items'][number], packingFinished: boolean): AdminOrderItem {
  return {
    id: i.id,
    productId: i.productId,
    productName: i.productName,
    productImageUrl: i.productImageUrl,
    productArchived: archivedAt !== null,
    unitPriceCents: i.unitPrice,
    quantity: i.quantity,
    lineTotalCents: i.lineTotal,
    ifUnavailable: i.ifUnavailable,
    note: i.customerNote,
    packing: linePacking(i, packingFinished),
  };
}

function paymentView(
  p: OrderRecords['payments'][number],
  settlingId: string | null,
  wholeIds: ReadonlySet<string>,
  refunds: readonly AdminRefund[],
): AdminPayment {
  // Oldest first: the last whole refund Pesapal accepted is where the payment's refund stands.
  const latest = refunds.filter((r) => r.transactionId === p.id && r.kind === 'whole' && r.accepted).at(-1);
  return {
    id: p.id,
    status: p.status,
    provider: p.provider,
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
    refunded: wholeIds.has(p.id),
    refundStatus: latest && latest.status !== 'refused' ? latest.status : null,
    refundMethod: latest && latest.status !== 'refused' ? latest.method : null,
    refundable: p.status === 'COMPLETED' && p.id !== settlingId && !wholeIds.has(p.id) && Boolean(p.confirmationCode),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

function refundView({ refund: r, lines }: RefundWithLines, email: string | null, names: ReadonlyMap<string, string>): AdminRefund {
  return {
    id: r.id,
    transactionId: r.transactionId,
    amountCents: r.amount,
    creditedCents: creditedCents({ refund: r, lines }),
    accepted: r.accepted,
    status: r.status,
    kind: r.kind,
    method: r.method,
    mpesaCode: r.mpesaCode,
    source: r.source,
    lines: lines.map((l) => ({
      orderItemId: l.orderItemId,
      name: names.get(l.orderItemId ?? 'delivery') ?? DELIVERY_FEE_NAME,
      amountCents: l.amount,
      restockQuantity: l.restockQuantity,
    })),
    settledAt: r.settledAt?.toISOString() ?? null,
    message: r.message,
    remarks: r.remarks,
    requestedByEmail: email,
    createdAt: r.createdAt.toISOString(),
  };
}
