// The shop behind a connection pooler: two real shop processes reach one throwaway PostgreSQL
// database through a real pgbouncer in transaction mode (DATABASE_URL) and directly
// (DATABASE_DIRECT_URL). Their queries go through pgbouncer; their LISTEN connection and session
// advisory locks are direct sessions, never a client of pgbouncer nor one of its server connections
// (told apart by application_name and by pgbouncer's own lists). Started together, the two wait on
// the migrations lock and migrate once; a customer's order placed and paid on one instance reaches
// the other instance's live feed. And why the direct URL is needed: through transaction pooling, a
// session advisory lock keeps nobody out.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBackup } from '../../src/server/backup/archive';
import { limitsFromMegabytes } from '../../src/server/backup/archive-entries';
import { CONNECTION_NAMES } from '../../src/server/db/client';
import { LOCKS } from '../../src/server/db/locks';
import { migrationsFolder } from '../../src/server/db/migrate';
import { processEnv, runCommand } from '../support/data-dir-process';
import { startPgbouncer, type Pgbouncer } from '../support/pgbouncer';
import {
  payAtSimulator,
  placeOrder,
  productInStock,
  signedInCustomer,
  startShopProcess,
  throwawayDatabase,
  type ShopProcess,
} from '../support/shop-process';
import { HAS_POSTGRES } from '../support/test-database';
import { waitFor } from '../support/wait-for';
import { openEventStream } from './realtime-fixtures';

/** One secret for both instances, so a customer signed in on one is signed in on the other. */
const AUTH_SECRET = 'pooler-test-secret-pooler-test-secret-0001';
/** An advisory lock key no job of the shop uses. */
const UNUSED_LOCK_KEY = 7_399_001;

interface Backend {
  application_name: string;
  client_port: number;
  query: string;
}

describe.runIf(HAS_POSTGRES)('the shop through pgbouncer in transaction mode, its sessions direct (PostgreSQL)', () => {
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  let admin: pg.Client;
  let bouncer: Pgbouncer | undefined;
  let db = { name: '', url: '' };
  const shops: ShopProcess[] = [];

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    db = await throwawayDatabase(admin, adminUrl, 'shop_pooler');
    // 'shop' is the shop's, 'shop_cli' a command's; 'shop_one' has one server connection, for the lock that is no lock.
    bouncer = await startPgbouncer(adminUrl, [
      { alias: 'shop', dbname: db.name },
      { alias: 'shop_cli', dbname: db.name },
      { alias: 'shop_one', dbname: db.name, poolSize: 1 },
    ]);
  });

  afterAll(async () => {
    await Promise.all(shops.map((s) => s.stop()));
    await bouncer?.stop();
    await admin?.query(`drop database if exists ${db.name} with (force)`);
    await admin?.end();
  });

  /** The server ports of pgbouncer's connections to PostgreSQL: pg_stat_activity's client_port of each. */
  const pgbouncerServerPorts = async () => (await bouncer!.show<{ local_port: string }>('SERVERS')).map((s) => Number(s.local_port));

  /** The application_name of every client connected to pgbouncer for the shop's database. */
  const pgbouncerClientNames = async () =>
    (await bouncer!.show<{ database: string; application_name: string }>('CLIENTS'))
      .filter((c) => c.database === 'shop')
      .map((c) => c.application_name);

  /** What pgbouncer counted for one of its databases (zeros for one nobody used). */
  const pgbouncerStats = async (alias: string) => {
    const row = (await bouncer!.show<{ database: string; total_xact_count: string; total_query_count: string }>('STATS')).find(
      (s) => s.database === alias,
    );
    return { transactions: Number(row?.total_xact_count ?? 0), queries: Number(row?.total_query_count ?? 0) };
  };

  /** The shop database's backends waiting for the advisory lock `key`. */
  const lockWaiters = async (key: number) =>
    (
      await admin.query<Backend>(
        `select a.application_name, a.client_port, a.query from pg_locks l join pg_stat_activity a on a.pid = l.pid
          where l.locktype = 'advisory' and not l.granted and a.datname = $1
            and l.objsubid = 1 and ((l.classid::bigint << 32) | l.objid::bigint) = $2`,
        [db.name, key],
      )
    ).rows;

  const backends = async (where: string) =>
    (
      await admin.query<Backend>(
        `select application_name, client_port, query from pg_stat_activity where datname = $1 and backend_type = 'client backend' and ${where}`,
        [db.name],
      )
    ).rows;

  const direct = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) => {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      return (await client.query<T>(sql, params)).rows;
    } finally {
      await client.end();
    }
  };

  it(
    'two instances started together wait for the migrations lock on direct sessions, then migrate and seed once',
    { timeout: 300_000 },
    async () => {
      // The test holds the lock first, on a direct session of its own: both instances are seen waiting.
      const holder = new pg.Client({ connectionString: db.url });
      await holder.connect();
      await holder.query('select pg_advisory_lock($1)', [LOCKS.migrations]);
      const env = { DATABASE_DIRECT_URL: db.url, AUTH_SECRET };
      const starting = [0, 1].map(() => startShopProcess(bouncer!.url('shop'), env));
      const failed: unknown[] = [];
      for (const s of starting) s.catch((err: unknown) => failed.push(err));
      let waiters: Backend[] = [];
      let serverPorts: number[] = [];
      let clientNames: string[] = [];
      try {
        await waitFor(
          'both instances to wait for the migrations lock',
          async () => {
            if (failed.length) throw failed[0];
            waiters = await lockWaiters(LOCKS.migrations);
            return waiters.length === 2;
          },
          180_000,
        );
        // Read after the waiters: a pgbouncer connection among them would still be listed.
        serverPorts = await pgbouncerServerPorts();
        clientNames = await pgbouncerClientNames();
      } finally {
        await holder.end();
      }
      const started = await Promise.allSettled(starting);
      for (const s of started) if (s.status === 'fulfilled') shops.push(s.value);
      expect(started.filter((s) => s.status === 'rejected')).toEqual([]);

      expect(waiters.map((w) => w.application_name)).toEqual([CONNECTION_NAMES.sessions, CONNECTION_NAMES.sessions]);
      expect(waiters.filter((w) => serverPorts.includes(w.client_port))).toEqual([]);
      expect(clientNames).not.toContain(CONNECTION_NAMES.sessions);

      // Every committed migration applied once, and the demo data seeded once.
      const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
      const [applied] = await direct<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(applied?.n).toBe(journal.entries.length);
      const [opening] = await direct<{ n: number }>("select count(*)::int as n from stock_movements where reason = 'Opening stock'");
      const [stocked] = await direct<{ n: number }>('select count(*)::int as n from product_variants where stock > 0');
      expect(opening?.n).toBe(stocked?.n);
      for (const shop of shops) expect((await fetch(`${shop.url}/api/health`)).status).toBe(200);
    },
  );

  it(
    'an order placed and paid on one instance goes through pgbouncer, and the other instance’s live feed hears it on its direct LISTEN',
    { timeout: 180_000 },
    async () => {
      const [a, b] = shops;
      if (!a || !b) throw new Error('the two instances did not start (see the test before)');
      const transactionsBefore = (await pgbouncerStats('shop')).transactions;
      const customer = await signedInCustomer(a.url, db.url, 'Achieng Otieno');
      const feed = await openEventStream(
        (p, init) => fetch(b.url + p, { headers: { Cookie: init.cookie ?? '' }, signal: init.signal }),
        customer.cookie,
      );
      try {
        expect(feed.status).toBe(200);
        const order = await placeOrder(a.url, customer, await productInStock(a.url, 1));
        await payAtSimulator(order);
        const event = await feed.waitFor((e) => e.orderId === order.orderId && e.kind === 'order' && e.status === 'completed', 60_000);
        expect(event).toMatchObject({ orderId: order.orderId, status: 'completed', oldStatus: 'pending' });

        // What the customer sees on the other instance, and what the database holds.
        const page = await fetch(`${b.url}/api/orders/${order.orderId}`, { headers: { Cookie: customer.cookie } });
        expect(page.status).toBe(200);
        expect(((await page.json()) as { status: string }).status).toBe('completed');
        expect(await direct('select status from orders where id = $1', [order.orderId])).toEqual([{ status: 'completed' }]);
      } finally {
        feed.close();
      }
      expect((await pgbouncerStats('shop')).transactions).toBeGreaterThan(transactionsBefore);

      // Every query connection of the shop is one of pgbouncer's; the LISTEN connection is none of them.
      const queryBackends = await backends(`application_name = '${CONNECTION_NAMES.queries}'`);
      const listening = await backends("query ilike 'LISTEN%'");
      const serverPorts = await pgbouncerServerPorts();
      expect(queryBackends.length).toBeGreaterThan(0);
      expect(queryBackends.filter((q) => !serverPorts.includes(q.client_port))).toEqual([]);
      expect(listening.map((l) => [l.application_name, l.query])).toEqual([[CONNECTION_NAMES.listen, 'LISTEN "shop_events"']]);
      expect(listening.filter((l) => serverPorts.includes(l.client_port))).toEqual([]);
      expect((await pgbouncerClientNames()).filter((name) => name !== CONNECTION_NAMES.queries)).toEqual([]);
      expect(shops.flatMap((s) => s.exits)).toEqual([]);
    },
  );

  it('npm run db:backup with DATABASE_URL through pgbouncer runs pg_dump on DATABASE_DIRECT_URL', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-pooler-backup-'));
    try {
      const to = path.join(dataDir, 'backups');
      const run = await runCommand(
        'backup',
        ['--to', to],
        processEnv(dataDir, { DATABASE_URL: bouncer!.url('shop_cli'), DATABASE_DIRECT_URL: db.url }),
      );
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const file = /Backup written to (\S+)/.exec(run.stdout)?.[1] ?? '';
      expect(file.startsWith(to)).toBe(true);
      const backup = await openBackup(file, limitsFromMegabytes(64));
      try {
        expect(backup.manifest.database).toBe('postgres');
        expect(backup.sql).toContain('Fresh Whole Tilapia (1 kg)');
      } finally {
        backup.dispose();
      }
      // Not one statement of it went through pgbouncer.
      expect(await pgbouncerStats('shop_cli')).toEqual({ transactions: 0, queries: 0 });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('through transaction pooling a session advisory lock keeps nobody out, and outlives its takers', async () => {
    const takers = [0, 1].map(() => new pg.Client({ connectionString: bouncer!.url('shop_one') }));
    const took: boolean[] = [];
    for (const taker of takers) {
      await taker.connect();
      took.push((await taker.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [UNUSED_LOCK_KEY])).rows[0]!.ok);
    }
    for (const taker of takers) await taker.end();
    // Both got it: each statement ran on pgbouncer's one server connection, where the lock stays.
    expect(took).toEqual([true, true]);
    expect(await direct('select pg_try_advisory_lock($1) as ok', [UNUSED_LOCK_KEY])).toEqual([{ ok: false }]);
  });
});
