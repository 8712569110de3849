// Shared set-up for the back-office integration tests: a seeded app with one admin and one customer.
import { afterAll, beforeAll } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import { auditLogs, paymentTransactions, products } from '../../src/server/db/schema';
import { signPlace } from '../../src/server/features/checkout/place-token';
import { refreshPayment } from '../../src/server/features/payments/payment-refresh.service';
import { createTestApp, createUser, type TestApp, type TestUser } from '../support/test-app';
import type { DbKind } from '../support/test-database';

export interface AdminTestSetup {
  t: TestApp;
  admin: TestUser;
  customer: TestUser;
  /** A request to /api/admin{path} as the admin. */
  asAdmin(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
}

/**
 * The set-up of a describe block: registers beforeAll (a seeded app, one admin, one customer) and
 * afterAll (dispose). The object is filled in before the first test; later beforeAll hooks of the
 * block may use it.
 */
export function withAdminApp(kind: DbKind, env: Record<string, string> = {}): AdminTestSetup {
  const s = {
    asAdmin: (path: string, init: RequestInit & { json?: unknown } = {}) =>
      s.t.request(`/api/admin${path}`, { ...init, cookie: s.admin.cookie }),
  } as AdminTestSetup;
  beforeAll(async () => {
    s.t = await createTestApp(kind, { seed: true, env });
    s.admin = await createUser(s.t, { role: 'owner', name: 'Amina Admin' });
    s.customer = await createUser(s.t, { role: 'customer', name: 'Kamau Customer' });
  });
  afterAll(async () => {
    await s.t.dispose();
  });
  return s;
}

/** JSON body of a response, typed loosely for assertions. */
export async function body<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

export async function auditRows(t: TestApp, action: string, recordId?: string) {
  return t.ctx.db
    .select()
    .from(auditLogs)
    .where(recordId ? and(eq(auditLogs.action, action), eq(auditLogs.recordId, recordId)) : eq(auditLogs.action, action));
}

const DELIVERY_ADDRESS = 'Westlands, Nairobi';
const DELIVERY_POINT = { lat: -1.2676, lng: 36.8108 };

/** A pending order placed through checkout by the customer; returns its id and Pesapal tracking id. */
export async function placeOrder(s: AdminTestSetup, lines: { productId: string; quantity: number }[]) {
  // The point comes with the signature /places/details gives a browser, so checkout believes it.
  const placeToken = signPlace(s.t.ctx.env.AUTH_SECRET ?? '', DELIVERY_ADDRESS, DELIVERY_POINT);
  const res = await s.t.request('/api/checkout/orders', {
    method: 'POST',
    cookie: s.customer.cookie,
    json: {
      items: lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
      customerInfo: { fullName: 'Kamau Customer', email: s.customer.email, phone: '+254712345678', address: DELIVERY_ADDRESS },
      deliveryInfo: { address: DELIVERY_ADDRESS, coordinates: DELIVERY_POINT, placeToken },
    },
  });
  const placed = await body<{ orderId?: string; error?: { message: string } }>(res);
  if (!placed.orderId) throw new Error(`checkout failed: ${res.status} ${placed.error?.message}`);
  const [payment] = await s.t.ctx.db
    .select({ trackingId: paymentTransactions.pesapalTrackingId })
    .from(paymentTransactions)
    .where(eq(paymentTransactions.orderId, placed.orderId));
  if (!payment?.trackingId) throw new Error('no payment attempt for the order');
  return { orderId: placed.orderId, trackingId: payment.trackingId };
}

/** Pays on the simulator by card and lets the shop learn it from Pesapal (as an IPN would). */
export async function payByCard(s: AdminTestSetup, trackingId: string): Promise<void> {
  const sim = s.t.ctx.integrations.pesapalSimulator;
  if (!sim) throw new Error('the Pesapal simulator is not active');
  await sim.complete(trackingId, 'card');
  await sim.idle();
  await refreshPayment(s.t.ctx, trackingId);
}

/**
 * The merchant approves (or rejects) the refund in Pesapal's dashboard, and the shop learns what
 * Pesapal then says (as its notice would make it ask).
 */
export async function decideRefund(s: AdminTestSetup, trackingId: string, decision: 'approve' | 'reject'): Promise<void> {
  const sim = simulator(s);
  const decided = await sim.decideRefund(trackingId, decision);
  if (!decided.ok) throw new Error(`the simulator cannot ${decision} the refund: ${decided.message}`);
  await sim.idle();
  await refreshPayment(s.t.ctx, trackingId);
}

export async function stockOf(t: TestApp, productId: string): Promise<number> {
  const [row] = await t.ctx.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row?.stock ?? -1;
}

function simulator(s: AdminTestSetup) {
  const sim = s.t.ctx.integrations.pesapalSimulator;
  if (!sim) throw new Error('the Pesapal simulator is not active');
  return sim;
}

/**
 * An order paid twice: the customer paid the first page (its notification lost), opened a second
 * page and paid that too. The second payment completes the order; the first is learnt afterwards,
 * so the order is flagged. Returns the order and both tracking ids.
 */
export async function placeOrderPaidTwice(s: AdminTestSetup, lines: { productId: string; quantity: number }[]) {
  const sim = simulator(s);
  const { orderId, trackingId: extraTrackingId } = await placeOrder(s, lines);
  sim.switches.dropIpn = true;
  await sim.complete(extraTrackingId, 'card');
  await sim.idle();
  sim.switches.dropIpn = false;
  const retry = await s.t.request(`/api/payments/orders/${orderId}/retry`, { method: 'POST', cookie: s.customer.cookie });
  if (!retry.ok) throw new Error(`retry failed: ${retry.status} ${await retry.text()}`);
  const [second] = await s.t.ctx.db
    .select({ trackingId: paymentTransactions.pesapalTrackingId })
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.orderId, orderId), ne(paymentTransactions.pesapalTrackingId, extraTrackingId)));
  if (!second?.trackingId) throw new Error('no second payment attempt');
  await payByCard(s, second.trackingId);
  await refreshPayment(s.t.ctx, extraTrackingId);
  return { orderId, settlingTrackingId: second.trackingId, extraTrackingId };
}

/**
 * A payment that lands on a cancelled order: an M-Pesa payment in flight (Pesapal will not close
 * its page) while the shop cancels the order, completing afterwards. The order is flagged.
 */
export async function placeOrderPaidAfterCancel(s: AdminTestSetup, lines: { productId: string; quantity: number }[]) {
  const sim = simulator(s);
  const { orderId, trackingId } = await placeOrder(s, lines);
  await sim.complete(trackingId, 'mpesa');
  const cancel = await s.asAdmin(`/orders/${orderId}/cancel`, { method: 'POST', json: { reason: 'Customer called to cancel' } });
  if (!cancel.ok) throw new Error(`cancel failed: ${cancel.status} ${await cancel.text()}`);
  await sim.idle();
  await refreshPayment(s.t.ctx, trackingId);
  return { orderId, trackingId };
}
