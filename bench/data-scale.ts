// Storefront and back-office timings as the shop's data grows: S (the demo seed), M (300 products,
// 5,000 customers, 50,000 orders) and L (2,000 products, 20,000 customers, 300,000 orders), each
// seeded in SQL over a year of orders (tests/support/scale-data.ts). With BENCH_DATABASE_URL (a
// PostgreSQL server where throwaway databases may be created) all three run on PostgreSQL; without
// it, S and M on PGlite. Requests go through the whole app in process (no network); each is timed
// REPEATS times after one warm-up, and its median (p50) and p99 printed. On PostgreSQL the built
// shop (dist/) then runs as its own process on the same data for the page size, compression, load
// and memory rows (bench/data-scale-server.ts).
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/data-scale.ts
import { performance } from 'node:perf_hooks';
import { brotliCompressSync } from 'node:zlib';
import { lastNairobiDays, nairobiDateKey } from '../src/domain/nairobi-days';
import { previousNairobiMonth } from '../src/domain/report-range';
import { REPORT_KINDS } from '../src/domain/report-table';
import { SCALE_SIZES, seedScale } from '../tests/support/scale-data';
import { seedReportScale } from './report-scale-data';
import { createTestApp, createUser, type TestApp } from '../tests/support/test-app';
import { measureServer } from './data-scale-server';
import type { DbKind } from '../tests/support/test-database';

const REPEATS = 40;
const NEWEST = new Date();

const STOREFRONT = ['/api/catalog/products', '/api/catalog/products?category=fish&search=product%201', '/api/catalog/categories'];
const BACK_OFFICE = [
  '/api/admin/dashboard',
  '/api/admin/orders',
  '/api/admin/orders?page=500',
  '/api/admin/orders?paymentStatus=PENDING',
  '/api/admin/orders?fulfilment=to_fulfil',
  `/api/admin/orders?q=${encodeURIComponent('Customer 4321')}`,
  `/api/admin/orders?q=${encodeURIComponent('0700 012 345')}`,
  '/api/admin/audit',
  '/api/admin/audit/facets',
];

// The reports as the Reports screen first asks for them (the last 30 Nairobi days), a whole year by
// month, and the VAT figures of last month. Target: each p99 at most 150 ms at size L.
const last30 = lastNairobiDays(NEWEST, 30);
const month = `from=${last30[0]}&to=${last30.at(-1)}`;
const year = `from=${lastNairobiDays(NEWEST, 365)[0]}&to=${nairobiDateKey(NEWEST)}`;
const REPORTS = [
  ...REPORT_KINDS.map((kind) => `/api/admin/reports/${kind}?${month}`),
  `/api/admin/reports/sales?${year}&by=month`,
  `/api/admin/reports/vat?month=${previousNairobiMonth(NEWEST)}`,
];
const REPORT_TARGET_MS = 150;

type Size = 'S' | 'M' | 'L';

async function timings(t: TestApp, path: string, cookie?: string): Promise<{ ms: number; p99: number; bytes: number; status: number }> {
  const once = async () => {
    const start = performance.now();
    const res = await t.request(path, { cookie });
    const body = new Uint8Array(await res.arrayBuffer());
    return { ms: performance.now() - start, bytes: body.byteLength, status: res.status, body };
  };
  await once();
  const runs = [];
  for (let i = 0; i < REPEATS; i++) runs.push(await once());
  runs.sort((a, b) => a.ms - b.ms);
  const mid = runs[Math.floor(runs.length / 2)]!;
  const p99 = runs[Math.min(runs.length - 1, Math.floor(runs.length * 0.99))]!;
  return { ms: mid.ms, p99: p99.ms, bytes: mid.bytes, status: mid.status };
}

async function measure(kind: DbKind, size: Size): Promise<Map<string, string>> {
  const started = performance.now();
  const t = await createTestApp(kind, { seed: true, deps: { now: () => NEWEST } });
  const cells = new Map<string, string>();
  try {
    if (size !== 'S') {
      await seedScale(t.ctx.db, SCALE_SIZES[size], NEWEST);
      await seedReportScale(t.ctx.db);
    }
    const admin = await createUser(t, { role: 'admin', name: 'Bench Admin' });
    process.stdout.write(`  ${size} on ${kind}: seeded in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    for (const path of STOREFRONT) {
      const r = await timings(t, path);
      cells.set(path, `${r.ms.toFixed(1)} / ${r.p99.toFixed(1)} ms`);
    }
    const list = await t.request('/api/catalog/products');
    const json = new Uint8Array(await list.arrayBuffer());
    cells.set(
      'product list size',
      `${(json.byteLength / 1024).toFixed(0)} KB (br ${(brotliCompressSync(json).byteLength / 1024).toFixed(0)} KB)`,
    );
    for (const path of BACK_OFFICE) {
      const r = await timings(t, path, admin.cookie);
      cells.set(path, r.status === 200 ? `${r.ms.toFixed(1)} / ${r.p99.toFixed(1)} ms` : `HTTP ${r.status}`);
    }
    for (const path of REPORTS) {
      const r = await timings(t, path, admin.cookie);
      const over = r.p99 > REPORT_TARGET_MS ? ' OVER' : '';
      cells.set(path, r.status === 200 ? `${r.ms.toFixed(1)} / ${r.p99.toFixed(1)} ms${over}` : `HTTP ${r.status}`);
    }
    if (kind === 'postgres' && t.testDb.url && t.ctx.env.AUTH_SECRET) {
      const served = await measureServer({
        databaseUrl: t.testDb.url,
        authSecret: t.ctx.env.AUTH_SECRET,
        adminCookie: admin.cookie,
        storefrontPaths: STOREFRONT,
        backOfficePaths: BACK_OFFICE,
      });
      for (const [row, cell] of served) cells.set(row, cell);
    }
  } finally {
    await t.dispose();
  }
  return cells;
}

const url = process.env.BENCH_DATABASE_URL;
const kind: DbKind = url ? 'postgres' : 'pglite';
// The test support creates its throwaway databases beside TEST_DATABASE_URL.
if (url) process.env.TEST_DATABASE_URL = url;
// BENCH_SIZES=L (or S,M) measures those sizes alone.
const asked = process.env.BENCH_SIZES?.split(',').filter((x): x is Size => x === 'S' || x === 'M' || x === 'L');
const sizes: Size[] = asked?.length ? asked : url ? ['S', 'M', 'L'] : ['S', 'M'];
console.log(
  `sizes ${sizes.join(', ')} on ${url ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'PGlite (set BENCH_DATABASE_URL for PostgreSQL and size L)'}`,
);
const results = new Map<Size, Map<string, string>>();
for (const size of sizes) results.set(size, await measure(kind, size));

// Every row any size measured, in the order measured; in-process rows read 'p50 / p99'.
const rows = [...new Set([...results.values()].flatMap((cells) => [...cells.keys()]))];
const width = Math.max(...rows.map((r) => r.length));
const column = Math.max(22, ...[...results.values()].flatMap((cells) => [...cells.values()].map((c) => c.length + 2)));
console.log(`\n${'request (p50 / p99 of each)'.padEnd(width)}  ${sizes.map((s) => s.padStart(column)).join('')}`);
for (const row of rows)
  console.log(`${row.padEnd(width)}  ${sizes.map((s) => (results.get(s)?.get(row) ?? '').padStart(column)).join('')}`);
