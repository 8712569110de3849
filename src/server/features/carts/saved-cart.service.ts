// A signed-in customer's cart kept by the server (docs/decisions/059-saved-carts-and-reminders.md).
// The browser saves each change; at sign-in its cart is merged into the saved one; placing an order
// empties it in the order's transaction. Lines name products the shop has (else 422, nothing saved);
// lines of products no longer sold are dropped when the cart is saved or read.
import { eq, inArray } from 'drizzle-orm';
import { cartLineKey } from '@/domain/cart';
import { multiplyCents, sumCents, type Cents } from '@/domain/money';
import { mergeSavedCarts, SAVED_CART_MESSAGES, type SavedCartLine } from '@/domain/saved-cart';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { products, productVariants, savedCarts } from '../../db/schema';
import { DomainError } from '../../errors';
import { checkCartProducts, type CartCheckItem } from '../catalog/catalog.service';

/** A line of the saved cart with today's product data (name, price, stock) for the browser's cart. */
type SavedCartItem = Extract<CartCheckItem, { available: true }> & { quantity: number };

export interface SavedCartAnswer {
  lines: SavedCartItem[];
  /** When the cart last changed (ISO); null: never saved. The browser compares it to know another device or an order changed it. */
  updatedAt: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const unknownProduct = () =>
  new DomainError('unprocessable', 'UNKNOWN_PRODUCT', SAVED_CART_MESSAGES.unknown, { fields: { lines: SAVED_CART_MESSAGES.unknown } });

/** Lower-case ids, as the catalogue stores them; a variant id only when given. */
function normalise(lines: readonly SavedCartLine[]): SavedCartLine[] {
  return lines.map((l) => ({
    productId: l.productId.toLowerCase(),
    ...(l.variantId !== undefined && { variantId: l.variantId.toLowerCase() }),
    quantity: l.quantity,
  }));
}

/** Refuses (422) a line whose product, or whose variant of that product, the shop never had. */
async function assertKnown(db: DbOrTx, lines: readonly SavedCartLine[]): Promise<void> {
  if (lines.length === 0) return;
  if (lines.some((l) => !UUID.test(l.productId) || (l.variantId !== undefined && !UUID.test(l.variantId)))) throw unknownProduct();
  const productIds = [...new Set(lines.map((l) => l.productId))];
  const found = await db.select({ id: products.id }).from(products).where(inArray(products.id, productIds));
  if (found.length !== productIds.length) throw unknownProduct();
  const variantIds = [...new Set(lines.flatMap((l) => (l.variantId === undefined ? [] : [l.variantId])))];
  if (variantIds.length === 0) return;
  const variants = await db
    .select({ id: productVariants.id, productId: productVariants.productId })
    .from(productVariants)
    .where(inArray(productVariants.id, variantIds));
  const owner = new Map(variants.map((v) => [v.id, v.productId]));
  if (lines.some((l) => l.variantId !== undefined && owner.get(l.variantId) !== l.productId)) throw unknownProduct();
}

/** The lines still sold, each with today's product data; and what they cost today. */
async function priced(db: DbOrTx, lines: readonly SavedCartLine[]): Promise<{ items: SavedCartItem[]; valueCents: Cents }> {
  const current = await checkCartProducts(db, lines);
  const items: SavedCartItem[] = [];
  lines.forEach((line, i) => {
    const now = current[i];
    if (now?.available) items.push({ ...now, quantity: line.quantity });
  });
  return { items, valueCents: sumCents(items.map((i) => multiplyCents(i.priceCents, i.quantity))) };
}

const asLine = (i: SavedCartItem): SavedCartLine => ({
  productId: i.productId,
  ...(i.variantId !== undefined && { variantId: i.variantId }),
  quantity: i.quantity,
});

function sameLines(a: readonly SavedCartLine[], b: readonly SavedCartLine[]): boolean {
  return a.length === b.length && a.every((l, i) => cartLineKey(l) === cartLineKey(b[i]!) && l.quantity === b[i]!.quantity);
}

/** The saved cart's row, locked for this transaction (made, empty, when the customer has none yet). */
async function lockedCart(tx: Tx, userId: string, at: Date) {
  await tx.insert(savedCarts).values({ userId, updatedAt: at }).onConflictDoNothing({ target: savedCarts.userId });
  const [row] = await tx.select().from(savedCarts).where(eq(savedCarts.userId, userId)).for('update');
  if (!row) throw new Error('the saved cart row vanished under its lock');
  return row;
}

/** Writes `lines` (known products, checked) as the cart; an unchanged cart keeps its time of last change. */
async function store(tx: Tx, userId: string, lines: readonly SavedCartLine[], at: Date): Promise<SavedCartAnswer> {
  const row = await lockedCart(tx, userId, at);
  const { items, valueCents } = await priced(tx, lines);
  const kept = items.map(asLine);
  if (sameLines(kept, row.lines)) return answer(items, row.updatedAt);
  const empty = kept.length === 0;
  await tx
    .update(savedCarts)
    .set({
      lines: kept,
      value: valueCents,
      updatedAt: at,
      // A cart that empties starts afresh: its next start may bring a reminder of its own.
      startedAt: empty ? null : (row.startedAt ?? at),
      ...(empty && { reminderSentAt: null }),
    })
    .where(eq(savedCarts.userId, userId));
  return answer(items, at);
}

const answer = (lines: SavedCartItem[], updatedAt: Date | null): SavedCartAnswer => ({
  lines,
  updatedAt: updatedAt?.toISOString() ?? null,
});

export async function readSavedCart(db: DbOrTx, userId: string): Promise<SavedCartAnswer> {
  const [row] = await db.select().from(savedCarts).where(eq(savedCarts.userId, userId));
  if (!row) return answer([], null);
  return answer((await priced(db, row.lines)).items, row.updatedAt);
}

/** The browser's cart, as it now is, replaces the saved one. */
export async function replaceSavedCart(db: Db, userId: string, lines: readonly SavedCartLine[], at: Date): Promise<SavedCartAnswer> {
  const wanted = normalise(lines);
  await assertKnown(db, wanted);
  return db.transaction((tx) => store(tx, userId, wanted, at));
}

/** At sign-in: the browser's cart merged into the saved one (mergeSavedCarts), saved, and answered. */
export async function mergeIntoSavedCart(db: Db, userId: string, lines: readonly SavedCartLine[], at: Date): Promise<SavedCartAnswer> {
  const browser = normalise(lines);
  await assertKnown(db, browser);
  return db.transaction(async (tx) => {
    const row = await lockedCart(tx, userId, at);
    return store(tx, userId, mergeSavedCarts(row.lines, browser), at);
  });
}
