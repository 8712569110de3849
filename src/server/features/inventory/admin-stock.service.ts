// Stock adjustments by the merchant: a restock (positive) or an adjustment (signed, e.g. -2 spoiled),
// through the inventory ledger (one stock_movements row each, never below 0), plus an audit row.
import { count, desc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { products, stockMovements, user } from '../../db/schema';
import { badRequest, DomainError, notFound } from '../../errors';
import { adjustStock, restock } from './inventory.service';
import { auditAdmin, type AdminActor } from '../../back-office/admin-access';
import { offsetOf, pageOf, type Page, type Paging } from '../../back-office/admin-paging';
import { PRODUCT_LIMITS, STOCK_MESSAGES, type StockAdjustmentInput } from '@/domain/back-office-forms';

export interface StockMovementView {
  id: string;
  kind: string;
  quantity: number;
  stockAfter: number;
  reason: string | null;
  orderId: string | null;
  actorEmail: string | null;
  createdAt: string;
}

export async function adjustProductStock(
  db: Db,
  actor: AdminActor,
  productId: string,
  input: StockAdjustmentInput,
): Promise<{ stock: number }> {
  return db.transaction(async (tx) => {
    const [product] = await tx.select({ name: products.name }).from(products).where(eq(products.id, productId));
    if (!product) throw notFound('Product not found');
    const change = { productId, reason: input.reason, actorUserId: actor.userId, at: actor.at };
    let stock: number;
    try {
      ({ stock } =
        input.kind === 'restock'
          ? await restock(tx, { ...change, quantity: input.quantity })
          : await adjustStock(tx, { ...change, delta: input.quantity }));
    } catch (err) {
      // The ledger's own refusals (below zero) belong under the form's quantity field.
      if (err instanceof DomainError && err.kind === 'invalid') throw badRequest(err.message, { quantity: err.message });
      throw err;
    }
    // The same ceiling as the product form; throwing here undoes the change with the transaction.
    if (stock > PRODUCT_LIMITS.maxStock) {
      const message = STOCK_MESSAGES.stockWouldBe(stock);
      throw badRequest(message, { quantity: message });
    }
    await auditAdmin(tx, actor, {
      action: 'STOCK_ADJUST',
      tableName: 'products',
      recordId: productId,
      details: { product: product.name, kind: input.kind, quantity: input.quantity, stockAfter: stock, reason: input.reason },
    });
    return { stock };
  });
}

/** The product's ledger, newest first. */
export async function stockHistory(db: DbOrTx, productId: string, paging: Paging): Promise<Page<StockMovementView>> {
  const where = eq(stockMovements.productId, productId);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({
        id: stockMovements.id,
        kind: stockMovements.kind,
        quantity: stockMovements.quantity,
        stockAfter: stockMovements.stockAfter,
        reason: stockMovements.reason,
        orderId: stockMovements.orderId,
        actorEmail: user.email,
        createdAt: stockMovements.createdAt,
      })
      .from(stockMovements)
      .leftJoin(user, eq(user.id, stockMovements.actorUserId))
      .where(where)
      .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
      .limit(paging.pageSize)
      .offset(offsetOf(paging)),
    db.select({ total: count() }).from(stockMovements).where(where),
  ]);
  return pageOf(
    rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    total,
    paging,
  );
}
