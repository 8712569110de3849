// A customer who signed in with a code by SMS and has no email need not give one at checkout: her
// order is placed without it, nothing is mailed (the SMS carries the order's link), and an email she
// does give gets the receipt as it always did. A customer with an email account still must give one.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shortOrderId } from '../../src/domain/order-status';
import { MESSAGES } from '../../src/domain/validation';
import { orders, outboundMail, outboundSms } from '../../src/server/db/schema';
import { signInByPhone } from '../support/phone-sign-in';
import { dbKinds } from '../support/test-database';
import {
  createShopAt,
  customer,
  disposeShop,
  orderBody,
  payOnSimulator,
  postOrder,
  productBySlug,
  WESTLANDS,
  type Shop,
} from './checkout-support';

// Thursday 26 Nov 2026, 08:00 in Nairobi: the day's windows are open.
const THURSDAY_0800 = new Date('2026-11-26T08:00:00+03:00');

describe.each(dbKinds(import.meta.url))('the email at checkout of a customer who signed in by phone, on %s', (kind) => {
  let shop: Shop;
  let productId: string;
  beforeAll(async () => {
    shop = await createShopAt(kind, THURSDAY_0800);
    productId = (await productBySlug(shop, 'fresh-whole-tilapia')).id;
  }, 120_000);
  afterAll(() => disposeShop(shop));

  const contact = (email: string) => ({ fullName: 'Njeri Wambui', email, phone: '0711 555 666', address: WESTLANDS.address });
  const mailsOf = (orderId: string) => shop.ctx.db.select().from(outboundMail).where(eq(outboundMail.orderId, orderId));

  /** Places and pays an order; returns its id. */
  async function buy(cookie: string, email: string, key: string): Promise<string> {
    const placed = await postOrder(
      shop,
      { cookie },
      orderBody([{ productId, quantity: 1 }], { idempotencyKey: key, customerInfo: contact(email) }),
    );
    expect(placed.status, JSON.stringify(placed.json)).toBe(200);
    await payOnSimulator(shop, new URL(placed.json.iframeUrl!).searchParams.get('OrderTrackingId')!, 'card');
    return placed.json.orderId!;
  }

  it('places and pays an order without an email: nothing is mailed, the SMS says it is paid', async () => {
    const njeri = await signInByPhone(shop, '0711 555 666', '198.51.100.21');
    expect(njeri.email).toBe('');
    const orderId = await buy(njeri.cookie, '', 'phone-no-email');
    const [order] = await shop.ctx.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ customerEmail: '', status: 'completed' });
    expect(await mailsOf(orderId)).toEqual([]);
    const sms = await shop.ctx.db.select().from(outboundSms).where(eq(outboundSms.orderId, orderId));
    const ref = shortOrderId(orderId);
    const paid = sms.find((m) => m.message.includes(`received for order #${ref}.`));
    expect(paid?.message).toMatch(/Payment of KES [\d.,]+ received/);
    expect(paid?.message).toMatch(new RegExp(`https?://\\S+/orders/${ref}$`));
  });

  it('mails the receipt to an email she gives', async () => {
    const njeri = await signInByPhone(shop, '0711 555 666', '198.51.100.22');
    const orderId = await buy(njeri.cookie, 'njeri@example.test', 'phone-with-email');
    expect((await mailsOf(orderId)).map((m) => m.to)).toContain('njeri@example.test');
  });

  it('refuses an email that is not one, and changes nothing', async () => {
    const njeri = await signInByPhone(shop, '0711 555 666', '198.51.100.23');
    const before = (await shop.ctx.db.select().from(orders)).length;
    const placed = await postOrder(shop, njeri, orderBody([{ productId, quantity: 1 }], { customerInfo: contact('njeri at home') }));
    expect(placed.status).toBe(400);
    expect(placed.json.error?.fields?.['customerInfo.email']).toBe(MESSAGES.invalidEmail);
    expect((await shop.ctx.db.select().from(orders)).length).toBe(before);
  });

  it('still requires an email of a customer whose account has one', async () => {
    const buyer = await customer(shop);
    const before = (await shop.ctx.db.select().from(orders)).length;
    const placed = await postOrder(shop, buyer, orderBody([{ productId, quantity: 1 }], { customerInfo: contact('') }));
    expect(placed.status).toBe(400);
    expect(placed.json.error?.message).toBe(MESSAGES.checkoutRequired);
    expect(placed.json.error?.fields?.['customerInfo.email']).toBe(MESSAGES.checkoutRequired);
    expect((await shop.ctx.db.select().from(orders)).length).toBe(before);
  });
});
