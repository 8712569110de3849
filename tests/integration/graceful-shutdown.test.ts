// An instance stopped by SIGTERM, as a container platform or systemd stops it: a real shop process on a
// throwaway PostgreSQL database, with a customer's checkout in flight when the signal comes. The
// checkout is held honestly: the test's own transaction locks the orders table, so the order's insert
// waits in PostgreSQL until the test lets it go.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, HAS_POSTGRES, type TestDatabase } from '../support/test-database';
import { waitFor } from '../support/wait-for';
import { postOrder, productInStock, signedInCustomer, startShopProcess } from '../support/shop-process';

/** A live feed read as a browser's EventSource reads it, until the server ends it. */
function openFeed(url: string, cookie: string) {
  const feed = { text: '', connected: false, endedByServer: false, failed: null as Error | null };
  void (async () => {
    try {
      const res = await fetch(`${url}/api/realtime/events`, { headers: { Cookie: cookie } });
      if (!res.ok || !res.body) throw new Error(`the feed answered ${res.status}`);
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        feed.text += decoder.decode(value, { stream: true });
        if (feed.text.includes(': connected')) feed.connected = true;
      }
      feed.endedByServer = true;
    } catch (err) {
      feed.failed = err as Error;
    }
  })();
  return feed;
}

const readiness = async (url: string) => (await fetch(`${url}/api/ready`).catch(() => null))?.status ?? 'refused';

/** Holds every new order: the orders table locked against inserts by the test's own transaction. */
async function holdNewOrders(databaseUrl: string) {
  const holder = new pg.Client({ connectionString: databaseUrl });
  await holder.connect();
  await holder.query('begin');
  await holder.query('lock table orders in share mode');
  return {
    /** Some request of the shop is waiting for the lock. */
    async waiting(): Promise<boolean> {
      const { rows } = await holder.query<{ n: number }>(
        "select count(*)::int as n from pg_locks where relation = 'orders'::regclass and not granted",
      );
      return (rows[0]?.n ?? 0) > 0;
    },
    async release() {
      await holder.query('commit');
      await holder.end();
    },
  };
}

/** A test's budget, not a wait: long enough that a step that never comes fails with its own message. */
const TEST_BUDGET_MS = 90_000;

describe.runIf(HAS_POSTGRES)('an instance stopped by SIGTERM (a real process on PostgreSQL)', () => {
  // A copy of the seeded template: the shop starts on it as on any later day, with nothing to migrate.
  let db: TestDatabase & { url: string };

  beforeAll(async () => {
    const copy = await createTestDatabase('postgres', { seeded: true, poolSize: 1 });
    db = { ...copy, url: copy.url ?? '' };
  });
  afterAll(async () => {
    await db?.dispose();
  });

  /** The customer's orders with their payment attempts, as the shop's database holds them. */
  const ordersOf = async (email: string) => {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: string; status: string; payment: string | null; tracking: string | null }>(
        `select o.id, o.status, pt.status as payment, pt.pesapal_tracking_id as tracking
         from orders o join "user" u on u.id = o.user_id left join payment_transactions pt on pt.order_id = o.id
         where u.email = $1`,
        [email],
      );
      return rows;
    } finally {
      await client.end();
    }
  };

  it(
    'says 503 at /api/ready, ends the live feed, answers the checkout in flight with its order placed, and exits 0',
    async () => {
      // A delay long enough that no busy machine misses it; the test's second signal ends it.
      const shop = await startShopProcess(db.url, { LOG_LEVEL: 'info', SHUTDOWN_DELAY_SECONDS: '120', SHUTDOWN_GRACE_SECONDS: '240' });
      try {
        const customer = await signedInCustomer(shop.url, db.url, 'Wanjiru Kamau');
        const productId = await productInStock(shop.url, 1);
        expect(await readiness(shop.url)).toBe(200);
        const feed = openFeed(shop.url, customer.cookie);
        await waitFor('the live feed to open', () => feed.connected);

        const hold = await holdNewOrders(db.url);
        const checkout = postOrder(shop.url, customer, productId);
        await waitFor('the checkout to be waiting for its order insert', () => hold.waiting());

        shop.child.kill('SIGTERM');
        await waitFor('/api/ready to say 503', async () => (await readiness(shop.url)) === 503);
        // Draining, not gone: during the delay the instance still answers and the feed stays open.
        expect((await fetch(`${shop.url}/api/health`)).status).toBe(200);
        expect(feed.endedByServer).toBe(false);

        shop.child.kill('SIGTERM');
        await waitFor('the server to end the live feed', () => feed.endedByServer || feed.failed !== null);
        expect(feed.failed).toBeNull();
        // Its last words tell the browser to come back within about a second (to another instance).
        expect(feed.text).toMatch(/\nretry: (\d{3}|1[01]\d\d|12[0-4]\d)\n\n$/);
        await waitFor('new connections to be refused', async () => (await readiness(shop.url)) === 'refused');
        expect(shop.exits).toEqual([]);

        await hold.release();
        const answer = await checkout;
        const body = (await answer.json()) as { orderId: string; iframeUrl: string };
        expect(answer.status).toBe(200);
        expect(body.iframeUrl).toContain(`${shop.url}/pesapal-sim/`);

        await waitFor('the process to exit', () => shop.exits.length > 0);
        expect(shop.exits).toEqual([0]);
        expect(shop.output()).toContain('shut down cleanly');
        // The order is placed with its payment attempt, as answered.
        const placed = await ordersOf(customer.email);
        expect(placed).toEqual([
          {
            id: body.orderId,
            status: 'pending',
            payment: 'PENDING',
            tracking: new URL(body.iframeUrl).searchParams.get('OrderTrackingId'),
          },
        ]);
      } finally {
        await shop.stop();
      }
    },
    TEST_BUDGET_MS,
  );

  it(
    'exits 1 with a warning once SHUTDOWN_GRACE_SECONDS is over, whatever is still in flight',
    async () => {
      const shop = await startShopProcess(db.url, { SHUTDOWN_GRACE_SECONDS: '2' });
      const customer = await signedInCustomer(shop.url, db.url, 'Brian Otieno');
      const productId = await productInStock(shop.url, 1);
      const hold = await holdNewOrders(db.url);
      try {
        const checkout = postOrder(shop.url, customer, productId).catch((err: Error) => err);
        await waitFor('the checkout to be waiting for its order insert', () => hold.waiting());
        shop.child.kill('SIGTERM');
        await waitFor('the process to exit', () => shop.exits.length > 0);
        expect(shop.exits).toEqual([1]);
        const warning = shop
          .output()
          .split('\n')
          .find((line) => line.includes('shutdown grace period'));
        expect(JSON.parse(warning ?? '{}')).toMatchObject({
          level: 40,
          graceSeconds: 2,
          unfinished: expect.arrayContaining(['requests in flight']),
        });
        // The customer got no answer, and no order was left half-made.
        expect(await checkout).toBeInstanceOf(Error);
      } finally {
        await hold.release();
        await shop.stop();
      }
      expect(await ordersOf(customer.email)).toEqual([]);
    },
    TEST_BUDGET_MS,
  );
});
