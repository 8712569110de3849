// Opening a payment page needs the database as well as Pesapal. A database fault on the way (the
// connection of the statement that stores the shop's IPN registration lost) is the shop's own
// outage: 503 DATABASE_UNAVAILABLE with Retry-After, the order kept pending with no attempt left
// behind, and the same checkout tried again opens its page. Only Pesapal's own failures are a 502,
// even when Pesapal could not be reached because of a network error.
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orders } from '../../src/server/db/schema';
import { PesapalError } from '../../src/server/integrations/pesapal/pesapal-types';
import type { TestUser } from '../support/test-app';
import { dbKinds, HAS_POSTGRES } from '../support/test-database';
import { waitFor } from '../support/wait-for';
import {
  createShop,
  customer,
  disposeShop,
  orderBody,
  orderRow,
  postOrder,
  productBySlug,
  transactionsOf,
  type Shop,
} from './checkout-support';

describe.runIf(HAS_POSTGRES)('opening a payment page while the database connection is lost (PostgreSQL)', () => {
  let shop: Shop;
  let user: TestUser;
  /** Writes the competing row (its transaction stays open meanwhile). */
  let admin: pg.Client;
  /** Watches and terminates (what pg_stat_activity shows is frozen inside a transaction). */
  let monitor: pg.Client;

  beforeEach(async () => {
    shop = await createShop('postgres');
    user = await customer(shop);
    admin = new pg.Client({ connectionString: shop.testDb.url });
    await admin.connect();
    monitor = new pg.Client({ connectionString: shop.testDb.url });
    await monitor.connect();
  });
  afterEach(async () => {
    await admin.end();
    await monitor.end();
    await disposeShop(shop);
  });

  it('answers 503 DATABASE_UNAVAILABLE with Retry-After, keeps the order pending without an attempt, and opens the page when tried again', async () => {
    const tilapia = await productBySlug(shop, 'fresh-whole-tilapia');
    const body = orderBody([{ productId: tilapia.id, quantity: 1 }], { idempotencyKey: `key-${crypto.randomUUID()}` });
    // The shop stores its IPN registration while opening its first page; a row being written by
    // another session makes that statement wait, so its connection can be terminated mid-statement.
    await admin.query('begin');
    await admin.query("insert into app_settings (key, value) values ($1, '{}'::jsonb)", [
      `pesapal_ipn:${shop.ctx.env.PUBLIC_URL}/api/payments/ipn`,
    ]);
    const answer = shop.request('/api/checkout/orders', { method: 'POST', json: body, cookie: user.cookie });
    let waiting = 0;
    await waitFor('the IPN registration to wait for the row', async () => {
      const res = await monitor.query<{ pid: number }>(
        "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock' and query ilike '%app_settings%'",
      );
      waiting = res.rows[0]?.pid ?? 0;
      return waiting > 0;
    });
    await monitor.query('select pg_terminate_backend($1)', [waiting]);
    await admin.query('rollback');

    const res = await answer;
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('2');
    expect(await res.json()).toEqual({
      error: { code: 'DATABASE_UNAVAILABLE', message: 'The shop is briefly unavailable. Please try again in a moment.' },
    });
    const [placed] = await shop.ctx.db.select().from(orders).where(eq(orders.userId, user.id));
    expect(placed).toMatchObject({ status: 'pending' });
    expect(await transactionsOf(shop, placed!.id)).toEqual([]);

    const again = await postOrder(shop, user, body);
    expect(again.status).toBe(200);
    expect(again.json.orderId).toBe(placed!.id);
    const [txn] = await transactionsOf(shop, placed!.id);
    expect(txn).toMatchObject({ status: 'PENDING', redirectUrl: again.json.iframeUrl });
  });
});

describe.each(dbKinds(import.meta.url))('Pesapal unreachable while opening a payment page on %s', (kind) => {
  let shop: Shop;
  let user: TestUser;

  beforeEach(async () => {
    shop = await createShop(kind);
    user = await customer(shop);
  });
  afterEach(() => disposeShop(shop));

  it('stays a 502 PAYMENT_START_FAILED when the network refused the connection to Pesapal', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.1:443'), { code: 'ECONNREFUSED' });
    shop.ctx.integrations.pesapal = {
      ...shop.ctx.integrations.pesapal,
      submitOrder: () => Promise.reject(new PesapalError({ code: 'network', message: 'Pesapal could not be reached', cause: refused })),
    };
    const tilapia = await productBySlug(shop, 'fresh-whole-tilapia');
    const res = await postOrder(shop, user, orderBody([{ productId: tilapia.id, quantity: 1 }]));
    expect(res.status).toBe(502);
    expect(res.json.error).toMatchObject({ code: 'PAYMENT_START_FAILED', message: 'Failed to create payment order' });
    expect((await orderRow(shop, res.json.error!.orderId!)).status).toBe('pending');
    expect(await transactionsOf(shop, res.json.error!.orderId!)).toEqual([]);
  });
});
