// Starts the built shop (dist/server/index.js) on a free port with its own temporary DATA_DIR: a
// copy of the browser journeys' migrated and seeded template when there is one (data-dir-template.ts),
// so the shop starts as on any later day instead of migrating and seeding on each start.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Where the browser journeys' global set-up left the migrated and seeded data folder to copy. */
export const DATA_TEMPLATE_ENV = 'SHOP_E2E_DATA_TEMPLATE';

export interface ShopServer {
  url: string;
  port: number;
  dataDir: string;
  output: () => string;
  /** SIGTERM, then the exit code (0 after a graceful shutdown; null if it had to be killed). */
  stop(): Promise<number | null>;
  /** Ends the process at once, as a crash or the kernel's OOM killer does; resolves once it is gone. */
  kill(): Promise<void>;
}

/** Every shop this worker has running: a failing test's shop logs are saved from them (failure-artefacts.ts). */
export const runningShops = new Set<ShopServer>();

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * The built-in Pesapal simulator keeps an accepted refund waiting for the merchant's approval; the
 * browser journeys have it approved at once, as Pesapal's merchant would, so a refund's outcome
 * shows without a step in each journey. A shop without the simulator (a Pesapal double) has no switches.
 */
async function approveRefundsAtOnce(url: string): Promise<void> {
  const res = await fetch(`${url}/pesapal-sim/switches`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ refundApproveAfterSeconds: 0 }),
  });
  if (res.status !== 200 && res.status !== 404) throw new Error(`The simulator's switches answered ${res.status}: ${await res.text()}`);
}

const START_LIMIT_MS = 180_000;

export async function startShop(env: Record<string, string> = {}): Promise<ShopServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-'));
  const template = env.DATA_DIR || env.DATABASE_URL ? undefined : process.env[DATA_TEMPLATE_ENV];
  if (template) cpSync(template, dataDir, { recursive: true });
  const url = `http://localhost:${port}`;
  let log = '';
  const dist = process.env.SHOP_DIST ?? 'dist';
  const child: ChildProcess = spawn(process.execPath, [path.join(dist, 'server/index.js')], {
    cwd: process.cwd(),
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      // Each request's line too: a failing test's shop log then says what the shop was asked and answered.
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  // Its first start migrates an empty database: minutes on a machine that is busy with other work.
  const deadline = Date.now() + START_LIMIT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The shop exited during start:\n${log}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The shop did not start within ${START_LIMIT_MS / 1000} s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  await approveRefundsAtOnce(url).catch((err: unknown) => {
    child.kill('SIGKILL');
    throw err;
  });
  const shop: ShopServer = {
    url,
    port,
    dataDir,
    output: () => log,
    async stop() {
      runningShops.delete(shop);
      let code: number | null = child.exitCode;
      if (code === null && child.signalCode === null) {
        const exited = new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
        child.kill('SIGTERM');
        code = await Promise.race([exited, new Promise<null>((r) => setTimeout(() => r(null), 8000))]);
        if (code === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
  };
  runningShops.add(shop);
  return shop;
}
