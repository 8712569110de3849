// Every writer of payment_transactions takes the order's lock first: there is one writer module
// (src/server/features/payments/attempt-writes.ts), nothing else in the server writes the table,
// and its writer is handed out only once the order row is locked by the writing transaction.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { paymentTransactions } from '../../src/server/db/schema';
import { writeAttemptsOf } from '../../src/server/features/payments/attempt-writes';
import { dbKinds } from '../support/test-database';
import { createShop, customer, disposeShop, placePaidOrderAttempt, productBySlug, transactionsOf, type Shop } from './checkout-support';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WRITER = path.join('src', 'server', 'features', 'payments', 'attempt-writes.ts');
/** A write to the table through drizzle or in SQL. */
const WRITES =
  /\.(?:insert|update|delete)\(\s*paymentTransactions\s*\)|\b(?:insert\s+into|update|delete\s+from)\s+"?payment_transactions\b/gi;

function sourceFiles(relative: string): string[] {
  const at = path.join(root, relative);
  if (statSync(at).isFile()) return /\.tsx?$/.test(at) && !/\.test\.tsx?$/.test(at) ? [relative] : [];
  return readdirSync(at).flatMap((name) => sourceFiles(path.join(relative, name)));
}

describe('writers of payment attempts', () => {
  it('nothing in the server writes payment_transactions but the one writer module', () => {
    const writers = sourceFiles('src').filter((file) => file !== WRITER && WRITES.test(readFileSync(path.join(root, file), 'utf8')));
    expect(writers).toEqual([]);
    // The pattern finds what it is for: the writer module itself.
    expect(readFileSync(path.join(root, WRITER), 'utf8').match(WRITES)?.length).toBe(3);
  });
});

describe.each(dbKinds(import.meta.url))('the attempt writer, on %s', (kind) => {
  let shop: Shop;
  let first: { orderId: string; trackingId: string };
  let second: { orderId: string; trackingId: string };

  beforeEach(async () => {
    shop = await createShop(kind);
    const user = await customer(shop);
    const productId = (await productBySlug(shop, 'fresh-whole-tilapia')).id;
    first = await placePaidOrderAttempt(shop, user, [{ productId, quantity: 1 }]);
    second = await placePaidOrderAttempt(shop, user, [{ productId, quantity: 1 }]);
  });
  afterEach(() => disposeShop(shop));

  it('is handed out only once the order row is locked by the writing transaction', async () => {
    const lockedByUs = await writeAttemptsOf(shop.ctx.db, first.orderId, async (_attempts, tx) => {
      // A row locked FOR UPDATE carries the locking transaction's id as its xmax.
      const [row] = await queryRows<{ locked: boolean }>(
        tx,
        sql`select xmax::text = pg_current_xact_id()::text as locked from orders where id = ${first.orderId}`,
      );
      return row?.locked;
    });
    expect(lockedByUs).toBe(true);
  });

  it("writes only the locked order's attempts", async () => {
    const [other] = await transactionsOf(shop, second.orderId);
    const changed = await writeAttemptsOf(shop.ctx.db, first.orderId, (attempts) =>
      attempts.update({ statusDescription: 'changed through another order' }, eq(paymentTransactions.id, other!.id)).returning(),
    );
    expect(changed).toEqual([]);
    expect((await transactionsOf(shop, second.orderId))[0]?.statusDescription).toBe(other?.statusDescription);
  });

  it('never deletes all of an order’s attempts at once', async () => {
    await expect(writeAttemptsOf(shop.ctx.db, first.orderId, (attempts) => attempts.delete(undefined))).rejects.toThrow(
      'Deleting payment attempts needs a condition',
    );
    expect(await transactionsOf(shop, first.orderId)).toHaveLength(1);
  });
});
