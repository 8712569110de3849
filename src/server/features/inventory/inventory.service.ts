// The stock ledger. A variant's stock (product_variants.stock) is what is left to sell of it; every
// change to it is one row in stock_movements, written in the same transaction as the change
// (products.stock follows as the sum, by the database's trigger):
//   reservation  −q  an order was placed (checkout)
//   release      +q  the order failed or expired before payment
//   sale          0  the reservation was paid for (or −q when a late payment re-takes released stock)
//   restock      +q  goods arrived (admin)
//   adjustment   ±q  a count correction (admin)
//   substitution −q  a substitute packed in place of an order's unavailable item (packing)
// Decrements are conditional (`stock >= q`), so concurrent checkouts never oversell, and the partial
// unique index on (order, variant, kind) makes each reservation, release and sale happen once.
// Sales, substitutions, restocks and adjustments are goods leaving or entering the shop: each is queued for KRA in
// the same transaction (stock-declaration-queue.ts); reservations and releases are not.
// A product keeps its stock in pieces or in kg (src/domain/stock-units.ts, decision 050): an order
// line of q pieces moves q, or q × the variant's weight in grams; every row says its unit. The unit
// is read after the variant's row is locked, and a switch of unit locks every variant first, so a
// line never moves stock in a unit its product has just left.
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products, productVariants, stockMovements } from '../../db/schema';
import { mayHoldUnits } from '@/domain/stock-holds';
import { convertStock, formatKg, piecesAvailable, STOCK_UNIT_MESSAGES, stockForPieces, type StockUnit } from '@/domain/stock-units';
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
function inProductOrder<L extends VariantLine>(lines: readonly L[]): L[] {
  return [...lines].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

async function currentStock(db: DbOrTx, variantId: string): Promise<number> {
  const [row] = await db.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, variantId));
  return row?.stock ?? 0;
}

/** A variant's stock as its product counts it, read under the variant's row lock. */
export interface LockedStock {
  stock: number;
  weightGrams: number | null;
  unit: StockUnit;
}

/**
 * Locks the variant's row ('no key update', as the UPDATE that takes stock: the order's lines hold
 * a key-share lock on it by their foreign key), then reads its product's unit in a statement of its
 * own: a switch of unit holds every variant's lock until it commits, so the unit read is current.
 */
export async function lockStock(db: DbOrTx, variantId: string): Promise<LockedStock> {
  const [variant] = await db
    .select({ stock: productVariants.stock, weightGrams: productVariants.weightGrams, productId: productVariants.productId })
    .from(productVariants)
    .where(eq(productVariants.id, variantId))
    .for('no key update');
  if (!variant) throw notFound('Product not found');
  const [product] = await db.select({ unit: products.stockUnit }).from(products).where(eq(products.id, variant.productId));
  return { stock: variant.stock, weightGrams: variant.weightGrams, unit: product?.unit ?? 'piece' };
}

/** What `pieces` of the locked variant move in its unit; null when a variant kept in kg has no weight (nothing to sell). */
function amountFor(locked: LockedStock, pieces: number): number | null {
  if (locked.unit === 'kg' && (locked.weightGrams === null || locked.weightGrams <= 0)) return null;
  return stockForPieces(locked.unit, pieces, locked.weightGrams);
}

/** Whole pieces the variant has left, for messages and shortfalls. */
const piecesLeft = (locked: LockedStock, stock = locked.stock) => piecesAvailable(locked.unit, stock, locked.weightGrams);

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
    // The variant's row lock makes the count and the hold one step for every checkout.
    const locked = await lockStock(tx, line.variantId);
    const amount = amountFor(locked, line.quantity);
    if (amount === null) throw new OutOfStockError(line.productId, line.productName, 0, line.quantity);
    if (unpaidShare < 100) {
      const free = locked.stock;
      if (free >= amount && !mayHoldUnits(free, await unpaidHeldUnits(tx, line.variantId, at), amount, unpaidShare)) {
        unheld.push(line);
        continue;
      }
    }
    const stockAfter = await takeStock(tx, line.variantId, amount, at);
    if (stockAfter === null) {
      throw new OutOfStockError(
        line.productId,
        line.productName,
        piecesLeft(locked, await currentStock(tx, line.variantId)),
        line.quantity,
      );
    }
    await tx.insert(stockMovements).values({
      productId: line.productId,
      variantId: line.variantId,
      orderId,
      kind: 'reservation',
      quantity: -amount,
      stockAfter,
      unit: locked.unit,
      createdAt: at,
    });
  }
  return unheld;
}

interface VariantMovements {
  productId: string;
  /** Each kind's signed quantity, in the unit it was written in. */
  kinds: Map<string, { quantity: number; unit: StockUnit }>;
}

/** An order's movements per variant, in (product, variant) order. */
async function movementKindsByVariant(db: DbOrTx, orderId: string): Promise<Map<string, VariantMovements>> {
  const rows = await db
    .select({
      productId: stockMovements.productId,
      variantId: stockMovements.variantId,
      kind: stockMovements.kind,
      quantity: stockMovements.quantity,
      unit: stockMovements.unit,
    })
    .from(stockMovements)
    .where(eq(stockMovements.orderId, orderId))
    .orderBy(asc(stockMovements.productId), asc(stockMovements.variantId));
  const byVariant = new Map<string, VariantMovements>();
  for (const r of rows) {
    const entry = byVariant.get(r.variantId) ?? { productId: r.productId, kinds: new Map() };
    entry.kinds.set(r.kind, { quantity: r.quantity, unit: r.unit });
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
    // A switch of unit waits for open reservations, so the unit is the reservation's; were it not,
    // the held pieces go back in the product's unit now.
    const locked = await lockStock(tx, variantId);
    const quantity = convertStock(reserved.unit, locked.unit, -reserved.quantity, locked.weightGrams).stock;
    const [claim] = await tx
      .insert(stockMovements)
      .values({ productId, variantId, orderId, kind: 'release', quantity, stockAfter: 0, unit: locked.unit, reason, createdAt: at })
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
    const reserved = kinds?.get('reservation');
    const stillReserved = reserved !== undefined && !kinds?.has('release');
    if (reserved && stillReserved) {
      const [sold] = await tx
        .insert(stockMovements)
        .values({
          productId: line.productId,
          variantId: line.variantId,
          orderId,
          kind: 'sale',
          quantity: 0,
          stockAfter: await currentStock(tx, line.variantId),
          unit: reserved.unit,
          createdAt: at,
        })
        .onConflictDoNothing()
        .returning({ id: stockMovements.id });
      // The reserved units leave the shop now, for KRA as for the shelf.
      if (sold) toDeclare.push(saleDeclaration(sold.id, line, orderId, reserved.quantity, at));
      continue;
    }
    const locked = await lockStock(tx, line.variantId);
    const amount = amountFor(locked, line.quantity);
    const stockAfter = amount === null ? null : await takeStock(tx, line.variantId, amount, at);
    if (amount === null || stockAfter === null) {
      shortfalls.push({
        productId: line.productId,
        productName: line.productName,
        requested: line.quantity,
        available: piecesLeft(locked, await currentStock(tx, line.variantId)),
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
        quantity: -amount,
        stockAfter,
        unit: locked.unit,
        reason: kinds === undefined ? 'Paid first: not held while unpaid' : 'Paid after the reservation was released',
        createdAt: at,
      })
      .returning({ id: stockMovements.id });
    if (sold) toDeclare.push(saleDeclaration(sold.id, line, orderId, -amount, at));
  }
  await queueStockDeclarations(tx, toDeclare);
  return shortfalls;
}

/** A sale's declaration: `delta` is the stock that left, in its row's unit (negative). */
const saleDeclaration = (movementId: string, line: VariantLine, orderId: string, delta: number, at: Date): StockToDeclare => ({
  movementId,
  productId: line.productId,
  variantId: line.variantId,
  orderId,
  cause: 'sale',
  delta,
  remark: null,
  at,
});

/** A substitute leaving the shop for an order: its variant, how many, and the line it replaces. */
export interface SubstituteLine extends VariantLine {
  /** The order line it replaces, for the ledger's reason. */
  replaces: string;
}

/** Thrown when a substitute's units are no longer on the shelf when packing is finished. */
class SubstituteGoneError extends DomainError {
  constructor(productName: string, available: number, needed: number) {
    super(
      'conflict',
      'SUBSTITUTE_OUT_OF_STOCK',
      `Only ${available} of ${productName} left, ${needed} needed for the substitute: choose another substitute or mark the item unavailable.`,
    );
  }
}

/**
 * Takes the substitutes an order's packing sends out of stock: one 'substitution' row per variant
 * (lines replaced by the same variant summed, so the unique index on order, variant and kind makes it
 * once), each declared to KRA as goods sold. Stock never goes below zero: a substitute no longer there
 * throws SubstituteGoneError and the caller's transaction leaves nothing half done. Call it under the
 * order's row lock, which makes it once per order.
 */
export async function sendSubstitutes(
  tx: DbOrTx,
  orderId: string,
  lines: readonly SubstituteLine[],
  actorUserId: string | null,
  at: Date,
): Promise<void> {
  const byVariant = new Map<string, SubstituteLine>();
  for (const line of lines) {
    const earlier = byVariant.get(line.variantId);
    byVariant.set(
      line.variantId,
      earlier ? { ...earlier, quantity: earlier.quantity + line.quantity, replaces: `${earlier.replaces}; ${line.replaces}` } : line,
    );
  }
  const toDeclare: StockToDeclare[] = [];
  for (const line of inProductOrder([...byVariant.values()])) {
    // In the substitute's own unit: its nominal weight in grams per piece for stock kept in kg.
    const locked = await lockStock(tx, line.variantId);
    const amount = amountFor(locked, line.quantity);
    const stockAfter = amount === null ? null : await takeStock(tx, line.variantId, amount, at);
    if (amount === null || stockAfter === null) {
      throw new SubstituteGoneError(line.productName, piecesLeft(locked, await currentStock(tx, line.variantId)), line.quantity);
    }
    const reason = `Sent in place of ${line.replaces}`.slice(0, 500);
    const [moved] = await tx
      .insert(stockMovements)
      .values({
        productId: line.productId,
        variantId: line.variantId,
        orderId,
        kind: 'substitution',
        quantity: -amount,
        stockAfter,
        unit: locked.unit,
        reason,
        actorUserId,
        createdAt: at,
      })
      .returning({ id: stockMovements.id });
    if (moved) {
      toDeclare.push({
        movementId: moved.id,
        productId: line.productId,
        variantId: line.variantId,
        orderId,
        cause: 'substitution',
        delta: -amount,
        remark: reason,
        at,
      });
    }
  }
  await queueStockDeclarations(tx, toDeclare);
}

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
  /** The unit the change was entered in (the back office's form); refused when the product now counts in the other. */
  unit?: StockUnit | undefined;
}

/**
 * Goods arrived: adds `quantity` (a positive integer, in the product's unit: pieces, or grams for
 * stock kept in kg) to the product's stock. Returns the new stock.
 */
export async function restock(db: DbOrTx, input: StockChangeInput & { quantity: number }): Promise<{ stock: number }> {
  if (!Number.isSafeInteger(input.quantity) || input.quantity <= 0) {
    throw badRequest('Quantity must be a whole number greater than 0.', { quantity: 'Quantity must be a whole number greater than 0.' });
  }
  return recordChange(db, 'restock', input.quantity, { ...input, cause: input.cause ?? 'purchase' });
}

/**
 * A stock count correction by `delta` (positive or negative, not 0; pieces, or grams for stock kept
 * in kg). Stock never goes below zero: a larger decrease is refused with a 400. Returns the new stock.
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
    const locked = await lockStock(tx, variantId);
    if (input.unit !== undefined && input.unit !== locked.unit) {
      const message = STOCK_UNIT_MESSAGES.unitChanged(locked.unit);
      throw badRequest(message, { quantity: message });
    }
    let stock: number | null;
    if (delta < 0) {
      stock = await takeStock(tx, variantId, -delta, at);
      if (stock === null) {
        const exists = await currentStock(tx, variantId);
        const held = locked.unit === 'kg' ? formatKg(exists) : String(exists);
        throw badRequest(`Stock cannot go below zero (${held} in stock).`, { delta: 'Stock cannot go below zero.' });
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
        unit: locked.unit,
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
