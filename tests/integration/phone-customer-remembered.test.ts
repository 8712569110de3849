// A customer who signs in with a code by SMS is remembered: what she types at her first checkout
// (name, phone, address) fills her empty profile, so the header names her, the profile shows it, the
// next checkout is filled in on any device, and the back office lists her by name. A profile's own
// values are never overwritten by a checkout.
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundSms, profiles, user } from '../../src/server/db/schema';
import { cookieFrom, type TestUser } from '../support/test-app';
import { DB_KINDS } from '../support/test-database';
import { createShop, disposeShop, orderBody, postOrder, productBySlug, WESTLANDS, type Shop } from './checkout-support';

// Thursday 26 Nov 2026, 08:00 in Nairobi: the day's windows are open.
const THURSDAY_0800 = new Date('2026-11-26T08:00:00+03:00');

interface Session {
  user: { id: string; email: string; name: string } | null;
  profile: { fullName: string; phone: string | null; address: string | null } | null;
}

describe.each(DB_KINDS)('a phone-code customer is remembered on %s', (kind) => {
  let shop: Shop;
  let productId: string;
  beforeAll(async () => {
    shop = await createShop(kind);
    shop.clock.advance(THURSDAY_0800.getTime() - shop.clock.now().getTime());
    productId = (await productBySlug(shop, 'fresh-whole-tilapia')).id;
  }, 120_000);
  afterAll(() => disposeShop(shop));

  /** Signs in with the code sent by SMS, as a new device would: a fresh session each time. */
  async function signInByPhone(phone: string, e164: string, from: string): Promise<TestUser> {
    const sent = await shop.request('/api/account/phone-code', { method: 'POST', json: { phone }, headers: { 'X-Forwarded-For': from } });
    expect(sent.status, await sent.clone().text()).toBe(200);
    const [sms] = await shop.ctx.db
      .select()
      .from(outboundSms)
      .where(eq(outboundSms.to, e164))
      .orderBy(desc(outboundSms.createdAt))
      .limit(1);
    const code = sms!.message.match(/^(\d{6}) is your/)![1]!;
    const res = await shop.request('/api/account/phone-code/sign-in', {
      method: 'POST',
      json: { phone, code },
      headers: { 'X-Forwarded-For': from },
    });
    expect(res.status).toBe(200);
    const cookie = cookieFrom(res);
    const session = await sessionOf(cookie);
    return { id: session.user!.id, email: session.user!.email, cookie } as TestUser;
  }
  async function sessionOf(cookie: string): Promise<Session> {
    return (await (await shop.request('/api/account/session', { cookie })).json()) as Session;
  }

  it('keeps the name, phone and address typed at the first checkout, and fills the next one on another device', async () => {
    const first = await signInByPhone('0711 222 333', '+254711222333', '198.51.100.7');
    const before = await sessionOf(first.cookie);
    expect(before.profile).toMatchObject({ fullName: '', address: null });
    expect(before.user?.name).toBe('');

    const body = orderBody([{ productId, quantity: 1 }], {
      idempotencyKey: 'first-phone-order',
      customerInfo: { fullName: 'Wanjirũ Kamau', email: 'wanjiru@example.test', phone: '0711 222 333', address: WESTLANDS.address },
    });
    const placed = await postOrder(shop, first, body);
    expect(placed.status, JSON.stringify(placed.json)).toBe(200);

    // Another phone, a day later, signed in with a new code: the same account, filled in.
    shop.clock.advance(24 * 60 * 60_000);
    const second = await signInByPhone('0711222333', '+254711222333', '198.51.100.8');
    expect(second.id).toBe(first.id);
    const after = await sessionOf(second.cookie);
    expect(after.user?.name).toBe('Wanjirũ Kamau');
    expect(after.profile).toMatchObject({ fullName: 'Wanjirũ Kamau', phone: '+254711222333', address: WESTLANDS.address });
    const [row] = await shop.ctx.db.select({ name: user.name }).from(user).where(eq(user.id, first.id));
    expect(row?.name).toBe('Wanjirũ Kamau');
  });

  it('never overwrites what the profile already holds', async () => {
    const buyer = await signInByPhone('0722 444 555', '+254722444555', '198.51.100.9');
    await shop.ctx.db.update(profiles).set({ fullName: 'Achieng Otieno', address: 'Kilimani, Nairobi' }).where(eq(profiles.id, buyer.id));
    const placed = await postOrder(
      shop,
      buyer,
      orderBody([{ productId, quantity: 1 }], {
        idempotencyKey: 'gift-order',
        customerInfo: { fullName: 'Someone Else', email: 'gift@example.test', phone: '0733 000 999', address: WESTLANDS.address },
      }),
    );
    expect(placed.status, JSON.stringify(placed.json)).toBe(200);
    const session = await sessionOf(buyer.cookie);
    expect(session.profile).toMatchObject({ fullName: 'Achieng Otieno', phone: '+254722444555', address: 'Kilimani, Nairobi' });
  });
});
