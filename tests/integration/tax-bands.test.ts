// VAT bands on the server: the merchant moves a product to another band (audited), checkout charges
// each band's VAT from the database whatever the browser sends, and the order keeps what it was
// charged per band, so a later change of band never rewrites it or its receipt.
import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appSettings, auditLogs, orderItems, orderTaxBands, products } from '../../src/server/db/schema';
import { dbKinds } from '../support/test-database';
import { createUser, type TestUser } from '../support/test-app';
import {
  createShop,
  customer,
  disposeShop,
  orderBody,
  orderRow,
  payOnSimulator,
  placePaidOrderAttempt,
  postOrder,
  productBySlug,
  WESTLANDS,
  type Shop,
} from './checkout-support';

const kes = (cents: number) => `KES ${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

describe.each(dbKinds(import.meta.url))('tax bands on %s', (kind) => {
  let shop: Shop;
  let admin: TestUser;
  let buyer: TestUser;

  beforeEach(async () => {
    shop = await createShop(kind);
    admin = await createUser(shop, { role: 'owner', name: 'Amina Admin' });
    buyer = await customer(shop);
  });
  afterEach(() => disposeShop(shop));

  const asAdmin = (path: string, init: { method?: string; json?: unknown } = {}) =>
    shop.request(`/api/admin${path}`, { ...init, cookie: admin.cookie });
  const setBand = async (productId: string, taxBand: string) => {
    const res = await asAdmin(`/products/${productId}`, { method: 'PATCH', json: { taxBand } });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as { product: { taxBand: string; priceCents: number; published: boolean } };
  };
  const bandsOf = (orderId: string) =>
    shop.ctx.db
      .select({
        band: orderTaxBands.band,
        rateBp: orderTaxBands.rateBp,
        taxable: orderTaxBands.taxableAmount,
        tax: orderTaxBands.taxAmount,
        total: orderTaxBands.totalAmount,
      })
      .from(orderTaxBands)
      .where(eq(orderTaxBands.orderId, orderId))
      .orderBy(asc(orderTaxBands.band));
  const itemsOf = (orderId: string) =>
    shop.ctx.db
      .select({ productId: orderItems.productId, taxBand: orderItems.taxBand, taxRateBp: orderItems.taxRateBp })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.productName));
  const receipt = async (orderId: string) => {
    const res = await shop.request(`/api/orders/${orderId}/receipt`, { cookie: buyer.cookie });
    expect(res.status).toBe(200);
    return res.text();
  };
  const placeAndPay = async (items: { productId: string; quantity: number }[]) => {
    const placed = await placePaidOrderAttempt(shop, buyer, items);
    await payOnSimulator(shop, placed.trackingId, 'card');
    return placed.orderId;
  };

  it('the seeded catalogue is in band B and the delivery fee in band D: 16% on the subtotal, the fee without VAT', async () => {
    const all = await shop.ctx.db.select({ taxBand: products.taxBand }).from(products);
    expect(all.length).toBeGreaterThan(10);
    expect(new Set(all.map((p) => p.taxBand))).toEqual(new Set(['B']));
    const tilapia = await productBySlug(shop, 'fresh-whole-tilapia');
    const orderId = await placeAndPay([{ productId: tilapia.id, quantity: 2 }]);
    const order = await orderRow(shop, orderId);
    expect(order.subtotal).toBe(130_000);
    expect(order.vat).toBe(20_800);
    expect(order.deliveryFee).toBeGreaterThan(0);
    expect(order.totalAmount).toBe(130_000 + 20_800 + order.deliveryFee);
    expect(order.deliveryFeeTaxBand).toBe('D');
    expect(await bandsOf(orderId)).toEqual([
      { band: 'B', rateBp: 1600, taxable: 130_000, tax: 20_800, total: 150_800 },
      { band: 'D', rateBp: 0, taxable: order.deliveryFee, tax: 0, total: order.deliveryFee },
    ]);
    expect(await itemsOf(orderId)).toEqual([{ productId: tilapia.id, taxBand: 'B', taxRateBp: 1600 }]);
    const html = await receipt(orderId);
    expect(html).toContain('<td colspan="3">VAT (16%)</td><td class="n">KES 208.00</td>');
  });

  it('a product switched to band A is charged no VAT, and the order keeps band A after the product moves back', async () => {
    const tilapia = await productBySlug(shop, 'fresh-whole-tilapia');
    const switched = await setBand(tilapia.id, 'A');
    // Only the band changed: the price and the rest of the product are as they were.
    expect(switched.product).toMatchObject({ taxBand: 'A', priceCents: tilapia.price, published: true });
    const [audit] = await shop.ctx.db.select().from(auditLogs).where(eq(auditLogs.action, 'PRODUCT_UPDATE'));
    expect(audit).toMatchObject({ userId: admin.id, recordId: tilapia.id, details: { changed: { taxBand: { from: 'B', to: 'A' } } } });

    // The browser says the line is band B at 16%: the server reads the band from the database.
    const { status, json } = await postOrder(
      shop,
      buyer,
      orderBody([{ productId: tilapia.id, quantity: 2, taxBand: 'B', taxRateBp: 1600 } as never], { vatCents: 20_800 }),
    );
    expect(status).toBe(200);
    const order = await orderRow(shop, json.orderId!);
    expect(order.subtotal).toBe(130_000);
    expect(order.vat).toBe(0);
    expect(order.totalAmount).toBe(130_000 + order.deliveryFee);
    expect(await itemsOf(order.id)).toEqual([{ productId: tilapia.id, taxBand: 'A', taxRateBp: 0 }]);
    expect(await bandsOf(order.id)).toEqual([
      { band: 'A', rateBp: 0, taxable: 130_000, tax: 0, total: 130_000 },
      { band: 'D', rateBp: 0, taxable: order.deliveryFee, tax: 0, total: order.deliveryFee },
    ]);
    const [attempt] = shop.sim.state.orders.values();
    expect(attempt?.amountCents).toBe(order.totalAmount);

    // Paid, then the merchant moves the product back to B: the old order and its receipt stay band A.
    const paidId = await placeAndPay([{ productId: tilapia.id, quantity: 1 }]);
    await setBand(tilapia.id, 'B');
    expect(await itemsOf(paidId)).toEqual([{ productId: tilapia.id, taxBand: 'A', taxRateBp: 0 }]);
    const html = await receipt(paidId);
    expect(html).toContain('<td colspan="3">VAT exempt</td><td class="n">KES 0.00</td>');
    expect(html).not.toContain('VAT (16%)');
    const detail = await shop.request(`/api/orders/${paidId}`, { cookie: buyer.cookie });
    expect(await detail.json()).toMatchObject({ vatCents: 0, vatRows: [{ band: 'A', label: 'VAT exempt', taxCents: 0 }] });
    // A new order of it is charged 16% again.
    const again = await placeAndPay([{ productId: tilapia.id, quantity: 1 }]);
    expect((await orderRow(shop, again)).vat).toBe(10_400);
  });

  it('a mixed order is charged and shown per band, each band taxed once', async () => {
    const tilapia = await productBySlug(shop, 'fresh-whole-tilapia'); // 650.00
    const broiler = await productBySlug(shop, 'whole-broiler-chicken'); // 750.00
    const omena = await productBySlug(shop, 'omena-dagaa'); // 450.00
    await setBand(tilapia.id, 'A');
    await setBand(omena.id, 'E');
    const orderId = await placeAndPay([
      { productId: tilapia.id, quantity: 1 },
      { productId: broiler.id, quantity: 1 },
      { productId: omena.id, quantity: 1 },
    ]);
    const order = await orderRow(shop, orderId);
    expect(order.subtotal).toBe(185_000);
    expect(order.vat).toBe(12_000 + 3_600);
    expect(order.totalAmount).toBe(185_000 + 15_600 + order.deliveryFee);
    expect(await bandsOf(orderId)).toEqual([
      { band: 'A', rateBp: 0, taxable: 65_000, tax: 0, total: 65_000 },
      { band: 'B', rateBp: 1600, taxable: 75_000, tax: 12_000, total: 87_000 },
      { band: 'D', rateBp: 0, taxable: order.deliveryFee, tax: 0, total: order.deliveryFee },
      { band: 'E', rateBp: 800, taxable: 45_000, tax: 3_600, total: 48_600 },
    ]);
    const html = await receipt(orderId);
    expect(html).toContain('<td colspan="3">VAT exempt on KES 650.00</td><td class="n">KES 0.00</td>');
    expect(html).toContain('<td colspan="3">VAT (16%) on KES 750.00</td><td class="n">KES 120.00</td>');
    expect(html).toContain('<td colspan="3">VAT (8%) on KES 450.00</td><td class="n">KES 36.00</td>');
    expect(html).toContain(kes(order.totalAmount));
  });

  it('the delivery fee band is a shop setting: in band B the fee carries 16% VAT from the next order on', async () => {
    const tilapia = await productBySlug(shop, 'fresh-whole-tilapia');
    await setBand(tilapia.id, 'A');
    const before = await placeAndPay([{ productId: tilapia.id, quantity: 1 }]);

    const res = await asAdmin('/delivery/fee-tax-band', { method: 'PUT', json: { band: 'B' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ feeTaxBand: 'B' });
    expect(await (await asAdmin('/delivery')).json()).toMatchObject({ feeTaxBand: 'B' });
    const quote = await shop.request('/api/checkout/delivery-fee', {
      method: 'POST',
      json: { address: WESTLANDS.address, latitude: WESTLANDS.coordinates.lat, longitude: WESTLANDS.coordinates.lng },
      cookie: buyer.cookie,
    });
    const quoted = (await quote.json()) as { deliveryFeeCents: number; deliveryFeeTaxBand: string };
    expect(quoted.deliveryFeeTaxBand).toBe('B');

    const after = await placeAndPay([{ productId: tilapia.id, quantity: 1 }]);
    const order = await orderRow(shop, after);
    const feeVat = Math.round(order.deliveryFee * 0.16);
    expect(order.deliveryFee).toBe(quoted.deliveryFeeCents);
    expect(order).toMatchObject({ vat: feeVat, deliveryFeeTaxBand: 'B', deliveryFeeTaxRateBp: 1600 });
    expect(order.totalAmount).toBe(65_000 + order.deliveryFee + feeVat);
    expect(await bandsOf(after)).toEqual([
      { band: 'A', rateBp: 0, taxable: 65_000, tax: 0, total: 65_000 },
      { band: 'B', rateBp: 1600, taxable: order.deliveryFee, tax: feeVat, total: order.deliveryFee + feeVat },
    ]);
    expect(await receipt(after)).toContain(`<td colspan="3">VAT (16%) on ${kes(order.deliveryFee)}</td><td class="n">${kes(feeVat)}</td>`);
    // The order placed before the change keeps its fee in band D.
    expect(await orderRow(shop, before)).toMatchObject({ vat: 0, deliveryFeeTaxBand: 'D', deliveryFeeTaxRateBp: 0 });
  });

  it('refuses a band that does not exist with a clear message and changes nothing', async () => {
    const tilapia = await productBySlug(shop, 'fresh-whole-tilapia');
    for (const taxBand of ['F', 'b', '', 16, null]) {
      const res = await asAdmin(`/products/${tilapia.id}`, { method: 'PATCH', json: { taxBand, priceCents: 1 } });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
        taxBand: 'Choose a tax band: A, B, C, D or E',
      });
    }
    const created = await asAdmin('/products', {
      method: 'POST',
      json: { name: 'Trout', category: 'fish', priceCents: 50_000, taxBand: 'Z' },
    });
    expect(created.status).toBe(400);
    const fee = await asAdmin('/delivery/fee-tax-band', { method: 'PUT', json: { band: 'X' } });
    expect(fee.status).toBe(400);
    expect(((await fee.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      band: 'Choose a tax band: A, B, C, D or E',
    });

    expect(await productBySlug(shop, 'fresh-whole-tilapia')).toMatchObject({ taxBand: 'B', price: tilapia.price });
    expect(await shop.ctx.db.select().from(products).where(eq(products.name, 'Trout'))).toEqual([]);
    expect(await shop.ctx.db.select().from(appSettings).where(eq(appSettings.key, 'delivery_fee_tax_band'))).toEqual([]);
    expect(await shop.ctx.db.select().from(auditLogs).where(eq(auditLogs.userId, admin.id))).toEqual([]);
  });

  it('a new product is in band B unless the merchant chooses another', async () => {
    const plain = await asAdmin('/products', { method: 'POST', json: { name: 'Trout', category: 'fish', priceCents: 50_000 } });
    expect(((await plain.json()) as { product: { taxBand: string } }).product.taxBand).toBe('B');
    const exempt = await asAdmin('/products', {
      method: 'POST',
      json: { name: 'Eggs', category: 'chicken', priceCents: 50_000, taxBand: 'A' },
    });
    const { product } = (await exempt.json()) as { product: { id: string; taxBand: string } };
    expect(product.taxBand).toBe('A');
    const [audit] = await shop.ctx.db.select().from(auditLogs).where(eq(auditLogs.recordId, product.id));
    expect(audit).toMatchObject({ action: 'PRODUCT_CREATE', details: { taxBand: 'A' } });
    // An edit that does not name the band keeps it.
    await asAdmin(`/products/${product.id}`, { method: 'PATCH', json: { priceCents: 55_000 } });
    expect((await shop.ctx.db.select().from(products).where(eq(products.id, product.id)))[0]?.taxBand).toBe('A');
  });
});
