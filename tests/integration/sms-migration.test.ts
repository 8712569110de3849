// Migration 0009 (the SMS outbox) on a shop that already has customers, orders and mail: existing
// profiles and orders say yes to SMS updates with no recorded time (they were never asked), old mail
// has no order or key, and the new unique keys hold.
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { migrationsFolder } from '../../src/server/db/migrate';
import { migrateTo, migrationSteps } from '../support/migration-steps';
import { dbKinds } from '../support/test-database';

const TAG = '0009_sms_outbox';

interface Journal {
  entries: { idx: number; tag: string; when: number }[];
}

const steps = migrationSteps('sms_migration');
afterAll(() => steps.cleanup());
const { emptyDatabase } = steps;

describe('the migration journal', () => {
  it('lists 0009 after every migration before it in time, with its SQL beside it', () => {
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as Journal;
    const at = journal.entries.findIndex((e) => e.tag === TAG);
    expect(at).toBeGreaterThan(0);
    expect(journal.entries.map((e) => e.idx)).toEqual(journal.entries.map((_, i) => i));
    for (const e of journal.entries.slice(0, at)) expect(e.when).toBeLessThan(journal.entries[at]!.when);
    expect(readFileSync(path.join(migrationsFolder(), `${TAG}.sql`), 'utf8')).toContain('CREATE TABLE "outbound_sms"');
  });
});

describe.each(dbKinds(import.meta.url))('migration 0009 on %s', (kind) => {
  it('keeps existing customers, orders and mail, and adds the SMS outbox with its unique keys', async () => {
    const database = await emptyDatabase(kind);
    const before = steps.folderBefore(TAG);
    await migrateTo(database, before);
    const db = database.db;
    await db.execute(sql`insert into "user" (id, name, email) values ('u1', 'Someone', 'u1@example.test')`);
    await db.execute(sql`insert into profiles (id, phone) values ('u1', '+254712345678')`);
    await db.execute(sql`insert into orders (id, user_id, subtotal, vat, delivery_fee, total_amount, customer_name, customer_email, customer_phone, delivery_address)
      values ('00000000-0000-0000-0000-000000000001', 'u1', 1, 0, 0, 1, 'Someone', 'u1@example.test', '+254712345678', 'Karen')`);
    await db.execute(
      sql`insert into outbound_mail ("to", "from", subject, text) values ('u1@example.test', 'shop@example.test', 'Welcome', 'hi')`,
    );

    await migrateTo(database, migrationsFolder());
    // Running it again changes nothing (each instance migrates at start).
    await migrateTo(database, migrationsFolder());

    const [profile] = await queryRows<{ sms_updates: boolean; sms_updates_at: Date | null }>(
      db,
      sql`select sms_updates, sms_updates_at from profiles`,
    );
    expect(profile).toEqual({ sms_updates: true, sms_updates_at: null });
    const [order] = await queryRows<{ sms_updates: boolean; sms_updates_at: Date | null }>(
      db,
      sql`select sms_updates, sms_updates_at from orders`,
    );
    expect(order).toEqual({ sms_updates: true, sms_updates_at: null });
    const [mail] = await queryRows<{ order_id: string | null; dedupe_key: string | null }>(
      db,
      sql`select order_id, dedupe_key from outbound_mail`,
    );
    expect(mail).toEqual({ order_id: null, dedupe_key: null });

    const insertSms = (status: string) =>
      db.execute(sql`insert into outbound_sms (order_id, step, dedupe_key, "to", message, status)
        values ('00000000-0000-0000-0000-000000000001', 'paid', '00000000-0000-0000-0000-000000000001:paid', '+254712345678', 'Paid', ${status})`);
    await insertSms('queued');
    await expect(insertSms('queued')).rejects.toThrow();
    await expect(
      db.execute(sql`insert into outbound_sms (order_id, step, dedupe_key, "to", message, status)
        values ('00000000-0000-0000-0000-000000000001', 'delivered', 'x:delivered', '+254712345678', 'Done', 'lost')`),
    ).rejects.toThrow();
    // Mail without a key may repeat; with one, once.
    const insertMail = (key: string | null) =>
      db.execute(
        sql`insert into outbound_mail ("to", "from", subject, text, dedupe_key) values ('u1@example.test', 'shop@example.test', 'Update', 'hi', ${key})`,
      );
    await insertMail(null);
    await insertMail('o:out_for_delivery');
    await expect(insertMail('o:out_for_delivery')).rejects.toThrow();
    // Deleting an order takes its SMS with it.
    await db.execute(sql`delete from orders`);
    const [left] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from outbound_sms`);
    expect(Number(left!.n)).toBe(0);
  });
});
