// Stock adjustments by the merchant: a restock (positive) or an adjustment (signed, e.g. -2 spoiled),
// through the inventory ledger (one stock_movements row each, never below 0), plus an audit row.
// A product with options counts stock per variant: the change names its variant. A product kept in
// kg counts grams: the change, the stock and every ledger row are grams, shown in kg.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { productOptions, products, productVariants, stockMovements, user } from '../../db/schema';
import { badRequest, DomainError, notFound } from '../../errors';
import { adjustStock, restock } from './inventory.service';
import { auditAdmin, type AdminActor } from '../../back-office/admin-access';
import { offsetOf, pageOf, type Page, type Paging } from '../../back-office/admin-paging';
import { STOCK_MESSAGES, type StockAdjustmentInput } from '@/domain/back-office-forms';
import { STOCK_LIMITS, type StockUnit } from '@/domain/stock-units';
import { variantNames } from './variant-names';

export interface StockMovementView {
  id: string;
  variantId: string;
  /** 'Large, Scaled & gutted'; '' for a product without options. */
  variantName: string;
  kind: string;
  /** In `unit`: pieces, or grams for a row written while the product kept its stock in kg. */
  quantity: number;
  stockAfter: number;
  unit: StockUnit;
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
    const variant = await countedVariant(tx, productId, input.variantId);
    const change = {
      productId,
      variantId: variant.id,
      reason: input.reason,
      ...(input.cause && { cause: input.cause }),
      actorUserId: actor.userId,
      at: actor.at,
      unit: input.unit,
    };
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
    // The unit the change was made in: read after the ledger locked the variant, so it is current.
    const [counted] = await tx.select({ unit: products.stockUnit }).from(products).where(eq(products.id, productId));
    const unit = counted?.unit ?? 'piece';
    // The same ceiling as the product form; throwing here undoes the change with the transaction.
    if (stock > STOCK_LIMITS[unit] || Math.abs(input.quantity) > STOCK_LIMITS[unit]) {
      const message = STOCK_MESSAGES.stockWouldBe(stock, unit);
      throw badRequest(message, { quantity: message });
    }
    await auditAdmin(tx, actor, {
      action: 'STOCK_ADJUST',
      tableName: 'products',
      recordId: productId,
      details: {
        product: product.name,
        ...(variant.name !== '' && { variantId: variant.id, variant: variant.name }),
        kind: input.kind,
        ...(input.cause && { cause: input.cause }),
        quantity: input.quantity,
        stockAfter: stock,
        unit,
        reason: input.reason,
      },
    });
    return { stock };
  });
}

/**
 * The variant a change counts: a product with options names one of its variants (its retired
 * implicit variant is not one); a product without options counts its implicit variant.
 */
async function countedVariant(tx: DbOrTx, productId: string, variantId: string | undefined): Promise<{ id: string; name: string }> {
  const [kinds] = await tx.select({ n: count() }).from(productOptions).where(eq(productOptions.productId, productId));
  const hasOptions = Number(kinds?.n ?? 0) > 0;
  if (variantId === undefined) {
    if (hasOptions) throw badRequest(STOCK_MESSAGES.variantRequired, { variantId: STOCK_MESSAGES.variantRequired });
    const [implicit] = await tx
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(and(eq(productVariants.productId, productId), sql`${productVariants.optionValueIds} = '{}'`));
    if (!implicit) throw notFound('Variant not found');
    return { id: implicit.id, name: '' };
  }
  const [row] = await tx
    .select({ id: productVariants.id, optionValueIds: productVariants.optionValueIds })
    .from(productVariants)
    .where(and(eq(productVariants.id, variantId), eq(productVariants.productId, productId)));
  if (!row || row.optionValueIds.length > 0 !== hasOptions) throw notFound('Variant not found');
  return { id: row.id, name: (await variantNames(tx, [row])).get(row.id) ?? '' };
}

/** Which movements a history shows: the product's, or one of its variants'. */
export interface StockHistoryFilter {
  variantId?: string | undefined;
}

const historyWhere = (productId: string, filter: StockHistoryFilter) =>
  filter.variantId === undefined
    ? eq(stockMovements.productId, productId)
    : and(eq(stockMovements.productId, productId), eq(stockMovements.variantId, filter.variantId));

/** The movements, newest first, with who made them and their variant's name. */
export async function movementRows(
  db: DbOrTx,
  productId: string,
  filter: StockHistoryFilter,
  limit: number,
  offset = 0,
): Promise<StockMovementView[]> {
  const rows = await db
    .select({
      id: stockMovements.id,
      variantId: stockMovements.variantId,
      optionValueIds: productVariants.optionValueIds,
      kind: stockMovements.kind,
      quantity: stockMovements.quantity,
      stockAfter: stockMovements.stockAfter,
      unit: stockMovements.unit,
      reason: stockMovements.reason,
      orderId: stockMovements.orderId,
      actorEmail: user.email,
      createdAt: stockMovements.createdAt,
    })
    .from(stockMovements)
    .innerJoin(productVariants, eq(productVariants.id, stockMovements.variantId))
    .leftJoin(user, eq(user.id, stockMovements.actorUserId))
    .where(historyWhere(productId, filter))
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
    .limit(limit)
    .offset(offset);
  const names = await variantNames(
    db,
    rows.map((r) => ({ id: r.variantId, optionValueIds: r.optionValueIds })),
  );
  return rows.map(({ optionValueIds: _, ...r }) => ({
    ...r,
    variantName: names.get(r.variantId) ?? '',
    createdAt: r.createdAt.toISOString(),
  }));
}

/** The product's ledger (or one variant's), newest first. */
export async function stockHistory(db: DbOrTx, productId: string, query: Paging & StockHistoryFilter): Promise<Page<StockMovementView>> {
  const [items, [{ total } = { total: 0 }]] = await Promise.all([
    movementRows(db, productId, query, query.pageSize, offsetOf(query)),
    db.select({ total: count() }).from(stockMovements).where(historyWhere(productId, query)),
  ]);
  return pageOf(items, total, query);
}
