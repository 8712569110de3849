// Putting a refunded order's goods back on the shelf: the ledger side of the 'restock' stock effect,
// applied by the order's transition (order-stock-effects.ts), and of a partial refund's units back.
// Whether to restock a whole refund at all is the effect's rule (restockPutsBack in
// src/domain/order-lifecycle.ts): goods that left the shop stay out, and the merchant adjusts stock
// by hand if they come back. Units go back in the product's stock unit now (grams for stock kept in
// kg, src/domain/stock-units.ts).
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { FULFILMENT_LABELS, type FulfilmentStatus } from '@/domain/order-status';
import { stockForPieces } from '@/domain/stock-units';
import type { Tx } from '../../db/client';
import { orderItems, productVariants, stockMovements, type refundLines } from '../../db/schema';
import { lockStock, type LockedStock } from '../inventory/inventory.service';
import { stockTakenByOrder } from '../tax-invoices/order-stock-taken';
import { queueStockDeclarations, type StockToDeclare } from '../tax-invoices/stock-declaration-queue';

/** Why a refund left stock alone (for the audit row and the merchant). */
export function notRestockedReason(fulfilment: FulfilmentStatus): string {
  return `The goods had left the shop (${FULFILMENT_LABELS[fulfilment].toLowerCase()}), so they were not put back into stock; adjust stock by hand if they come back.`;
}

interface LineBack {
  productId: string;
  variantId: string;
  /** Units back in the variant's unit now, read under its row lock. */
  amount: (locked: LockedStock) => number;
}

/** Pieces in the variant's unit (0 for stock kept in kg without a weight: nothing to put back). */
const piecesIn = (locked: LockedStock, pieces: number) =>
  locked.unit === 'kg' && (locked.weightGrams === null || locked.weightGrams <= 0)
    ? 0
    : stockForPieces(locked.unit, pieces, locked.weightGrams);

/**
 * Puts units back: one restock row per line (refundId: once per partial refund and variant; none:
 * once per order and variant), the variant's stock, and KRA's declaration after the credit note
 * (decision 044). A row that exists already (a second recording of the same refund) does nothing.
 */
async function putBack(
  tx: Tx,
  lines: readonly LineBack[],
  by: { orderId: string; refundId: string | null; reason: string; actorUserId: string | null; at: Date },
): Promise<number> {
  const { orderId, refundId, reason, actorUserId, at } = by;
  let restocked = 0;
  const returned: StockToDeclare[] = [];
  for (const line of lines) {
    const locked = await lockStock(tx, line.variantId);
    const quantity = line.amount(locked);
    if (quantity <= 0) continue;
    const [claim] = await tx
      .insert(stockMovements)
      .values({
        productId: line.productId,
        variantId: line.variantId,
        orderId,
        refundId,
        kind: 'restock',
        quantity,
        stockAfter: 0,
        unit: locked.unit,
        reason,
        actorUserId,
        createdAt: at,
      })
      .onConflictDoNothing()
      .returning({ id: stockMovements.id });
    if (!claim) continue;
    const [variant] = await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + ${quantity}`, updatedAt: at })
      .where(eq(productVariants.id, line.variantId))
      .returning({ stock: productVariants.stock });
    await tx
      .update(stockMovements)
      .set({ stockAfter: variant?.stock ?? 0 })
      .where(eq(stockMovements.id, claim.id));
    restocked++;
    const { productId, variantId } = line;
    returned.push({ movementId: claim.id, productId, variantId, orderId, cause: 'refund', delta: quantity, remark: reason, at });
  }
  // KRA is told the goods came back, after the order's credit note (decision 044).
  await queueStockDeclarations(tx, returned);
  return restocked;
}

/**
 * One restock row per line the order holds stock for, tied to the order; the unique (order, variant,
 * kind) index makes it happen once. A line holds stock only when it was sold (a 'sale' movement): a
 * payment that came after its reservation expired, with the stock gone, completed the order with no
 * sale for that line, and putting it "back" would put goods on sale that do not exist. What goes
 * back is what left (the reservation's or the sale's grams for a product kept in kg; had the product
 * changed unit since, the line's pieces in its unit now), less what an earlier partial refund put back.
 */
export async function restockSoldLines(
  tx: Tx,
  orderId: string,
  actorUserId: string | null,
  at: Date,
  reason = 'Order cancelled and refunded',
): Promise<number> {
  const lines = await tx
    .select({ productId: orderItems.productId, variantId: orderItems.variantId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productId), asc(orderItems.variantId));
  const taken = await stockTakenByOrder(tx, orderId);
  const back = await tx
    .select({ variantId: stockMovements.variantId, quantity: stockMovements.quantity, unit: stockMovements.unit })
    .from(stockMovements)
    .where(and(eq(stockMovements.orderId, orderId), eq(stockMovements.kind, 'restock'), isNotNull(stockMovements.refundId)));
  const sold: LineBack[] = [];
  for (const line of lines) {
    if (!taken.has(line.variantId)) continue;
    const took = taken.get(line.variantId);
    sold.push({
      productId: line.productId,
      variantId: line.variantId,
      amount: (locked) => {
        const left = took && took.unit === locked.unit ? took.quantity : piecesIn(locked, line.quantity);
        const already = back
          .filter((m) => m.variantId === line.variantId && m.unit === locked.unit)
          .reduce((sum, m) => sum + m.quantity, 0);
        return left - already;
      },
    });
  }
  return putBack(tx, sold, { orderId, refundId: null, reason, actorUserId, at });
}

/** A partial refund's restock quantities (pieces), once the refund is made (checked against what was sold when it was asked for). */
export async function restockRefundLines(
  tx: Tx,
  refund: { id: string; orderId: string; remarks: string },
  lines: readonly Pick<typeof refundLines.$inferSelect, 'orderItemId' | 'restockQuantity'>[],
  actorUserId: string | null,
  at: Date,
): Promise<number> {
  const wanted = lines.filter((l) => l.orderItemId !== null && l.restockQuantity > 0);
  if (wanted.length === 0) return 0;
  const items = await tx
    .select({ id: orderItems.id, productId: orderItems.productId, variantId: orderItems.variantId })
    .from(orderItems)
    .where(eq(orderItems.orderId, refund.orderId))
    .orderBy(asc(orderItems.productId), asc(orderItems.variantId));
  const back = items.flatMap((item): LineBack[] => {
    const line = wanted.find((l) => l.orderItemId === item.id);
    return line
      ? [{ productId: item.productId, variantId: item.variantId, amount: (locked) => piecesIn(locked, line.restockQuantity) }]
      : [];
  });
  return putBack(tx, back, { orderId: refund.orderId, refundId: refund.id, reason: `Refunded: ${refund.remarks}`, actorUserId, at });
}
