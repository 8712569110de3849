// The stock ledger. products.stock is what is left to sell; every change to it is one row in
// stock_movements, written in the same transaction as the change:
//   reservation  −q  an order was placed (checkout)
//   release      +q  the order failed or expired before payment
//   sale          0  the reservation was paid for (or −q when a late payment re-takes released stock)
//   restock      +q  goods arrived (admin)
//   adjustment   ±q  a count correction (admin)
// Decrements are conditional (`stock >= q`), so concurrent checkouts never oversell, and the partial
// unique index on (order, product, kind) makes each reservation, release and sale happen once.
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products, stockMovements } from '../../db/schema';
import { badRequest, DomainError, notFound } from '../../errors';

export interface StockLine {
  productId: string;
  /** For messages only. */
  productName: string;
  quantity: number;
}

/** Thrown (inside the checkout transaction, which then rolls back) when a line cannot be reserved. */
export class OutOfStockError extends DomainError {
  constructor(
    readonly productId: string,
    readonly productName: string,
    readonly available: number,
    readonly requested: number,
  ) {
    super(
      'conflict',
      'OUT_OF_STOCK',
      available <= 0
        ? `${productName} is out of stock.`
        : `Only ${available} of ${productName} left in stock (you asked for ${requested}).`,
    );
    this.name = 'OutOfStockError';
  }
}

export interface StockShortfall {
  productId: string;
  productName: string;
  requested: number;
  available: number;
}

/** Takes stock off `products.stock` for `stock >= q` only; null when there is not enough. */
async function takeStock(db: DbOrTx, productId: string, quantity: number, at: Date): Promise<number | null> {
  const [row] = await db
    .update(products)
    .set({ stock: sql`${products.stock} - ${quantity}`, updatedAt: at })
    .where(and(eq(products.id, productId), gte(products.stock, quantity)))
    .returning({ stock: products.stock });
  return row ? row.stock : null;
}

async function giveStock(db: DbOrTx, productId: string, quantity: number, at: Date): Promise<number> {
  const [row] = await db
    .update(products)
    .set({ stock: sql`${products.stock} + ${quantity}`, updatedAt: at })
    .where(eq(products.id, productId))
    .returning({ stock: products.stock });
  if (!row) throw notFound('Product not found');
  return row.stock;
}

/** Every path that takes product row locks takes them in product-id order, so two never deadlock. */
function inProductOrder(lines: readonly StockLine[]): StockLine[] {
  return [...lines].sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0));
}

async function currentStock(db: DbOrTx, productId: string): Promise<number> {
  const [row] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row?.stock ?? 0;
}

/**
 * Reserves every line for a new order, in product-id order so that two orders for the same
 * products lock rows in the same order (no deadlock). Throws OutOfStockError on the first line
 * that cannot be served; run it inside the order's transaction so nothing stays half-reserved.
 */
export async function reserveStock(tx: DbOrTx, orderId: string, lines: readonly StockLine[], at: Date): Promise<void> {
  for (const line of inProductOrder(lines)) {
    const stockAfter = await takeStock(tx, line.productId, line.quantity, at);
    if (stockAfter === null) {
      throw new OutOfStockError(line.productId, line.productName, await currentStock(tx, line.productId), line.quantity);
    }
    await tx.insert(stockMovements).values({
      productId: line.productId,
      orderId,
      kind: 'reservation',
      quantity: -line.quantity,
      stockAfter,
      createdAt: at,
    });
  }
}

async function movementKindsByProduct(db: DbOrTx, orderId: string): Promise<Map<string, Map<string, number>>> {
  const rows = await db
    .select({ productId: stockMovements.productId, kind: stockMovements.kind, quantity: stockMovements.quantity })
    .from(stockMovements)
    .where(eq(stockMovements.orderId, orderId))
    .orderBy(asc(stockMovements.productId));
  const byProduct = new Map<string, Map<string, number>>();
  for (const r of rows) {
    const kinds = byProduct.get(r.productId) ?? new Map<string, number>();
    kinds.set(r.kind, r.quantity);
    byProduct.set(r.productId, kinds);
  }
  return byProduct;
}

/**
 * Gives back an order's reserved stock (failed payment, expired reservation). Lines already sold
 * or released are skipped. The caller holds the order's row lock (SELECT … FOR UPDATE), which
 * serialises sale and release of one order; the release row is claimed first (ON CONFLICT DO
 * NOTHING on the unique index), so even two callers without the lock give stock back once.
 * Returns how many lines were released.
 */
export async function releaseReservation(tx: DbOrTx, orderId: string, reason: string, at: Date): Promise<number> {
  const byProduct = await movementKindsByProduct(tx, orderId);
  let released = 0;
  for (const [productId, kinds] of byProduct) {
    const reserved = kinds.get('reservation');
    if (reserved === undefined || kinds.has('sale') || kinds.has('release')) continue;
    const quantity = -reserved;
    const [claim] = await tx
      .insert(stockMovements)
      .values({ productId, orderId, kind: 'release', quantity, stockAfter: 0, reason, createdAt: at })
      .onConflictDoNothing()
      .returning({ id: stockMovements.id });
    if (!claim) continue;
    const stockAfter = await giveStock(tx, productId, quantity, at);
    await tx.update(stockMovements).set({ stockAfter }).where(eq(stockMovements.id, claim.id));
    released++;
  }
  return released;
}

/**
 * Turns an order's reservation into a sale (paid). A line whose reservation was already released
 * (the payment arrived after the reservation expired) takes the stock again if it is there; when it
 * is not, the line is returned as a shortfall for the merchant to resolve. Same locking rule as
 * releaseReservation.
 */
export async function sellReservation(tx: DbOrTx, orderId: string, lines: readonly StockLine[], at: Date): Promise<StockShortfall[]> {
  const byProduct = await movementKindsByProduct(tx, orderId);
  const shortfalls: StockShortfall[] = [];
  for (const line of inProductOrder(lines)) {
    const kinds = byProduct.get(line.productId);
    if (kinds?.has('sale')) continue;
    const stillReserved = kinds?.has('reservation') === true && !kinds.has('release');
    if (stillReserved) {
      await tx
        .insert(stockMovements)
        .values({
          productId: line.productId,
          orderId,
          kind: 'sale',
          quantity: 0,
          stockAfter: await currentStock(tx, line.productId),
          createdAt: at,
        })
        .onConflictDoNothing();
      continue;
    }
    const stockAfter = await takeStock(tx, line.productId, line.quantity, at);
    if (stockAfter === null) {
      shortfalls.push({
        productId: line.productId,
        productName: line.productName,
        requested: line.quantity,
        available: await currentStock(tx, line.productId),
      });
      continue;
    }
    await tx.insert(stockMovements).values({
      productId: line.productId,
      orderId,
      kind: 'sale',
      quantity: -line.quantity,
      stockAfter,
      reason: 'Paid after the reservation was released',
      createdAt: at,
    });
  }
  return shortfalls;
}

export interface StockChangeInput {
  productId: string;
  reason: string;
  /** The admin who made the change (audit). */
  actorUserId?: string | null;
  /** When the change is made (the injected clock). */
  at: Date;
}

/** Goods arrived: adds `quantity` (a positive integer) to the product's stock. Returns the new stock. */
export async function restock(db: DbOrTx, input: StockChangeInput & { quantity: number }): Promise<{ stock: number }> {
  if (!Number.isSafeInteger(input.quantity) || input.quantity <= 0) {
    throw badRequest('Quantity must be a whole number greater than 0.', { quantity: 'Quantity must be a whole number greater than 0.' });
  }
  return recordChange(db, 'restock', input.quantity, input);
}

/**
 * A stock count correction by `delta` units (positive or negative, not 0). Stock never goes below
 * zero: a larger decrease is refused with a 400. Returns the new stock.
 */
export async function adjustStock(db: DbOrTx, input: StockChangeInput & { delta: number }): Promise<{ stock: number }> {
  if (!Number.isSafeInteger(input.delta) || input.delta === 0) {
    throw badRequest('The change must be a whole number other than 0.', { delta: 'The change must be a whole number other than 0.' });
  }
  return recordChange(db, 'adjustment', input.delta, input);
}

async function recordChange(
  db: DbOrTx,
  kind: 'restock' | 'adjustment',
  delta: number,
  input: StockChangeInput,
): Promise<{ stock: number }> {
  const at = input.at;
  return db.transaction(async (tx) => {
    let stock: number | null;
    if (delta < 0) {
      stock = await takeStock(tx, input.productId, -delta, at);
      if (stock === null) {
        const [exists] = await tx.select({ stock: products.stock }).from(products).where(eq(products.id, input.productId));
        if (!exists) throw notFound('Product not found');
        throw badRequest(`Stock cannot go below zero (${exists.stock} in stock).`, { delta: 'Stock cannot go below zero.' });
      }
    } else {
      stock = await giveStock(tx, input.productId, delta, at);
    }
    await tx.insert(stockMovements).values({
      productId: input.productId,
      kind,
      quantity: delta,
      stockAfter: stock,
      reason: input.reason,
      actorUserId: input.actorUserId ?? null,
      createdAt: at,
    });
    return { stock };
  });
}
