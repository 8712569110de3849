// The stock ledger. A variant's stock (product_variants.stock) is what is left to sell of it; every
// change to it is one row in stock_movements, written in the same transaction as the change
// (products.stock follows as the sum, by the database's trigger):
//   reservation  −q  an order was placed (checkout)
//   release      +q  the order failed or expired before payment
//   sale          0  the reservation was paid for (or −q when a late payment re-takes released stock)
//   restock      +q  goods arrived (admin)
//   adjustment   ±q  a count correction (admin)
// Decrements are conditional (`stock >= q`), so concurrent checkouts never oversell, and the partial
// unique index on (order, variant, kind) makes each reservation, release and sale happen once.
// Sales, restocks and adjustments are goods leaving or entering the shop: each is queued for KRA in
// the same transaction (stock-declaration-queue.ts); reservations and releases are not.
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { productVariants, stockMovements } from '../../db/schema';
import { mayHoldUnits } from '@/domain/stock-holds';
import { kraStockType, STOCK_CAUSES, type MerchantStockCause } from '@/domain/kra-stock-types';
import { STOCK_MESSAGES } from '@/domain/back-office-forms';
import { badRequest, DomainError, notFound } from '../../errors';
import { queueStockDeclarations, type StockToDeclare } from '../tax-invoices/stock-declaration-queue';

export interface StockLine {
  productId: string;
  /** The variant sold; left out, the product's implicit variant (a product without options). */
  variantId?: string;
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
  /** The line was never held (placed past the unpaid share), rather than released when its hold ended. */
  neverHeld: boolean;
}

/** Takes stock off the variant for `stock >= q` only; null when there is not enough. */
async function takeStock(db: DbOrTx, variantId: string, quantity: number, at: Date): Promise<number | null> {
  const [row] = await db
    .update(productVariants)
    .set({ stock: sql`${productVariants.stock} - ${quantity}`, updatedAt: at })
    .where(and(eq(productVariants.id, variantId), gte(productVariants.stock, quantity)))
    .returning({ stock: productVariants.stock });
  return row ? row.stock : null;
}

async function giveStock(db: DbOrTx, variantId: string, quantity: number, at: Date): Promise<number> {
  const [row] = await db
    .update(productVariants)
    .set({ stock: sql`${productVariants.stock} + ${quantity}`, updatedAt: at })
    .where(eq(productVariants.id, variantId))
    .returning({ stock: productVariants.stock });
  if (!row) throw notFound('Product not found');
  return row.stock;
}

/** The implicit variant of a product without options (the one whose option values are empty). */
async function implicitVariantId(db: DbOrTx, productId: string): Promise<string> {
  const [row] = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), sql`${productVariants.optionValueIds} = '{}'`));
  if (!row) throw notFound('Product not found');
  return row.id;
}

export type VariantLine = StockLine & { variantId: string };

async function withVariants(db: DbOrTx, lines: readonly StockLine[]): Promise<VariantLine[]> {
  const out: VariantLine[] = [];
  for (const line of lines) out.push({ ...line, variantId: line.variantId ?? (await implicitVariantId(db, line.productId)) });
  return out;
}

const key = (l: VariantLine) => `${l.productId}/${l.variantId}`;

/**
 * Every path that locks stock rows locks them in (product, variant) order: the variant's row, then
 * (by the trigger) its product's, so two orders never wait for each other in a circle.
 */
function inProductOrder(lines: readonly VariantLine[]): VariantLine[] {
  return [...lines].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

async function currentStock(db: DbOrTx, variantId: string): Promise<number> {
  const [row] = await db.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, variantId));
  return row?.stock ?? 0;
}

/**
 * Units of a variant that unpaid orders hold now: reservations neither sold nor released. Only
 * recent ones are read (a reservation lives RESERVATION_MINUTES, an hour at most with pay again),
 * so the count stays cheap however many orders the shop has taken.
 */
async function unpaidHeldUnits(db: DbOrTx, variantId: string, at: Date): Promise<number> {
  const [row] = await db
    .select({ units: sql<string>`coalesce(sum(-${stockMovements.quantity}), 0)` })
    .from(stockMovements)
    .where(
      and(
        eq(stockMovements.variantId, variantId),
        eq(stockMovements.kind, 'reservation'),
        gte(stockMovements.createdAt, new Date(at.getTime() - HOLD_LOOKBACK_MS)),
        sql`not exists (select 1 from stock_movements ended where ended.order_id = ${stockMovements.orderId}
              and ended.variant_id = ${stockMovements.variantId} and ended.kind in ('sale', 'release'))`,
      ),
    );
  return Number(row?.units ?? 0);
}

const HOLD_LOOKBACK_MS = 6 * 60 * 60_000;

/**
 * Reserves every line for a new order, in product-id order so that two orders for the same
 * products lock rows in the same order (no deadlock). Throws OutOfStockError on the first line
 * that cannot be served; run it inside the order's transaction so nothing stays half-reserved.
 * Unpaid orders hold at most `unpaidShare` percent of a variant's units (decision 037): a line past
 * that share, whose units are free, is placed without a reservation and sold at payment if the
 * units are still there. Returns those lines.
 */
export async function reserveStock(
  tx: DbOrTx,
  orderId: string,
  lines: readonly StockLine[],
  at: Date,
  unpaidShare = 100,
): Promise<VariantLine[]> {
  const unheld: VariantLine[] = [];
  for (const line of inProductOrder(await withVariants(tx, lines))) {
    if (unpaidShare < 100) {
      // The variant's row lock makes the count and the hold one step for every checkout. 'No key
      // update', as the UPDATE that takes stock: the order's lines already hold a key-share lock on
      // the row (their foreign key), which FOR UPDATE would have to wait out, deadlocking two orders.
      const [locked] = await tx
        .select({ stock: productVariants.stock })
        .from(productVariants)
        .where(eq(productVariants.id, line.variantId))
        .for('no key update');
      const free = locked?.stock ?? 0;
      if (free >= line.quantity && !mayHoldUnits(free, await unpaidHeldUnits(tx, line.variantId, at), line.quantity, unpaidShare)) {
        unheld.push(line);
        continue;
      }
    }
    const stockAfter = await takeStock(tx, line.variantId, line.quantity, at);
    if (stockAfter === null) {
      throw new OutOfStockError(line.productId, line.productName, await currentStock(tx, line.variantId), line.quantity);
    }
    await tx.insert(stockMovements).values({
      productId: line.productId,
      variantId: line.variantId,
      orderId,
      kind: 'reservation',
      quantity: -line.quantity,
      stockAfter,
      createdAt: at,
    });
  }
  return unheld;
}

interface VariantMovements {
  productId: string;
  kinds: Map<string, number>;
}

/** An order's movements per variant, in (product, variant) order. */
async function movementKindsByVariant(db: DbOrTx, orderId: string): Promise<Map<string, VariantMovements>> {
  const rows = await db
    .select({
      productId: stockMovements.productId,
      variantId: stockMovements.variantId,
      kind: stockMovements.kind,
      quantity: stockMovements.quantity,
    })
    .from(stockMovements)
    .where(eq(stockMovements.orderId, orderId))
    .orderBy(asc(stockMovements.productId), asc(stockMovements.variantId));
  const byVariant = new Map<string, VariantMovements>();
  for (const r of rows) {
    const entry = byVariant.get(r.variantId) ?? { productId: r.productId, kinds: new Map<string, number>() };
    entry.kinds.set(r.kind, r.quantity);
    byVariant.set(r.variantId, entry);
  }
  return byVariant;
}

/**
 * Gives back an order's reserved stock (failed payment, expired reservation). Lines already sold
 * or released are skipped. The caller holds the order's row lock (SELECT … FOR UPDATE), which
 * serialises sale and release of one order; the release row is claimed first (ON CONFLICT DO
 * NOTHING on the unique index), so even two callers without the lock give stock back once.
 * Returns how many lines were released.
 */
export async function releaseReservation(tx: DbOrTx, orderId: string, reason: string, at: Date): Promise<number> {
  const byVariant = await movementKindsByVariant(tx, orderId);
  let released = 0;
  for (const [variantId, { productId, kinds }] of byVariant) {
    const reserved = kinds.get('reservation');
    if (reserved === undefined || kinds.has('sale') || kinds.has('release')) continue;
    const quantity = -reserved;
    const [claim] = await tx
      .insert(stockMovements)
      .values({ productId, variantId, orderId, kind: 'release', quantity, stockAfter: 0, reason, createdAt: at })
      .onConflictDoNothing()
      .returning({ id: stockMovements.id });
    if (!claim) continue;
    const stockAfter = await giveStock(tx, variantId, quantity, at);
    await tx.update(stockMovements).set({ stockAfter }).where(eq(stockMovements.id, claim.id));
    released++;
  }
  return released;
}

/**
 * Turns an order's reservation into a sale (paid). A line whose reservation was already released
 * (the payment arrived after the reservation expired), or that was never held (placed past the
 * unpaid share), takes the stock if it is there; when it is not, the line is returned as a
 * shortfall for the merchant to resolve. Same locking rule as
 * releaseReservation.
 */
export async function sellReservation(tx: DbOrTx, orderId: string, lines: readonly StockLine[], at: Date): Promise<StockShortfall[]> {
  const byVariant = await movementKindsByVariant(tx, orderId);
  const shortfalls: StockShortfall[] = [];
  const toDeclare: StockToDeclare[] = [];
  for (const line of inProductOrder(await withVariants(tx, lines))) {
    const kinds = byVariant.get(line.variantId)?.kinds;
    if (kinds?.has('sale')) continue;
    const stillReserved = kinds?.has('reservation') === true && !kinds.has('release');
    if (stillReserved) {
      const [sold] = await tx
        .insert(stockMovements)
        .values({
          productId: line.productId,
          variantId: line.variantId,
          orderId,
          kind: 'sale',
          quantity: 0,
          stockAfter: await currentStock(tx, line.variantId),
          createdAt: at,
        })
        .onConflictDoNothing()
        .returning({ id: stockMovements.id });
      // The reserved units leave the shop now, for KRA as for the shelf.
      if (sold) toDeclare.push(saleDeclaration(sold.id, line, orderId, at));
      continue;
    }
    const stockAfter = await takeStock(tx, line.variantId, line.quantity, at);
    if (stockAfter === null) {
      shortfalls.push({
        productId: line.productId,
        productName: line.productName,
        requested: line.quantity,
        available: await currentStock(tx, line.variantId),
        neverHeld: kinds === undefined,
      });
      continue;
    }
    const [sold] = await tx
      .insert(stockMovements)
      .values({
        productId: line.productId,
        variantId: line.variantId,
        orderId,
        kind: 'sale',
        quantity: -line.quantity,
        stockAfter,
        reason: kinds === undefined ? 'Paid first: not held while unpaid' : 'Paid after the reservation was released',
        createdAt: at,
      })
      .returning({ id: stockMovements.id });
    if (sold) toDeclare.push(saleDeclaration(sold.id, line, orderId, at));
  }
  await queueStockDeclarations(tx, toDeclare);
  return shortfalls;
}

const saleDeclaration = (movementId: string, line: VariantLine, orderId: string, at: Date): StockToDeclare => ({
  movementId,
  productId: line.productId,
  variantId: line.variantId,
  orderId,
  cause: 'sale',
  delta: -line.quantity,
  remark: null,
  at,
});

export interface StockChangeInput {
  productId: string;
  /** The variant counted; left out, the product's implicit variant. */
  variantId?: string;
  reason: string;
  /** What KRA is told the change was (src/domain/kra-stock-types.ts); a delivery or a count correction when left out. */
  cause?: MerchantStockCause;
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
  return recordChange(db, 'restock', input.quantity, { ...input, cause: input.cause ?? 'purchase' });
}

/**
 * A stock count correction by `delta` units (positive or negative, not 0). Stock never goes below
 * zero: a larger decrease is refused with a 400. Returns the new stock.
 */
export async function adjustStock(db: DbOrTx, input: StockChangeInput & { delta: number }): Promise<{ stock: number }> {
  if (!Number.isSafeInteger(input.delta) || input.delta === 0) {
    throw badRequest('The change must be a whole number other than 0.', { delta: 'The change must be a whole number other than 0.' });
  }
  return recordChange(db, 'adjustment', input.delta, { ...input, cause: input.cause ?? 'count' });
}

async function recordChange(
  db: DbOrTx,
  kind: 'restock' | 'adjustment',
  delta: number,
  input: StockChangeInput,
): Promise<{ stock: number }> {
  const at = input.at;
  const cause = input.cause ?? 'count';
  if (!kraStockType(cause, delta)) {
    const message = STOCK_MESSAGES.causeDirection(STOCK_CAUSES[cause].label, delta > 0);
    throw badRequest(message, { cause: message });
  }
  return db.transaction(async (tx) => {
    const variantId = await variantOf(tx, input);
    let stock: number | null;
    if (delta < 0) {
      stock = await takeStock(tx, variantId, -delta, at);
      if (stock === null) {
        const exists = await currentStock(tx, variantId);
        throw badRequest(`Stock cannot go below zero (${exists} in stock).`, { delta: 'Stock cannot go below zero.' });
      }
    } else {
      stock = await giveStock(tx, variantId, delta, at);
    }
    const [moved] = await tx
      .insert(stockMovements)
      .values({
        productId: input.productId,
        variantId,
        kind,
        quantity: delta,
        stockAfter: stock,
        reason: input.reason,
        actorUserId: input.actorUserId ?? null,
        createdAt: at,
      })
      .returning({ id: stockMovements.id });
    if (moved) {
      await queueStockDeclarations(tx, [
        { movementId: moved.id, productId: input.productId, variantId, cause, delta, remark: input.reason, at },
      ]);
    }
    return { stock };
  });
}

/** The variant a change counts: the one named (when it is the product's), else the implicit one. */
async function variantOf(db: DbOrTx, input: StockChangeInput): Promise<string> {
  if (input.variantId === undefined) return implicitVariantId(db, input.productId);
  const [row] = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(and(eq(productVariants.id, input.variantId), eq(productVariants.productId, input.productId)));
  if (!row) throw notFound('Product not found');
  return row.id;
}
