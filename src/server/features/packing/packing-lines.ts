// The lines of orders as packing reads them: each with what the customer paid for it, its share of
// VAT included, computed by the tax invoice's own adapter (orderInvoiceLines), so what packing owes
// back is measured against the same gross the sale declared to KRA, and each line's packing record.
import { asc, eq, inArray } from 'drizzle-orm';
import type { PackingDecision, PaidLine } from '@/domain/packing';
import type { DbOrTx } from '../../db/client';
import { orderItems, orders, orderTaxBands } from '../../db/schema';
import { orderInvoiceLines } from '../tax-invoices/order-invoice-lines';

type ItemRow = typeof orderItems.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

export interface PackingLine extends PaidLine {
  item: ItemRow;
}

export interface PackingOrder {
  order: OrderRow;
  /** In a stable order: created, then name, then id. */
  lines: PackingLine[];
}

/** The orders' lines with what each was paid; orders not found are left out. */
export async function packingOrders(db: DbOrTx, orderIds: readonly string[]): Promise<Map<string, PackingOrder>> {
  const found = new Map<string, PackingOrder>();
  if (orderIds.length === 0) return found;
  const ids = [...new Set(orderIds)];
  const [orderRows, itemRows, bandRows] = await Promise.all([
    db.select().from(orders).where(inArray(orders.id, ids)),
    db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids))
      .orderBy(asc(orderItems.createdAt), asc(orderItems.productName), asc(orderItems.id)),
    db.select().from(orderTaxBands).where(inArray(orderTaxBands.orderId, ids)),
  ]);
  for (const order of orderRows) {
    const items = itemRows.filter((i) => i.orderId === order.id);
    const bands = bandRows.filter((b) => b.orderId === order.id);
    // An order row written without its bands (only by hand): its VAT in B, as the tax invoice reads it.
    const bandTax = new Map(bands.length > 0 ? bands.map((b) => [b.band, b.taxAmount]) : [['B' as const, order.vat]]);
    const gross = orderInvoiceLines(order, items, bandTax);
    found.set(order.id, {
      order,
      lines: items.map((item, i) => ({
        item,
        name: item.productName,
        quantity: item.quantity,
        // The adapter keeps the lines in the order given, the delivery fee after them.
        paidCents: gross[i]!.grossCents,
        nominalGrams: item.nominalGrams,
        taxBand: item.taxBand,
      })),
    });
  }
  return found;
}

/** One order's lines, read in the caller's transaction (under the order's lock when writing). */
export async function packingOrder(db: DbOrTx, orderId: string): Promise<PackingOrder | null> {
  return (await packingOrders(db, [orderId])).get(orderId) ?? null;
}

/** What packing decided for a line, as the domain reads it; null while undecided. */
export function decisionOf(item: ItemRow): PackingDecision | null {
  switch (item.packingOutcome) {
    case null:
      return null;
    case 'packed':
      return { outcome: 'packed', weighedGrams: item.weighedGrams };
    case 'unavailable':
      return { outcome: 'unavailable' };
    case 'substituted':
      return {
        outcome: 'substituted',
        substitute: {
          name: item.substituteName ?? '',
          unitPriceCents: item.substituteUnitPrice ?? 0,
          // A substitute is refused unless it is in the line's band (checked when it was chosen).
          taxBand: item.taxBand,
          taxRateBp: item.taxRateBp,
        },
      };
  }
}

/** The line's order row, to lock: the line id given, its order's id (null when there is no such line). */
export async function orderIdOfLine(db: DbOrTx, itemId: string): Promise<string | null> {
  const [row] = await db.select({ orderId: orderItems.orderId }).from(orderItems).where(eq(orderItems.id, itemId));
  return row?.orderId ?? null;
}
