// What each line of an order took from the shelf, read from the ledger. A line is sold when it has
// a 'sale' movement; a sale of reserved stock moves nothing itself (quantity 0) because its
// reservation took the goods, so the reservation's row says how much left, and in which unit. A
// line paid after its reservation expired with the stock gone has no sale and took nothing.
import { and, eq, inArray } from 'drizzle-orm';
import type { StockUnit } from '@/domain/stock-units';
import type { DbOrTx } from '../../db/client';
import { stockMovements } from '../../db/schema';

/** Units that left for one sold variant of the order (positive), in the unit of the ledger row that took them. */
export interface StockTaken {
  quantity: number;
  unit: StockUnit;
}

/**
 * Per variant the order sold: what left the shelf for it, or null when its ledger does not say (a
 * sale of reserved stock whose reservation row is missing). Variants never sold are absent.
 */
export async function stockTakenByOrder(db: DbOrTx, orderId: string): Promise<Map<string, StockTaken | null>> {
  const rows = await db
    .select({
      variantId: stockMovements.variantId,
      kind: stockMovements.kind,
      quantity: stockMovements.quantity,
      unit: stockMovements.unit,
    })
    .from(stockMovements)
    .where(and(eq(stockMovements.orderId, orderId), inArray(stockMovements.kind, ['sale', 'reservation'])));
  const taken = new Map<string, StockTaken | null>();
  for (const sale of rows.filter((r) => r.kind === 'sale')) {
    const took = sale.quantity !== 0 ? sale : rows.find((r) => r.kind === 'reservation' && r.variantId === sale.variantId);
    taken.set(sale.variantId, took ? { quantity: -took.quantity, unit: took.unit } : null);
  }
  return taken;
}
