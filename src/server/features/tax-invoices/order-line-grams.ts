// The grams each line of an order took from stock kept in kg, read from the ledger: what left the
// shelf is what KRA is told was sold, whatever the variant weighs today. A line sold from stock in
// pieces, or never sold (paid with its stock gone), has none and is invoiced in pieces.
import type { DbOrTx } from '../../db/client';
import { stockTakenByOrder } from './order-stock-taken';

/** Grams sold per variant of the order, for the lines whose sale was in kg. */
export async function gramsSoldByVariant(db: DbOrTx, orderId: string): Promise<Map<string, number>> {
  const grams = new Map<string, number>();
  for (const [variantId, took] of await stockTakenByOrder(db, orderId)) {
    if (took?.unit === 'kg' && took.quantity > 0) grams.set(variantId, took.quantity);
  }
  return grams;
}
