// Migration 0027 (pending emails) on a shop whose phone accounts had an unconfirmed address written
// into their email: those get their stand-in back (the address was never proved theirs), confirmed
// and email accounts keep theirs; on PGlite and on PostgreSQL.
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { migrationsFolder } from '../../src/server/db/migrate';
import { migrateTo, migrationSteps } from '../support/migration-steps';
import { DB_KINDS } from '../support/test-database';

const steps = migrationSteps('pending_email_migration');
afterAll(() => steps.cleanup());

describe.each(DB_KINDS)('migration 0027 on %s', (kind) => {
  // Every migration from an empty PGlite takes about 30 s on a loaded 2-core machine.
  it('gives a phone account with an unconfirmed address its stand-in back, and keeps every other email', { timeout: 120_000 }, async () => {
    const database = await steps.emptyDatabase(kind);
    await migrateTo(database, steps.folderBefore('0027_pending_emails'));
    const db = database.db;
    await db.execute(sql`insert into "user" (id, name, email, email_verified, phone_number, phone_number_verified) values
      ('planted', '', 'victim@example.test', false, '+254712000001', true),
      ('confirmed', '', 'owner@example.test', true, '+254712000002', true),
      ('phone-only', '', '254712000003@phone.invalid', false, '+254712000003', true),
      ('email', 'E', 'unverified@example.test', false, null, null)`);

    await migrateTo(database, migrationsFolder());

    expect(await queryRows(db, sql`select id, email, email_verified from "user" order by id`)).toEqual([
      { id: 'confirmed', email: 'owner@example.test', email_verified: true },
      { id: 'email', email: 'unverified@example.test', email_verified: false },
      { id: 'phone-only', email: '254712000003@phone.invalid', email_verified: false },
      { id: 'planted', email: '254712000001@phone.invalid', email_verified: false },
    ]);
    expect(await queryRows(db, sql`select count(*)::int as n from pending_emails`)).toEqual([{ n: 0 }]);
  });
});
