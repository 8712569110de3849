// Migration 0006 rewrites the phone numbers stored before it in E.164, by the same rule as the
// forms (src/domain/phone.ts), leaves numbers it cannot read as they were, and clears the shop
// details' old placeholders.
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/client';
import { migrationsFolder } from '../../src/server/db/migrate';
import { toE164Phone } from '../../src/domain/phone';
import { migrateTo, migrationSteps } from '../support/migration-steps';
import { dbKinds } from '../support/test-database';

const TAG = '0006_kenyan_phones_and_rider_directions';

const steps = migrationSteps('phone_migration');
afterAll(() => steps.cleanup());
const { emptyDatabase } = steps;

const STORED_BEFORE: [string, string][] = [
  ['0712 345 678', '+254712345678'],
  ['+254 722 000 111', '+254722000111'],
  ['254733444555', '+254733444555'],
  ['(0110) 222-333', '+254110222333'],
  ['+44 20 7946 0958', '+442079460958'],
  ['15551234567', '15551234567'], // unreadable: kept
];

describe.each(dbKinds(import.meta.url))('migration 0006 on %s', (kind) => {
  it('stores every phone column in E.164 and masks payment phones again', async () => {
    const database = await emptyDatabase(kind);
    const before = steps.folderBefore(TAG);
    await migrateTo(database, before);
    const db = database.db;
    for (const [i, [phone]] of STORED_BEFORE.entries()) {
      await db.execute(sql`insert into "user" (id, name, email) values (${`u${i}`}, 'Someone', ${`u${i}@example.test`})`);
      await db.execute(sql`insert into profiles (id, phone) values (${`u${i}`}, ${phone})`);
      await db.execute(sql`insert into orders (id, user_id, subtotal, vat, delivery_fee, total_amount, customer_name, customer_email, customer_phone, delivery_address)
        values (${`00000000-0000-0000-0000-00000000000${i}`}, ${`u${i}`}, 1, 0, 0, 1, 'Someone', 'a@example.test', ${phone}, 'Karen')`);
      await db.execute(sql`insert into payment_transactions (order_id, merchant_reference, amount, customer_phone, customer_phone_display)
        values (${`00000000-0000-0000-0000-00000000000${i}`}, ${`ORD-${i}-1`}, 1, ${phone}, 'old')`);
    }
    const savedPlaceholders = {
      phone: '+254 700 000 000',
      email: 'x@example.test',
      facebookUrl: 'https://www.facebook.com/',
      instagramUrl: 'https://instagram.com/lva',
      xUrl: 'https://x.com/',
    };
    await db.execute(sql`insert into app_settings (key, value) values ('shop_details', ${JSON.stringify(savedPlaceholders)}::jsonb)`);

    await migrateTo(database, migrationsFolder());

    const profiles = await queryRows<{ id: string; phone: string }>(db, sql`select id, phone from profiles order by id`);
    const orders = await queryRows<{ customer_phone: string }>(db, sql`select customer_phone from orders order by id`);
    const payments = await queryRows<{ customer_phone: string; customer_phone_display: string }>(
      db,
      sql`select customer_phone, customer_phone_display from payment_transactions order by merchant_reference`,
    );
    const expected = STORED_BEFORE.map(([, stored]) => stored);
    expect(profiles.map((p) => p.phone)).toEqual(expected);
    expect(orders.map((o) => o.customer_phone)).toEqual(expected);
    expect(payments.map((p) => p.customer_phone)).toEqual(expected);
    expect(payments[0]!.customer_phone_display).toBe('+25*******678');
    expect(payments[5]!.customer_phone_display).toBe('old');
    // The placeholder number (in any form) and bare social home pages are cleared; real values stay.
    const [settings] = await queryRows<{ value: Record<string, string> }>(
      db,
      sql`select value from app_settings where key = 'shop_details'`,
    );
    expect(settings!.value).toEqual({
      phone: '',
      email: 'x@example.test',
      facebookUrl: '',
      instagramUrl: 'https://instagram.com/lva',
      xUrl: '',
    });
    // The helper function is gone again.
    const fns = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from pg_proc where proname = 'shop_e164_phone'`);
    expect(Number(fns[0]!.n)).toBe(0);
  });

  it('reads numbers exactly as the forms do', async () => {
    const database = await emptyDatabase(kind);
    const migration = readFileSync(path.join(migrationsFolder(), `${TAG}.sql`), 'utf8');
    const createFunction = migration.split('--> statement-breakpoint')[0]!;
    await database.db.execute(sql.raw(createFunction.slice(createFunction.indexOf('CREATE FUNCTION'))));
    const inputs = [
      '0712 345 678',
      '0712345678',
      '0112-345-678',
      '(0722) 000 111',
      '712 345 678',
      '112345678',
      '254712345678',
      '254 0712 345 678',
      '+254 712 345 678',
      '+254 (712) 345-678',
      '[+254] 712.345.678',
      '+254 0712 345 678',
      '00254712345678',
      ' 0712\t345 678 ',
      '020 2222 222',
      '+44 20 7946 0958',
      '0044 20 7946 0958',
      '+1234567',
      '',
      '0712',
      '071234567',
      '07123456789',
      '+254 712 345 67',
      '+2540012345678',
      '812345678',
      '15551234567',
      '+123456',
      '+1234567890123456',
      '+0712345678',
      '++254712345678',
      '254+712345678',
      '07I2 345 678',
      '0712345678'.repeat(5),
    ];
    for (const input of inputs) {
      const [row] = await queryRows<{ phone: string | null }>(database.db, sql`select shop_e164_phone(${input}) as phone`);
      expect([input, row!.phone]).toEqual([input, toE164Phone(input)]);
    }
  });
});
