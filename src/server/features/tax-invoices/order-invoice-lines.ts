// THE adapter from an order to the lines of its tax invoice: the one place that decides each line's
// KRA tax band. Each product line is in the band the order line kept when it was sold, the delivery
// fee (and a small-order fee, on a line of its own as the same delivery service) in the band the
// order kept for it; each band's VAT, as the order stored it when it was charged
// (order_tax_bands), is shared out over that band's lines in proportion, to the cent. So each line's
// amount is what the customer paid for it (price + its share of VAT), each band's taxable amount plus
// tax is exactly its lines' total, and the invoice's total is what the customer paid. An order priced
// with 'Prices include VAT' has its VAT in its lines already: they go as they are, and the order's
// stored VAT was split out of them the way the invoice splits it (src/domain/vat-inclusive.ts).
// A line with a promotion discount is declared at what was paid, its discount said beside it (dcAmt).
// A line whose goods left a product kept in kg names the product's kg item and its grams (decision 050).
import { allocateCents, type InvoiceLineInput } from '@/domain/etims-invoice';
import type { Cents } from '@/domain/money';
import type { StockUnit } from '@/domain/stock-units';
import { applyRateBp } from '@/domain/money';
import { TAX_BAND_RATE_BP, type TaxBand } from '@/domain/tax-bands';
import { SMALL_ORDER_FEE_LABEL } from '@/domain/small-order';

interface OrderAmounts {
  deliveryFee: Cents;
  /** Charged below the zone's minimum order; declared as the delivery service, in the fee's band. */
  smallOrderFee: Cents;
  pricesIncludeVat: boolean;
  deliveryFeeTaxBand: TaxBand;
  deliveryZoneName: string | null;
}

interface OrderLine {
  productId: string;
  productName: string;
  quantity: number;
  lineTotal: Cents;
  /** The line's share of the order's promotion discount (before VAT unless prices include it). */
  discount?: Cents;
  taxBand: TaxBand;
  /** Sold from stock kept in kg: the grams that left the shelf for this line. */
  grams?: number;
}

/** What the order was charged in VAT per band (the order's stored band rows). */
export type BandTax = ReadonlyMap<TaxBand, Cents>;

export const DELIVERY_ITEM_KEY = 'delivery';
/** The product as a KRA item: in pieces 'product:<id>', in kg 'product:<id>:kg' (another item code, its unit KG). */
export const productItemKey = (productId: string, unit: StockUnit = 'piece') =>
  unit === 'kg' ? `product:${productId}:kg` : `product:${productId}`;

/**
 * A line's discount as the invoice states it, tax included: as it is with prices that include VAT,
 * else with the band's VAT on it (what the customer did not pay). It is said on the line only: the
 * line's amount, and so the band totals, are what the customer paid.
 */
function discountWithVat(discountCents: Cents, band: TaxBand, pricesIncludeVat: boolean): Cents {
  return pricesIncludeVat ? discountCents : discountCents + applyRateBp(discountCents, TAX_BAND_RATE_BP[band]);
}

export function orderInvoiceLines(order: OrderAmounts, lines: readonly OrderLine[], bandTax: BandTax): InvoiceLineInput[] {
  const result: InvoiceLineInput[] = lines.map((line) => ({
    itemKey: productItemKey(line.productId, line.grams === undefined ? 'piece' : 'kg'),
    name: line.productName,
    quantity: line.quantity,
    grossCents: line.lineTotal - (line.discount ?? 0),
    band: line.taxBand,
    ...((line.discount ?? 0) > 0 && { discountCents: discountWithVat(line.discount ?? 0, line.taxBand, order.pricesIncludeVat) }),
    ...(line.grams !== undefined && { grams: line.grams }),
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
  // A line of its own (the receipt shows it apart), as the same KRA item: the delivery service.
  if (order.smallOrderFee > 0) {
    result.push({
      itemKey: DELIVERY_ITEM_KEY,
      name: SMALL_ORDER_FEE_LABEL,
      quantity: 1,
      grossCents: order.smallOrderFee,
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
