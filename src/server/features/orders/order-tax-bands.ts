// What an order was charged per VAT band, as stored when it was placed (never recomputed from the
// products' bands today), and the VAT lines its pages and receipt show.
import { asc, eq } from 'drizzle-orm';
import { TAX_BAND_RATE_BP, vatRows, type BandTotal, type VatRow } from '@/domain/tax-bands';
import type { DbOrTx } from '../../db/client';
import { orderTaxBands, type orders } from '../../db/schema';

type OrderRow = typeof orders.$inferSelect;

export interface OrderTax {
  bands: BandTotal[];
  vatRows: VatRow[];
}

export async function orderTax(db: DbOrTx, order: OrderRow): Promise<OrderTax> {
  const rows = await db.select().from(orderTaxBands).where(eq(orderTaxBands.orderId, order.id)).orderBy(asc(orderTaxBands.band));
  const bands: BandTotal[] = rows.map((r) => ({
    band: r.band,
    rateBp: r.rateBp,
    taxableCents: r.taxableAmount,
    taxCents: r.taxAmount,
    totalCents: r.totalAmount,
  }));
  // An order row written without its bands (only by hand, e.g. test fixtures): as before bands.
  if (bands.length === 0) bands.push(...legacyBands(order));
  // The fees (delivery and a small-order fee) are in one band: the VAT lines count the goods apart from them.
  const fees = order.deliveryFee + order.smallOrderFee;
  const delivery = fees > 0 ? { band: order.deliveryFeeTaxBand, feeCents: fees } : null;
  return { bands, vatRows: vatRows(bands, delivery, order.pricesIncludeVat) };
}

/** As the migration to bands recorded the orders before them: the lines in B at 16%, the fee in D without VAT. */
function legacyBands(order: OrderRow): BandTotal[] {
  const { subtotal, vat, deliveryFee } = order;
  return [
    { band: 'B', rateBp: TAX_BAND_RATE_BP.B, taxableCents: subtotal, taxCents: vat, totalCents: subtotal + vat },
    ...(deliveryFee > 0 ? [{ band: 'D' as const, rateBp: 0, taxableCents: deliveryFee, taxCents: 0, totalCents: deliveryFee }] : []),
  ];
}
