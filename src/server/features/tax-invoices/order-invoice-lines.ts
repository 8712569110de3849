// THE adapter from an order to the lines of its tax invoice: the one place that decides each
// line's KRA tax band. Until products carry their own bands, every product line is band B (16 %)
// and the order's VAT is shared out over the lines in proportion, to the cent, so each line's
// amount is what the customer paid for it (price + its share of VAT) and the band's taxable amount
// plus tax is exactly the lines' total. The delivery fee is a line of its own in the band
// ETIMS_DELIVERY_BAND (default D, no VAT: the fee carries none today), so the invoice's total is
// what the customer paid.
import { allocateCents, type InvoiceLineInput, type TaxBand } from '@/domain/tax-invoice';
import type { Cents } from '@/domain/money';

interface OrderAmounts {
  vat: Cents;
  deliveryFee: Cents;
  deliveryZoneName: string | null;
}

interface OrderLine {
  productId: string;
  productName: string;
  quantity: number;
  lineTotal: Cents;
}

export const DELIVERY_ITEM_KEY = 'delivery';
export const productItemKey = (productId: string) => `product:${productId}`;

export function orderInvoiceLines(order: OrderAmounts, lines: readonly OrderLine[], deliveryBand: TaxBand): InvoiceLineInput[] {
  const vatShares = allocateCents(
    order.vat,
    lines.map((l) => l.lineTotal),
  );
  const result: InvoiceLineInput[] = lines.map((line, i) => ({
    itemKey: productItemKey(line.productId),
    name: line.productName,
    quantity: line.quantity,
    grossCents: line.lineTotal + (vatShares[i] ?? 0),
    band: 'B',
  }));
  if (order.deliveryFee > 0) {
    result.push({
      itemKey: DELIVERY_ITEM_KEY,
      name: order.deliveryZoneName ? `Delivery (${order.deliveryZoneName})` : 'Delivery',
      quantity: 1,
      grossCents: order.deliveryFee,
      band: deliveryBand,
    });
  }
  return result;
}
