// Putting a refunded order's goods back on the shelf: the ledger side of the 'restock' stock effect,
// applied by the order's transition (order-stock-effects.ts). Whether to restock at all is the
// effect's rule (restockPutsBack in src/domain/order-lifecycle.ts): goods that left the shop stay out,
// and the merchant adjusts stock by hand if they come back.
import { and, asc, eq, sql } from 'drizzle-orm';
import { FULFILMENT_LABELS, type FulfilmentStatus } from '@/domain/order-status';
import type { Tx } from '../../db/client';
import { orderItems, productVariants, stockMovements } from '../../db/schema';
import { queueStockDeclarations, type StockToDeclare } from '../tax-invoices/stock-declaration-queue';

/** Why a refund left stock alone (for the audit row and the merchant). */
export function notRestockedReason(fulfilment: FulfilmentStatus): string {
  return `The goods had left the shop (${FULFILMENT_LABELS[fulfilment].toLowerCase()}), so they were not put back into stock; adjust stock by hand if they come back.`;
}

/**
 * One restock row per line the order holds stock for, tied to the order; the unique (order, variant,
 * kind) index makes it happen once. A line holds stock only when it was sold (a 'sale' movement): a
 * payment that came after its reservation expired, with the stock gone, completed the order with no
 * sale for that line, and putting it "back" would put goods on sale that do not exist.
 */
export async function restockSoldLines(tx: Tx, orderId: string, actorUserId: string | null, at: Date): Promise<number> {
  const lines = await tx
    .select({ productId: orderItems.productId, variantId: orderItems.variantId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productId), asc(orderItems.variantId));
  const sold = await tx
    .select({ variantId: stockMovements.variantId })
    .from(stockMovements)
    .where(and(eq(stockMovements.orderId, orderId), eq(stockMovements.kind, 'sale')));
  const soldVariants = new Set(sold.map((m) => m.variantId));
  let restocked = 0;
  const returned: StockToDeclare[] = [];
  for (const line of lines) {
    if (!soldVariants.has(line.variantId)) continue;
    const [claim] = await tx
      .insert(stockMovements)
      .values({
        productId: line.productId,
        variantId: line.variantId,
        orderId,
        kind: 'restock',
        quantity: line.quantity,
        stockAfter: 0,
        reason: 'Order cancelled and refunded',
        actorUserId,
        createdAt: at,
      })
      .onConflictDoNothing()
      .returning({ id: stockMovements.id });
    if (!claim) continue;
    const [variant] = await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + ${line.quantity}`, updatedAt: at })
      .where(eq(productVariants.id, line.variantId))
      .returning({ stock: productVariants.stock });
    await tx
      .update(stockMovements)
      .set({ stockAfter: variant?.stock ?? 0 })
      .where(eq(stockMovements.id, claim.id));
    restocked++;
    const { productId, variantId, quantity } = line;
    returned.push({
      movementId: claim.id,
      productId,
      variantId,
      orderId,
      cause: 'refund',
      delta: quantity,
      remark: 'Order cancelled and refunded',
      at,
    });
  }
  // KRA is told the goods came back, after the order's credit note (decision 044).
  await queueStockDeclarations(tx, returned);
  return restocked;
}
