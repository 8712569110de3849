// The lines of an unpaid order that hold no stock: placed past unpaid orders' share of the variant's
// units (decision 037), they are the customer's only once paid, and checkout says so.
import { and, eq, inArray, notExists } from 'drizzle-orm';
import { payFirstStockNotice } from '@/domain/stock-holds';
import type { DbOrTx } from '../../db/client';
import { orderItems, orders, stockMovements } from '../../db/schema';

/** What checkout tells the customer when some of the order's lines go to whoever pays first, else null. */
export async function stockNotice(db: DbOrTx, orderId: string): Promise<string | null> {
  const held = db
    .select({ id: stockMovements.id })
    .from(stockMovements)
    .where(and(eq(stockMovements.orderId, orderItems.orderId), eq(stockMovements.variantId, orderItems.variantId)));
  const rows = await db
    .select({ name: orderItems.productName })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.orderId, orderId), inArray(orders.status, ['pending', 'failed']), notExists(held)))
    .orderBy(orderItems.productName);
  return rows.length > 0 ? payFirstStockNotice(rows.map((r) => r.name)) : null;
}
