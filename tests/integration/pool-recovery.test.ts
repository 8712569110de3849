// After a storm of terminated connections under load, the shop's pool is whole again: a real shop
// process on a throwaway PostgreSQL database has every connection it holds terminated three times a
// second for 30 s while customers browse, check out and pay. Once the database is left alone, a
// burst of requests wider than the pool is served by as many connections as the pool may hold, every
// answer a 200, and every order paid during the storm completes within a minute. A client lost while
// checked out (a transaction whose BEGIN met a dead connection, the advisory-lock connection of a
// job) that was never given back would keep its slot for good: the pool would shrink with each storm.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_POSTGRES } from '../support/test-database';
import { waitFor } from '../support/wait-for';
import {
  payAtSimulator,
  placeOrder,
  postOrder,
  productInStock,
  signedInCustomer,
  sleep,
  startShopProcess,
  throwawayDatabase,
  type Customer,
  type PlacedOrder,
  type ShopProcess,
} from '../support/shop-process';

/** The shop's pool size when none is configured (db/client.ts). */
const POOL_SIZE = 10;
const STORM_MS = 30_000;
const KILL_EVERY_MS = 300;
const WORKERS = 8;
const REQUEST_TIMEOUT_MS = 15_000;
/** The paid orders must be completed this long after the storm at the latest. */
const COMPLETED_WITHIN_MS = 60_000;

describe.runIf(HAS_POSTGRES)('the shop’s connection pool after a storm of terminated connections (PostgreSQL)', () => {
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  let admin: pg.Client;
  let shop: ShopProcess | undefined;
  let dbName = '';
  let dbUrl = '';

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    ({ name: dbName, url: dbUrl } = await throwawayDatabase(admin, adminUrl, 'shop_pool'));
    shop = await startShopProcess(dbUrl);
  });

  afterAll(async () => {
    await shop?.stop();
    await admin?.query(`drop database if exists ${dbName} with (force)`);
    await admin?.end();
  });

  /** The shop's pooled connections the server has open now (its one LISTEN connection is not pooled). */
  const pooledConnections = async () =>
    Number(
      (
        await admin.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where datname = $1 and backend_type = 'client backend' and query not ilike 'LISTEN%'",
          [dbName],
        )
      ).rows[0]?.n,
    );

  const get = (path: string, who?: Customer) =>
    fetch(shop!.url + path, {
      headers: who ? { Cookie: who.cookie } : {},
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    }).catch((e: Error) => e);

  const notifyIpn = (order: PlacedOrder) => get(`/api/payments/ipn?OrderTrackingId=${order.trackingId}&OrderNotificationType=IPNCHANGE`);

  const statusOf = async (order: PlacedOrder, buyer: Customer): Promise<string | null> => {
    const res = await get(`/api/orders/${order.orderId}`, buyer);
    if (res instanceof Error || !res.ok) return null;
    return ((await res.json()) as { status: string }).status;
  };

  it(
    'answers a burst wider than the pool at the pool’s full width, every order paid during the storm completed within a minute',
    { timeout: 300_000 },
    async () => {
      const { url } = shop!;
      const buyer = await signedInCustomer(url, dbUrl, 'Wanjiru Kamau');
      // A second customer checks out again and again during the storm: each checkout is a transaction.
      const crowd = await signedInCustomer(url, dbUrl, 'Otieno Ouma');
      const productId = await productInStock(url, 20);
      const orders: PlacedOrder[] = [];
      for (let i = 0; i < 4; i++) orders.push(await placeOrder(url, buyer, productId));

      const killer = new pg.Client({ connectionString: adminUrl });
      await killer.connect();
      let terminated = 0;
      let rounds = 0;
      const stormEnds = Date.now() + STORM_MS;
      const storm = (async () => {
        while (Date.now() < stormEnds) {
          // In the select list, not the where clause: only the backends of the shop's database are terminated.
          const res = await killer.query<{ done: boolean }>(
            'select pg_terminate_backend(pid) as done from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
            [dbName],
          );
          terminated += res.rows.filter((r) => r.done).length;
          rounds += 1;
          await sleep(KILL_EVERY_MS); // the storm's own rhythm, not a wait for something to happen
        }
      })();

      // The load: reads, checkouts (transactions) and payment notices (transactions once paid).
      const load = Array.from({ length: WORKERS }, async (_, w) => {
        for (let i = w; Date.now() < stormEnds; i++) {
          const step = i % 4;
          const res =
            step === 0
              ? await get('/api/orders', buyer)
              : step === 1
                ? await postOrder(url, crowd, productId).catch((e: Error) => e)
                : step === 2
                  ? await notifyIpn(orders[i % orders.length]!)
                  : await get('/api/orders/pending-count', buyer);
          if (!(res instanceof Error)) await res.arrayBuffer().catch(() => undefined);
        }
      });

      // Well into the storm the customer pays each order; the simulator notifies the shop at once.
      await waitFor('a dozen rounds of terminations', () => rounds >= 12, STORM_MS);
      for (const order of orders) await payAtSimulator(order);

      await Promise.all([storm, ...load]);
      await killer.end();
      const stormEnded = Date.now();

      // Pesapal repeats its notice until the shop acknowledges it; so does this test, every 2 s.
      const pending = new Set(orders);
      while (pending.size > 0 && Date.now() - stormEnded < COMPLETED_WITHIN_MS) {
        for (const order of [...pending]) {
          if ((await statusOf(order, buyer)) === 'completed') pending.delete(order);
          else await notifyIpn(order);
        }
        if (pending.size > 0) await sleep(2000); // Pesapal's rhythm, not a wait for something to happen
      }
      const log = shop!.output();
      expect(
        [...pending].map((o) => o.orderId),
        `orders still not completed a minute after the storm:\n${log.slice(-4000)}`,
      ).toEqual([]);
      const shopDb = new pg.Client({ connectionString: dbUrl });
      await shopDb.connect();
      const stored = await shopDb.query('select status from orders where id = any($1)', [orders.map((o) => o.orderId)]);
      await shopDb.end();
      expect(stored.rows).toEqual(orders.map(() => ({ status: 'completed' })));

      // Bursts three times the pool's width: all answered 200, and they open the whole pool.
      const answers = new Map<string, number>();
      let widest = 0;
      await waitFor(
        'a burst to be served by the whole pool',
        async () => {
          const burst = await Promise.all(Array.from({ length: 3 * POOL_SIZE }, () => get('/api/orders', buyer)));
          for (const res of burst) {
            const key = res instanceof Error ? res.message : String(res.status);
            answers.set(key, (answers.get(key) ?? 0) + 1);
            if (!(res instanceof Error)) await res.arrayBuffer().catch(() => undefined);
          }
          widest = Math.max(widest, await pooledConnections());
          return widest >= POOL_SIZE;
        },
        30_000,
      ).catch(() => undefined); // the expectations below say what was missing
      console.info(
        `pool recovery: ${terminated} backends terminated in ${rounds} rounds; widest pool after: ${widest}; burst answers: ${JSON.stringify([...answers])}`,
      );
      expect(widest, shop!.output().slice(-4000)).toBe(POOL_SIZE);
      expect([...answers.keys()]).toEqual(['200']);
      expect(terminated).toBeGreaterThan(30);
      expect(shop!.exits).toEqual([]);
    },
  );
});
