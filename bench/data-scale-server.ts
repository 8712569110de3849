// The built shop as its own process on a seeded PostgreSQL database (bench/data-scale.ts): the
// /shop page's size, how fast its cached copy serves under load, whether each answer goes out
// compressed, and the server's memory after the load and after 1,000 different /shop addresses.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

const LOAD_CONNECTIONS = 10;
const LOAD_SECONDS = 5;
const UNIQUE_URLS = 1_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (addr && typeof addr === 'object' ? resolve(addr.port) : reject(new Error('no free port'))));
    });
  });
}

interface Answer {
  status: number;
  encoding: string | null;
  /** Bytes as sent. */
  sent: number;
  /** Bytes once decompressed. */
  raw: number;
}

/** One GET as a browser sends it (gzip and brotli accepted), the body read as it came over the wire. */
function get(url: string, cookie?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'accept-encoding': 'gzip, br' };
    if (cookie) headers.cookie = cookie;
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'] ?? null;
        const raw = encoding === 'gzip' ? gunzipSync(body) : encoding === 'br' ? brotliDecompressSync(body) : body;
        resolve({ status: res.statusCode ?? 0, encoding, sent: body.byteLength, raw: raw.byteLength });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/** Requests per second and p99 with LOAD_CONNECTIONS requests in flight for LOAD_SECONDS. */
async function load(url: string): Promise<{ rps: number; p99: number; failed: number }> {
  const times: number[] = [];
  let failed = 0;
  const end = performance.now() + LOAD_SECONDS * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const start = performance.now();
      const answer = await get(url).catch(() => null);
      times.push(performance.now() - start);
      if (answer?.status !== 200) failed++;
    }
  };
  await Promise.all(Array.from({ length: LOAD_CONNECTIONS }, worker));
  times.sort((a, b) => a - b);
  return { rps: times.length / LOAD_SECONDS, p99: percentile(times, 99), failed };
}

/** The process's resident memory in MB (Linux). */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(line?.match(/\d+/)?.[0] ?? 0) / 1024);
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/**
 * Starts dist/server/index.js on the database, measures, stops it. `authSecret` must be the one the
 * admin's session cookie was signed with; `paths` are the answers checked for compression.
 */
export async function measureServer(opts: {
  databaseUrl: string;
  authSecret: string;
  adminCookie: string;
  storefrontPaths: string[];
  backOfficePaths: string[];
}): Promise<Map<string, string>> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, [path.join(process.env.SHOP_DIST ?? 'dist', 'server/index.js')], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATABASE_URL: opts.databaseUrl,
      AUTH_SECRET: opts.authSecret,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const cells = new Map<string, string>();
  try {
    const deadline = Date.now() + 60_000;
    while (!(await get(`${url}/api/health`).catch(() => null))?.status) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the shop did not start:\n${log}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const pid = child.pid!;
    cells.set('server RSS idle', `${rssMb(pid)} MB`);

    const page = await get(`${url}/shop`);
    cells.set('/shop HTML (raw / gzip)', `${kb(page.raw)} / ${kb(page.sent)} (${page.encoding ?? 'plain'})`);
    const untagged: number[] = [];
    for (let i = 0; i < 9; i++) {
      const start = performance.now();
      await get(`${url}/shop?utm_source=bench${i}`);
      untagged.push(performance.now() - start);
    }
    untagged.sort((a, b) => a - b);
    cells.set('/shop?utm_source=x p50', `${percentile(untagged, 50).toFixed(1)} ms`);

    // Answers under 1 KB go out plain on purpose (src/server/infra/http/compression.ts): compressing them does not pay.
    let compressed = 0;
    let small = 0;
    const plainLarge: string[] = [];
    const paths: { p: string; cookie?: string }[] = [
      ...opts.storefrontPaths.map((p) => ({ p })),
      ...opts.backOfficePaths.map((p) => ({ p, cookie: opts.adminCookie })),
    ];
    for (const { p, cookie } of paths) {
      const answer = await get(`${url}${p}`, cookie);
      if (answer.encoding) compressed++;
      else if (answer.raw < 1024) small++;
      else plainLarge.push(`${p} (${kb(answer.raw)})`);
    }
    cells.set(
      'API answers compressed',
      `${compressed} of ${paths.length} (+${small} under 1 KB)${plainLarge.length ? `; PLAIN: ${plainLarge.join(', ')}` : ''}`,
    );

    const shop = await load(`${url}/shop`);
    cells.set(
      '/shop cached, req/s (p99)',
      `${shop.rps.toFixed(0)} (${shop.p99.toFixed(0)} ms)${shop.failed ? `, ${shop.failed} failed` : ''}`,
    );
    const api = await load(`${url}/api/catalog/products`);
    cells.set(
      'product list API, req/s (p99)',
      `${api.rps.toFixed(0)} (${api.p99.toFixed(0)} ms)${api.failed ? `, ${api.failed} failed` : ''}`,
    );
    cells.set('server RSS after the load', `${rssMb(pid)} MB`);

    for (let i = 0; i < UNIQUE_URLS; i += LOAD_CONNECTIONS) {
      await Promise.all(
        Array.from({ length: LOAD_CONNECTIONS }, (_, j) => get(`${url}/shop?search=product+${i + j}&utm_campaign=c${i + j}`)),
      );
    }
    cells.set(`server RSS after ${UNIQUE_URLS.toLocaleString('en')} unique /shop URLs`, `${rssMb(pid)} MB`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    if (child.exitCode === null) child.kill('SIGKILL');
  }
  return cells;
}
