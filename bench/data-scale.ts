// Storefront and back-office timings as the shop's data grows: S (the demo seed), M (300 products,
// 5,000 customers, 50,000 orders) and L (2,000 products, 20,000 customers, 300,000 orders), each
// seeded in SQL over a year of orders (tests/support/scale-data.ts). With BENCH_DATABASE_URL (a
// PostgreSQL server where throwaway databases may be created) all three run on PostgreSQL; without
// it, S and M on PGlite. Requests go through the whole app in process (no network); each is timed
// REPEATS times after one warm-up and the median printed.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/data-scale.ts
import { performance } from 'node:perf_hooks';
import { brotliCompressSync } from 'node:zlib';
import { SCALE_SIZES, seedScale } from '../tests/support/scale-data';
import { createTestApp, createUser, type TestApp } from '../tests/support/test-app';
import type { DbKind } from '../tests/support/test-database';

const REPEATS = 9;
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

type Size = 'S' | 'M' | 'L';

async function medianMs(t: TestApp, path: string, cookie?: string): Promise<{ ms: number; bytes: number; status: number }> {
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
  return { ms: mid.ms, bytes: mid.bytes, status: mid.status };
}

async function measure(kind: DbKind, size: Size): Promise<Map<string, string>> {
  const started = performance.now();
  const t = await createTestApp(kind, { seed: true, deps: { now: () => NEWEST } });
  const cells = new Map<string, string>();
  try {
    if (size !== 'S') await seedScale(t.ctx.db, SCALE_SIZES[size], NEWEST);
    const admin = await createUser(t, { role: 'admin', name: 'Bench Admin' });
    process.stdout.write(`  ${size} on ${kind}: seeded in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    for (const path of STOREFRONT) {
      const r = await medianMs(t, path);
      cells.set(path, `${r.ms.toFixed(1)} ms`);
    }
    const list = await t.request('/api/catalog/products');
    const json = new Uint8Array(await list.arrayBuffer());
    cells.set(
      'product list size',
      `${(json.byteLength / 1024).toFixed(0)} KB (br ${(brotliCompressSync(json).byteLength / 1024).toFixed(0)} KB)`,
    );
    for (const path of BACK_OFFICE) {
      const r = await medianMs(t, path, admin.cookie);
      cells.set(path, r.status === 200 ? `${r.ms.toFixed(1)} ms` : `HTTP ${r.status}`);
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
const sizes: Size[] = url ? ['S', 'M', 'L'] : ['S', 'M'];
console.log(
  `sizes ${sizes.join(', ')} on ${url ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'PGlite (set BENCH_DATABASE_URL for PostgreSQL and size L)'}`,
);
const results = new Map<Size, Map<string, string>>();
for (const size of sizes) results.set(size, await measure(kind, size));

const rows = [...STOREFRONT, 'product list size', ...BACK_OFFICE];
const width = Math.max(...rows.map((r) => r.length));
console.log(`\n${'median of each request'.padEnd(width)}  ${sizes.map((s) => s.padStart(22)).join('')}`);
for (const row of rows) console.log(`${row.padEnd(width)}  ${sizes.map((s) => (results.get(s)?.get(row) ?? '').padStart(22)).join('')}`);
