// Migration 0024 (sign-in with a code by SMS) on a shop that already has accounts and order SMS:
// existing accounts get no phone number, existing SMS keep their order, a number belongs to one
// account only, and an SMS may now belong to no order.
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { migrationsFolder } from '../../src/server/db/migrate';
import { migrateTo, migrationSteps } from '../support/migration-steps';
import { dbKinds } from '../support/test-database';

const steps = migrationSteps('phone_sign_in_migration');
afterAll(() => steps.cleanup());

describe.each(dbKinds(import.meta.url))('migration 0024 on %s', (kind) => {
  // Every migration from an empty PGlite takes about 30 s on a loaded 2-core machine.
  it('keeps accounts and order SMS, adds the unique phone number and SMS without an order', { timeout: 120_000 }, async () => {
    const database = await steps.emptyDatabase(kind);
    await migrateTo(database, steps.folderBefore('0024_phone_sign_in'));
    const db = database.db;
    await db.execute(
      sql`insert into "user" (id, name, email) values ('u1', 'Someone', 'u1@example.test'), ('u2', 'Other', 'u2@example.test')`,
    );
    await db.execute(sql`insert into orders (id, user_id, subtotal, vat, delivery_fee, total_amount, customer_name, customer_email, customer_phone, delivery_address)
      values ('00000000-0000-0000-0000-000000000001', 'u1', 1, 0, 0, 1, 'Someone', 'u1@example.test', '+254712345678', 'Karen')`);
    await db.execute(sql`insert into outbound_sms (order_id, step, dedupe_key, "to", message, status)
      values ('00000000-0000-0000-0000-000000000001', 'paid', 'o1:paid', '+254712345678', 'Paid', 'stored')`);

    await migrateTo(database, migrationsFolder());

    expect(await queryRows(db, sql`select id, email, phone_number, phone_number_verified from "user" order by id`)).toEqual([
      { id: 'u1', email: 'u1@example.test', phone_number: null, phone_number_verified: null },
      { id: 'u2', email: 'u2@example.test', phone_number: null, phone_number_verified: null },
    ]);
    expect(await queryRows(db, sql`select order_id, step from outbound_sms`)).toEqual([
      { order_id: '00000000-0000-0000-0000-000000000001', step: 'paid' },
    ]);
    await db.execute(sql`update "user" set phone_number = '+254712345678', phone_number_verified = true where id = 'u1'`);
    await expect(db.execute(sql`update "user" set phone_number = '+254712345678' where id = 'u2'`)).rejects.toThrow();
    await db.execute(sql`insert into outbound_sms (order_id, step, dedupe_key, "to", message, status)
      values (null, 'sign_in_code', 'sign_in_code:1', '+254712345678', '123456 is your code', 'stored')`);
    expect(await queryRows(db, sql`select count(*)::int as n from outbound_sms where order_id is null`)).toEqual([{ n: 1 }]);
  });
});
