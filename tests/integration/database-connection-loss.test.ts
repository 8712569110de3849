// Connections the shop holds checked out (the advisory-lock connection while its job runs, a
// transaction between two statements, the LISTEN connection) terminated by the server: the error
// reaches the code using them, never the process (an 'error' event without a listener would be an
// uncaught exception, which fails this run).
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isConnectionError } from '../../src/server/db/connection-errors';
import { queryRows } from '../../src/server/db/client';
import { createTestDatabase, HAS_POSTGRES, type TestDatabase } from '../support/test-database';
import { waitFor } from '../support/wait-for';

describe.runIf(HAS_POSTGRES)('lost connections on PostgreSQL', () => {
  let t: TestDatabase;
  let admin: pg.Client;
  /** Connections the database handle reported lost (its onConnectionLost). */
  let lost = 0;
  const dbName = () => new URL(t.url!).pathname.slice(1);
  /** Terminates the shop's backends whose current or last query matches `like`; returns how many. */
  const terminate = async (like: string) => {
    const res = await admin.query<{ done: boolean }>(
      'select pg_terminate_backend(pid) as done from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and query ilike $2',
      [dbName(), like],
    );
    return res.rows.filter((r) => r.done).length;
  };

  beforeEach(async () => {
    lost = 0;
    t = await createTestDatabase('postgres', { onConnectionLost: () => (lost += 1) });
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
  });
  afterEach(async () => {
    await admin.end();
    await t.dispose();
  });

  for (const kind of ['withTryLock', 'withLock'] as const) {
    it(`${kind}: the job finishes when its lock connection is lost, and the lock is free for the next run`, async () => {
      let finishWork: () => void = () => undefined;
      const work = new Promise<void>((resolve) => (finishWork = resolve));
      let holding = false;
      const run = t.database[kind](42, async () => {
        holding = true;
        await work;
        // The work itself uses the pool (new connections), as every job does.
        const [row] = await queryRows<{ one: number }>(t.database.db, sql`select 1 as one`);
        return row?.one;
      });
      // Ended once the lock is held: ended while its query still runs, taking the lock fails instead
      // (the run rejects and no work starts), which is not what this test is about.
      await waitFor('the work to start under the lock', () => holding);
      await waitFor('the lock connection to be terminated', async () => (await terminate('%advisory_lock%')) === 1);
      // The lock connection is idle and checked out while the work waits (on Pesapal, say): it hears
      // of its end there, before the work goes on.
      await waitFor('the lost lock connection to be reported', () => lost >= 1);
      finishWork();
      await expect(run).resolves.toBe(1);
      // Nobody holds lock 42 any more: the session that held it is gone, the dead client discarded.
      expect(await t.database.withTryLock(42, async () => 'again')).toBe('again');
      const { rows } = await admin.query('select count(*)::int as n from pg_locks where locktype = $1 and objid = 42', ['advisory']);
      expect(rows[0]).toEqual({ n: 0 });
    });
  }

  it('a transaction whose connection is lost between two statements rejects with a connection error; the pool goes on', async () => {
    const attempt = t.database.db.transaction(async (tx) => {
      const [me] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
      await admin.query('select pg_terminate_backend($1)', [me!.pid]);
      await waitFor('the lost connection to be reported', () => lost >= 1);
      await tx.execute(sql`select 1`);
    });
    const err: unknown = await attempt.then(
      () => null,
      (e: unknown) => e,
    );
    expect(isConnectionError(err)).toBe(true);
    expect(await queryRows(t.database.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });

  it('a LISTEN connection terminated again and again, even while reconnecting, ends as one connection delivering each event once', async () => {
    const got: string[] = [];
    let reconnects = 0;
    await t.database.listen(
      'flapping',
      (p) => got.push(p),
      () => (reconnects += 1),
    );
    const listeners = async () =>
      Number(
        (
          await admin.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = $1 and query ilike 'LISTEN%'", [
            dbName(),
          ])
        ).rows[0]?.n,
      );
    for (let i = 0; i < 12; i++) {
      const before = lost;
      // Killed as soon as each new LISTEN connection is up, so some kills meet a reconnect under way.
      await waitFor('a LISTEN connection to kill', async () => (await terminate('LISTEN%')) > 0);
      await waitFor('the lost LISTEN connection to be reported', () => lost > before);
    }
    await waitFor('one LISTEN connection again', async () => (await listeners()) === 1 && reconnects > 0);
    // Whatever reconnect loops ran, they settled on one connection: a second loop would open another
    // within its backoff (at most a few seconds here). Waiting a while is the point of this check,
    // and a slow machine only makes it wait longer, never fail wrongly.
    await new Promise((r) => setTimeout(r, 1500));
    expect(await listeners()).toBe(1);
    await t.database.db.execute(sql`select pg_notify('flapping', 'after')`);
    await waitFor('the event after the flapping', () => got.includes('after'));
    // A doubled listener would deliver its copy at the same moment; a round trip later it would be here.
    await t.database.db.execute(sql`select pg_notify('flapping', 'marker')`);
    await waitFor('the marker event', () => got.includes('marker'));
    expect(got.filter((p) => p === 'after')).toEqual(['after']);
  });
});
