// GET /metrics as Prometheus and an operator see it: the requests by route pattern and status with
// their latency, what waits in the outboxes and for KRA, pending and mismatched payments, failed
// SMS, live-feed streams, the database pool; and refused to anyone else than this machine or the
// holder of METRICS_TOKEN.
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { serve, type ServerType } from '@hono/node-server';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taxInvoices } from '../../src/server/db/schema';
import { taxInvoicesIdle } from '../../src/server/features/tax-invoices/tax-invoice-sender';
import { atEnv, startAfricasTalkingDouble, type AtDouble } from '../support/africas-talking-double';
import { parsePrometheusText, sampleValue, samplesOf, type Exposition } from '../support/prometheus-text';
import { createTestApp, createUser, TEST_ORIGIN, type TestApp } from '../support/test-app';
import { dbKinds } from '../support/test-database';
import { waitFor } from '../support/wait-for';
import { payOnSimulator, placePaidOrderAttempt, productBySlug } from './checkout-support';
import { createTaxShop, disposeTaxShop, payOrder, type TaxShop } from './etims-support';
import { openEventStream } from './realtime-fixtures';

const TOKEN = 'metrics-token-0123456789-abcdefghij';
const SLUG_ROUTE = '/api/catalog/products/by-slug/:slug';
const HOUR_S = 3600;

interface LogLine {
  level: number;
  msg: string;
  reading?: string;
}

describe.each(dbKinds(import.meta.url))('/metrics on %s', (kind) => {
  /** The shop, served on 127.0.0.1: metrics without a token are this machine's. */
  let shop: TaxShop;
  let double: AtDouble;
  let server: ServerType;
  let base: string;
  /** A second shop with METRICS_TOKEN set, a pool of two and its log kept. */
  let guarded: TestApp;
  const logs: LogLine[] = [];

  beforeAll(async () => {
    double = await startAfricasTalkingDouble();
    shop = await createTaxShop(kind, atEnv(double));
    server = serve({ fetch: shop.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) logs.push(JSON.parse(line) as LogLine);
        done();
      },
    });
    guarded = await createTestApp(kind, {
      env: { METRICS_TOKEN: TOKEN },
      poolSize: 2,
      deps: { logger: pino({ level: 'warn', base: undefined }, sink) },
    });
  });
  // Each part only if it was made: a set-up that failed half-way is reported as itself.
  afterAll(async () => {
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
    await disposeTaxShop(shop);
    await guarded?.dispose();
    await double?.close();
  });

  const get = (path: string, init: RequestInit = {}) =>
    fetch(`${base}${path}`, { ...init, headers: { Origin: TEST_ORIGIN, ...init.headers } });

  async function scrape(): Promise<Exposition> {
    const res = await get('/metrics');
    const text = await res.text();
    expect(res.status, text).toBe(200);
    return parsePrometheusText(text);
  }

  async function scrapeGuarded(): Promise<Exposition> {
    const res = await guarded.app.request(`${TEST_ORIGIN}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    const text = await res.text();
    expect(res.status, text).toBe(200);
    return parsePrometheusText(text);
  }

  it('answers Prometheus text in which every metric is described and typed, the process’s own included', async () => {
    const res = await get('/metrics');
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const metrics = parsePrometheusText(await res.text());
    expect(Object.fromEntries([...metrics.types].filter(([name]) => name.startsWith('shop_')))).toEqual({
      shop_http_request_duration_seconds: 'histogram',
      shop_http_requests_total: 'counter',
      shop_db_pool_max_connections: 'gauge',
      ...(kind === 'postgres' && { shop_db_pool_connections: 'gauge', shop_db_pool_waiting: 'gauge' }),
      shop_live_streams: 'gauge',
      shop_page_cache_bytes: 'gauge',
      shop_outbox_depth: 'gauge',
      shop_etims_queue_length: 'gauge',
      shop_etims_queue_oldest_age_seconds: 'gauge',
      shop_payments_pending: 'gauge',
      shop_payments_mismatched: 'gauge',
      shop_sms_queued_last_hour: 'gauge',
      shop_sms_failed_last_hour: 'gauge',
    });
    for (const name of metrics.types.keys()) expect(metrics.help.get(name), name).toMatch(/\w/);
    expect(metrics.types.get('process_cpu_user_seconds_total')).toBe('counter');
    expect(sampleValue(metrics, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    // The API-only shop renders no pages: nothing is kept.
    expect(sampleValue(metrics, 'shop_page_cache_bytes')).toBe(0);
  });

  it('counts each request under its route pattern and status, with its latency in buckets', async () => {
    for (const path of [
      '/api/catalog/products/by-slug/fresh-whole-tilapia',
      '/api/catalog/products/by-slug/fresh-whole-tilapia',
      '/api/catalog/products/by-slug/no-such-fish',
      '/api/no/such/endpoint',
      '/no/such/page',
    ]) {
      await (await get(path)).arrayBuffer();
    }
    // Refused by the same-origin check before the route ran: still counted under the route it was for.
    const crossSite = await get('/api/checkout/orders', { method: 'POST', headers: { Origin: 'https://elsewhere.example' }, body: '{}' });
    expect(crossSite.status).toBe(403);

    const metrics = await scrape();
    const requests = (method: string, route: string, status: string) =>
      sampleValue(metrics, 'shop_http_requests_total', { method, route, status });
    expect(requests('GET', SLUG_ROUTE, '200')).toBe(2);
    expect(requests('GET', SLUG_ROUTE, '404')).toBe(1);
    expect(requests('GET', 'unmatched', '404')).toBe(2);
    expect(requests('POST', '/api/checkout/orders', '403')).toBe(1);
    // The first scrape was counted too, once it had answered.
    expect(requests('GET', '/metrics', '200')).toBeGreaterThanOrEqual(1);
    // No address of a product (or anything else asked for) becomes a label.
    for (const s of samplesOf(metrics, 'shop_http_requests_total')) expect(s.labels.route).not.toMatch(/tilapia|no-such|endpoint/);

    const labels = { method: 'GET', route: SLUG_ROUTE, status: '200' };
    const buckets = samplesOf(metrics, 'shop_http_request_duration_seconds_bucket').filter(
      (s) => s.labels.route === SLUG_ROUTE && s.labels.status === '200',
    );
    expect(buckets.map((b) => b.labels.le)).toEqual([
      '0.005',
      '0.01',
      '0.025',
      '0.05',
      '0.1',
      '0.25',
      '0.5',
      '1',
      '2.5',
      '5',
      '10',
      '+Inf',
    ]);
    const counts = buckets.map((b) => b.value);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(counts.at(-1)).toBe(2);
    expect(sampleValue(metrics, 'shop_http_request_duration_seconds_count', labels)).toBe(2);
    expect(sampleValue(metrics, 'shop_http_request_duration_seconds_sum', labels)).toBeGreaterThan(0);
  });

  it('shows a queued SMS and a failed one in the SMS outbox, and the failure among the last hour’s', async () => {
    const before = await scrape();
    const sms = shop.ctx.sms;
    const queued = await sms.enqueue(shop.ctx.db, {
      orderId: null,
      step: 'morning_summary',
      to: '+254711000001',
      message: 'Yesterday: 3 orders',
      dedupeKey: 'metrics:queued',
    });
    const failing = await sms.enqueue(shop.ctx.db, {
      orderId: null,
      step: 'morning_summary',
      to: '+254711000002',
      message: 'Yesterday: 3 orders',
      dedupeKey: 'metrics:failing',
    });
    expect(queued && failing).toBeTruthy();
    double.failNext(1);
    await sms.deliver(failing!);
    expect(double.requests).toBeGreaterThan(0);

    const after = await scrape();
    const delta = (name: string, labels: Record<string, string> = {}) =>
      (sampleValue(after, name, labels) ?? NaN) - (sampleValue(before, name, labels) ?? NaN);
    expect(delta('shop_outbox_depth', { kind: 'sms' })).toBe(2);
    expect(delta('shop_sms_queued_last_hour')).toBe(2);
    expect(delta('shop_sms_failed_last_hour', { reason: 'retrying' })).toBe(1);
    expect(delta('shop_sms_failed_last_hour', { reason: 'abandoned' })).toBe(0);
    expect(delta('shop_sms_failed_last_hour', { reason: 'undelivered' })).toBe(0);
    expect(delta('shop_outbox_depth', { kind: 'mail' })).toBe(0);
  });

  it('shows a pending payment, a mismatched one, and the tax invoice KRA has not taken with how long it has waited', async () => {
    const before = await scrape();
    expect(sampleValue(before, 'shop_etims_queue_length', { kind: 'tax_invoice' })).toBe(0);
    expect(sampleValue(before, 'shop_etims_queue_oldest_age_seconds', { kind: 'tax_invoice' })).toBe(0);
    expect(sampleValue(before, 'shop_payments_mismatched', { provider: 'pesapal' })).toBe(0);
    const productId = (await productBySlug(shop, 'fresh-whole-tilapia')).id;

    // An order placed and not paid yet.
    await placePaidOrderAttempt(shop, shop.buyer, [{ productId, quantity: 1 }]);
    // Pesapal reports a shilling less than the order: recorded as a mismatch, the payment left PENDING.
    const real = shop.ctx.integrations.pesapal;
    shop.ctx.integrations.pesapal = {
      ...real,
      getTransactionStatus: async (id) => {
        const status = await real.getTransactionStatus(id);
        return status.status === 'PENDING' ? status : { ...status, amountCents: status.amountCents - 100 };
      },
    };
    try {
      const short = await placePaidOrderAttempt(shop, shop.buyer, [{ productId, quantity: 1 }]);
      await payOnSimulator(shop, short.trackingId, 'card');
      await shop.sim.idle();
    } finally {
      shop.ctx.integrations.pesapal = real;
    }
    // A paid order while KRA is down: its tax invoice waits.
    shop.etimsSim.switches.mode = 'down';
    const paid = await payOrder(shop);
    await taxInvoicesIdle(shop.ctx);
    await shop.sim.idle();
    shop.clock.advance(2 * HOUR_S * 1000);

    const after = await scrape();
    expect(sampleValue(after, 'shop_payments_pending', { provider: 'pesapal' })).toBe(
      sampleValue(before, 'shop_payments_pending', { provider: 'pesapal' })! + 2,
    );
    expect(sampleValue(after, 'shop_payments_pending', { provider: 'mpesa' })).toBe(0);
    expect(sampleValue(after, 'shop_payments_mismatched', { provider: 'pesapal' })).toBe(1);
    const [invoice] = await shop.ctx.db.select().from(taxInvoices).where(eq(taxInvoices.orderId, paid));
    expect(invoice?.status).toMatch(/^(queued|failed)$/);
    expect(sampleValue(after, 'shop_etims_queue_length', { kind: 'tax_invoice' })).toBe(1);
    expect(sampleValue(after, 'shop_outbox_depth', { kind: 'tax_invoice' })).toBe(1);
    expect(sampleValue(after, 'shop_etims_queue_oldest_age_seconds', { kind: 'tax_invoice' })).toBe(
      (shop.clock.now().getTime() - invoice!.createdAt.getTime()) / 1000,
    );
    expect(sampleValue(after, 'shop_etims_queue_oldest_age_seconds', { kind: 'tax_invoice' })).toBeGreaterThanOrEqual(2 * HOUR_S);
    shop.etimsSim.switches.mode = 'up';
  });

  it('counts the live-feed streams open now, a customer’s and the back office’s', async () => {
    const live = (m: Exposition, audience: string) => sampleValue(m, 'shop_live_streams', { audience });
    expect(live(await scrape(), 'customer')).toBe(0);
    const request = (path: string, init: RequestInit & { cookie?: string }) =>
      get(path, { signal: init.signal, headers: { Cookie: init.cookie ?? '' } });
    const customerStream = await openEventStream(request, shop.buyer.cookie);
    const staffStream = await openEventStream(request, shop.admin.cookie, '/api/admin/live');
    try {
      const open = await scrape();
      expect(live(open, 'customer')).toBe(1);
      expect(live(open, 'staff')).toBe(1);
    } finally {
      customerStream.close();
      staffStream.close();
    }
    await waitFor('the streams to be counted as closed', async () => {
      const m = await scrape();
      return live(m, 'customer') === 0 && live(m, 'staff') === 0;
    });
  });

  it('refuses, without a word of the metrics, a request from another machine or through a proxy when no token is set', async () => {
    const refusals = [
      await get('/metrics', { headers: { 'X-Forwarded-For': '203.0.113.9' } }),
      await get('/metrics', { headers: { Forwarded: 'for=203.0.113.9;proto=https' } }),
      await get('/metrics', { headers: { 'X-Real-IP': '203.0.113.9' } }),
      await shop.app.request(`${TEST_ORIGIN}/metrics`, {}, { incoming: { socket: { remoteAddress: '10.0.0.7' } } }),
      await shop.app.request(`${TEST_ORIGIN}/metrics`, {}, { incoming: { socket: { remoteAddress: '41.90.1.2' } } }),
      // No socket at all (a request handed to the app in the process) is not this machine either.
      await shop.request('/metrics'),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(403);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({
        error: { code: 'FORBIDDEN', message: 'The metrics are served only to the machine the shop runs on, or with their bearer token.' },
      });
      expect(text).not.toMatch(/shop_|nodejs_|process_/);
    }
  });

  it('with METRICS_TOKEN, answers only the bearer of that token, from this machine too', async () => {
    const guardedServer = serve({ fetch: guarded.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => guardedServer.once('listening', () => resolve()));
    const at = `http://127.0.0.1:${(guardedServer.address() as AddressInfo).port}/metrics`;
    try {
      for (const authorization of [undefined, `Bearer ${TOKEN}x`, 'Bearer wrong', `Basic ${TOKEN}`, `Bearer`]) {
        const res = await fetch(at, { headers: authorization ? { Authorization: authorization } : {} });
        expect(res.status, authorization).toBe(401);
        expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
        const text = await res.text();
        expect(JSON.parse(text)).toEqual({ error: { code: 'UNAUTHORIZED', message: 'The metrics need their bearer token.' } });
        expect(text).not.toMatch(/shop_|nodejs_|process_/);
      }
      const right = await fetch(at, { headers: { Authorization: `Bearer ${TOKEN}`, 'X-Forwarded-For': '203.0.113.9' } });
      expect(right.status).toBe(200);
      expect(sampleValue(parsePrometheusText(await right.text()), 'shop_outbox_depth', { kind: 'mail' })).toBe(0);
    } finally {
      await new Promise<void>((resolve) => guardedServer.close(() => resolve()));
    }
  });

  it('reports the database pool: its connections in use and idle and who waits on PostgreSQL, the one connection of PGlite', async () => {
    const database = guarded.ctx.database;
    if (kind === 'pglite') {
      const metrics = await scrapeGuarded();
      expect(sampleValue(metrics, 'shop_db_pool_max_connections', { engine: 'pglite' })).toBe(1);
      expect(samplesOf(metrics, 'shop_db_pool_connections')).toEqual([]);
      expect(samplesOf(metrics, 'shop_db_pool_waiting')).toEqual([]);
      return;
    }
    // Both connections of the pool held, and a query waiting for one.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holders = [database.withLock(1_000_001, () => held), database.withLock(1_000_002, () => held)];
    await waitFor('both connections to be in use', () => database.connections().inUse === 2);
    const waiting = guarded.ctx.db.execute(sql`select 1`).then(() => undefined);
    await waitFor('a query to wait for a connection', () => database.connections().waiting === 1);
    const scraping = scrapeGuarded();
    // The scrape reads the pool first, then waits for a connection for what it reads of the database.
    await waitFor('the scrape to wait for a connection too', () => database.connections().waiting === 2);
    release();
    const metrics = await scraping;
    await Promise.all([...holders, waiting]);
    expect(sampleValue(metrics, 'shop_db_pool_max_connections', { engine: 'postgres' })).toBe(2);
    expect(sampleValue(metrics, 'shop_db_pool_connections', { state: 'in_use' })).toBe(2);
    expect(sampleValue(metrics, 'shop_db_pool_connections', { state: 'idle' })).toBe(0);
    expect(sampleValue(metrics, 'shop_db_pool_waiting')).toBe(1);
    // What it read once a connection was free is there too.
    expect(sampleValue(metrics, 'shop_outbox_depth', { kind: 'sms' })).toBe(0);

    const idle = await scrapeGuarded();
    expect(sampleValue(idle, 'shop_db_pool_waiting')).toBe(0);
    expect(sampleValue(idle, 'shop_db_pool_connections', { state: 'in_use' })).toBe(0);
  });

  it('leaves out what it cannot read of the database, says so in the log, and still answers the rest', async () => {
    const user = await createUser(guarded);
    expect(user.id).toBeTruthy();
    await guarded.ctx.db.execute(sql`alter table outbound_sms rename to outbound_sms_away`);
    try {
      const metrics = await scrapeGuarded();
      expect(sampleValue(metrics, 'shop_outbox_depth', { kind: 'sms' })).toBeUndefined();
      expect(sampleValue(metrics, 'shop_outbox_depth', { kind: 'mail' })).toBe(0);
      expect(sampleValue(metrics, 'shop_sms_queued_last_hour')).toBeUndefined();
      expect(samplesOf(metrics, 'shop_sms_failed_last_hour')).toEqual([]);
      expect(sampleValue(metrics, 'shop_payments_pending', { provider: 'pesapal' })).toBe(0);
      expect(sampleValue(metrics, 'shop_etims_queue_length', { kind: 'stock_declaration' })).toBeGreaterThanOrEqual(0);
      const warned = logs.filter((l) => l.level === 40 && l.msg.startsWith('metrics: a reading of the database failed'));
      expect(warned.map((l) => l.reading)).toEqual(['outbox sms', 'SMS of the last hour']);
    } finally {
      await guarded.ctx.db.execute(sql`alter table outbound_sms_away rename to outbound_sms`);
    }
    const again = await scrapeGuarded();
    expect(sampleValue(again, 'shop_outbox_depth', { kind: 'sms' })).toBe(0);
  });
});
