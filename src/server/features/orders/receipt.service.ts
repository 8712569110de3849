// The receipt of a paid order: the shop's details as the merchant saved them, the order's lines and
// totals, the tax summary per band, the payment Pesapal confirmed and, once KRA's control unit has
// signed the sale, the tax invoice's details. Only the order's owner or an admin may read it; anyone
// else gets 404, so an order's existence is not revealed.
//
// One original per document: the first print view and the first PDF the order's owner receives are
// originals and their times are stored on the order; every later one, and every one the back office
// opens, says COPY.
import { discountRow } from '@/domain/promotions';
import { paymentMethodName } from '@/domain/payment-method';
import { and, eq, isNull } from 'drizzle-orm';
import { formatKES } from '@/domain/money';
import { packedLineText } from '@/domain/packed-line';
import { formatNairobiDateTime } from '@/domain/nairobi-days';
import { formatRateBp } from '@/domain/tax-invoice';
import type { ServerContext } from '../../context';
import { orders, profiles } from '../../db/schema';
import { DomainError, notFound } from '../../errors';
import { loadShopDetails } from '../content/shop-details.service';
import { orderDetail } from './orders.service';
import { signedSaleInvoice, type SignedTaxInvoice } from './receipt-tax-invoice';

export const RECEIPT_NOT_PAID = 'This order is not paid, so it has no receipt yet.';

export interface Receipt {
  shop: { name: string; address: string; phone: string; email: string };
  orderId: string;
  orderNumber: string;
  /** Date and time of payment in Nairobi, e.g. '24 Nov 2026, 14:05'. */
  paidAt: string;
  customerName: string;
  /** A business buyer's KRA PIN and business name, as sent to KRA; null for a consumer sale. */
  buyerPin: string | null;
  businessName: string | null;
  deliveryAddress: string;
  /** The chosen delivery window, 'Thu 27 Nov, 10:00–12:00'; null for an order without one. */
  deliveryWindow: string | null;
  house: string | null;
  directions: string | null;
  /** Each line, with what packing made of it once packing finished ('Weighed 0.650 kg …'; null: as ordered). */
  lines: { name: string; quantity: number; unitPrice: string; total: string; packing?: string | null }[];
  subtotal: string;
  vat: string;
  /** The VAT lines: 'VAT (16%)' alone when one band, else one per band ('VAT exempt on KES 900.00'). */
  vatLines: { label: string; amount: string }[];
  deliveryFee: string;
  /** The promotion's line ('Discount (FISHFRIDAY)', '−KES 130.00'); empty (or left out) for none. */
  discount?: [string, string][];
  /** The small-order fee, when the order was below its zone's minimum; null (or left out) for none. */
  smallOrderFee?: string | null;
  total: string;
  /** Refunds made for the order (its date, why, how much), and with any: what they gave back and the total after them. */
  refunds: { date: string; reason: string; amount: string }[];
  refunded: string | null;
  totalAfterRefunds: string | null;
  paymentMethod: string;
  confirmationCode: string;
  /** 'Pesapal confirmation code', 'M-Pesa receipt' for M-Pesa paid to the shop itself, 'Paid on delivery' for cash. */
  confirmationLabel: string;
  /** Per tax band: its letter, rate, taxable amount and tax. */
  taxBands: { band: string; rate: string; taxable: string; tax: string }[];
  /** Absent until the sale's tax invoice is signed by KRA's control unit: the receipt then says so. */
  taxInvoice: SignedTaxInvoice | null;
  /** A reprint: the original was issued before, or the reader is not the order's customer. */
  copy: boolean;
}

/** Pesapal's method names as a customer knows them. */
function paymentMethodLabel(method: string | null): string {
  const name = paymentMethodName(method);
  return name ? `${name} (Pesapal)` : 'Pesapal';
}

async function isAdmin(ctx: ServerContext, userId: string): Promise<boolean> {
  const [profile] = await ctx.db.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, userId));
  // The people who handle orders in the back office; a rider reads their stops, not receipts.
  return profile?.role === 'owner' || profile?.role === 'staff';
}

async function loadReceipt(
  ctx: ServerContext,
  userId: string,
  orderId: string,
  kind: ReceiptDocument,
): Promise<{ receipt: Receipt; mayBeOriginal: boolean }> {
  const [row] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (!row || (row.userId !== userId && !(await isAdmin(ctx, userId)))) throw notFound('Order not found');
  if (!row.paidAt) throw new DomainError('conflict', 'NOT_PAID', RECEIPT_NOT_PAID);
  const [detail, shop, taxInvoice] = await Promise.all([
    orderDetail(ctx.db, row, ctx.now()),
    loadShopDetails(ctx.db),
    signedSaleInvoice(ctx.db, row.id, ctx.env.ETIMS_ENV),
  ]);
  const mayBeOriginal = row.userId === userId && (kind === 'print' ? row.receiptIssuedAt : row.receiptPdfIssuedAt) === null;
  const receipt: Receipt = {
    shop: { name: ctx.env.SHOP_NAME, address: shop.address, phone: shop.phone, email: shop.email },
    orderId: row.id,
    orderNumber: detail.orderNumber,
    paidAt: formatNairobiDateTime(row.paidAt),
    customerName: row.customerName,
    buyerPin: row.buyerKraPin,
    businessName: row.buyerKraPin ? row.buyerBusinessName : null,
    deliveryAddress: row.deliveryAddress,
    deliveryWindow: detail.deliveryWindow?.label ?? null,
    house: detail.house ?? null,
    directions: detail.directions ?? null,
    lines: detail.items.map((i) => ({
      name: i.product.name,
      quantity: i.quantity,
      unitPrice: formatKES(i.unitPriceCents),
      total: formatKES(i.lineTotalCents),
      packing: i.packing ? packedLineText(i.packing) : null,
    })),
    subtotal: formatKES(row.subtotal),
    vat: formatKES(row.vat),
    vatLines: detail.vatRows.map((v) => ({ label: v.label, amount: formatKES(v.taxCents) })),
    deliveryFee: row.deliveryFee === 0 ? 'FREE' : formatKES(row.deliveryFee),
    smallOrderFee: row.smallOrderFee > 0 ? formatKES(row.smallOrderFee) : null,
    discount: discountRow(row),
    total: formatKES(row.totalAmount),
    ...receiptRefunds(detail),
    paymentMethod: paymentMethodLabel(detail.paymentMethod),
    confirmationCode: detail.confirmationCode ?? (detail.paymentProvider === 'door' ? 'In cash, to the rider' : '-'),
    confirmationLabel: receiptCodeLabel(detail.paymentProvider, detail.paymentMethod),
    // What the order was charged per band, as stored when it was placed.
    taxBands: detail.taxBands.map((b) => ({
      band: b.band,
      rate: formatRateBp(b.rateBp),
      taxable: formatKES(b.taxableCents),
      tax: formatKES(b.taxCents),
    })),
    // Until KRA has signed the sale, the receipt says the tax invoice is pending.
    taxInvoice,
    copy: !mayBeOriginal,
  };
  return { receipt, mayBeOriginal };
}

/** The refunds made, so that the total paid less them is what the sale's tax invoice less its credit notes declares. */
function receiptRefunds(detail: Awaited<ReturnType<typeof orderDetail>>): Pick<Receipt, 'refunds' | 'refunded' | 'totalAfterRefunds'> {
  const made = detail.refunds.filter((r) => r.status === 'refunded');
  if (made.length === 0) return { refunds: [], refunded: null, totalAfterRefunds: null };
  return {
    refunds: made.map((r) => ({ date: formatNairobiDateTime(new Date(r.at)), reason: r.reason, amount: formatKES(r.amountCents) })),
    refunded: formatKES(detail.refundedCents),
    totalAfterRefunds: formatKES(detail.totalAfterRefundsCents),
  };
}

/** The two documents a receipt comes as; each has its own original. */
export type ReceiptDocument = 'print' | 'pdf';

const ISSUED_AT = { print: orders.receiptIssuedAt, pdf: orders.receiptPdfIssuedAt } as const;

/**
 * Renders the order's receipt for the reader and issues it: the customer's first one of each
 * document is the original (its time is stored), any other is a copy. The original is rendered
 * before it is recorded, so a failed render issues nothing; of two at once, only the one that
 * records it stays the original.
 */
export async function issueReceipt<T>(
  ctx: ServerContext,
  userId: string,
  orderId: string,
  kind: ReceiptDocument,
  render: (receipt: Receipt) => Promise<T>,
): Promise<{ receipt: Receipt; document: T }> {
  const { receipt, mayBeOriginal } = await loadReceipt(ctx, userId, orderId, kind);
  const document = await render(receipt);
  if (!mayBeOriginal) return { receipt, document };
  const column = ISSUED_AT[kind];
  const issued = await ctx.db
    .update(orders)
    .set(kind === 'print' ? { receiptIssuedAt: ctx.now() } : { receiptPdfIssuedAt: ctx.now() })
    .where(and(eq(orders.id, orderId), isNull(column)))
    .returning({ id: orders.id });
  if (issued.length > 0) return { receipt, document };
  const copy = { ...receipt, copy: true };
  return { receipt: copy, document: await render(copy) };
}

/** What the receipt's payment code is: Pesapal's, M-Pesa's own receipt (a prompt, or paid at the door), or none for cash. */
function receiptCodeLabel(provider: string | null, method: string | null): string {
  if (provider === 'door') return method === 'Cash' ? 'Paid on delivery' : 'M-Pesa receipt';
  return provider === 'mpesa' ? 'M-Pesa receipt' : 'Pesapal confirmation code';
}
