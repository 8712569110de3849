// The merchant hears every order: the back office's live stream (admins only), the owner's SMS and
// mail for each paid order (queued once with the payment, however many roads bring it), and the
// morning summary (once a day, also with two instances on one PostgreSQL database).
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffLiveEvent } from '../../src/domain/live-event';
import { createContext } from '../../src/server/app';
import type { Database } from '../../src/server/db/client';
import { auditLogs, morningSummaries, orderDeliveryWindows, orders, outboundMail, outboundSms } from '../../src/server/db/schema';
import { sendMorningSummary } from '../../src/server/features/merchant-notices/morning-summary.service';
import { createUser, type TestUser } from '../support/test-app';
import { dbKinds, HAS_POSTGRES, openSecondHandle, type DbKind } from '../support/test-database';
import {
  createShop,
  customer,
  disposeShop,
  orderRow,
  payOnSimulator,
  placePaidOrderAttempt,
  productBySlug,
  transactionsOf,
  type Shop,
} from './checkout-support';
import { openEventStream } from './realtime-fixtures';

const OWNER_PHONES = ['0722 000 111', '+254 733 000 222'];
const OWNER_EMAIL = 'Owner@Example.test';

/** Moves the shop's clock to an instant (forward only, as time goes). */
function setClock(shop: Shop, iso: string): void {
  const ms = Date.parse(iso) - shop.clock.now().getTime();
  if (ms < 0) throw new Error(`the clock is already past ${iso}`);
  shop.clock.advance(ms);
}

async function saveNotices(shop: Shop, admin: TestUser, body: unknown) {
  return shop.request('/api/admin/merchant-notices', { method: 'PUT', json: body, cookie: admin.cookie });
}

async function ownerMessages(shop: Shop, orderId: string) {
  const sms = await shop.ctx.db
    .select()
    .from(outboundSms)
    .where(and(eq(outboundSms.orderId, orderId), eq(outboundSms.step, 'owner_paid')));
  const mail = await shop.ctx.db
    .select()
    .from(outboundMail)
    .where(and(eq(outboundMail.orderId, orderId), like(outboundMail.dedupeKey, '%:owner_paid:%')));
  return { sms, mail };
}

async function summaryMessages(shop: Shop, day: string) {
  const sms = await shop.ctx.db.select().from(outboundSms).where(eq(outboundSms.step, 'morning_summary'));
  const mail = await shop.ctx.db
    .select()
    .from(outboundMail)
    .where(like(outboundMail.dedupeKey, `shop:morning_summary:${day}:%`));
  return { sms: sms.filter((m) => m.dedupeKey.includes(`:${day}:`)), mail };
}

function merchantNoticesSuite(kind: DbKind) {
  let shop: Shop;
  let admin: TestUser;
  let buyer: TestUser;
  let productId: string;

  beforeAll(async () => {
    shop = await createShop(kind);
    setClock(shop, '2030-01-01T17:00:00.000Z'); // 20:00 in Nairobi
    admin = await createUser(shop, { role: 'admin', name: 'Wanjiru Owner' });
    buyer = await customer(shop);
    productId = (await productBySlug(shop, 'fresh-whole-tilapia')).id;
  });
  afterAll(async () => {
    await disposeShop(shop);
  });

  it('keeps the owner’s phones and mailboxes only when each is valid, and audits the change', async () => {
    const refused = await saveNotices(shop, admin, { phones: ['0722 000 111', '12345'], emails: [], summaryTime: '07:00' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: {
        code: 'VALIDATION_FAILED',
        fields: { phones: "'12345' is not a phone number. Please enter a valid phone number (e.g., +254 700 000 000)" },
      },
    });
    const badMail = await saveNotices(shop, admin, { phones: [], emails: ['owner@'], summaryTime: '25:00' });
    expect(badMail.status).toBe(400);
    expect(((await badMail.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      emails: "'owner@' is not an email address. Please enter a valid email address",
      summaryTime: 'Enter the summary time as HH:MM, for example 07:00.',
    });
    expect((await (await shop.request('/api/admin/merchant-notices', { cookie: admin.cookie })).json()) as unknown).toEqual({
      notices: { phones: [], emails: [], summaryTime: '07:00' },
    });

    const asCustomer = await saveNotices(shop, buyer, { phones: OWNER_PHONES, emails: [OWNER_EMAIL], summaryTime: '07:00' });
    expect(asCustomer.status).toBe(403);

    const saved = await saveNotices(shop, admin, { phones: [...OWNER_PHONES, '0722000111'], emails: [OWNER_EMAIL], summaryTime: '07:00' });
    expect(saved.status).toBe(200);
    const notices = { phones: ['+254722000111', '+254733000222'], emails: ['owner@example.test'], summaryTime: '07:00' };
    expect(await saved.json()).toEqual({ notices });
    const audit = await shop.ctx.db.select().from(auditLogs).where(eq(auditLogs.action, 'MERCHANT_NOTICES_UPDATE'));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.userId).toBe(admin.id);
  });

  it('opens the back office’s live stream to admins only', async () => {
    expect((await shop.request('/api/admin/live')).status).toBe(401);
    const refused = await shop.request('/api/admin/live', { cookie: buyer.cookie });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'Only shop administrators can do this.' } });
  });

  it('tells the owner of a paid order once, by SMS and mail, when the IPN and the customer’s return both bring it', async () => {
    const staff = await openEventStream(shop.request, admin.cookie, '/api/admin/live');
    const own = await openEventStream(shop.request, buyer.cookie);
    try {
      const placed = await placePaidOrderAttempt(shop, buyer, [{ productId, quantity: 1 }]);
      // The IPN arrives while the customer comes back: the return's lookup and check race it.
      const [attempt] = await transactionsOf(shop, placed.orderId);
      await Promise.all([
        payOnSimulator(shop, placed.trackingId, 'card'),
        shop.request('/api/payments/sync', { method: 'POST', json: { orderIds: [placed.orderId] }, cookie: buyer.cookie }),
        shop.request(`/api/payments/lookup?trackingId=${placed.trackingId}&merchantReference=${attempt!.merchantReference}`, {
          cookie: buyer.cookie,
        }),
      ]);
      await shop.request('/api/payments/sync', { method: 'POST', json: { orderIds: [placed.orderId] }, cookie: buyer.cookie });
      expect((await orderRow(shop, placed.orderId)).status).toBe('completed');

      const { sms, mail } = await ownerMessages(shop, placed.orderId);
      expect(sms.map((m) => m.to).sort()).toEqual(['+254722000111', '+254733000222']);
      expect(sms[0]!.message).toMatch(
        /^Lake Victoria Aquaculture: paid order #[a-z0-9]+, Achieng, KES [\d,]+\.\d\d, Zone 2[^,]*, deliver /,
      );
      expect(mail.map((m) => m.to)).toEqual(['owner@example.test']);
      expect(mail[0]!.subject).toMatch(/^Paid order #[a-z0-9]+: KES /);
      expect(mail[0]!.text).toContain(`/admin/orders/${placed.orderId}`);

      // The back office heard the order being paid; the customer's own stream the same change.
      const paid = await staff.waitFor((e) => e.orderId === placed.orderId && e.status === 'completed');
      expect(paid).toMatchObject({ kind: 'order', oldStatus: 'pending', needsAttention: false });
      await own.waitFor((e) => e.kind === 'order' && e.orderId === placed.orderId && e.status === 'completed');

      // Flagged for the merchant without a change the customer sees: only the back office hears it.
      await shop.ctx.db
        .update(orders)
        .set({ needsAttention: true, attentionReason: 'Checked by hand' })
        .where(eq(orders.id, placed.orderId));
      const flagged = (await staff.waitFor((e) => (e as StaffLiveEvent).needsAttention)) as StaffLiveEvent;
      expect(flagged).toMatchObject({ orderId: placed.orderId, status: 'completed', oldStatus: 'completed' });
      const marker = await placePaidOrderAttempt(shop, buyer, [{ productId, quantity: 1 }]);
      await own.waitFor((e) => e.orderId === marker.orderId);
      expect(own.events.filter((e) => e.orderId === placed.orderId && e.kind === 'order').map((e) => e.status)).toEqual([
        'pending',
        'completed',
      ]);
    } finally {
      staff.close();
      own.close();
    }
  });

  it('sends the morning summary once a day at the set time, listing the deliveries by area', async () => {
    // The order above was paid on 1 Jan 2030 (Nairobi); 06:59 the next morning is too early.
    setClock(shop, '2030-01-02T03:59:00.000Z');
    expect(await sendMorningSummary(shop.ctx)).toBe('not_due');
    setClock(shop, '2030-01-02T04:00:00.000Z');
    expect(await sendMorningSummary(shop.ctx)).toBe('queued');
    expect(await sendMorningSummary(shop.ctx)).toBe('sent_before');

    const { sms, mail } = await summaryMessages(shop, '2030-01-02');
    expect(sms.map((m) => m.to).sort()).toEqual(['+254722000111', '+254733000222']);
    expect(sms[0]!.orderId).toBeNull();
    expect(sms[0]!.message).toMatch(/^Lake Victoria Aquaculture 2030-01-02: 1 delivery, KES [\d,]+\.\d\d\. Zone 2[^,]* 1$/);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toMatch(/^Today's deliveries \(2030-01-02\): 1 delivery, KES /);
    const [day] = await shop.ctx.db.select().from(morningSummaries).where(eq(morningSummaries.day, '2030-01-02'));
    expect(day?.orderCount).toBe(1);

    // Moved to a window the day after next, the order is not in the next morning's summary.
    const [undelivered] = await shop.ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.status, 'completed'));
    await shop.ctx.db
      .insert(orderDeliveryWindows)
      .values({ orderId: undelivered!.id, deliveryDate: '2030-01-04', startMinute: 600, endMinute: 720, held: true })
      .onConflictDoUpdate({ target: orderDeliveryWindows.orderId, set: { deliveryDate: '2030-01-04' } });
    setClock(shop, '2030-01-03T04:00:00.000Z');
    expect(await sendMorningSummary(shop.ctx)).toBe('queued');
    const [next] = await shop.ctx.db.select().from(morningSummaries).where(eq(morningSummaries.day, '2030-01-03'));
    expect(next?.orderCount).toBe(0);
    setClock(shop, '2030-01-04T04:00:00.000Z');
    expect(await sendMorningSummary(shop.ctx)).toBe('queued');
    const [itsDay] = await shop.ctx.db.select().from(morningSummaries).where(eq(morningSummaries.day, '2030-01-04'));
    expect(itsDay?.orderCount).toBe(1);
  });
}

describe.each(dbKinds(import.meta.url))('the merchant hears every order on %s', (kind) => merchantNoticesSuite(kind));

describe.runIf(HAS_POSTGRES)('the morning summary with two instances on PostgreSQL', () => {
  let shop: Shop;
  let secondDatabase: Database;

  beforeAll(async () => {
    shop = await createShop('postgres');
    secondDatabase = await openSecondHandle(shop.testDb.url!);
    setClock(shop, '2030-03-04T03:30:00.000Z');
    const admin = await createUser(shop, { role: 'admin' });
    expect((await saveNotices(shop, admin, { phones: OWNER_PHONES, emails: [OWNER_EMAIL], summaryTime: '06:45' })).status).toBe(200);
  });
  afterAll(async () => {
    await secondDatabase?.close();
    await disposeShop(shop);
  });

  it('queues the day’s summary once when both instances run it at the same moment', async () => {
    const { env, logger, mailer } = shop.ctx;
    const second = createContext({
      env,
      logger,
      mailer,
      database: secondDatabase,
      now: shop.clock.now,
      integrations: shop.ctx.integrations,
    });
    setClock(shop, '2030-03-04T03:45:00.000Z');
    const outcomes = await Promise.all([sendMorningSummary(shop.ctx), sendMorningSummary(second)]);
    expect(outcomes.sort()).toEqual(['queued', 'sent_before']);
    const { sms, mail } = await summaryMessages(shop, '2030-03-04');
    expect(sms).toHaveLength(2);
    expect(mail).toHaveLength(1);
    expect(sms[0]!.message).toBe('Lake Victoria Aquaculture 2030-03-04: 0 deliveries, KES 0.00');
  });
});
