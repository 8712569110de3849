// The customer's orders as a spreadsheet: one row per line, with the order's figures on each.
import { csvAmount, toCsv } from '@/domain/csv';
import type { DataExport } from './data-export.service';

const HEADERS = [
  'order_id',
  'placed_at',
  'status',
  'fulfilment',
  'delivery_address',
  'product',
  'variant',
  'quantity',
  'unit_price',
  'line_total',
  'line_discount',
  'order_delivery_fee',
  'order_discount',
  'order_total',
  'currency',
  'payment_status',
] as const;

export function ordersCsv(orders: DataExport['orders']): string {
  const rows = orders.flatMap((o) =>
    o.lines.map((l) => [
      o.id,
      o.placedAt,
      o.status,
      o.fulfilmentMethod,
      o.deliveryAddress,
      l.product,
      l.variant,
      l.quantity,
      csvAmount(l.unitPriceCents),
      csvAmount(l.lineTotalCents),
      csvAmount(l.discountCents),
      csvAmount(o.deliveryFeeCents),
      csvAmount(o.discountCents),
      csvAmount(o.totalCents),
      o.currency,
      o.paymentStatus,
    ]),
  );
  return toCsv(HEADERS, rows);
}
