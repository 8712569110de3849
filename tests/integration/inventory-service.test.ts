// The stock ledger on a real database: every change is one movement, each order-bound movement
// happens once, and stock never goes below zero.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, dbKinds, type TestDatabase } from '../support/test-database';
import type { Db } from '@/server/db/client';
import { orders, products, stockMovements, user } from '@/server/db/schema';
import {
  adjustStock,
  OutOfStockError,
  releaseReservation,
  reserveStock,
  restock,
  sellReservation,
} from '@/server/features/inventory/inventory.service';
import { insertProducts } from '@/server/features/catalog/new-products';

describe.each(dbKinds(import.meta.url))('stock ledger on %s', (kind) => {
  let testDb: TestDatabase;
  let db: Db;
  let productId: string;
  const at = new Date('2025-03-01T10:00:00Z');

  beforeEach(async () => {
    testDb = await createTestDatabase(kind);
    db = testDb.database.db;
    const [p] = await insertProducts(db, [{ name: 'Tilapia', slug: 'tilapia', category: 'fish', price: 65_000, stock: 5 }]);
    productId = p!.id;
  });
  afterEach(() => testDb.dispose());

  const stock = async () => (await db.select({ stock: products.stock }).from(products).where(eq(products.id, productId)))[0]!.stock;
  const movements = (orderId?: string) =>
    db
      .select()
      .from(stockMovements)
      .where(orderId ? eq(stockMovements.orderId, orderId) : eq(stockMovements.productId, productId));

  async function newOrder(): Promise<string> {
    const userId = crypto.randomUUID();
    await db.insert(user).values({ id: userId, name: 'T', email: `${userId}@example.test`, emailVerified: true });
    const [o] = await db
      .insert(orders)
      .values({
        userId,
        subtotal: 0,
        vat: 0,
        deliveryFee: 0,
        totalAmount: 0,
        customerName: 'T',
        customerEmail: 't@example.test',
        customerPhone: '+254700000000',
        deliveryAddress: 'Westlands',
      })
      .returning({ id: orders.id });
    return o!.id;
  }
  const line = (quantity: number) => [{ productId, productName: 'Tilapia', quantity }];

  it('restocks and adjusts with one movement each, never below zero', async () => {
    expect(await restock(db, { productId, quantity: 10, reason: 'Delivery from Kisumu', at })).toEqual({ stock: 15 });
    expect(await adjustStock(db, { productId, delta: -4, reason: 'Count', at })).toEqual({ stock: 11 });
    await expect(adjustStock(db, { productId, delta: -12, reason: 'Count', at })).rejects.toThrow(
      'Stock cannot go below zero (11 in stock).',
    );
    await expect(restock(db, { productId, quantity: 0, reason: 'x', at })).rejects.toThrow(
      'Quantity must be a whole number greater than 0.',
    );
    await expect(adjustStock(db, { productId: crypto.randomUUID(), delta: 1, reason: 'x', at })).rejects.toThrow('Product not found');
    expect(await stock()).toBe(11);
    // The product's opening stock is its first restock, so the ledger explains every unit.
    expect((await movements()).map((m) => [m.kind, m.quantity, m.stockAfter])).toEqual([
      ['restock', 5, 5],
      ['restock', 10, 15],
      ['adjustment', -4, 11],
    ]);
  });

  it('reserves only what is there, and releases a reservation once', async () => {
    const orderId = await newOrder();
    await expect(db.transaction((tx) => reserveStock(tx, orderId, line(6), at))).rejects.toThrow(
      new OutOfStockError(productId, 'Tilapia', 5, 6).message,
    );
    await db.transaction((tx) => reserveStock(tx, orderId, line(5), at));
    expect(await stock()).toBe(0);
    const released = await Promise.all([
      db.transaction((tx) => releaseReservation(tx, orderId, 'expired', at)),
      db.transaction((tx) => releaseReservation(tx, orderId, 'expired', at)),
    ]);
    expect(released.sort()).toEqual([0, 1]);
    expect(await stock()).toBe(5);
    expect((await movements(orderId)).map((m) => [m.kind, m.quantity, m.stockAfter])).toEqual([
      ['reservation', -5, 0],
      ['release', 5, 5],
    ]);
  });

  it('sells a reservation once; a sold reservation is never released', async () => {
    const orderId = await newOrder();
    await db.transaction((tx) => reserveStock(tx, orderId, line(2), at));
    expect(await db.transaction((tx) => sellReservation(tx, orderId, line(2), at))).toEqual([]);
    expect(await db.transaction((tx) => sellReservation(tx, orderId, line(2), at))).toEqual([]);
    expect(await db.transaction((tx) => releaseReservation(tx, orderId, 'late failure', at))).toBe(0);
    expect(await stock()).toBe(3);
    expect((await movements(orderId)).map((m) => m.kind).sort()).toEqual(['reservation', 'sale']);
  });

  it('a sale after the release takes the stock again, or reports the shortfall', async () => {
    const orderId = await newOrder();
    await db.transaction((tx) => reserveStock(tx, orderId, line(4), at));
    await db.transaction((tx) => releaseReservation(tx, orderId, 'expired', at));
    await adjustStock(db, { productId, delta: -2, reason: 'Spoiled', at });
    expect(await db.transaction((tx) => sellReservation(tx, orderId, line(4), at))).toEqual([
      { productId, productName: 'Tilapia', requested: 4, available: 3, neverHeld: false },
    ]);
    await restock(db, { productId, quantity: 1, reason: 'Found one', at });
    expect(await db.transaction((tx) => sellReservation(tx, orderId, line(4), at))).toEqual([]);
    expect(await stock()).toBe(0);
  });
});
