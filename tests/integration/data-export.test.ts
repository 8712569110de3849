// 'Download my data': the signed-in customer's JSON file holds every piece of her data (profile,
// addresses, orders with lines, payments and refunds, SMS and mail, consents, sign-ins, saved cart)
// and nothing of another customer's, even an SMS about his order sent to her number; the orders CSV
// too. Each download is logged in data_requests; a visitor gets 401.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shortOrderId } from '../../src/domain/order-status';
import { dataRequests, outboundMail, outboundSms, paymentRefunds, session } from '../../src/server/db/schema';
import type { DataExport } from '../../src/server/features/privacy/data-export.service';
import { createUser, type TestUser } from '../support/test-app';
import { dbKinds } from '../support/test-database';
import {
  createShop,
  disposeShop,
  payOnSimulator,
  postOrder,
  productBySlug,
  transactionsOf,
  WESTLANDS,
  type Shop,
} from './checkout-support';

interface Person {
  name: string;
  email: string;
  phone: string;
  localPhone: string;
  address: string;
}

const AMINA: Person = {
  name: 'Amina Wanjiru',
  email: 'amina.wanjiru@example.test',
  phone: '+254711000111',
  localPhone: '0711 000 111',
  address: 'Kileleshwa, Othaya Road',
};
const BRENDA: Person = {
  name: 'Brenda Kiprono',
  email: 'brenda.kiprono@example.test',
  phone: '+254722000222',
  localPhone: '0722 000 222',
  address: 'Karen, Langata Road',
};

/** Every string and number in a JSON value, walked. */
function leaves(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.flatMap(leaves);
  if (value && typeof value === 'object') return Object.values(value).flatMap(leaves);
  return [value];
}

describe.each(dbKinds(import.meta.url))('data export on %s', (kind) => {
  let shop: Shop;
  let amina: TestUser;
  let brenda: TestUser;
  let aminaOrder: string;
  let brendaOrder: string;
  let tilapia: string;

  const order = async (u: TestUser, p: Person) => {
    const { status, json } = await postOrder(shop, u, {
      items: [{ productId: tilapia, quantity: 2 }],
      customerInfo: { fullName: p.name, email: p.email, phone: p.localPhone, address: p.address },
      deliveryInfo: { address: WESTLANDS.address, coordinates: WESTLANDS.coordinates, building: `${p.name.split(' ')[0]} Court` },
      idempotencyKey: `key-${crypto.randomUUID()}`,
    });
    if (status !== 200 || !json.orderId || !json.iframeUrl) throw new Error(`order failed: ${status} ${JSON.stringify(json)}`);
    await payOnSimulator(shop, new URL(json.iframeUrl).searchParams.get('OrderTrackingId')!, 'mpesa');
    await shop.sim.idle();
    return json.orderId;
  };

  const exportOf = (u: Pick<TestUser, 'cookie'>) => shop.request('/api/account/data-export', { cookie: u.cookie });

  beforeAll(async () => {
    shop = await createShop(kind);
    tilapia = (await productBySlug(shop, 'fresh-whole-tilapia')).id;
    amina = await createUser(shop, { name: AMINA.name, email: AMINA.email, phone: AMINA.phone, address: AMINA.address });
    brenda = await createUser(shop, { name: BRENDA.name, email: BRENDA.email, phone: BRENDA.phone, address: BRENDA.address });
    for (const [u, p] of [
      [amina, AMINA],
      [brenda, BRENDA],
    ] as const) {
      const profile = await shop.request('/api/account/profile', {
        method: 'PATCH',
        cookie: u.cookie,
        json: {
          fullName: p.name,
          phone: p.localPhone,
          address: p.address,
          cartReminders: true,
          kraPin: p === AMINA ? 'P051234567X' : 'A123456789Z',
        },
      });
      expect(profile.status).toBe(200);
      const put = await shop.request('/api/cart', {
        method: 'PUT',
        cookie: u.cookie,
        json: { lines: [{ productId: tilapia, quantity: 3 }] },
      });
      expect(put.status).toBe(200);
      await shop.ctx.db
        .update(session)
        .set({ userAgent: `Phone of ${p.name}`, ipAddress: p === AMINA ? '197.248.1.10' : '197.248.2.20' })
        .where(eq(session.userId, u.id));
    }
    expect((await shop.request('/api/content/newsletter', { method: 'POST', json: { email: AMINA.email } })).status).toBe(201);
    expect((await shop.request('/api/content/newsletter', { method: 'POST', json: { email: BRENDA.email } })).status).toBe(201);
    aminaOrder = await order(amina, AMINA);
    brendaOrder = await order(brenda, BRENDA);
    const [aminaPayment] = await transactionsOf(shop, aminaOrder);
    await shop.ctx.db.insert(paymentRefunds).values({
      transactionId: aminaPayment!.id,
      amount: 12_345,
      remarks: 'Short weight on the tilapia',
      accepted: true,
      status: 'refunded',
      kind: 'partial',
      source: 'merchant',
    });
    // Messages: her own without an order, his, and one about his order that went to her number.
    await shop.ctx.db.insert(outboundSms).values([
      {
        orderId: null,
        step: 'cart_reminder',
        dedupeKey: 'a-cart',
        to: AMINA.phone,
        message: 'Amina, your cart is waiting',
        status: 'sent',
      },
      {
        orderId: null,
        step: 'cart_reminder',
        dedupeKey: 'b-cart',
        to: BRENDA.phone,
        message: 'Brenda, your cart is waiting',
        status: 'sent',
      },
      {
        orderId: brendaOrder,
        step: 'order_paid',
        dedupeKey: 'b-to-a',
        to: AMINA.phone,
        message: `Brenda Kiprono order #${shortOrderId(brendaOrder)}`,
        status: 'sent',
      },
      {
        orderId: null,
        step: 'morning_summary',
        dedupeKey: 'summary',
        to: AMINA.phone,
        message: 'Today: Brenda Kiprono, Karen',
        status: 'sent',
      },
    ]);
    await shop.ctx.db.insert(outboundMail).values([
      { to: AMINA.email, from: 'Shop <shop@example.test>', subject: 'Your sign-in link, Amina', text: 'Sign in: https://x/amina' },
      { to: BRENDA.email, from: 'Shop <shop@example.test>', subject: 'Your sign-in link, Brenda', text: 'Sign in: https://x/brenda' },
    ]);
  });
  afterAll(async () => {
    await disposeShop(shop);
  });

  it('is for signed-in customers only', async () => {
    expect((await shop.request('/api/account/data-export')).status).toBe(401);
    expect((await shop.request('/api/account/data-export/orders.csv')).status).toBe(401);
  });

  it("gives her every piece of her data as a JSON file, and nothing of another customer's", async () => {
    const res = await exportOf(amina);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const text = await res.text();
    const data = JSON.parse(text) as DataExport;

    expect(data.profile).toMatchObject({
      fullName: AMINA.name,
      email: AMINA.email,
      phone: AMINA.phone,
      address: AMINA.address,
      language: 'en',
      kraPin: 'P051234567X',
      cartReminders: true,
    });
    expect(data.addresses.map((a) => a.address)).toEqual([AMINA.address, WESTLANDS.address]);
    expect(data.orders).toHaveLength(1);
    const o = data.orders[0]!;
    expect(o).toMatchObject({ id: aminaOrder, customerName: AMINA.name, customerPhone: AMINA.phone, customerEmail: AMINA.email });
    expect(o.lines).toMatchObject([
      { product: expect.stringContaining('Tilapia'), quantity: 2, unitPriceCents: 65_000, lineTotalCents: 130_000 },
    ]);
    expect(Number.isInteger(o.totalCents)).toBe(true);
    expect(data.payments.attempts).toMatchObject([
      { orderId: aminaOrder, provider: 'pesapal', status: 'COMPLETED', amountCents: o.totalCents },
    ]);
    expect(data.payments.refunds).toMatchObject([{ orderId: aminaOrder, amountCents: 12_345, reason: 'Short weight on the tilapia' }]);
    const smsTexts = data.sms.map((m) => m.message);
    expect(smsTexts).toContain('Amina, your cart is waiting');
    expect(data.sms.every((m) => m.to === AMINA.phone)).toBe(true);
    expect(data.mail.map((m) => m.subject)).toContain('Your sign-in link, Amina');
    expect(data.consents).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'cart_reminders', granted: true, source: 'profile' }),
        expect.objectContaining({ kind: 'order_sms', granted: true, source: 'checkout' }),
        expect.objectContaining({ kind: 'newsletter', granted: true, source: 'newsletter-form' }),
      ]),
    );
    expect(data.newsletter).toMatchObject({ email: AMINA.email });
    expect(data.signIns.sessions).toMatchObject([{ userAgent: `Phone of ${AMINA.name}`, ipAddress: '197.248.1.10' }]);
    expect(data.savedCart).toMatchObject({ lines: [{ productId: tilapia, quantity: 3 }] });
    // No secrets of the sign-in itself.
    expect(text).not.toMatch(/token/i);

    const everything = leaves(data).map(String).join('\n');
    for (const needle of [AMINA.name, AMINA.email, AMINA.phone, aminaOrder]) expect(everything).toContain(needle);
    for (const needle of [
      BRENDA.name,
      'Brenda',
      BRENDA.email,
      BRENDA.phone,
      BRENDA.address,
      brendaOrder,
      shortOrderId(brendaOrder),
      brenda.id,
      '197.248.2.20',
      'A123456789Z',
    ])
      expect(text).not.toContain(needle);
  });

  it('gives her orders as a CSV file, one row per line, without his', async () => {
    const res = await shop.request('/api/account/data-export/orders.csv', { cookie: amina.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="my-orders-.*\.csv"$/);
    const csv = await res.text();
    const rows = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(rows[0]).toMatch(/^order_id,placed_at,status/);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(aminaOrder);
    expect(rows[1]).toContain('1300.00');
    for (const needle of [brendaOrder, BRENDA.name, BRENDA.phone]) expect(csv).not.toContain(needle);
  });

  it('logs each download as a completed export request of hers', async () => {
    const before = await shop.ctx.db.select().from(dataRequests).where(eq(dataRequests.userId, amina.id));
    expect((await exportOf(amina)).status).toBe(200);
    const after = await shop.ctx.db.select().from(dataRequests).where(eq(dataRequests.userId, amina.id));
    expect(after).toHaveLength(before.length + 1);
    expect(after.every((r) => r.kind === 'export' && r.completedAt !== null)).toBe(true);
    expect(await shop.ctx.db.select().from(dataRequests).where(eq(dataRequests.userId, brenda.id))).toEqual([]);
  });

  it("lists the requests for the owner, with the customer's name while the account exists", async () => {
    const gone = 'deleted-account-id';
    await shop.ctx.db
      .insert(dataRequests)
      .values({ userId: gone, kind: 'deletion', requestedAt: shop.clock.now(), completedAt: shop.clock.now() });
    const owner = await createUser(shop, { role: 'owner' });
    expect((await shop.request('/api/admin/data-requests', { cookie: amina.cookie })).status).toBe(403);
    const res = await shop.request('/api/admin/data-requests', { cookie: owner.cookie });
    expect(res.status).toBe(200);
    const { requests } = (await res.json()) as {
      requests: { userId: string; customerName: string | null; kind: string; completedAt: string | null }[];
    };
    expect(requests.find((r) => r.userId === gone)).toMatchObject({ customerName: null, kind: 'deletion' });
    const hers = requests.filter((r) => r.userId === amina.id);
    expect(hers.length).toBeGreaterThan(0);
    expect(hers.every((r) => r.customerName === AMINA.name && r.kind === 'export' && r.completedAt !== null)).toBe(true);
  });

  it('lets a customer download a few times an hour, then asks her to wait', async () => {
    const someone = await createUser(shop);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) statuses.push((await exportOf(someone)).status);
    expect(statuses.slice(0, 9).every((s) => s === 200)).toBe(true);
    const refused = await exportOf(someone);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/try again in/);
  });
});
