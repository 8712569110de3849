// The built shop as its own process on a seeded PostgreSQL database (bench/data-scale.ts): the
// /shop page's size, how fast its cached copy serves under load, whether each answer goes out
// compressed, and the server's memory after the load and after 1,000 different /shop addresses.
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startShop } from './processes.mjs';
import { compare } from './throughput.mjs';

const UNIQUE_URLS = 1_000;
/** Requests in flight while the 1,000 addresses are asked for. */
const AT_ONCE = 10;

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
  const shop = await startShop(process.env.SHOP_DIST ?? 'dist', {
    databaseUrl: opts.databaseUrl,
    env: { AUTH_SECRET: opts.authSecret },
  });
  const { url, pid } = shop;
  const cells = new Map<string, string>();
  try {
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

    const loaded = await compare({ page: `${url}/shop`, api: `${url}/api/catalog/products` });
    const rate = (r: { rps: number; p99: number; ok: number; total: number }) =>
      `${r.rps.toFixed(0)} (${r.p99.toFixed(0)} ms)${r.ok < r.total ? `, ${r.total - r.ok} failed` : ''}`;
    cells.set('/shop cached, req/s (p99)', rate(loaded.page));
    cells.set('product list API, req/s (p99)', rate(loaded.api));
    cells.set('server RSS after the load', `${rssMb(pid)} MB`);

    for (let i = 0; i < UNIQUE_URLS; i += AT_ONCE) {
      await Promise.all(Array.from({ length: AT_ONCE }, (_, j) => get(`${url}/shop?search=product+${i + j}&utm_campaign=c${i + j}`)));
    }
    cells.set(`server RSS after ${UNIQUE_URLS.toLocaleString('en')} unique /shop URLs`, `${rssMb(pid)} MB`);
  } finally {
    await shop.stop();
  }
  return cells;
}
