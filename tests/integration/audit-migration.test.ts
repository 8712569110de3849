// Migration 0010 on a shop whose audit log already holds money as decimal KES strings: a product's
// price (on create and in an update's changes) and refund amounts become integer cents; every other
// row, and a row whose amount is not a well-formed number, stays as it was.
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { migrationsFolder } from '../../src/server/db/migrate';
import { migrateTo, migrationSteps } from '../support/migration-steps';
import { dbKinds } from '../support/test-database';

const TAG = '0010_audit_money_in_cents';

interface Journal {
  entries: { idx: number; tag: string; when: number }[];
}

const steps = migrationSteps('audit_migration');
afterAll(() => steps.cleanup());

describe('the migration journal', () => {
  it('gives every migration a later time than the one before it, so a running shop applies 0010', () => {
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as Journal;
    expect(journal.entries.map((e) => e.tag)).toContain(TAG);
    journal.entries.forEach((e, i) => {
      expect(e.idx).toBe(i);
      if (i > 0) expect(e.when).toBeGreaterThan(journal.entries[i - 1]!.when);
    });
  });
});

const OLD_ROWS: [action: string, details: unknown][] = [
  ['PRODUCT_CREATE', { name: 'Tilapia', price: '1200.00', stock: 3, published: true }],
  ['PRODUCT_UPDATE', { changed: { price: { from: '1200.00', to: '1350.5' }, stock: { from: 3, to: 4 } } }],
  ['PRODUCT_UPDATE', { changed: { name: { from: 'Tilapia', to: 'Whole Tilapia' } } }],
  ['ORDER_REFUND', { refundId: 'r1', amount: '2436.00', accepted: true }],
  ['PAYMENT_REFUND', { refundId: 'r2', amount: '99.99', reason: 'Paid twice' }],
  ['PAYMENT_REFUND', { refundId: 'r3', amount: 'n/a' }],
  ['STOCK_ADJUST', { price: '5.00', quantity: -2 }],
];

describe.each(dbKinds(import.meta.url))('migration 0010 on %s', (kind) => {
  it('turns decimal KES in audit details into integer cents and leaves every other row alone', async () => {
    const database = await steps.emptyDatabase(kind);
    await migrateTo(database, steps.folderBefore(TAG));
    const db = database.db;
    for (const [i, [action, details]] of OLD_ROWS.entries()) {
      await db.execute(
        sql`insert into audit_logs (action, table_name, record_id, details) values (${action}, 'x', ${String(i)}, ${JSON.stringify(details)}::jsonb)`,
      );
    }

    await migrateTo(database, migrationsFolder());
    // Every instance migrates at start: a second run changes nothing.
    await migrateTo(database, migrationsFolder());

    const rows = await queryRows<{ record_id: string; details: unknown }>(
      db,
      sql`select record_id, details from audit_logs order by record_id::int`,
    );
    expect(rows.map((r) => r.details)).toEqual([
      { name: 'Tilapia', priceCents: 120000, stock: 3, published: true },
      { changed: { priceCents: { from: 120000, to: 135050 }, stock: { from: 3, to: 4 } } },
      { changed: { name: { from: 'Tilapia', to: 'Whole Tilapia' } } },
      { refundId: 'r1', amountCents: 243600, accepted: true },
      { refundId: 'r2', amountCents: 9999, reason: 'Paid twice' },
      { refundId: 'r3', amount: 'n/a' },
      { price: '5.00', quantity: -2 },
    ]);
  });
});
