// Two instances behind Debian's nginx with the configuration docs/deploy.md gives
// (deploy/nginx/shop.conf), on one PostgreSQL database: a live event caused on one instance reaches a
// browser whose feed is on the other, through nginx, while the stream stays open (nothing held in a
// buffer); killed, the instance the feed was on is replaced by the other as the browser reconnects
// through nginx; and the client's address comes from nginx's header only where nginx is trusted.
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNginx, type Nginx } from '../support/nginx';
import { postOrder, productInStock, signedInCustomer, type Customer } from '../support/shop-process';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { waitFor } from '../support/wait-for';
import { LIVE_INSTRUMENTATION, liveRecord, waitForLiveStream } from './live-helpers';
import { launchChromium } from './support/chromium';
import { freePort, startShop, type ShopServer } from './support/shop-server';

/** What a client on this machine claims in its own X-Forwarded-For: never to be believed. */
const CLAIMED = '203.0.113.66';

/** The live feed requests an instance has logged (one JSON line per request). */
const feedRequests = (shop: ShopServer) =>
  shop
    .output()
    .split('\n')
    .filter((line) => line.includes('"path":"/api/realtime/events"')).length;

describe.runIf(process.env.TEST_DATABASE_URL)('two instances behind nginx (PostgreSQL)', () => {
  let db: TestDatabase;
  let nginx: Nginx;
  /** Believes nginx's header (TRUSTED_PROXIES names nginx's address). */
  let trusting: ShopServer;
  /** Trusts no proxy: every request comes from nginx's address. */
  let distrusting: ShopServer;
  let browser: Browser;
  let context: BrowserContext;
  let customer: Customer;
  let productId: string;

  beforeAll(async () => {
    db = await createTestDatabase('postgres', { seeded: true, poolSize: 1 });
    const port = await freePort();
    const shared = {
      DATABASE_URL: db.url ?? '',
      // One secret on every instance: a session made on one is good on the other.
      AUTH_SECRET: 'nginx-e2e-shared-secret-nginx-e2e-0001',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    };
    [trusting, distrusting] = await Promise.all([
      startShop({ ...shared, TRUSTED_PROXIES: '127.0.0.1' }),
      startShop({ ...shared, TRUSTED_PROXIES: 'none' }),
    ]);
    nginx = await startNginx(port, [`127.0.0.1:${trusting.port}`, `127.0.0.1:${distrusting.port}`]);
    customer = await signedInCustomer(nginx.url, shared.DATABASE_URL, 'Achieng Odhiambo');
    productId = await productInStock(nginx.url, 5);
    browser = await launchChromium();
    context = await browser.newContext();
    await context.addInitScript(LIVE_INSTRUMENTATION);
    await context.addCookies(
      customer.cookie.split('; ').map((pair) => {
        const [name = '', ...value] = pair.split('=');
        return { name, value: value.join('='), url: nginx.url };
      }),
    );
  });
  afterAll(async () => {
    await browser?.close();
    await nginx?.stop();
    await Promise.all([trusting?.stop(), distrusting?.stop()]);
    await db?.dispose();
  });

  /** Asks for a sign-in code through nginx from `localAddress` (a loopback address of this machine). */
  function askForCode(localAddress: string, requestId: string, phone: string): Promise<number> {
    const body = JSON.stringify({ phone });
    return new Promise((resolve, reject) => {
      const req = request(
        `${nginx.url}/api/account/phone-code`,
        {
          method: 'POST',
          localAddress,
          headers: {
            'Content-Type': 'application/json',
            'Content-Length': Buffer.byteLength(body),
            Origin: nginx.url,
            'X-Request-Id': requestId,
            'X-Forwarded-For': CLAIMED,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  /** The per-address counters of sign-in codes, as the database holds them. */
  async function codeCounters(): Promise<Record<string, number>> {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ key: string; failures: number }>(
        "select key, failures from auth_throttle where key like 'phone-code:address:%'",
      );
      return Object.fromEntries(rows.map((r) => [r.key.replace('phone-code:address:', ''), r.failures]));
    } finally {
      await client.end();
    }
  }

  it('counts a client by the address nginx saw where nginx is trusted, and by nginx’s address where it is not', async () => {
    const handled: { by: ShopServer; from: string }[] = [];
    const seenBoth = () => handled.some((h) => h.by === trusting) && handled.some((h) => h.by === distrusting);
    // nginx takes turns between the instances; a few requests reach both.
    for (let n = 0; n < 10 && !seenBoth(); n++) {
      const from = `127.0.0.${10 + n}`;
      const requestId = `trust-probe-${n}-${randomBytes(4).toString('hex')}`;
      expect(await askForCode(from, requestId, `0712 555 ${String(100 + n)}`)).toBe(200);
      await waitFor(`an instance to log ${requestId}`, () => [trusting, distrusting].some((s) => s.output().includes(requestId)));
      handled.push({ by: trusting.output().includes(requestId) ? trusting : distrusting, from });
    }
    expect(seenBoth()).toBe(true);
    // Each instance said at start which rule it follows.
    expect(trusting.output()).toContain('Client addresses: X-Forwarded-For, from connections of 127.0.0.1 only (TRUSTED_PROXIES)');
    expect(distrusting.output()).toContain('Client addresses: the connection itself; X-Forwarded-For is never read (TRUSTED_PROXIES=none)');
    const trusted = handled.filter((h) => h.by === trusting);
    expect(await codeCounters()).toEqual({
      // Each client on its own, by the address nginx appended; its own claim (CLAIMED) counts nowhere.
      ...Object.fromEntries(trusted.map((h) => [h.from, 1])),
      // All as one: nginx's address.
      '127.0.0.1': handled.length - trusted.length,
    });
  });

  let page: Page;
  let feedOn: ShopServer;
  let other: ShopServer;

  it('passes an event caused on the other instance to the browser’s feed at once, on the stream it has open', async () => {
    const before = [feedRequests(trusting), feedRequests(distrusting)];
    page = await context.newPage();
    await page.goto(`${nginx.url}/shop`);
    await waitForLiveStream(page);
    await waitFor('an instance to log the feed', () => feedRequests(trusting) > before[0]! || feedRequests(distrusting) > before[1]!);
    [feedOn, other] = feedRequests(trusting) > before[0]! ? [trusting, distrusting] : [distrusting, trusting];

    // Straight to the other instance's own port: the event crosses instances through PostgreSQL.
    const res = await postOrder(other.url, customer, productId);
    expect(res.status).toBe(200);
    const { orderId } = (await res.json()) as { orderId: string };
    await page.waitForFunction(
      (id) => (window as unknown as { __live: { events: { orderId: string }[] } }).__live.events.some((e) => e.orderId === id),
      orderId,
    );
    // Delivered while the stream stayed open: nginx passed it on instead of holding it in a buffer.
    expect((await liveRecord(page)).opens).toBe(1);
  });

  it('reconnects the feed through nginx to the other instance when the one it was on is killed, and goes on receiving', async () => {
    const otherBefore = feedRequests(other);
    await feedOn.kill();
    await page.waitForFunction(() => (window as unknown as { __live: { opens: number } }).__live.opens >= 2);
    await waitFor('the other instance to log the new feed', () => feedRequests(other) > otherBefore);

    // Through nginx, which finds the killed instance refusing and passes the order to the other.
    const res = await postOrder(nginx.url, customer, productId);
    expect(res.status).toBe(200);
    const { orderId } = (await res.json()) as { orderId: string };
    await page.waitForFunction(
      (id) => (window as unknown as { __live: { events: { orderId: string }[] } }).__live.events.some((e) => e.orderId === id),
      orderId,
    );
    expect((await liveRecord(page)).opens).toBe(2);
  });
});
