// What a bookkeeper's exports say about a paid order and its lines: the columns, and how a tax
// invoice's state reads. Money is a plain decimal ('1330.00'), times are Nairobi time.
import { csvAmount, type CsvCell } from './csv';
import type { Cents } from './money';
import { parseDate } from './dates';
import { nairobiDateKey } from './nairobi-days';
import { shortOrderId } from './order-status';
import { paymentMethodName } from './payment-method';
import { nairobiParts } from './peak-hours';
import { kgQuantity } from './stock-units';
import { TAX_BANDS, type TaxBand } from './tax-bands';

const pad = (n: number) => String(n).padStart(2, '0');

/** '2025-03-03 08:00' in Nairobi time: a spreadsheet reads it as a date and time, and sorts it. */
export function csvDateTime(at: Date | string): string {
  const date = parseDate(at);
  const { hour, minute } = nairobiParts(date);
  return `${nairobiDateKey(date)} ${pad(hour)}:${pad(minute)}`;
}

/** A sale's state at KRA, as the bookkeeper reads it. */
export function invoiceStateText(status: string | null): string {
  switch (status ?? 'none') {
    case 'sent':
      return 'Signed by KRA';
    case 'queued':
    case 'failed':
      return 'Waiting for KRA';
    case 'refused':
      return 'Refused by KRA';
    default:
      return 'No tax invoice';
  }
}

export const ORDER_CSV_HEADERS = [
  'Order',
  'Order id',
  'Paid (Nairobi time)',
  'Customer',
  'Phone',
  'Zone',
  'Status',
  'Payment method',
  'Subtotal',
  ...TAX_BANDS.flatMap((b) => [`Band ${b} taxable`, `Band ${b} VAT`]),
  'VAT',
  'Delivery fee',
  'Small-order fee',
  'Rounding',
  'Total charged',
  'Refunded',
  'Net',
  'Tax invoice',
  'Tax invoice status',
  'KRA invoice number',
];

export interface OrderForCsv {
  id: string;
  paidAt: Date | string;
  customerName: string;
  customerPhone: string;
  zone: string | null;
  status: string;
  paymentMethod: string | null;
  subtotal: Cents;
  bands: readonly { band: TaxBand; taxable: Cents; tax: Cents }[];
  vat: Cents;
  deliveryFee: Cents;
  smallOrderFee: Cents;
  rounding: Cents;
  total: Cents;
  refunded: Cents;
  invoiceNumber: number | null;
  invoiceStatus: string | null;
  cuInvoiceNo: string | null;
}

export function orderCsvCells(o: OrderForCsv): CsvCell[] {
  const band = (b: TaxBand) => o.bands.find((x) => x.band === b);
  return [
    shortOrderId(o.id),
    o.id,
    csvDateTime(o.paidAt),
    o.customerName,
    o.customerPhone,
    o.zone,
    o.status,
    paymentMethodName(o.paymentMethod),
    csvAmount(o.subtotal),
    ...TAX_BANDS.flatMap((b) => [csvAmount(band(b)?.taxable ?? 0), csvAmount(band(b)?.tax ?? 0)]),
    csvAmount(o.vat),
    csvAmount(o.deliveryFee),
    csvAmount(o.smallOrderFee),
    csvAmount(o.rounding),
    csvAmount(o.total),
    csvAmount(o.refunded),
    csvAmount(o.total - o.refunded),
    o.invoiceNumber === null ? null : `INV-${o.invoiceNumber}`,
    invoiceStateText(o.invoiceStatus),
    o.cuInvoiceNo,
  ];
}

export const LINE_CSV_HEADERS = [
  'Order',
  'Order id',
  'Paid (Nairobi time)',
  'Product',
  'Variant',
  'Quantity',
  'Kg',
  'Unit price',
  'Band',
  'VAT rate %',
  'VAT',
  'Line total',
  'Line total with VAT',
  'Refunded',
];

export interface LineForCsv {
  orderId: string;
  paidAt: Date | string;
  product: string;
  variant: string;
  quantity: number;
  grams: number | null;
  unitPrice: Cents;
  band: TaxBand;
  rateBp: number;
  vat: Cents;
  lineTotal: Cents;
  /** The order's prices held VAT already ('Prices include VAT'). */
  pricesIncludeVat: boolean;
  refunded: Cents;
}

export function lineCsvCells(l: LineForCsv): CsvCell[] {
  return [
    shortOrderId(l.orderId),
    l.orderId,
    csvDateTime(l.paidAt),
    l.product,
    l.variant,
    l.quantity,
    l.grams === null ? null : kgQuantity(l.grams),
    csvAmount(l.unitPrice),
    l.band,
    l.rateBp / 100,
    csvAmount(l.vat),
    csvAmount(l.lineTotal),
    csvAmount(l.pricesIncludeVat ? l.lineTotal : l.lineTotal + l.vat),
    csvAmount(l.refunded),
  ];
}
