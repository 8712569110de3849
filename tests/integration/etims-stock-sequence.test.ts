// Stock moved at once by two shop instances on one database (two handles on PostgreSQL): every
// movement KRA is told of gets its sarNo from the one counter row, in the transaction that moves the
// stock, so the declarations are numbered 1..N without a gap or a repeat, one per movement, and each
// product's remaining quantity (rsdQty) runs from declaration to declaration as its stock does.
import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '@/server/db/client';
import { etimsStockMoves, products, stockMovements } from '@/server/db/schema';
import { insertProducts } from '@/server/features/catalog/new-products';
import { adjustStock, restock } from '@/server/features/inventory/inventory.service';
import { createTestDatabase, dbKinds, openSecondHandle, type TestDatabase } from '../support/test-database';
import type { Database } from '@/server/db/client';

describe.each(dbKinds(import.meta.url))('KRA stock numbers under concurrent movements, on %s', (kind) => {
  let testDb: TestDatabase;
  let second: Database | null = null;
  let instances: Db[];
  const at = new Date('2026-03-02T07:00:00Z');

  beforeEach(async () => {
    testDb = await createTestDatabase(kind, { poolSize: 8 });
    second = testDb.url ? await openSecondHandle(testDb.url) : null;
    instances = [testDb.database.db, second?.db ?? testDb.database.db];
  });
  afterEach(async () => {
    await second?.close();
    await testDb.dispose();
  });

  it('numbers concurrent movements of two instances 1..N without gaps or repeats, one declaration per movement', async () => {
    const made = await insertProducts(testDb.database.db, [
      { name: 'Tilapia', slug: 'tilapia', category: 'fish', price: 65_000, stock: 50 },
      { name: 'Kienyeji', slug: 'kienyeji', category: 'chicken', price: 120_000, stock: 50 },
    ]);
    const ids = made.map((p) => p.id);
    // 40 changes, alternating instance and product: restocks in, count corrections and spoiled stock out.
    const changes = Array.from({ length: 40 }, (_, i) => {
      const db = instances[i % 2]!;
      const productId = ids[Math.floor(i / 2) % 2]!;
      if (i % 3 === 0) return restock(db, { productId, quantity: 1 + (i % 5), reason: `Delivery ${i}`, at });
      return adjustStock(db, { productId, delta: -1, cause: i % 3 === 1 ? 'count' : 'spoiled', reason: `Change ${i}`, at });
    });
    await Promise.all(changes);

    const db = testDb.database.db;
    const declared = await db.select().from(etimsStockMoves).orderBy(asc(etimsStockMoves.sarNo));
    const movements = await db.select({ id: stockMovements.id }).from(stockMovements);
    // Two opening stocks and the 40 changes.
    expect(movements).toHaveLength(42);
    expect(declared.map((d) => d.sarNo)).toEqual(Array.from({ length: 42 }, (_, i) => i + 1));
    expect(new Set(declared.map((d) => d.stockMovementId)).size).toBe(42);
    expect(declared.map((d) => d.sarTyCd).filter((t) => !['06', '02', '16', '15'].includes(t))).toEqual([]);

    for (const productId of ids) {
      const own = declared.filter((d) => d.productId === productId);
      let held = 0;
      for (const d of own) {
        held += ['02', '06'].includes(d.sarTyCd) ? d.quantity : -d.quantity;
        expect([d.sarNo, d.rsdQty]).toEqual([d.sarNo, held]);
      }
      const [product] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
      expect(own.at(-1)?.rsdQty).toBe(product?.stock);
    }
  });

  it('gives a rolled-back movement’s number back: the next movement takes it', async () => {
    const [p] = await insertProducts(testDb.database.db, [{ name: 'Tilapia', slug: 'tilapia', category: 'fish', price: 65_000, stock: 2 }]);
    await expect(adjustStock(instances[1]!, { productId: p!.id, delta: -3, cause: 'spoiled', reason: 'Rotten', at })).rejects.toThrow(
      'Stock cannot go below zero',
    );
    await adjustStock(instances[1]!, { productId: p!.id, delta: -2, cause: 'spoiled', reason: 'Rotten', at });
    const declared = await testDb.database.db.select().from(etimsStockMoves).orderBy(asc(etimsStockMoves.sarNo));
    expect(declared.map((d) => [d.sarNo, d.sarTyCd, d.quantity, d.rsdQty])).toEqual([
      [1, '06', 2, 2],
      [2, '15', 2, 0],
    ]);
  });
});
