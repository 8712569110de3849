// Anyone who knows one real tracking id can call the IPN address as often as they like. Repeats are
// collapsed: one status call per tracking id in flight and per window, one row per tracking id with a
// count, a capped payload, a per-address limit; a genuine first notice and one after a real change
// are never delayed past the window. On PostgreSQL, also across two instances.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp, createContext } from '../../src/server/app';
import type { Database } from '../../src/server/db/client';
import { paymentNotifications } from '../../src/server/db/schema';
import { IPN_REPEAT_WINDOW_MS, MAX_STORED_RAW_CHARS } from '../../src/server/features/payments/ipn-notices';
import { IPN_PER_ADDRESS } from '../../src/server/features/payments/ipn-rate-limit';
import { ipnRechecksIdle, runDueIpnRechecks } from '../../src/server/features/payments/ipn-rechecks';
import type { PesapalClient } from '../../src/server/integrations/pesapal/pesapal-types';
import { TEST_ORIGIN, type TestUser } from '../support/test-app';
import { dbKinds, HAS_POSTGRES, openSecondHandle } from '../support/test-database';
import {
  createShop,
  customer,
  disposeShop,
  orderRow,
  placePaidOrderAttempt,
  productBySlug,
  shopWithBuyer,
  type Shop,
} from './checkout-support';

type Fetch = (req: Request) => Response | Promise<Response>;

/** Counts status calls and holds each at a gate until it is opened, so calls overlap. */
function gatedPesapal(shop: Shop) {
  const real = shop.ctx.integrations.pesapal;
  const state = { asked: 0, inFlight: 0, maxInFlight: 0, gate: Promise.resolve(), open: () => {} };
  const close = () => {
    state.gate = new Promise<void>((resolve) => (state.open = resolve));
  };
  const client: PesapalClient = {
    ...real,
    getTransactionStatus: async (trackingId) => {
      state.asked++;
      state.inFlight++;
      state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
      try {
        await state.gate;
        return await real.getTransactionStatus(trackingId);
      } finally {
        state.inFlight--;
      }
    },
  };
  shop.ctx.integrations.pesapal = client;
  return { state, client, close };
}

const ipnUrl = (trackingId: string) =>
  `${TEST_ORIGIN}/api/payments/ipn?OrderTrackingId=${trackingId}&OrderMerchantReference=R&OrderNotificationType=IPNCHANGE`;

describe.each(dbKinds(import.meta.url))('a flood of IPNs on %s', (kind) => {
  let shop: Shop;
  let user: TestUser;
  let productId: string;
  beforeEach(async () => {
    ({ shop, user, productId } = await shopWithBuyer(kind));
  });
  afterEach(() => disposeShop(shop));

  const place = () => placePaidOrderAttempt(shop, user, [{ productId, quantity: 1 }]);
  const rows = (trackingId: string) =>
    shop.ctx.db.select().from(paymentNotifications).where(eq(paymentNotifications.trackingId, trackingId));

  it('200 calls for one real tracking id: all acknowledged, Pesapal asked once (never twice at once), one row counting 200', async () => {
    const { trackingId } = await place();
    const pesapal = gatedPesapal(shop);
    pesapal.close();
    let answered = 0;
    const answers = Array.from({ length: 200 }, async (_, i) => {
      const res = await shop.app.request(ipnUrl(trackingId), i % 2 ? {} : { method: 'POST' });
      answered++;
      return res;
    });
    // While the one status call is held at the gate, every other call answers.
    while (answered < 199) await new Promise((r) => setTimeout(r, 10));
    expect(pesapal.state.asked).toBe(1);
    pesapal.state.open();
    for (const res of await Promise.all(answers)) {
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        orderNotificationType: 'IPNCHANGE',
        orderTrackingId: trackingId,
        orderMerchantReference: 'R',
        status: 200,
      });
    }
    expect(pesapal.state.asked).toBe(1);
    expect(pesapal.state.maxInFlight).toBe(1);
    expect(await rows(trackingId)).toMatchObject([{ count: 200, outcome: 'unpaid: PENDING' }]);

    // The repeats asked for one check after the window, however many there were.
    expect(await runDueIpnRechecks(shop.ctx)).toBe(0);
    shop.clock.advance(IPN_REPEAT_WINDOW_MS);
    expect(await runDueIpnRechecks(shop.ctx)).toBe(1);
    expect(await runDueIpnRechecks(shop.ctx)).toBe(0);
    expect(pesapal.state.asked).toBe(2);
  });

  it('a notice of a real change within the window is applied when the window ends; after it, at once', async () => {
    const { orderId, trackingId } = await place();
    expect((await shop.app.request(ipnUrl(trackingId))).status).toBe(200); // genuine first: asked at once
    expect(await rows(trackingId)).toMatchObject([{ count: 1, outcome: 'unpaid: PENDING' }]);

    shop.sim.switches.dropIpn = true;
    await shop.sim.complete(trackingId, 'card'); // paid at once, and the notice comes within the window
    expect((await shop.app.request(ipnUrl(trackingId))).status).toBe(200);
    expect((await orderRow(shop, orderId)).status).toBe('pending');
    shop.clock.advance(IPN_REPEAT_WINDOW_MS);
    expect(await runDueIpnRechecks(shop.ctx)).toBe(1);
    expect((await orderRow(shop, orderId)).status).toBe('completed');

    shop.clock.advance(IPN_REPEAT_WINDOW_MS);
    await shop.sim.complete(trackingId, 'reverse'); // a later change: its notice is asked about at once
    expect((await shop.app.request(ipnUrl(trackingId))).status).toBe(200);
    expect((await orderRow(shop, orderId)).status).toBe('cancelled');
    expect(await rows(trackingId)).toMatchObject([{ count: 3, outcome: 'transitioned: REVERSED' }]);
  });

  it('with a real clock the recheck runs by itself when the window ends', async () => {
    const live = await createShop(kind, { deps: { now: () => new Date() } });
    try {
      const buyer = await customer(live);
      const liveProduct = (await productBySlug(live, 'fresh-whole-tilapia')).id;
      const { orderId, trackingId } = await placePaidOrderAttempt(live, buyer, [{ productId: liveProduct, quantity: 1 }]);
      const started = Date.now();
      expect((await live.app.request(ipnUrl(trackingId))).status).toBe(200);
      live.sim.switches.dropIpn = true;
      await live.sim.complete(trackingId, 'card');
      expect((await live.app.request(ipnUrl(trackingId))).status).toBe(200);
      expect((await orderRow(live, orderId)).status).toBe('pending');
      const deadline = started + IPN_REPEAT_WINDOW_MS + 5_000;
      while ((await orderRow(live, orderId)).status !== 'completed' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
      }
      await ipnRechecksIdle(live.ctx);
      expect((await orderRow(live, orderId)).status).toBe('completed');
      expect(Date.now() - started).toBeGreaterThanOrEqual(IPN_REPEAT_WINDOW_MS - 100);
    } finally {
      await disposeShop(live);
    }
  });

  it('keeps the payload of our notices capped', async () => {
    const { trackingId } = await place();
    const res = await shop.request('/api/payments/ipn', {
      method: 'POST',
      json: { OrderTrackingId: trackingId, OrderNotificationType: 'IPNCHANGE', filler: 'x'.repeat(3500) },
    });
    expect(res.status).toBe(200);
    const [row] = await rows(trackingId);
    expect(JSON.stringify(row!.raw).length).toBeLessThanOrEqual(MAX_STORED_RAW_CHARS + 100);
    expect(row!.raw).toMatchObject({ truncated: true });
  });

  it(`refuses more than ${IPN_PER_ADDRESS.limit} calls a minute from one address with 429; others go on`, async () => {
    const from = (address: string, id: string) =>
      shop.request(`/api/payments/ipn?OrderTrackingId=${id}`, { headers: { 'X-Forwarded-For': address } });
    for (let i = 1; i < IPN_PER_ADDRESS.limit; i++) expect((await from('203.0.113.9', `stranger-${i % 3}`)).status).toBe(200);
    const refused = await from('203.0.113.9', 'stranger-0');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await from('203.0.113.10', 'stranger-0')).status).toBe(200);
    // A stranger's made-up ids are counted on their own rows too, not one row per call.
    expect(await rows('stranger-1')).toMatchObject([{ count: Math.floor(IPN_PER_ADDRESS.limit / 3), outcome: 'unknown', raw: {} }]);
    shop.clock.advance(61_000);
    expect((await from('203.0.113.9', 'stranger-0')).status).toBe(200);
  });
});

describe.runIf(HAS_POSTGRES)('IPN repeats across two instances on PostgreSQL', () => {
  let shop: Shop;
  let secondDatabase: Database;
  beforeEach(async () => {
    shop = await createShop('postgres', { poolSize: 20 });
    secondDatabase = await openSecondHandle(shop.testDb.url!);
  });
  afterEach(async () => {
    await secondDatabase?.close();
    await disposeShop(shop);
  });

  it('asks Pesapal once for 100 calls spread over both instances at once', async () => {
    const user = await customer(shop);
    const productId = (await productBySlug(shop, 'fresh-whole-tilapia')).id;
    const { trackingId } = await placePaidOrderAttempt(shop, user, [{ productId, quantity: 1 }]);
    const pesapal = gatedPesapal(shop);
    pesapal.close();
    const { env, logger, mailer } = shop.ctx;
    const second = createApp(
      createContext({
        env,
        logger,
        mailer,
        database: secondDatabase,
        now: shop.clock.now,
        integrations: { ...shop.ctx.integrations, pesapal: pesapal.client },
      }),
    );
    const apps: Fetch[] = [(r) => shop.app.fetch(r), (r) => second.fetch(r)];
    const calls = Array.from({ length: 100 }, (_, i) => apps[i % 2]!(new Request(ipnUrl(trackingId))));
    while (pesapal.state.asked === 0) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 200));
    pesapal.state.open();
    const answers = await Promise.all(calls);
    expect(answers.map((a) => a.status)).toEqual(Array<number>(100).fill(200));
    expect(pesapal.state.asked).toBe(1);
    const [row] = await shop.ctx.db.select().from(paymentNotifications).where(eq(paymentNotifications.trackingId, trackingId));
    expect(row).toMatchObject({ count: 100, outcome: 'unpaid: PENDING' });
  });
});
