// Test-only helpers shared by pesapal-client.test.ts and pesapal-simulator.test.ts.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterEach } from 'vitest';
import { createPesapalClient } from '../../src/server/integrations/pesapal/pesapal-client';
import { createPesapalSimulator } from '../../src/server/dev/pesapal/create-pesapal-simulator';
import type { PesapalSimulator, PesapalSimulatorOptions } from '../../src/server/dev/pesapal/pesapal-simulator';
import type { PesapalClient, PesapalClientOptions } from '../../src/server/integrations/pesapal/pesapal-types';

export const SIM_KEY = 'simulator-key';
export const SIM_SECRET = 'simulator-secret';

export interface RunningSimulator {
  sim: PesapalSimulator;
  /** e.g. http://127.0.0.1:PORT */
  origin: string;
  /** e.g. http://127.0.0.1:PORT/pesapalv3 — the client's baseUrl */
  apiBase: string;
  client(overrides?: Partial<PesapalClientOptions>): PesapalClient;
  /** Counts requests the simulator received for an op ('RequestToken', 'GetTransactionStatus', …). */
  count(op: string): number;
  /** A fetch with a valid bearer token, for raw calls that bypass the client's own validation. */
  rawCall(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ httpStatus: number; json: Record<string, unknown> }>;
  close(): Promise<void>;
}

async function startSimulator(opts: Partial<PesapalSimulatorOptions> = {}): Promise<RunningSimulator> {
  let origin = '';
  const sim = createPesapalSimulator({
    publicBaseUrl: () => origin,
    mpesaDelayMs: 100,
    ipnBackoffMs: 10,
    ...opts,
  });
  const server = serve({ fetch: sim.app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const apiBase = `${origin}${opts.basePath ?? '/pesapalv3'}`;
  let rawToken: string | null = null;

  async function rawCall(method: 'GET' | 'POST', path: string, body?: unknown) {
    if (!rawToken) {
      const t = await fetch(`${apiBase}/api/Auth/RequestToken`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ consumer_key: SIM_KEY, consumer_secret: SIM_SECRET }),
      });
      rawToken = ((await t.json()) as { token: string }).token;
    }
    const res = await fetch(`${apiBase}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: `Bearer ${rawToken}` },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { httpStatus: res.status, json: (await res.json()) as Record<string, unknown> };
  }

  return {
    sim,
    origin,
    apiBase,
    client: (overrides = {}) => createPesapalClient({ baseUrl: apiBase, consumerKey: SIM_KEY, consumerSecret: SIM_SECRET, ...overrides }),
    count: (op) => sim.state.requestLog.filter((r) => r.op === op).length,
    rawCall,
    close: async () => {
      sim.reset();
      await closeServer(server);
    },
  };
}

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}

export interface TestServer {
  url: string;
  hits: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * A raw node:http server. The handler may answer, or return nothing to leave the request hanging
 * (it is cut when the server closes).
 */
export async function startRawServer(
  handler: (req: RecordedRequest, res: ServerResponse, hit: number) => void | Promise<void>,
): Promise<TestServer> {
  const hits: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const rec: RecordedRequest = {
        method: req.method ?? 'GET',
        url: new URL(req.url ?? '/', 'http://127.0.0.1'),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      hits.push(rec);
      void handler(rec, res, hits.length);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () => closeServer(server),
  };
}

export function sendJson(res: ServerResponse, httpStatus: number, body: unknown): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(httpStatus, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(text);
}

/** An IPN receiver answering the documented acknowledgement (or what `reply` decides). */
export async function startIpnReceiver(
  reply?: (hit: number, req: RecordedRequest) => { httpStatus: number; body: unknown },
): Promise<TestServer> {
  return startRawServer((req, res, hit) => {
    if (reply) {
      const r = reply(hit, req);
      sendJson(res, r.httpStatus, r.body);
      return;
    }
    sendJson(res, 200, {
      orderNotificationType: req.url.searchParams.get('OrderNotificationType'),
      orderTrackingId: req.url.searchParams.get('OrderTrackingId'),
      orderMerchantReference: req.url.searchParams.get('OrderMerchantReference'),
      status: 200,
    });
  });
}

/** Starters for the servers a test needs; whatever a test started is closed after it. */
export function serversClosedAfterEachTest() {
  const started: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    while (started.length) await started.pop()?.close();
  });
  const track = <T extends { close(): Promise<void> }>(server: T): T => {
    started.push(server);
    return server;
  };
  return {
    sim: async (opts: Partial<PesapalSimulatorOptions> = {}) => track(await startSimulator(opts)),
    raw: async (handler: Parameters<typeof startRawServer>[0]) => track(await startRawServer(handler)),
    receiver: async (reply?: Parameters<typeof startIpnReceiver>[0]) => track(await startIpnReceiver(reply)),
  };
}

async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
