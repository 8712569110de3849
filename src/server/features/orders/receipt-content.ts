// What a receipt says, in order, shared by the print view (HTML) and the PDF so that both show the
// same content: the words, the facts, the tables and the tax invoice's details.
import { SMALL_ORDER_FEE_LABEL } from '@/domain/small-order';
import { controlUnitDateTime, groupsOfFour, kraVerificationUrl } from '@/domain/tax-invoice';
import type { Receipt } from './receipt.service';
import type { SignedTaxInvoice } from './receipt-tax-invoice';

/** The shop's phone and mail under its address, with what the merchant left empty left out. */
export function shopContactLine(shop: Receipt['shop'], separator: string): string {
  return [shop.phone, shop.email]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(separator);
}

/** Printed large on every receipt after the original. */
export const COPY_MARK = 'COPY';
export const TAX_INVOICE_PENDING = 'Tax invoice pending';
export const TAX_INVOICE_PENDING_NOTE = "KRA's control unit has not signed this sale yet; its details are added here once it has.";
export const TAX_INVOICE_HEADING = 'Tax invoice (KRA eTIMS)';
export const TAX_SUMMARY_HEADING = 'Tax summary';
export const LINES_HEADING = 'What you bought';
export const VERIFY_LABEL = 'Verify this invoice at KRA';

export const REFUNDS_HEADING = 'Refunds';

export const LINE_COLUMNS = ['Item', 'Qty', 'Unit price', 'Amount'] as const;
export const REFUND_COLUMNS = ['Date', 'Reason', 'Amount'] as const;
export const TAX_BAND_COLUMNS = ['Band', 'Rate', 'Taxable amount', 'Tax'] as const;

/** A line's name, with what packing made of it: 'Tilapia — Large — weighed 0.650 kg (about 0.700 kg ordered) · KES 95.00 back'. */
export function receiptLineName(l: Receipt['lines'][number]): string {
  return l.packing ? `${l.name} — ${l.packing.charAt(0).toLowerCase()}${l.packing.slice(1)}` : l.name;
}

export const receiptTitle = (r: Receipt) => `Receipt for order #${r.orderNumber}`;
export const documentTitle = (r: Receipt) => `Receipt #${r.orderNumber} - ${r.shop.name}`;

export function receiptTotals(r: Receipt): [string, string][] {
  return [
    ['Subtotal', r.subtotal],
    ...(r.discount ?? []),
    ...r.vatLines.map((v): [string, string] => [v.label, v.amount]),
    ['Delivery fee', r.deliveryFee],
    ...(r.smallOrderFee ? ([[SMALL_ORDER_FEE_LABEL, r.smallOrderFee]] as [string, string][]) : []),
    ['Total paid', r.total],
    // The last row is the one that counts: after refunds, what the customer paid for in the end.
    ...(r.refunded && r.totalAfterRefunds
      ? ([
          ['Refunded', `-${r.refunded}`],
          ['Total after refunds', r.totalAfterRefunds],
        ] as [string, string][])
      : []),
  ];
}

/** Each refund made: when, why, how much. */
export function refundRows(r: Receipt): [string, string, string][] {
  return r.refunds.map((f) => [`${f.date} (Nairobi time)`, f.reason, f.amount]);
}

export function receiptFacts(r: Receipt): [string, string][] {
  return [
    ['Order number', `#${r.orderNumber}`],
    ['Date', `${r.paidAt} (Nairobi time)`],
    ['Customer', r.customerName],
    ...(r.businessName ? ([['Business name', r.businessName]] as [string, string][]) : []),
    ...(r.buyerPin ? ([['Buyer PIN', r.buyerPin]] as [string, string][]) : []),
    // A pick-up order has no address: it was collected at the shop.
    r.deliveryAddress ? ['Delivery address', r.deliveryAddress] : ['Pick-up', 'At the shop'],
    ...(r.deliveryWindow
      ? ([[r.deliveryAddress ? 'Delivery window' : 'Pick-up window', `${r.deliveryWindow} (Nairobi time)`]] as [string, string][])
      : []),
    ...(r.house ? ([['House', r.house]] as [string, string][]) : []),
    ...(r.directions ? ([['Directions for the rider', r.directions]] as [string, string][]) : []),
    ['Payment method', r.paymentMethod],
    [r.confirmationLabel, r.confirmationCode],
  ];
}

/** The signed invoice's details as KRA's template prints them. */
export function taxInvoiceFacts(t: SignedTaxInvoice): [string, string][] {
  const { date, time } = controlUnitDateTime(t.cuDateTime);
  return [
    ['Seller', t.sellerName],
    ['Seller KRA PIN', t.sellerPin],
    ['CU ID', t.cuId],
    ['CU invoice number', t.cuInvoiceNumber],
    ['CU date', date],
    ['CU time', time],
    ['Internal data', groupsOfFour(t.internalData)],
    ['Receipt signature', groupsOfFour(t.receiptSignature)],
  ];
}

/** Where the QR code leads: the invoice on KRA's verification portal. */
export const verificationUrl = (t: SignedTaxInvoice) => kraVerificationUrl(t.sellerPin, t.branchId, t.receiptSignature, t.environment);
