// Migration 0027 (pending emails) on a shop whose phone accounts had an unconfirmed address written
// into their email: those get their stand-in back (the address was never proved theirs), confirmed
// and email accounts keep theirs. Migration 0029 (staff sign-in phones), on the same run: the shop's
// people sign in by SMS with the phone the owner gave them, unless another account signs in with it
// or two of them share it. On one database (tests/support/engine-subjects.ts says why).
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { migrationsFolder } from '../../src/server/db/migrate';
import { migrateTo, migrationSteps } from '../support/migration-steps';
import { dbKinds } from '../support/test-database';

const steps = migrationSteps('pending_email_migration');
afterAll(() => steps.cleanup());

describe.each(dbKinds(import.meta.url))('migrations 0027 and 0029 on %s', (kind) => {
  // Every migration from an empty PGlite takes about 30 s on a loaded 2-core machine.
  it(
    'gives a phone account with an unconfirmed address its stand-in back, keeps every other email, and gives staff their sign-in phones',
    { timeout: 120_000 },
    async () => {
      const database = await steps.emptyDatabase(kind);
      await migrateTo(database, steps.folderBefore('0027_pending_emails'));
      const db = database.db;
      await db.execute(sql`insert into "user" (id, name, email, email_verified, phone_number, phone_number_verified) values
      ('planted', '', 'victim@example.test', false, '+254712000001', true),
      ('confirmed', '', 'owner@example.test', true, '+254712000002', true),
      ('phone-only', '', '254712000003@phone.invalid', false, '+254712000003', true),
      ('email', 'E', 'unverified@example.test', false, null, null),
      ('rider', 'R', 'rider@example.test', true, null, null),
      ('staff-taken', 'S', 'staff@example.test', true, null, null),
      ('twin-a', 'A', 'a@example.test', true, null, null),
      ('twin-b', 'B', 'b@example.test', true, null, null),
      ('customer', 'C', 'c@example.test', true, null, null)`);
      await db.execute(sql`insert into profiles (id, role, phone) values
      ('rider', 'rider', '+254700111002'),
      ('staff-taken', 'staff', '+254712000003'),
      ('twin-a', 'staff', '+254700111009'),
      ('twin-b', 'rider', '+254700111009'),
      ('customer', 'customer', '+254700111005')`);

      await migrateTo(database, migrationsFolder());

      expect(
        await queryRows(
          db,
          sql`select id, email, email_verified from "user" where id in ('confirmed', 'email', 'phone-only', 'planted') order by id`,
        ),
      ).toEqual([
        { id: 'confirmed', email: 'owner@example.test', email_verified: true },
        { id: 'email', email: 'unverified@example.test', email_verified: false },
        { id: 'phone-only', email: '254712000003@phone.invalid', email_verified: false },
        { id: 'planted', email: '254712000001@phone.invalid', email_verified: false },
      ]);
      expect(await queryRows(db, sql`select count(*)::int as n from pending_emails`)).toEqual([{ n: 0 }]);
      expect(
        await queryRows(
          db,
          sql`select id, phone_number from "user" where id in ('rider', 'staff-taken', 'twin-a', 'twin-b', 'customer') order by id`,
        ),
      ).toEqual([
        { id: 'customer', phone_number: null },
        { id: 'rider', phone_number: '+254700111002' },
        { id: 'staff-taken', phone_number: null },
        { id: 'twin-a', phone_number: null },
        { id: 'twin-b', phone_number: null },
      ]);
    },
  );
});
