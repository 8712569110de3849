// Per-address throttling behind a proxy, over real sockets: sign-in codes by SMS are counted by the
// address in X-Forwarded-For when the socket peer is a trusted proxy (TRUSTED_PROXIES), and by the
// peer itself when it is not, whatever the header says.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authThrottle } from '../../src/server/db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app';
import { dbKinds } from '../support/test-database';

/** Codes one client address may ask for in 15 minutes (phone-code.service.ts). */
const CODES_PER_ADDRESS = 10;

interface ServedApp {
  t: TestApp;
  url: string;
  close(): Promise<void>;
}

/** The app on a port of 127.0.0.1, so each request has a socket peer: this machine. */
async function served(env: Record<string, string>, kind: Parameters<typeof createTestApp>[0]): Promise<ServedApp> {
  const t = await createTestApp(kind, { env });
  const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())));
  return {
    t,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await t.dispose();
    },
  };
}

let numbers = 0;
/** A new Kenyan mobile number each time, so the per-number limit never answers first. */
const nextPhone = () => `0712 000 ${String(100 + ++numbers)}`;

function askForCode(app: ServedApp, forwardedFor: string): Promise<Response> {
  return fetch(`${app.url}/api/account/phone-code`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: TEST_ORIGIN, 'X-Forwarded-For': forwardedFor },
    body: JSON.stringify({ phone: nextPhone() }),
  });
}

/** The address counters of the code throttle, as the database holds them. */
async function addressCounters(app: ServedApp): Promise<Record<string, number>> {
  const rows = await app.t.ctx.db.select().from(authThrottle).where(like(authThrottle.key, 'phone-code:address:%'));
  return Object.fromEntries(rows.map((r) => [r.key.replace('phone-code:address:', ''), r.failures]));
}

describe.each(dbKinds(import.meta.url))('client addresses behind a proxy on %s', (kind) => {
  let trusting: ServedApp;
  let distrusting: ServedApp;

  beforeAll(async () => {
    // The default: a proxy on this machine (the peer here) is trusted.
    trusting = await served({}, kind);
    // A proxy elsewhere is named; this machine is not it.
    distrusting = await served({ TRUSTED_PROXIES: '10.0.0.0/8' }, kind);
  });
  afterAll(async () => {
    await trusting?.close();
    await distrusting?.close();
  });

  it('counts by the forwarded address when the peer is a trusted proxy: one client blocked, the next one served', async () => {
    for (let i = 0; i < CODES_PER_ADDRESS; i++) expect((await askForCode(trusting, '198.51.100.1, 203.0.113.10')).status).toBe(200);
    const refused = await askForCode(trusting, '203.0.113.10');
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /^Too many codes requested\. Please wait \d+ minutes? and try again\.$/,
    );
    // Another client behind the same proxy is not held back by the first one's codes.
    expect((await askForCode(trusting, '203.0.113.11')).status).toBe(200);
    // What the client wrote left of the proxy's entry (198.51.100.1) counts for nothing.
    expect(await addressCounters(trusting)).toEqual({ '203.0.113.10': CODES_PER_ADDRESS, '203.0.113.11': 1 });
  });

  it('counts by the peer when it is not a trusted proxy: a new X-Forwarded-For each time does not get past the limit', async () => {
    for (let i = 0; i < CODES_PER_ADDRESS; i++) expect((await askForCode(distrusting, `203.0.113.${20 + i}`)).status).toBe(200);
    expect((await askForCode(distrusting, '203.0.113.99')).status).toBe(429);
    expect(await addressCounters(distrusting)).toEqual({ '127.0.0.1': CODES_PER_ADDRESS });
  });
});
