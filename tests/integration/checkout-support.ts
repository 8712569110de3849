// Shared set-up for the checkout and payments integration tests: a seeded shop with the built-in
// Pesapal simulator, a movable clock, and helpers to place and pay orders.
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ServerDeps } from '../../src/server/context';
import { orders, paymentTransactions, products, stockMovements } from '../../src/server/db/schema';
import { IPN_REPEAT_WINDOW_MS } from '../../src/server/features/payments/ipn-notices';
import type { PesapalSimulator, SimulatorOutcome } from '../../src/server/dev/pesapal/pesapal-simulator';
import { createTestApp, createUser, type TestApp, type TestUser } from '../support/test-app';
import { setImplicitVariant } from '../support/implicit-variant';
import type { DbKind } from '../support/test-database';

/** Westlands, from the offline gazetteer: about 7 km from the shop by road (Zone 2). */
export const WESTLANDS = { address: 'Westlands, Nairobi, Kenya', coordinates: { lat: -1.266, lng: 36.81 } };

export interface Clock {
  now: () => Date;
  advance(ms: number): void;
}

export function movableClock(start = new Date()): Clock {
  let t = start.getTime();
  return { now: () => new Date(t), advance: (ms) => (t += ms) };
}

export interface Shop extends TestApp {
  clock: Clock;
  sim: PesapalSimulator;
}

export async function createShop(
  kind: DbKind,
  opts: { deps?: Partial<ServerDeps>; poolSize?: number; env?: Record<string, string> } = {},
): Promise<Shop> {
  const clock = movableClock();
  const t = await createTestApp(kind, { seed: true, poolSize: opts.poolSize, env: opts.env, deps: { now: clock.now, ...opts.deps } });
  const sim = t.ctx.integrations.pesapalSimulator;
  if (!sim) throw new Error('the tests expect the built-in Pesapal simulator');
  return Object.assign(t, { clock, sim });
}

/** A shop whose clock stands at `at` (a time the tests' delivery windows are open, say). */
export async function createShopAt(kind: DbKind, at: Date): Promise<Shop> {
  const shop = await createShop(kind);
  shop.clock.advance(at.getTime() - shop.clock.now().getTime());
  return shop;
}

/**
 * Orders whose stored payment status (kept by the database's triggers, migration 0026) is not the
 * status of their current attempt as the app works it out: none, whatever the test did.
 */
export async function paymentStatusesOutOfStep(shop: TestApp): Promise<{ id: string; stored: string | null; current: string | null }[]> {
  const current = sql<string | null>`current_payment_status(${orders.id}, ${orders.pesapalTransactionId})`;
  const rows = await shop.ctx.db.select({ id: orders.id, stored: orders.paymentStatus, current }).from(orders);
  return rows.filter((r) => r.stored !== r.current);
}

/** Ends a shop once its last payment has settled, checking first that every order's stored payment status is right. */
export async function disposeShop(shop: Shop | undefined): Promise<void> {
  if (!shop) return;
  await shop.sim.idle();
  shop.sim.reset();
  try {
    expect(await paymentStatusesOutOfStep(shop)).toEqual([]);
  } finally {
    await shop.dispose();
  }
}

/**
 * What most payments tests start from: a fresh seeded shop, a signed-in customer, and the product
 * they buy (the seeded tilapia) with its stock before the test.
 */
export async function shopWithBuyer(kind: DbKind) {
  const shop = await createShop(kind);
  const user = await customer(shop);
  const product = await productBySlug(shop, 'fresh-whole-tilapia');
  return { shop, user, productId: product.id, productName: product.name, stockBefore: product.stock };
}

export async function productBySlug(t: TestApp, slug: string) {
  const [p] = await t.ctx.db.select().from(products).where(eq(products.slug, slug));
  if (!p) throw new Error(`no product ${slug}`);
  return p;
}

export async function stockOf(t: TestApp, productId: string): Promise<number> {
  const [p] = await t.ctx.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return p?.stock ?? Number.NaN;
}

/** Sets a product's stock on its implicit variant; the product's total follows. */
export async function setStock(t: TestApp, productId: string, stock: number): Promise<void> {
  await setImplicitVariant(t.ctx.db, productId, { stock });
}

export function orderBody(items: { productId: string; variantId?: string; quantity: number }[], extra: Record<string, unknown> = {}) {
  return {
    items,
    customerInfo: { fullName: 'Achieng Otieno', email: 'achieng@example.test', phone: '0712 345 678', address: WESTLANDS.address },
    deliveryInfo: { address: WESTLANDS.address, coordinates: WESTLANDS.coordinates },
    ...extra,
  };
}

/** The order and its payment page, or the API's error (with the order's id when the order exists). */
export interface OrderAnswer {
  orderId?: string;
  iframeUrl?: string;
  /** Said when the order's delivery window is the customer's only once they pay. */
  deliveryWindowNotice?: string | null;
  /** Said when some lines hold no stock: their last units go to whoever pays first. */
  stockNotice?: string | null;
  error?: { code: string; message: string; fields?: Record<string, string>; orderId?: string };
}

export async function postOrder(t: TestApp, user: Pick<TestUser, 'cookie'>, body: unknown): Promise<{ status: number; json: OrderAnswer }> {
  const res = await t.request('/api/checkout/orders', { method: 'POST', json: body, cookie: user.cookie });
  return { status: res.status, json: (await res.json()) as OrderAnswer };
}

/** Places an order that must succeed; returns its id and the simulator's tracking id. */
export async function placePaidOrderAttempt(t: Shop, user: TestUser, items: { productId: string; variantId?: string; quantity: number }[]) {
  const { status, json } = await postOrder(t, user, orderBody(items, { idempotencyKey: `key-${crypto.randomUUID()}` }));
  if (status !== 200 || !json.orderId || !json.iframeUrl) throw new Error(`order failed: ${status} ${JSON.stringify(json)}`);
  const trackingId = new URL(json.iframeUrl).searchParams.get('OrderTrackingId');
  if (!trackingId) throw new Error('no tracking id in the iframe url');
  return { orderId: json.orderId, trackingId, iframeUrl: json.iframeUrl };
}

/**
 * What the customer does on the hosted page; the IPN reaches the app before this resolves (unless
 * late). Pays (or fails) on the simulator's page. A person takes longer than the IPN repeat window to do
 * that, so the clock moves past it first: the page's IPN is then never collapsed with the last one.
 */
export async function payOnSimulator(t: Shop, trackingId: string, outcome: SimulatorOutcome): Promise<void> {
  t.clock.advance(IPN_REPEAT_WINDOW_MS);
  await t.sim.complete(trackingId, outcome);
}

export async function orderRow(t: TestApp, orderId: string) {
  const [o] = await t.ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (!o) throw new Error(`no order ${orderId}`);
  return o;
}

export async function transactionsOf(t: TestApp, orderId: string) {
  return t.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, orderId));
}

export async function movementsOf(t: TestApp, orderId: string, kind?: string) {
  return t.ctx.db
    .select()
    .from(stockMovements)
    .where(kind ? and(eq(stockMovements.orderId, orderId), eq(stockMovements.kind, kind)) : eq(stockMovements.orderId, orderId));
}

export async function customer(t: TestApp): Promise<TestUser> {
  return createUser(t);
}
