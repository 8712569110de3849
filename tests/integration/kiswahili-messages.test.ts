// A customer shopping in Kiswahili hears of her order in Kiswahili: the order keeps the language it
// was placed in (her switch's cookie, else her browser's Accept-Language), and each step's SMS and
// mail are written in it. An order placed in English is told in English exactly as before.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, profiles } from '../../src/server/db/schema';
import { DEFAULT_DB_KIND } from '../support/test-database';
import { body } from './admin-helpers';
import { CUSTOMER_PHONE, createSmsShop, mailRows, markFulfilment, placePaidOrder, ref, type SmsShop } from './sms-support';

describe('SMS and mail in the language the order was placed in', () => {
  let s: SmsShop;
  beforeAll(async () => {
    s = await createSmsShop(DEFAULT_DB_KIND);
  });
  afterAll(async () => {
    await s?.dispose();
  });

  const smsOf = (orderId: string) => s.double.messagesTo(CUSTOMER_PHONE).filter((m) => m.message.includes(ref(orderId)));
  const localeOf = async (orderId: string) =>
    (await s.t.ctx.db.select({ locale: orders.locale }).from(orders).where(eq(orders.id, orderId)))[0]?.locale;

  it('writes to a customer who chose Kiswahili in Kiswahili, at every step', async () => {
    const { orderId } = await placePaidOrder(s, { lang: 'sw', headers: { 'Accept-Language': 'en-GB' } });
    expect(await localeOf(orderId)).toBe('sw');
    expect(smsOf(orderId).map((m) => m.message)).toEqual([
      expect.stringMatching(
        new RegExp(`^Lake Victoria Aquaculture: Malipo ya KES [\\d,]+\\.\\d\\d ya oda ${ref(orderId)} yamepokelewa\\. Kuletewa: `),
      ),
    ]);
    // The order's confirmation: what she bought, its totals and where it goes, in Kiswahili.
    const [confirmation] = (await mailRows(s, orderId)).filter((m) => m.subject.includes('imethibitishwa'));
    expect(confirmation?.subject).toBe(`Oda ${ref(orderId)} imethibitishwa - Lake Victoria Aquaculture`);
    expect(confirmation?.text).toContain(`Asante kwa oda yako ${ref(orderId)}. Malipo yako yamepokelewa.`);
    expect(confirmation?.text).toMatch(/Jumla uliyolipa: KES [\d,]+\.\d\d/);
    expect(confirmation?.text).toContain('Muda wa kuletewa: ');
    expect(confirmation?.html).toContain(`Asante kwa oda yako <strong>${ref(orderId)}</strong>.`);
    expect((await markFulfilment(s, orderId, 'processing')).status).toBe(200);
    expect((await markFulfilment(s, orderId, 'out_for_delivery')).status).toBe(200);
    expect((await markFulfilment(s, orderId, 'delivered')).status).toBe(200);
    const sms = smsOf(orderId).map((m) => m.message);
    expect(sms).toEqual([
      expect.stringContaining(' yamepokelewa.'),
      expect.stringContaining(`Oda ${ref(orderId)} iko njiani kuletwa.`),
      expect.stringContaining(`Oda ${ref(orderId)} imeletwa. Asante kwa kununua kwetu!`),
    ]);
    const mail = (await mailRows(s, orderId)).filter((m) => m.subject.includes('iko njiani kuletwa'));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe(`Oda ${ref(orderId)} iko njiani kuletwa - Lake Victoria Aquaculture`);
    expect(mail[0]!.text).toContain(`Oda yako ${ref(orderId)} iko njiani.`);
    expect(mail[0]!.text).toContain('Tafadhali weka simu yako wazi ili rider akupate.');
  });

  it("follows the browser's language when she has not chosen one", async () => {
    const { orderId } = await placePaidOrder(s, { headers: { 'Accept-Language': 'sw-KE,sw;q=0.9,en;q=0.8' } });
    expect(await localeOf(orderId)).toBe('sw');
    expect(smsOf(orderId)[0]?.message).toContain(' yamepokelewa.');
  });

  it('writes in English, as before, to an order placed in English', async () => {
    const { orderId } = await placePaidOrder(s, { lang: 'en', headers: { 'Accept-Language': 'sw' } });
    expect(await localeOf(orderId)).toBe('en');
    expect(smsOf(orderId)[0]?.message).toMatch(
      new RegExp(`^Lake Victoria Aquaculture: Payment of KES [\\d,]+\\.\\d\\d received for order ${ref(orderId)}\\.`),
    );
  });

  it("keeps a signed-in customer's switch of language with her account, and refuses a language the shop does not speak", async () => {
    const put = (locale: string) => s.t.request('/api/account/locale', { method: 'PUT', cookie: s.customer.cookie, json: { locale } });
    expect((await put('sw')).status).toBe(200);
    const [profile] = await s.t.ctx.db.select({ locale: profiles.locale }).from(profiles).where(eq(profiles.id, s.customer.id));
    expect(profile?.locale).toBe('sw');
    const refused = await put('fr');
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await body(refused))).toContain('Choose English or Kiswahili.');
    const [after] = await s.t.ctx.db.select({ locale: profiles.locale }).from(profiles).where(eq(profiles.id, s.customer.id));
    expect(after?.locale).toBe('sw');
    expect((await s.t.request('/api/account/locale', { method: 'PUT', json: { locale: 'sw' } })).status).toBe(401);
  });
});
