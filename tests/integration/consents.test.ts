// The consents ledger: every place a consent is given or withdrawn (the profile, checkout, the
// newsletter form, the back office, a reminder's stop link, the profile's one-tap withdrawal, an SMS
// STOP) keeps the current choice where it is read and appends a consents row with its source. An SMS
// STOP withdraws for that number only; a forged callback is refused and changes nothing.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consents, newsletterSubscriptions, orders, profiles } from '../../src/server/db/schema';
import { signCartRemindersStop } from '../../src/server/features/carts/cart-reminder-token';
import { createUser, LOOPBACK_BINDINGS, TEST_ORIGIN, type TestUser } from '../support/test-app';
import { dbKinds } from '../support/test-database';
import { createShop, disposeShop, orderBody, postOrder, productBySlug, type Shop } from './checkout-support';

const TOKEN = 'sms-replies-secret-for-the-tests-0123456789';

interface ConsentsAnswer {
  choices: { kind: string; granted: boolean; since: string | null }[];
  newsletterEmail: string | null;
  history: { kind: string; granted: boolean; source: string; at: string }[];
}

describe.each(dbKinds(import.meta.url))('consents on %s', (kind) => {
  let shop: Shop;
  let tilapia: string;

  const ledger = (userId: string) => shop.ctx.db.select().from(consents).where(eq(consents.userId, userId));
  const profileOf = async (userId: string) => (await shop.ctx.db.select().from(profiles).where(eq(profiles.id, userId)))[0]!;
  const patchProfile = (u: TestUser, json: Record<string, unknown>) =>
    shop.request('/api/account/profile', {
      method: 'PATCH',
      cookie: u.cookie,
      json: { fullName: 'Achieng Otieno', phone: '0712 345 678', address: 'Westlands, Nairobi', ...json },
    });
  const withdraw = (u: TestUser, json: unknown) =>
    shop.request('/api/account/consents/withdraw', { method: 'POST', cookie: u.cookie, json });
  const reply = (fields: Record<string, string>, token = TOKEN) =>
    shop.request(`/api/sms/replies/${token}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  const placeOrder = async (u: TestUser, phone: string) => {
    const body = orderBody([{ productId: tilapia, quantity: 1 }], { idempotencyKey: crypto.randomUUID() });
    const { status, json } = await postOrder(shop, u, { ...body, customerInfo: { ...body.customerInfo, phone } });
    expect(status).toBe(200);
    return json.orderId!;
  };

  beforeAll(async () => {
    shop = await createShop(kind, { env: { AT_CALLBACK_TOKEN: TOKEN } });
    tilapia = (await productBySlug(shop, 'fresh-whole-tilapia')).id;
  });
  afterAll(async () => {
    await disposeShop(shop);
  });

  it("records the profile's choices, only when they change", async () => {
    const u = await createUser(shop);
    expect((await patchProfile(u, { smsUpdates: false, cartReminders: true })).status).toBe(200);
    expect((await patchProfile(u, { smsUpdates: false, cartReminders: true })).status).toBe(200);
    const rows = await ledger(u.id);
    expect(rows.map((r) => [r.kind, r.granted, r.source, r.phone]).sort()).toEqual([
      ['cart_reminders', true, 'profile', '+254712345678'],
      ['order_sms', false, 'profile', '+254712345678'],
    ]);
    expect(await profileOf(u.id)).toMatchObject({ smsUpdates: false, cartReminders: true });
  });

  it("records checkout's 'Send me SMS updates' with the order's number", async () => {
    const u = await createUser(shop);
    const body = orderBody([{ productId: tilapia, quantity: 1 }], { idempotencyKey: crypto.randomUUID(), smsUpdates: false });
    expect((await postOrder(shop, u, body)).status).toBe(200);
    expect(await ledger(u.id)).toMatchObject([{ kind: 'order_sms', granted: false, source: 'checkout', phone: '+254712345678' }]);
  });

  it('records the newsletter form, and the back office taking an address off the list', async () => {
    const email = `news-${crypto.randomUUID()}@example.test`;
    expect((await shop.request('/api/content/newsletter', { method: 'POST', json: { email } })).status).toBe(201);
    expect((await shop.request('/api/content/newsletter', { method: 'POST', json: { email } })).status).toBe(409);
    const rowsFor = () => shop.ctx.db.select().from(consents).where(eq(consents.email, email));
    expect(await rowsFor()).toMatchObject([{ kind: 'newsletter', granted: true, source: 'newsletter-form', userId: null }]);
    const owner = await createUser(shop, { role: 'owner' });
    const [sub] = await shop.ctx.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));
    expect((await shop.request(`/api/admin/newsletter/${sub!.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(200);
    expect((await rowsFor()).map((r) => [r.granted, r.source])).toEqual(expect.arrayContaining([[false, 'back-office']]));
  });

  it("records a cart reminder's stop link", async () => {
    const u = await createUser(shop);
    await patchProfile(u, { cartReminders: true });
    const res = await shop.request(`/cart-reminders/${signCartRemindersStop(shop.ctx.env.AUTH_SECRET!, u.id)}`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect((await profileOf(u.id)).cartReminders).toBe(false);
    expect((await ledger(u.id)).map((r) => [r.kind, r.granted, r.source])).toContainEqual(['cart_reminders', false, 'stop-link']);
  });

  it('shows each consent with its date, and withdraws one in one tap', async () => {
    const u = await createUser(shop);
    await patchProfile(u, { cartReminders: true, smsUpdates: true });
    expect((await shop.request('/api/content/newsletter', { method: 'POST', cookie: u.cookie, json: { email: u.email } })).status).toBe(
      201,
    );
    const view = (await (await shop.request('/api/account/consents', { cookie: u.cookie })).json()) as ConsentsAnswer;
    expect(view.newsletterEmail).toBe(u.email);
    expect(view.choices.map((c) => [c.kind, c.granted, typeof c.since])).toEqual([
      ['order_sms', true, 'string'],
      ['cart_reminders', true, 'string'],
      ['newsletter', true, 'string'],
    ]);

    const res = await withdraw(u, { kind: 'cart_reminders' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as ConsentsAnswer).choices.find((c) => c.kind === 'cart_reminders')?.granted).toBe(false);
    expect((await profileOf(u.id)).cartReminders).toBe(false);

    const news = (await (await withdraw(u, { kind: 'newsletter' })).json()) as ConsentsAnswer;
    expect(news.newsletterEmail).toBeNull();
    expect(await shop.ctx.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, u.email))).toEqual([]);
    expect((await ledger(u.id)).map((r) => [r.kind, r.granted, r.source])).toEqual(
      expect.arrayContaining([
        ['cart_reminders', false, 'profile'],
        ['newsletter', true, 'newsletter-form'],
        ['newsletter', false, 'profile'],
      ]),
    );
  });

  it('refuses an unknown consent with a clear message and changes nothing; a visitor gets 401', async () => {
    const u = await createUser(shop);
    await patchProfile(u, { cartReminders: true });
    const before = await ledger(u.id);
    const res = await withdraw(u, { kind: 'marketing' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('Say which consent to withdraw');
    expect(await ledger(u.id)).toEqual(before);
    expect((await profileOf(u.id)).cartReminders).toBe(true);
    expect((await shop.request('/api/account/consents')).status).toBe(401);
    expect((await shop.request('/api/account/consents/withdraw', { method: 'POST', json: { kind: 'newsletter' } })).status).toBe(401);
  });

  describe('an SMS reply of STOP', () => {
    let stopper: TestUser;
    let other: TestUser;
    let stopperOrder: string;
    let otherOrder: string;

    beforeAll(async () => {
      stopper = await createUser(shop, { phone: '+254733111222' });
      other = await createUser(shop, { phone: '+254744333444' });
      await patchProfile(stopper, { phone: '0733 111 222', cartReminders: true });
      await patchProfile(other, { phone: '0744 333 444', cartReminders: true });
      stopperOrder = await placeOrder(stopper, '0733 111 222');
      otherOrder = await placeOrder(other, '0744 333 444');
    });

    const orderSms = async (id: string) => (await shop.ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!.smsUpdates;
    const stops = (userId: string) =>
      shop.ctx.db
        .select()
        .from(consents)
        .where(and(eq(consents.userId, userId), eq(consents.source, 'sms-stop')));

    it('refuses a forged callback and changes nothing', async () => {
      const forged = await reply({ from: '+254733111222', to: '12345', text: 'STOP' }, 'not-the-token-but-as-long-as-it-0000');
      expect(forged.status).toBe(403);
      expect(await profileOf(stopper.id)).toMatchObject({ smsUpdates: true, cartReminders: true });
      expect(await orderSms(stopperOrder)).toBe(true);
      expect(await stops(stopper.id)).toEqual([]);
    });

    it('answers 200 to anything else and changes nothing', async () => {
      const others: Record<string, string>[] = [{ from: '+254733111222', text: 'Thank you' }, { from: 'not a phone', text: 'STOP' }, {}];
      for (const fields of others) {
        const res = await reply(fields);
        expect(res.status).toBe(200);
      }
      expect(
        (
          await shop.request(`/api/sms/replies/${TOKEN}`, {
            method: 'POST',
            body: '{not json',
            headers: { 'Content-Type': 'application/json' },
          })
        ).status,
      ).toBe(200);
      expect(await profileOf(stopper.id)).toMatchObject({ smsUpdates: true, cartReminders: true });
      expect(await stops(stopper.id)).toEqual([]);
    });

    it('withdraws order SMS and cart reminders for that number only', async () => {
      const res = await reply({
        from: '+254733111222',
        to: '12345',
        text: '  stop please ',
        date: '2026-11-30 10:00:00',
        id: 'at-1',
        linkId: '',
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ outcome: 'stopped' });
      expect(await profileOf(stopper.id)).toMatchObject({ smsUpdates: false, cartReminders: false });
      expect(await orderSms(stopperOrder)).toBe(false);
      expect((await stops(stopper.id)).map((r) => [r.kind, r.granted, r.phone]).sort()).toEqual([
        ['cart_reminders', false, '+254733111222'],
        ['order_sms', false, '+254733111222'],
      ]);
      expect(await profileOf(other.id)).toMatchObject({ smsUpdates: true, cartReminders: true });
      expect(await orderSms(otherOrder)).toBe(true);
      expect(await stops(other.id)).toEqual([]);
    });

    it('understands SITISHA, and a reply sent from the development SMS box', async () => {
      const res = await shop.app.request(
        `${TEST_ORIGIN}/dev/sms/reply`,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: TEST_ORIGIN },
          body: new URLSearchParams({ from: '0744 333 444', text: 'Sitisha' }).toString(),
        },
        LOOPBACK_BINDINGS,
      );
      expect(res.status).toBe(303);
      const box = await shop.app.request(`${TEST_ORIGIN}${res.headers.get('location')}`, {}, LOOPBACK_BINDINGS);
      expect(await box.text()).toContain('STOP received');
      expect(await profileOf(other.id)).toMatchObject({ smsUpdates: false, cartReminders: false });
      expect(await orderSms(otherOrder)).toBe(false);
    });
  });
});
