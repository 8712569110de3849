// A client checked out of the pool whose connection dies before its transaction's BEGIN: the ORM
// throws without releasing it, and without the guard its slot would be lost for good.
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { isConnectionError } from './connection-errors';
import { guardCheckouts } from './pool-checkout';

const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)('guarded pool checkouts (PostgreSQL)', () => {
  let pool: pg.Pool | undefined;
  afterEach(async () => {
    await pool?.end();
  });

  /** A pool of two whose first `deaths` checkouts lose their connection as they are handed out. */
  const dyingPool = (deaths: number) => {
    const p = new pg.Pool({ connectionString: url, max: 2, connectionTimeoutMillis: 3000 });
    p.on('connect', (client) => client.on('error', () => undefined));
    p.on('error', () => undefined);
    let left = deaths;
    p.on('acquire', (client) => {
      if (left-- > 0) (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    });
    guardCheckouts(p);
    return p;
  };

  it('gives back the slot of a transaction whose BEGIN met a dead connection', async () => {
    pool = dyingPool(2);
    const db = drizzle(pool);
    for (let i = 0; i < 2; i++) {
      const err: unknown = await db
        .transaction(async (tx) => tx.execute(sql`select 1`))
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(isConnectionError(err)).toBe(true);
    }
    // Both dead clients are gone: the pool serves from new connections, at its full width.
    const rows = await Promise.all([1, 2].map((n) => db.transaction(async (tx) => (await tx.execute(sql`select ${n}::int as n`)).rows)));
    expect(rows).toEqual([[{ n: 1 }], [{ n: 2 }]]);
    expect(pool.totalCount).toBe(2);
  });

  it('discards a checked-out client whose connection failed, and its holder’s release afterwards does nothing', async () => {
    pool = dyingPool(0);
    const client = await pool.connect();
    const err: unknown = await client.query('select pg_terminate_backend(pg_backend_pid())').then(
      () => null,
      (e: unknown) => e,
    );
    expect(isConnectionError(err)).toBe(true);
    expect(pool.totalCount).toBe(0);
    expect(() => client.release()).not.toThrow();
    const again = await pool.connect();
    expect((await again.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    again.release();
    expect(pool.idleCount).toBe(1);
  });
});
