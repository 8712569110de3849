// THE adapter from an order to the lines of its tax invoice: the one place that decides each line's
// KRA tax band. Each product line is in the band the order line kept when it was sold, the delivery
// fee in the band the order kept for it; each band's VAT, as the order stored it when it was charged
// (order_tax_bands), is shared out over that band's lines in proportion, to the cent. So each line's
// amount is what the customer paid for it (price + its share of VAT), each band's taxable amount plus
// tax is exactly its lines' total, and the invoice's total is what the customer paid. An order priced
// with 'Prices include VAT' has its VAT in its lines already: they go as they are, and the order's
// stored VAT was split out of them the way the invoice splits it (src/domain/vat-inclusive.ts).
import { allocateCents, type InvoiceLineInput } from '@/domain/etims-invoice';
import type { Cents } from '@/domain/money';
import type { TaxBand } from '@/domain/tax-bands';

interface OrderAmounts {
  deliveryFee: Cents;
  pricesIncludeVat: boolean;
  deliveryFeeTaxBand: TaxBand;
  deliveryZoneName: string | null;
}

interface OrderLine {
  productId: string;
  productName: string;
  quantity: number;
  lineTotal: Cents;
  taxBand: TaxBand;
}

/** What the order was charged in VAT per band (the order's stored band rows). */
export type BandTax = ReadonlyMap<TaxBand, Cents>;

export const DELIVERY_ITEM_KEY = 'delivery';
export const productItemKey = (productId: string) => `product:${productId}`;

export function orderInvoiceLines(order: OrderAmounts, lines: readonly OrderLine[], bandTax: BandTax): InvoiceLineInput[] {
  const result: InvoiceLineInput[] = lines.map((line) => ({
    itemKey: productItemKey(line.productId),
    name: line.productName,
    quantity: line.quantity,
    grossCents: line.lineTotal,
    band: line.taxBand,
  }));
  if (order.deliveryFee > 0) {
    result.push({
      itemKey: DELIVERY_ITEM_KEY,
      name: order.deliveryZoneName ? `Delivery (${order.deliveryZoneName})` : 'Delivery',
      quantity: 1,
      grossCents: order.deliveryFee,
      band: order.deliveryFeeTaxBand,
    });
  }
  if (order.pricesIncludeVat) return result;
  // Before VAT so far: each band's VAT goes onto its lines in proportion to their amounts.
  for (const [band, taxCents] of bandTax) {
    const inBand = result.filter((l) => l.band === band);
    const shares = allocateCents(
      taxCents,
      inBand.map((l) => l.grossCents),
    );
    inBand.forEach((line, i) => (line.grossCents += shares[i] ?? 0));
  }
  return result;
}
