// A business customer's KRA PIN and business name (on the profile, or typed at checkout) reach KRA
// on the sale (custTin, custNm, and the receipt's custTin) and the customer's receipt ('Buyer PIN');
// a malformed PIN is refused with a clear message and nothing is stored.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUYER_TAX_MESSAGES } from '../../src/domain/buyer-tax-details';
import { orders, profiles } from '../../src/server/db/schema';
import { taxInvoicesIdle } from '../../src/server/features/tax-invoices/tax-invoice-sender';
import { dbKinds } from '../support/test-database';
import { orderBody, orderRow, payOnSimulator, postOrder, productBySlug } from './checkout-support';
import { approveRefund, createTaxShop, declared, disposeTaxShop, invoiceOf, payOrder, type TaxShop } from './etims-support';

const PROFILE = { fullName: 'Achieng Otieno', phone: '0712 345 678', address: 'Westlands, Nairobi' };

describe.each(dbKinds(import.meta.url))("the buyer's KRA PIN on the tax invoice, on %s", (kind) => {
  let shop: TaxShop;
  beforeEach(async () => {
    shop = await createTaxShop(kind);
  });
  afterEach(() => disposeTaxShop(shop));

  const saveProfile = (json: Record<string, unknown>) =>
    shop.request('/api/account/profile', { method: 'PATCH', cookie: shop.buyer.cookie, json: { ...PROFILE, ...json } });
  const profileRow = async () => (await shop.ctx.db.select().from(profiles).where(eq(profiles.id, shop.buyer.id)))[0];

  /** Places and pays an order with this checkout body; its id. */
  async function checkout(extra: Record<string, unknown>) {
    const tilapia = await productBySlug(shop, 'fresh-whole-tilapia');
    const { status, json } = await postOrder(shop, shop.buyer, orderBody([{ productId: tilapia.id, quantity: 2 }], extra));
    expect(status, JSON.stringify(json)).toBe(200);
    const trackingId = new URL(json.iframeUrl!).searchParams.get('OrderTrackingId')!;
    await payOnSimulator(shop, trackingId, 'card');
    await taxInvoicesIdle(shop.ctx);
    return json.orderId!;
  }

  it("sends the profile's PIN and business name to KRA and prints them on the receipt; the credit note carries the same PIN", async () => {
    const saved = await saveProfile({ kraPin: ' p051 234 567x ', businessName: 'Mama Oliech Ltd' });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(((await saved.json()) as { profile: unknown }).profile).toMatchObject({
      kraPin: 'P051234567X',
      businessName: 'Mama Oliech Ltd',
    });

    const orderId = await payOrder(shop);
    await taxInvoicesIdle(shop.ctx);
    expect(await orderRow(shop, orderId)).toMatchObject({ buyerKraPin: 'P051234567X', buyerBusinessName: 'Mama Oliech Ltd' });
    const [sale] = declared(shop);
    expect(sale?.request).toMatchObject({ custTin: 'P051234567X', custNm: 'Mama Oliech Ltd', receipt: { custTin: 'P051234567X' } });
    expect((await invoiceOf(shop, orderId, 'sale'))?.status).toBe('sent');

    const html = await (await shop.request(`/api/orders/${orderId}/receipt`, { cookie: shop.buyer.cookie })).text();
    expect(html).toContain('<dt>Buyer PIN</dt><dd>P051234567X</dd>');
    expect(html).toContain('<dt>Business name</dt><dd>Mama Oliech Ltd</dd>');

    const cancel = await shop.request(`/api/admin/orders/${orderId}/cancel`, {
      method: 'POST',
      cookie: shop.admin.cookie,
      json: { reason: 'Customer changed their mind' },
    });
    expect(cancel.status, await cancel.clone().text()).toBe(200);
    await approveRefund(shop, orderId);
    await taxInvoicesIdle(shop.ctx);
    expect((await invoiceOf(shop, orderId, 'credit_note'))?.status).toBe('sent');
    expect(declared(shop)[1]?.request).toMatchObject({ rcptTyCd: 'R', custTin: 'P051234567X' });
  });

  it('takes the PIN typed at checkout for the order and remembers it; an empty one is an ordinary sale', async () => {
    const business = await checkout({ buyerTax: { kraPin: 'A123456789Z', businessName: '' } });
    expect(await orderRow(shop, business)).toMatchObject({ buyerKraPin: 'A123456789Z', buyerBusinessName: null });
    expect(await profileRow()).toMatchObject({ kraPin: 'A123456789Z', businessName: null });

    const consumer = await checkout({ buyerTax: { kraPin: '', businessName: '' } });
    expect(await orderRow(shop, consumer)).toMatchObject({ buyerKraPin: null, buyerBusinessName: null });
    expect((await profileRow())?.kraPin).toBeNull();

    const [first, second] = declared(shop);
    expect(first?.request).toMatchObject({ custTin: 'A123456789Z', custNm: 'Achieng Otieno' });
    expect(second?.request).toMatchObject({ custTin: null, custNm: 'Achieng Otieno', receipt: { custTin: null } });
    const html = await (await shop.request(`/api/orders/${consumer}/receipt`, { cookie: shop.buyer.cookie })).text();
    expect(html).not.toContain('Buyer PIN');
  });

  it('refuses a malformed PIN at checkout and on the profile with a clear message, storing nothing', async () => {
    const tilapia = await productBySlug(shop, 'fresh-whole-tilapia');
    const before = await shop.ctx.db.select().from(orders);
    const { status, json } = await postOrder(
      shop,
      shop.buyer,
      orderBody([{ productId: tilapia.id, quantity: 1 }], { buyerTax: { kraPin: 'P05123456', businessName: 'Mama Oliech Ltd' } }),
    );
    expect(status).toBe(400);
    expect(JSON.stringify(json.error)).toContain(BUYER_TAX_MESSAGES.invalidKraPin);
    expect(await shop.ctx.db.select().from(orders)).toHaveLength(before.length);

    const res = await saveProfile({ kraPin: '1234567890A' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(BUYER_TAX_MESSAGES.invalidKraPin);
    expect((await profileRow())?.kraPin ?? null).toBeNull();
  });
});
