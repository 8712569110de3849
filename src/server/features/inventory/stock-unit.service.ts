// The owner's choice of how a product sold by the kilo counts its stock: in pieces or in kg
// (src/domain/stock-units.ts, decision 050). A switch converts every variant's stock in one
// transaction: pieces × weight become grams; grams become whole pieces, the grams no whole piece
// holds leaving by a count correction first. In the ledger each variant's stock leaves the old unit
// and enters the new by a pair of adjustments, so each unit's rows add up, and KRA (whose item code
// embeds the unit) is told the goods left the old item and came into the new one.
// Refused while unpaid orders hold some of the product's stock: their reservations were taken in
// the old unit and give back in it.
import { and, asc, eq, sql } from 'drizzle-orm';
import { convertStock, convertThreshold, formatGrams, formatStock, STOCK_UNIT_MESSAGES, type StockUnit } from '@/domain/stock-units';
import type { Db, DbOrTx } from '../../db/client';
import { products, productVariants, stockMovements } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { auditAdmin, type AdminActor } from '../../back-office/admin-access';
import { queueStockDeclarations, type StockToDeclare } from '../tax-invoices/stock-declaration-queue';
import { variantNames } from './variant-names';

const UNIT_WORDS: Readonly<Record<StockUnit, string>> = { piece: 'pieces', kg: 'kg' };

/** Whether unpaid orders hold some of the product's stock now: reservations neither sold nor released. */
async function holdsReservedStock(tx: DbOrTx, productId: string): Promise<boolean> {
  const [held] = await tx
    .select({ id: stockMovements.id })
    .from(stockMovements)
    .where(
      and(
        eq(stockMovements.productId, productId),
        eq(stockMovements.kind, 'reservation'),
        sql`not exists (select 1 from stock_movements ended where ended.order_id = ${stockMovements.orderId}
              and ended.variant_id = ${stockMovements.variantId} and ended.kind in ('sale', 'release'))`,
      ),
    )
    .limit(1);
  return held !== undefined;
}

interface Moved {
  variantId: string;
  kind: 'count' | 'out' | 'in';
  unit: StockUnit;
  delta: number;
  stockAfter: number;
  reason: string;
}

/**
 * Counts the product's stock in `unit` from now on, converting every variant's stock, its low-stock
 * threshold and telling KRA; audited. Answers the unit and the variants' stock as they now are.
 */
export async function setStockUnit(
  db: Db,
  actor: AdminActor,
  productId: string,
  unit: StockUnit,
): Promise<{ stockUnit: StockUnit; lowStockThreshold: number; variants: { id: string; stock: number }[] }> {
  return db.transaction(async (tx) => {
    // Every variant before the product, as a sale locks them: a checkout that waits for one reads the new unit.
    const variants = await tx
      .select({
        id: productVariants.id,
        stock: productVariants.stock,
        weightGrams: productVariants.weightGrams,
        enabled: productVariants.enabled,
        optionValueIds: productVariants.optionValueIds,
      })
      .from(productVariants)
      .where(eq(productVariants.productId, productId))
      .orderBy(asc(productVariants.id))
      .for('no key update');
    // 'No key update': a checkout's order lines hold a key-share lock on the product (their foreign
    // key) while they wait for a variant this switch holds; FOR UPDATE would wait for them in a circle.
    const [product] = await tx.select().from(products).where(eq(products.id, productId)).for('no key update');
    if (!product) throw notFound('Product not found');
    const from = product.stockUnit;
    const answer = () => ({
      stockUnit: unit,
      lowStockThreshold: product.lowStockThreshold,
      variants: variants.map((v) => ({ id: v.id, stock: v.stock })),
    });
    if (from === unit) return answer();
    if (unit === 'kg' && product.pricePerKg === null) {
      throw badRequest(STOCK_UNIT_MESSAGES.kgNeedsPricePerKg, { stockUnit: STOCK_UNIT_MESSAGES.kgNeedsPricePerKg });
    }
    // Grams and pieces convert by weight: a variant that is sold, or holds stock, needs one.
    if (variants.some((v) => (v.enabled || v.stock > 0) && (v.weightGrams === null || v.weightGrams <= 0))) {
      throw badRequest(STOCK_UNIT_MESSAGES.weightsMissing, { stockUnit: STOCK_UNIT_MESSAGES.weightsMissing });
    }
    if (await holdsReservedStock(tx, productId)) throw conflict(STOCK_UNIT_MESSAGES.reserved, { stockUnit: STOCK_UNIT_MESSAGES.reserved });

    const names = await variantNames(tx, variants);
    const moved: Moved[] = [];
    const converted: Record<string, unknown>[] = [];
    for (const v of variants) {
      if (v.stock === 0) continue;
      const { stock, lost } = convertStock(from, unit, v.stock, v.weightGrams);
      const kept = v.stock - lost;
      if (lost > 0) {
        const reason = `Stock now kept in ${UNIT_WORDS[unit]}: ${formatGrams(lost)} made no whole piece`;
        moved.push({ variantId: v.id, kind: 'count', unit: from, delta: -lost, stockAfter: kept, reason });
      }
      const reason = `Stock now kept in ${UNIT_WORDS[unit]}`;
      if (kept > 0) moved.push({ variantId: v.id, kind: 'out', unit: from, delta: -kept, stockAfter: 0, reason });
      if (stock > 0) moved.push({ variantId: v.id, kind: 'in', unit, delta: stock, stockAfter: stock, reason });
      await tx.update(productVariants).set({ stock, updatedAt: actor.at }).where(eq(productVariants.id, v.id));
      converted.push({
        variant: names.get(v.id) ?? '',
        from: formatStock(from, v.stock),
        to: formatStock(unit, stock),
        ...(lost > 0 && { lost: formatGrams(lost) }),
      });
      v.stock = stock;
    }

    const heaviest = Math.max(0, ...variants.filter((v) => v.enabled).map((v) => v.weightGrams ?? 0));
    const lowStockThreshold = convertThreshold(from, unit, product.lowStockThreshold, heaviest || null);
    await tx.update(products).set({ stockUnit: unit, lowStockThreshold, updatedAt: actor.at }).where(eq(products.id, productId));

    const toDeclare: StockToDeclare[] = [];
    for (const [i, m] of moved.entries()) {
      // A millisecond apart: the ledger lists a variant's rows in the order they happened.
      const at = new Date(actor.at.getTime() + i);
      const [row] = await tx
        .insert(stockMovements)
        .values({
          productId,
          variantId: m.variantId,
          kind: 'adjustment',
          quantity: m.delta,
          stockAfter: m.stockAfter,
          unit: m.unit,
          reason: m.reason,
          actorUserId: actor.userId,
          createdAt: at,
        })
        .returning({ id: stockMovements.id });
      toDeclare.push({
        movementId: row!.id,
        productId,
        variantId: m.variantId,
        cause: m.kind === 'count' ? 'count' : 'unit',
        delta: m.delta,
        remark: m.reason,
        at,
      });
    }
    // For KRA, once every stock row is written (the counter is taken last).
    await queueStockDeclarations(tx, toDeclare);
    await auditAdmin(tx, actor, {
      action: 'PRODUCT_STOCK_UNIT',
      tableName: 'products',
      recordId: productId,
      details: {
        product: product.name,
        stockUnit: { from, to: unit },
        lowStockThreshold: { from: product.lowStockThreshold, to: lowStockThreshold },
        variants: converted,
      },
    });
    return { ...answer(), lowStockThreshold };
  });
}
