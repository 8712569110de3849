// Queues KRA stock declarations in the transaction that moves the stock (decision 044): each ledger
// row KRA is told of gets the next sarNo from the one counter row, whose UPDATE locks it until the
// commit, so two instances on one database share one gap-free sequence in commit order (a rolled-back
// movement gives its numbers back). The declaration also keeps what KRA will then hold of the item
// (rsdQty: the item's previous declaration plus this change), which saveStockMaster reports.
//
// Take the numbers after the movement's stock rows are written (callers queue once, at the end):
// every writer locks variants first and the counter last, so none waits for the other in a circle.
// Declarations are queued whether or not eTIMS is on: KRA's stock must be the shop's whenever it is.
// A product kept in kg is another KRA item than the same product in pieces (KRA's item code embeds
// the unit, decision 050): each declaration names its item by the unit of its ledger row, and
// rsdQty runs per item.
import { and, desc, eq, sql } from 'drizzle-orm';
import { kraStockType, type StockCause } from '@/domain/kra-stock-types';
import type { DbOrTx } from '../../db/client';
import { etimsStockCounter, etimsStockMoves, products, productVariants, stockMovements } from '../../db/schema';

export interface StockToDeclare {
  /** The ledger row (stock_movements) this declares. */
  movementId: string;
  productId: string;
  variantId: string;
  /** A sale's or refund's order: its declaration is sent after the order's invoice. */
  orderId?: string | null;
  cause: StockCause;
  /** Units in (+) or out (−), in the ledger row's unit (grams for a row in kg); 0 declares nothing. */
  delta: number;
  remark: string | null;
  at: Date;
}

async function takeSarNumbers(tx: DbOrTx, count: number): Promise<number> {
  const [row] = await tx
    .update(etimsStockCounter)
    .set({ nextSarNo: sql`${etimsStockCounter.nextSarNo} + ${count}` })
    .where(eq(etimsStockCounter.id, 1))
    .returning({ first: sql<number>`${etimsStockCounter.nextSarNo} - ${count}` });
  if (!row) throw new Error('The KRA stock counter is missing (migration 0036)');
  return Number(row.first);
}

/** Queues one declaration per change, numbered in the order given. Call inside the movement's transaction. */
export async function queueStockDeclarations(tx: DbOrTx, changes: readonly StockToDeclare[]): Promise<void> {
  const declared = changes.filter((c) => c.delta !== 0);
  if (declared.length === 0) return;
  let sarNo = await takeSarNumbers(tx, declared.length);
  const held = new Map<string, number>();
  for (const change of declared) {
    const sarTyCd = kraStockType(change.cause, change.delta);
    if (!sarTyCd) throw new Error(`A '${change.cause}' change cannot ${change.delta > 0 ? 'add' : 'take away'} stock`);
    // The row's unit names the item; a kg item's price is the price of one kg.
    const [moved] = await tx
      .select({ unit: stockMovements.unit, price: productVariants.price, pricePerKg: products.pricePerKg })
      .from(stockMovements)
      .innerJoin(productVariants, eq(productVariants.id, stockMovements.variantId))
      .innerJoin(products, eq(products.id, stockMovements.productId))
      .where(eq(stockMovements.id, change.movementId));
    const unit = moved?.unit ?? 'piece';
    const item = `${change.productId}/${unit}`;
    let before = held.get(item);
    if (before === undefined) {
      const [last] = await tx
        .select({ rsdQty: etimsStockMoves.rsdQty })
        .from(etimsStockMoves)
        .where(and(eq(etimsStockMoves.productId, change.productId), eq(etimsStockMoves.unit, unit)))
        .orderBy(desc(etimsStockMoves.sarNo))
        .limit(1);
      before = last?.rsdQty ?? 0;
    }
    const rsdQty = before + change.delta;
    held.set(item, rsdQty);
    await tx.insert(etimsStockMoves).values({
      sarNo,
      stockMovementId: change.movementId,
      productId: change.productId,
      orderId: change.orderId ?? null,
      sarTyCd,
      quantity: Math.abs(change.delta),
      rsdQty,
      unit,
      unitPrice: (unit === 'kg' ? moved?.pricePerKg : null) ?? moved?.price ?? 0,
      remark: change.remark?.slice(0, 400) ?? null,
      createdAt: change.at,
    });
    sarNo += 1;
  }
}
