import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dbKinds, HAS_POSTGRES, createTestDatabase } from '../support/test-database';
import { waitFor } from '../support/wait-for';

describe.each(dbKinds(import.meta.url))('LISTEN/NOTIFY on %s', (kind) => {
  it('delivers notifications to every subscriber of the channel', async () => {
    const t = await createTestDatabase(kind);
    try {
      const a: string[] = [];
      const b: string[] = [];
      await t.database.listen('test_channel', (p) => a.push(p));
      const stopB = await t.database.listen('test_channel', (p) => b.push(p));
      await t.database.db.execute(sql`select pg_notify('test_channel', 'one')`);
      await waitFor('the notifications', () => a.length === 1 && b.length === 1);
      await stopB();
      await t.database.db.execute(sql`select pg_notify('test_channel', 'two')`);
      await waitFor('the notifications', () => a.length === 2);
      expect(a).toEqual(['one', 'two']);
      expect(b).toEqual(['one']);
    } finally {
      await t.dispose();
    }
  });
});

describe.runIf(HAS_POSTGRES)('a lost listening connection on PostgreSQL', () => {
  it('is re-opened, listens again and tells subscribers', async () => {
    const t = await createTestDatabase('postgres');
    try {
      const got: string[] = [];
      let reconnects = 0;
      await t.database.listen(
        'test_channel',
        (p) => got.push(p),
        () => (reconnects += 1),
      );
      await t.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`,
      );
      await waitFor('the notifications', () => reconnects === 1);
      await t.database.db.execute(sql`select pg_notify('test_channel', 'after')`);
      await waitFor('the notifications', () => got.includes('after'));
      expect(reconnects).toBe(1);
    } finally {
      await t.dispose();
    }
  });
});
