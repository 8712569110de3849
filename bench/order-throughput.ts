// Order creation throughput: POST /api/checkout/orders (pricing, one transaction with the stock
// reservation, the Pesapal submit to the in-process simulator) with many customers at once, on
// PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL. More orders are sent than there is
// stock, so the run also shows that the stock ends exact: nothing oversold, nothing lost.
//
//   npx tsx bench/order-throughput.ts [--orders 300] [--stock 200] [--concurrency 16]
// Prints numbers; exits 1 only if the stock is not exact.
import { eq, sql } from 'drizzle-orm';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { orders, products, stockMovements } from '../src/server/db/schema';
import { MAX_UNPAID_ORDERS } from '../src/server/features/checkout/order-placement.service';
import { createTestApp, createUser, type TestApp, type TestUser } from '../tests/support/test-app';
import type { DbKind } from '../tests/support/test-database';
import { setImplicitVariant } from '../tests/support/implicit-variant';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '300' },
    stock: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '16' },
  },
});
const ORDERS = Number(values.orders);
const STOCK = Number(values.stock);
const CONCURRENCY = Number(values.concurrency);
// A customer may hold only MAX_UNPAID_ORDERS unpaid orders, so the run needs enough of them.
const CUSTOMERS = Math.ceil(ORDERS / MAX_UNPAID_ORDERS);
const WARM_UPS = MAX_UNPAID_ORDERS;
const WESTLANDS = { address: 'Westlands, Nairobi, Kenya', coordinates: { lat: -1.266, lng: 36.81 } };

interface Outcome {
  status: number;
  ms: number;
}

function body(productId: string, key: string) {
  return {
    items: [{ productId, quantity: 1 }],
    customerInfo: { fullName: 'Bench Customer', email: 'bench@example.test', phone: '+254712345678', address: WESTLANDS.address },
    deliveryInfo: WESTLANDS,
    idempotencyKey: key,
  };
}

async function send(t: TestApp, user: TestUser, productId: string, key: string): Promise<Outcome> {
  const started = performance.now();
  const res = await t.request('/api/checkout/orders', { method: 'POST', json: body(productId, key), cookie: user.cookie });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function run(kind: DbKind): Promise<boolean> {
  const t = await createTestApp(kind, { seed: true, poolSize: CONCURRENCY + 4 });
  try {
    const users: TestUser[] = [];
    for (let i = 0; i < CUSTOMERS; i++) users.push(await createUser(t));
    const warmUpUser = await createUser(t);
    const [product] = await t.ctx.db.select().from(products).where(eq(products.slug, 'fresh-whole-tilapia'));
    const [warmUp] = await t.ctx.db.select().from(products).where(eq(products.slug, 'whole-broiler-chicken'));
    if (!product || !warmUp) throw new Error('seeded products missing');
    for (let i = 0; i < WARM_UPS; i++) await send(t, warmUpUser, warmUp.id, `warm-up-${i}`);
    await setImplicitVariant(t.ctx.db, product.id, { stock: STOCK });

    const outcomes: Outcome[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < ORDERS) {
          const i = next++;
          outcomes.push(await send(t, users[i % CUSTOMERS]!, product.id, `bench-order-${i}`));
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;

    const accepted = outcomes.filter((o) => o.status === 200).length;
    const refused = outcomes.filter((o) => o.status === 409).length;
    const other = outcomes.length - accepted - refused;
    const [row] = await t.ctx.db.select({ stock: products.stock }).from(products).where(eq(products.id, product.id));
    const [reserved] = await t.ctx.db
      .select({ units: sql<number>`coalesce(-sum(${stockMovements.quantity}), 0)::int` })
      .from(stockMovements)
      .where(sql`${stockMovements.productId} = ${product.id} and ${stockMovements.kind} = 'reservation'`);
    const [orderCount] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.status, 'pending'));
    const expectedAccepted = Math.min(ORDERS, STOCK);
    const exact =
      accepted === expectedAccepted &&
      row?.stock === STOCK - accepted &&
      reserved?.units === accepted &&
      orderCount?.n === accepted + WARM_UPS &&
      other === 0;

    const sorted = outcomes.map((o) => o.ms).sort((a, b) => a - b);
    console.log(
      `\n## ${kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'}: ${ORDERS} orders for ${STOCK} units, ${CONCURRENCY} at a time`,
    );
    console.log(
      `throughput      ${(outcomes.length / seconds).toFixed(1)} orders/s (${(accepted / seconds).toFixed(1)} accepted/s) in ${seconds.toFixed(2)} s`,
    );
    console.log(
      `latency         p50 ${percentile(sorted, 50).toFixed(0)} ms   p95 ${percentile(sorted, 95).toFixed(0)} ms   p99 ${percentile(sorted, 99).toFixed(0)} ms`,
    );
    console.log(`answers         ${accepted} accepted, ${refused} refused (out of stock), ${other} other`);
    console.log(
      `stock at end    ${row?.stock} (expected ${STOCK - expectedAccepted}), reserved ${reserved?.units}: ${exact ? 'EXACT' : 'WRONG'}`,
    );
    return exact;
  } finally {
    await t.ctx.integrations.pesapalSimulator?.idle();
    await t.dispose();
  }
}

const kinds: DbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
if (!process.env.TEST_DATABASE_URL) console.log('TEST_DATABASE_URL is not set: PostgreSQL is skipped.');
let allExact = true;
for (const kind of kinds) allExact = (await run(kind)) && allExact;
process.exit(allExact ? 0 : 1);
