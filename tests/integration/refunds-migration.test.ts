// Migration 0038 (refunds wait for Pesapal's reversal) on a shop that already has refunds: a request
// Pesapal accepted was refunded in full by the old flow (order cancelled, credit note, customer told),
// so it is 'refunded' as of its request; one it refused is 'refused'. The new checks hold: one live
// refund per payment, a status that agrees with Pesapal's answer, and the 'refund_requested' order.
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { migrationsFolder } from '../../src/server/db/migrate';
import { migrateTo, migrationSteps } from '../support/migration-steps';
import { dbKinds } from '../support/test-database';

const TAG = '0038_refunds_wait_for_the_reversal';
const ORDER = '00000000-0000-0000-0000-000000000001';
const PAYMENT = '00000000-0000-0000-0000-0000000000a1';
const OTHER_PAYMENT = '00000000-0000-0000-0000-0000000000a2';

const steps = migrationSteps('refunds_migration');
afterAll(() => steps.cleanup());

describe.each(dbKinds(import.meta.url))('migration 0038 on %s', (kind) => {
  it('settles the refunds of the old flow as they were, and holds the new rules', async () => {
    const database = await steps.emptyDatabase(kind);
    await migrateTo(database, steps.folderBefore(TAG));
    const db = database.db;
    await db.execute(sql`insert into "user" (id, name, email) values ('u1', 'Someone', 'u1@example.test')`);
    await db.execute(sql`insert into orders (id, user_id, status, subtotal, vat, delivery_fee, total_amount, customer_name, customer_email, customer_phone, delivery_address)
      values (${ORDER}, 'u1', 'cancelled', 100000, 0, 0, 100000, 'Someone', 'u1@example.test', '+254712345678', 'Karen')`);
    for (const [id, ref] of [
      [PAYMENT, 'ORD-1-1'],
      [OTHER_PAYMENT, 'ORD-1-2'],
    ]) {
      await db.execute(sql`insert into payment_transactions (id, order_id, status, merchant_reference, amount)
        values (${id}, ${ORDER}, 'COMPLETED', ${ref}, 100000)`);
    }
    await db.execute(sql`insert into payment_refunds (transaction_id, amount, remarks, accepted, message, created_at)
      values (${PAYMENT}, 100000, 'Out of stock', false, 'Invalid confirmation code provided.', '2026-11-01T08:00:00Z'),
             (${PAYMENT}, 100000, 'Out of stock', true, 'Refund request successfully', '2026-11-01T09:00:00Z')`);

    await migrateTo(database, migrationsFolder());
    // Running it again changes nothing (each instance migrates at start).
    await migrateTo(database, migrationsFolder());

    const rows = await queryRows<{ accepted: boolean; status: string; settled: string; checked: boolean }>(
      db,
      sql`select accepted, status,
            case when settled_at is null then 'no' when settled_at = created_at then 'as requested' else 'later' end as settled,
            next_check_at is not null as checked
          from payment_refunds order by created_at`,
    );
    expect(rows).toEqual([
      { accepted: false, status: 'refused', settled: 'no', checked: false },
      { accepted: true, status: 'refunded', settled: 'as requested', checked: false },
    ]);

    const refund = (payment: string, status: string, accepted = true) =>
      db.execute(sql`insert into payment_refunds (transaction_id, amount, remarks, accepted, status)
        values (${payment}, 100000, 'Again', ${accepted}, ${status})`);
    // One live refund per payment: this one is refunded already.
    await expect(refund(PAYMENT, 'requested')).rejects.toThrow();
    // A rejected one leaves room for a new request.
    await refund(OTHER_PAYMENT, 'rejected');
    await refund(OTHER_PAYMENT, 'requested');
    // The status agrees with Pesapal's answer, and is one of the four.
    await expect(refund(OTHER_PAYMENT, 'refused', true)).rejects.toThrow();
    await expect(refund(OTHER_PAYMENT, 'requested', false)).rejects.toThrow();
    await expect(refund(OTHER_PAYMENT, 'approved')).rejects.toThrow();

    await db.execute(sql`update orders set status = 'refund_requested' where id = ${ORDER}`);
    await expect(db.execute(sql`update orders set status = 'refunding' where id = ${ORDER}`)).rejects.toThrow();
  });
});
