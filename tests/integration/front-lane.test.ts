// The front lane (src/server/infra/http/front-lane.ts) answers a fresh cached public read before the
// app's routing: it must send what the full request path sends (status, every header but the date
// and the request id, the same bytes in each encoding, the 304) and only until the kept answer
// expires, counted in the metrics like any request.
import type { AddressInfo } from 'node:net';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/server/db/schema';
import { createFrontLane } from '../../src/server/infra/http/front-lane';
import { writeRequestLinesDirectly } from '../../src/server/infra/request-log';
import { createTestApp, type TestApp } from '../support/test-app';

const LIST = '/api/catalog/products';

describe('cached public reads answered in front of the routing', () => {
  let t: TestApp;
  let base: string;
  let fullPath = 0;
  let clock = Date.parse('2026-11-30T09:00:00Z');
  const server = createServer();
  // The request lines, written the way the shop's own logger writes them (directly, not through pino).
  const logged: string[] = [];
  const sink = { write: (line: string) => void logged.push(line) };
  const logger = pino({ level: 'info', base: undefined }, sink);
  writeRequestLinesDirectly(logger, sink);

  beforeAll(async () => {
    const frontLane = createFrontLane({ now: () => clock, logger, serving: () => true });
    t = await createTestApp('pglite', { seed: true, deps: { now: () => new Date(clock) }, app: { frontLane } });
    const listener = getRequestListener(t.app.fetch);
    // Counts what reaches the app, so a test can tell which way an answer came.
    server.on(
      'request',
      frontLane.wrap((req: IncomingMessage, res: ServerResponse) => {
        fullPath++;
        void listener(req, res);
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await t.dispose();
  });

  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => fetch(base + path, { method, headers });
  const comparable = (res: Response) => {
    const h: Record<string, string> = {};
    res.headers.forEach((value, name) => {
      if (name !== 'date' && name !== 'x-request-id') h[name] = value;
    });
    return { status: res.status, headers: h };
  };
  const raw = async (res: Response) => Buffer.from(await res.arrayBuffer());

  it('sends the full path’s answer again, header for header and byte for byte, in each encoding', async () => {
    clock += 60_000;
    for (const encoding of ['identity', 'gzip', 'br']) {
      // fetch decodes what it is sent; the raw bytes are compared through undici's own decoding on both sides.
      const before = fullPath;
      const first = await get(`${LIST}?page=1&e=${encoding}`, { 'accept-encoding': encoding });
      expect(fullPath).toBe(before + 1);
      const again = await get(`${LIST}?page=1&e=${encoding}`, { 'accept-encoding': encoding });
      expect(fullPath, 'the second answer came from the front lane').toBe(before + 1);
      expect(comparable(again)).toEqual(comparable(first));
      expect(await raw(again)).toEqual(await raw(first));
      expect(again.headers.get('x-request-id')).toMatch(/^[\w-]{8,64}$/);
      expect(again.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    }
    const plain = await get(`${LIST}?page=1&e=identity`, { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(plain.headers.get('content-encoding')).toBeNull();
    const body = (await plain.json()) as { products: unknown[] };
    expect(body.products.length).toBeGreaterThan(0);
  });

  it('answers a browser holding the answer with a 304, a HEAD without a body, and keeps a sane request id', async () => {
    const first = await get(LIST);
    const etag = first.headers.get('etag')!;
    const before = fullPath;
    const unchanged = await get(LIST, { 'if-none-match': etag, 'x-request-id': 'phone-request-0001' });
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.get('etag')).toBe(etag);
    expect(unchanged.headers.get('x-request-id')).toBe('phone-request-0001');
    expect(unchanged.headers.get('x-frame-options')).toBe('DENY');
    const head = await get(LIST, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(etag);
    expect(await raw(head)).toHaveLength(0);
    expect(fullPath).toBe(before);
  });

  it('goes the full way once the kept answer expires, and then shows what changed', async () => {
    const first = (await (await get(LIST)).json()) as { products: { id: string; name: string }[] };
    const product = first.products[0]!;
    await t.ctx.db.update(products).set({ name: 'Tilapia, whole (renamed)' }).where(eq(products.id, product.id));
    const stillKept = (await (await get(LIST)).json()) as typeof first;
    expect(stillKept.products[0]!.name).toBe(product.name);
    const before = fullPath;
    clock += 1_001;
    const fresh = (await (await get(LIST)).json()) as typeof first;
    expect(fullPath).toBe(before + 1);
    expect(fresh.products.find((p) => p.id === product.id)!.name).toBe('Tilapia, whole (renamed)');
  });

  it('never answers a write, an error or an address the full path has not answered', async () => {
    const before = fullPath;
    expect((await get(`${LIST}?page=0`)).status).toBe(400);
    expect((await get(`${LIST}?page=0`)).status).toBe(400);
    expect((await get('/api/catalog/products/by-slug/no-such-fish')).status).toBe(404);
    expect((await get('/api/catalog/products/by-slug/no-such-fish')).status).toBe(404);
    expect((await fetch(base + LIST, { method: 'POST' })).status).not.toBe(200);
    expect(fullPath).toBe(before + 5);
  });

  it('logs each answer with its own request id, the method, the path without its query, and the status', async () => {
    clock += 60_000;
    const address = `${LIST}?page=1&log=1`;
    const first = await get(address);
    const before = fullPath;
    logged.length = 0;
    const ok = await get(address);
    const head = await get(address, {}, 'HEAD');
    const unchanged = await get(address, { 'if-none-match': first.headers.get('etag')! });
    expect(fullPath).toBe(before);
    const lines = logged.map((l) => JSON.parse(l) as Record<string, unknown>);
    const ids = [ok, head, unchanged].map((r) => r.headers.get('x-request-id'));
    expect(new Set(ids).size).toBe(3);
    expect(lines.map(({ requestId, method, path, status, msg }) => ({ requestId, method, path, status, msg }))).toEqual([
      { requestId: ids[0], method: 'GET', path: LIST, status: 200, msg: 'request' },
      { requestId: ids[1], method: 'HEAD', path: LIST, status: 200, msg: 'request' },
      { requestId: ids[2], method: 'GET', path: LIST, status: 304, msg: 'request' },
    ]);
    for (const line of lines) expect(line.ms).toEqual(expect.any(Number));
  });

  it('counts its answers in the metrics under the route’s pattern', async () => {
    await get(LIST);
    await get(LIST);
    const metrics = await (await get('/metrics')).text();
    const line = metrics
      .split('\n')
      .find((l) => l.startsWith('shop_http_requests_total{') && l.includes(`route="${LIST}"`) && l.includes('status="200"'));
    expect(line).toBeDefined();
    expect(Number(line!.split(' ').at(-1))).toBeGreaterThanOrEqual(8);
  });
});
