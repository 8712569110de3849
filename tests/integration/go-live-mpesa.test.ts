// The go-live check's M-Pesa Express line: off is fine (customers pay through Pesapal), the
// simulator and the sandbox move no real money, and production asks Daraja for a token with the
// configured keys: here the built-in simulator served over HTTP, a server that never answers, and a
// closed port stand in for Safaricom. Then the callback address, the first payment and the callers.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentTransactions, user } from '../../src/server/db/schema';
import { createMpesaSimulator } from '../../src/server/dev/mpesa/mpesa-simulator';
import { loadEnvToCheck, type Env } from '../../src/server/env';
import { runGoLiveChecks, type CheckLine } from '../../src/server/go-live/go-live-check';
import { mpesaCheck } from '../../src/server/go-live/mpesa-check';
import { freePort } from '../e2e/support/shop-server';
import { createTestDatabase, dbKinds, type TestDatabase } from '../support/test-database';
import { insertOrder } from './orders-fixtures';

const KEYS = { key: 'production-consumer-key-7Qx', secret: 'production-consumer-secret-Lm2' };
const TILL = { shortcode: '5123456', passkey: 'production-passkey-9f8e7d6c5b4a', type: 'till' as const, partyB: '6123456' };
const CALLBACK_TOKEN = 'k3J9xQ2mV8pL5wR1tY7uZ4nB';
const SETTINGS_NAMED = [
  'MPESA_ENV=production',
  'MPESA_CONSUMER_KEY',
  'MPESA_CONSUMER_SECRET',
  'MPESA_PASSKEY',
  'MPESA_SHORTCODE',
  'MPESA_SHORTCODE_TYPE',
  'MPESA_PARTY_B',
  'MPESA_CALLBACK_TOKEN',
  'docs/mpesa.md',
  'Going live',
];

let database: TestDatabase;
let daraja: ServerType;
let darajaUrl: string;
let tokenRequests = 0;
let silent: Server;
let silentUrl: string;
let closedUrl: string;

beforeAll(async () => {
  const [kind = 'pglite'] = dbKinds(import.meta.url);
  database = await createTestDatabase(kind, { seeded: true });
  const sim = createMpesaSimulator({ shortcodes: [TILL], credentials: [KEYS] });
  daraja = serve({
    fetch: (req) => {
      if (new URL(req.url).pathname === '/oauth/v1/generate') tokenRequests += 1;
      return sim.app.fetch(req);
    },
    port: 0,
    hostname: '127.0.0.1',
  });
  await new Promise<void>((resolve) => daraja.once('listening', () => resolve()));
  darajaUrl = `http://127.0.0.1:${(daraja.address() as AddressInfo).port}`;
  // Under /broken a gateway's error page; elsewhere it takes the request and never answers.
  silent = createServer((req, res) => {
    if (req.url?.startsWith('/broken/')) res.writeHead(503, { 'content-type': 'text/html' }).end('<h1>Service Unavailable</h1>');
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  closedUrl = `http://127.0.0.1:${await freePort()}`;
}, 60_000);

afterAll(async () => {
  silent?.closeAllConnections();
  await Promise.all([
    new Promise((resolve) => (silent ? silent.close(resolve) : resolve(undefined))),
    new Promise((resolve) => (daraja ? daraja.close(resolve) : resolve(undefined))),
  ]);
  await database?.dispose();
});

/** The settings of a shop going live with M-Pesa Express, the host pointed at the stand-in. */
const production = (extra: Record<string, string | undefined> = {}): Env =>
  loadEnvToCheck({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'https://shop.example',
    MPESA_ENV: 'production',
    MPESA_BASE_URL: darajaUrl,
    MPESA_CONSUMER_KEY: KEYS.key,
    MPESA_CONSUMER_SECRET: KEYS.secret,
    MPESA_PASSKEY: TILL.passkey,
    MPESA_SHORTCODE: TILL.shortcode,
    MPESA_SHORTCODE_TYPE: TILL.type,
    MPESA_PARTY_B: TILL.partyB,
    MPESA_CALLBACK_TOKEN: CALLBACK_TOKEN,
    MPESA_CALLBACK_IP_MODE: 'enforce',
    ...extra,
  });

async function check(env: Env, timeoutMs = 5_000): Promise<CheckLine> {
  const [line] = await runGoLiveChecks([mpesaCheck], { env, db: database.database.db, now: () => new Date() }, timeoutMs);
  const printed = `${line!.detail} ${line!.fix ?? ''}`;
  for (const secret of [KEYS.key, KEYS.secret, TILL.passkey, CALLBACK_TOKEN]) expect(printed).not.toContain(secret);
  return line!;
}

describe("the go-live check's M-Pesa Express line", () => {
  it('passes when M-Pesa Express is off: customers pay through Pesapal, and Daraja is not called', async () => {
    const before = tokenRequests;
    expect(await check(loadEnvToCheck({ NODE_ENV: 'production', MPESA_BASE_URL: darajaUrl }))).toEqual({
      name: 'M-Pesa Express',
      status: 'ok',
      detail: 'M-Pesa Express is off (MPESA_ENV=off): customers pay through Pesapal',
      fix: null,
    });
    expect(tokenRequests).toBe(before);
  });

  it('fails the simulator and the sandbox, naming the production settings to set, without calling Daraja', async () => {
    const before = tokenRequests;
    const simulator = await check(loadEnvToCheck({ NODE_ENV: 'production', MPESA_ENV: 'simulator' }));
    expect(simulator).toMatchObject({ status: 'fail', detail: 'MPESA_ENV=simulator: the built-in simulator takes no real money' });
    const sandbox = await check(production({ MPESA_ENV: 'sandbox' }));
    expect(sandbox).toMatchObject({ status: 'fail', detail: 'MPESA_ENV=sandbox: no real money moves' });
    for (const line of [simulator, sandbox]) for (const named of SETTINGS_NAMED) expect(line.fix).toContain(named);
    expect(tokenRequests).toBe(before);
  });

  it('with production keys Daraja accepts: checks the callback address, then warns until the first payment', async () => {
    const before = tokenRequests;
    expect(await check(production())).toEqual({
      name: 'M-Pesa Express',
      status: 'warning',
      detail:
        'token accepted; till 6123456 (shortcode 5123456); callback https://shop.example/api/payments/mpesa/callback/<MPESA_CALLBACK_TOKEN>; no M-Pesa Express payment yet',
      fix: 'Pay one small order with M-Pesa Express, then run the check again.',
    });
    expect(tokenRequests).toBe(before + 1);

    expect(await check(production({ PUBLIC_URL: 'http://shop.example' }))).toMatchObject({
      status: 'fail',
      detail:
        'token accepted, but the callback address http://shop.example/api/payments/mpesa/callback/<MPESA_CALLBACK_TOKEN> is not https',
      fix: 'Set PUBLIC_URL to the shop’s https address.',
    });
    // Start-up refuses a short secret already; the check says so too for settings read another way.
    expect(await check({ ...production(), MPESA_CALLBACK_TOKEN: 'short-secret' })).toMatchObject({
      status: 'fail',
      detail: 'token accepted, but MPESA_CALLBACK_TOKEN is shorter than 24 characters: anyone could guess the callback address',
      fix: expect.stringContaining('at least 24 characters'),
    });
    expect(await check({ ...production(), MPESA_CALLBACK_TOKEN: undefined })).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining('MPESA_CALLBACK_TOKEN is not set'),
    });
  });

  it('warns while callers off the list are only logged, and passes once an M-Pesa Express payment has completed', async () => {
    expect(await check(production({ MPESA_CALLBACK_IP_MODE: undefined }))).toMatchObject({
      status: 'warning',
      detail: expect.stringMatching(/; no M-Pesa Express payment yet; callbacks from callers not on MPESA_CALLBACK_IPS are only logged$/),
      fix: expect.stringMatching(
        /^Pay one small order with M-Pesa Express, then run the check again\. .*MPESA_CALLBACK_IP_MODE=enforce\.$/,
      ),
    });
    expect(await check(production({ MPESA_CALLBACK_IP_MODE: 'off' }))).toMatchObject({
      status: 'warning',
      detail: expect.stringContaining('callback callers are not checked (MPESA_CALLBACK_IP_MODE=off)'),
    });

    const db = database.database.db;
    await db.insert(user).values({ id: 'go-live-mpesa-buyer', name: 'Amina Otieno', email: 'amina.mpesa@example.test' });
    const { transactionIds } = await insertOrder(db, { userId: 'go-live-mpesa-buyer', payments: ['COMPLETED'] });
    // A completed Pesapal payment says nothing about M-Pesa Express.
    expect((await check(production())).detail).toMatch(/; no M-Pesa Express payment yet$/);
    await db
      .update(paymentTransactions)
      .set({ provider: 'mpesa', pesapalTrackingId: null, mpesaCheckoutRequestId: 'ws_CO_270420261230001234', mpesaPhone: '254712345678' })
      .where(eq(paymentTransactions.id, transactionIds[0]!));
    expect(await check(production())).toEqual({
      name: 'M-Pesa Express',
      status: 'ok',
      detail:
        'token accepted; till 6123456 (shortcode 5123456); callback https://shop.example/api/payments/mpesa/callback/<MPESA_CALLBACK_TOKEN>; an M-Pesa Express payment has completed',
      fix: null,
    });
  });

  it('fails when Daraja refuses the keys, saying which to set', async () => {
    expect(await check(production({ MPESA_CONSUMER_SECRET: 'sandbox-secret-by-mistake' }))).toEqual({
      name: 'M-Pesa Express',
      status: 'fail',
      detail: 'Daraja refused the keys (400.008.01, HTTP 400)',
      fix: expect.stringContaining('MPESA_CONSUMER_KEY and MPESA_CONSUMER_SECRET to the production keys of the Daraja app'),
    });
  });

  it('fails when Daraja does not answer: a closed port at once, a silent host within the call’s time', async () => {
    const reach = expect.stringContaining('Check this machine reaches Safaricom (api.safaricom.co.ke), and MPESA_BASE_URL');
    expect(await check(production({ MPESA_BASE_URL: closedUrl }))).toMatchObject({
      status: 'fail',
      detail: `Daraja at ${closedUrl} did not answer (unreachable, or nothing within 4 s)`,
      fix: reach,
    });
    const started = Date.now();
    expect(await check(production({ MPESA_BASE_URL: silentUrl }), 1_000)).toMatchObject({
      status: 'fail',
      detail: `Daraja at ${silentUrl} did not answer (unreachable, or nothing within 800 ms)`,
      fix: reach,
    });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('fails, without blaming the keys, when Daraja answers the token request with an error page', async () => {
    expect(await check(production({ MPESA_BASE_URL: `${silentUrl}/broken` }))).toMatchObject({
      status: 'fail',
      detail: `Daraja at ${silentUrl}/broken answered the token request with an error (HTTP 503)`,
      fix: expect.stringContaining('run the check again later'),
    });
  });
});
