// Set-up for the order update tests: a seeded shop whose SMS go to a local Africa's Talking double,
// with a movable clock, one admin and one customer, and helpers to place and pay orders.
import { eq } from 'drizzle-orm';
import type { ServerDeps } from '../../src/server/context';
import { outboundMail, outboundSms, paymentTransactions } from '../../src/server/db/schema';
import { signPlace } from '../../src/server/features/checkout/place-token';
import { atEnv, startAfricasTalkingDouble, type AtDouble } from '../support/africas-talking-double';
import { createTestApp, createUser, type TestApp, type TestUser } from '../support/test-app';
import type { DbKind } from '../support/test-database';
import { body, payByCard, type AdminTestSetup } from './admin-helpers';
import { movableClock, productBySlug, type Clock } from './checkout-support';

export const CUSTOMER_PHONE = '+254712345678';

export interface SmsShop extends AdminTestSetup {
  double: AtDouble;
  clock: Clock;
  dispose(): Promise<void>;
}

export async function createSmsShop(
  kind: DbKind,
  opts: { env?: Record<string, string>; deps?: Partial<ServerDeps>; poolSize?: number } = {},
): Promise<SmsShop> {
  const double = await startAfricasTalkingDouble();
  const clock = movableClock();
  const t: TestApp = await createTestApp(kind, {
    seed: true,
    env: { ...atEnv(double), ...opts.env },
    deps: { now: clock.now, ...opts.deps },
    poolSize: opts.poolSize,
  });
  const admin: TestUser = await createUser(t, { role: 'owner', name: 'Amina Admin' });
  const customer: TestUser = await createUser(t, { role: 'customer', name: 'Kamau Customer' });
  return {
    t,
    admin,
    customer,
    double,
    clock,
    asAdmin: (path, init = {}) => t.request(`/api/admin${path}`, { ...init, cookie: admin.cookie }),
    async dispose() {
      await t.ctx.integrations.pesapalSimulator?.idle();
      await t.dispose();
      await double.close();
    },
  };
}

const DELIVERY_ADDRESS = 'Westlands, Nairobi';
const DELIVERY_POINT = { lat: -1.2676, lng: 36.8108 };

/** A pending order placed through checkout; `smsUpdates` is the checkout's checkbox (left out: not sent). */
export async function placeOrderWith(
  s: SmsShop,
  opts: { smsUpdates?: boolean; quantity?: number; headers?: Record<string, string>; lang?: string } = {},
) {
  const product = await productBySlug(s.t, 'fresh-whole-tilapia');
  const placeToken = signPlace(s.t.ctx.env.AUTH_SECRET ?? '', DELIVERY_ADDRESS, DELIVERY_POINT);
  const res = await s.t.request('/api/checkout/orders', {
    method: 'POST',
    cookie: opts.lang ? `${s.customer.cookie}; lang=${opts.lang}` : s.customer.cookie,
    ...(opts.headers ? { headers: opts.headers } : {}),
    json: {
      items: [{ productId: product.id, quantity: opts.quantity ?? 1 }],
      customerInfo: { fullName: 'Kamau Customer', email: s.customer.email, phone: '0712 345 678', address: DELIVERY_ADDRESS },
      deliveryInfo: { address: DELIVERY_ADDRESS, coordinates: DELIVERY_POINT, placeToken },
      ...(opts.smsUpdates === undefined ? {} : { smsUpdates: opts.smsUpdates }),
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

export async function placePaidOrder(s: SmsShop, opts: Parameters<typeof placeOrderWith>[1] = {}) {
  const placed = await placeOrderWith(s, opts);
  await payByCard(s, placed.trackingId);
  return placed;
}

export async function markFulfilment(s: SmsShop, orderId: string, status: string): Promise<Response> {
  return s.asAdmin(`/orders/${orderId}/fulfilment`, { method: 'POST', json: { status } });
}

export async function smsRows(s: Pick<SmsShop, 't'>, orderId: string) {
  return s.t.ctx.db.select().from(outboundSms).where(eq(outboundSms.orderId, orderId));
}

export async function mailRows(s: Pick<SmsShop, 't'>, orderId: string) {
  return s.t.ctx.db.select().from(outboundMail).where(eq(outboundMail.orderId, orderId));
}

export const ref = (orderId: string) => `#${orderId.slice(0, 8)}`;
