// A paid order becomes a signed sale invoice at KRA (the built-in eTIMS simulator) whose bands add up
// to what the customer paid; a refund becomes a credit note naming it; KRA refusing a sale stores its
// message for the merchant, who sends it again after the fix, while the next sales go on.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { groupsOfFour, kraVerificationUrl } from '../../src/domain/tax-invoice';
import { etimsDevices, orderTaxBands, orders, products } from '../../src/server/db/schema';
import { TAX_INVOICE_PENDING } from '../../src/server/features/orders/receipt-content';
import { lineTexts, readPdf } from '../support/pdf-reader';
import { sendDueTaxInvoices, taxInvoicesIdle } from '../../src/server/features/tax-invoices/tax-invoice-sender';
import { dbKinds } from '../support/test-database';
import { waitFor } from '../support/wait-for';
import { orderRow } from './checkout-support';
import {
  approveRefund,
  cents,
  createTaxShop,
  declared,
  disposeTaxShop,
  invoiceOf,
  invoicesOf,
  payOrder,
  type TaxShop,
} from './etims-support';

describe.each(dbKinds(import.meta.url))('tax invoices to KRA eTIMS, on %s', (kind) => {
  let shop: TaxShop;
  beforeEach(async () => {
    shop = await createTaxShop(kind);
  });
  afterEach(() => disposeTaxShop(shop));

  it('declares a paid order as a signed sale whose bands equal what the customer paid', async () => {
    const orderId = await payOrder(shop, [
      { slug: 'fresh-whole-tilapia', quantity: 1 },
      { slug: 'kienyeji-chicken', quantity: 1 },
    ]);
    await taxInvoicesIdle(shop.ctx);
    const order = await orderRow(shop, orderId);
    expect(order.status).toBe('completed');

    const invoice = await invoiceOf(shop, orderId, 'sale');
    expect(invoice).toMatchObject({ number: 1, status: 'sent', invcNo: 1, curRcptNo: 1, total: order.totalAmount, error: null });
    expect(invoice?.rcptSign).toMatch(/^[A-Z2-7]{16}$/);
    expect(invoice?.intrlData).toMatch(/^[A-Z2-7]{26}$/);
    expect(invoice?.cuInvoiceNo).toBe(`${invoice?.sdcId}/1`);
    // KRA's clock (the simulator runs on the shop's) to the second.
    expect(invoice?.sdcDateTime?.getTime()).toBe(Math.floor((order.paidAt?.getTime() ?? 0) / 1000) * 1000);

    const [sale, ...others] = declared(shop);
    expect(others).toEqual([]);
    expect(sale?.request).toMatchObject({ trdInvcNo: 'INV-1', invcNo: 1, rcptTyCd: 'S', orgInvcNo: 0, pmtTyCd: '05' });
    expect(sale?.receipt.rcptSign).toBe(invoice?.rcptSign);
    // Band B holds the goods: taxable amount + tax = subtotal + VAT, to the cent; the fee is its own line.
    const req = sale!.request;
    expect(cents(req.taxblAmtB) + cents(req.taxAmtB)).toBe(order.subtotal + order.vat);
    expect(cents(req.taxblAmtB)).toBe(order.subtotal);
    expect(cents(req.taxAmtB)).toBe(order.vat);
    expect(cents(req.taxblAmtD)).toBe(order.deliveryFee);
    expect(cents(req.totAmt)).toBe(order.totalAmount);
    expect(req.itemList.map((l) => [l.itemNm, l.qty, l.taxTyCd])).toEqual([
      ['Fresh Whole Tilapia (1 kg)', 1, 'B'],
      ['Kienyeji Chicken (whole, about 1.3 kg)', 1, 'B'],
    ]);
  });

  it("prints KRA's signed details on the receipt once the sale is signed: CU invoice number, signature and the QR link", async () => {
    const orderId = await payOrder(shop);
    await taxInvoicesIdle(shop.ctx);
    const invoice = (await invoiceOf(shop, orderId, 'sale'))!;
    const [device] = await shop.ctx.db.select().from(etimsDevices);
    const html = await (await shop.request(`/api/orders/${orderId}/receipt`, { cookie: shop.buyer.cookie })).text();
    expect(html).toContain(invoice.cuInvoiceNo!);
    expect(html).not.toContain(TAX_INVOICE_PENDING);
    expect(html).toContain(groupsOfFour(invoice.rcptSign!));
    const link = kraVerificationUrl(device!.tin, device!.bhfId, invoice.rcptSign!, 'sandbox');
    expect(html).toContain(link.replace(/&/g, '&amp;'));

    const pdf = await shop.request(`/api/orders/${orderId}/receipt.pdf`, { cookie: shop.buyer.cookie });
    const [page] = await readPdf(new Uint8Array(await pdf.arrayBuffer()));
    const text = lineTexts(page!).join('\n');
    expect(text).toContain(invoice.cuInvoiceNo!);
    expect(text).toContain(groupsOfFour(invoice.rcptSign!));
    expect(text).toContain(device!.tin);
  });

  it("declares each line in the band its product had when sold: a band-A product as exempt, with the order's own band totals", async () => {
    await shop.ctx.db.update(products).set({ taxBand: 'A' }).where(eq(products.slug, 'kienyeji-chicken'));
    const orderId = await payOrder(shop, [
      { slug: 'fresh-whole-tilapia', quantity: 1 },
      { slug: 'kienyeji-chicken', quantity: 1 },
    ]);
    await taxInvoicesIdle(shop.ctx);
    const stored = await shop.ctx.db.select().from(orderTaxBands).where(eq(orderTaxBands.orderId, orderId));
    const band = (b: string) => stored.find((r) => r.band === b)!;
    const req = declared(shop)[0]!.request;
    expect(req.itemList.map((l) => [l.itemNm, l.taxTyCd])).toEqual([
      ['Fresh Whole Tilapia (1 kg)', 'B'],
      ['Kienyeji Chicken (whole, about 1.3 kg)', 'A'],
    ]);
    // Every band as the order was charged: A carries no tax, B its 16 %.
    expect(cents(req.taxAmtA)).toBe(0);
    expect(cents(req.taxblAmtA)).toBe(band('A').taxableAmount);
    expect(cents(req.taxblAmtB)).toBe(band('B').taxableAmount);
    expect(cents(req.taxAmtB)).toBe(band('B').taxAmount);
    expect(cents(req.totAmt)).toBe((await orderRow(shop, orderId)).totalAmount);
  });

  it('puts the delivery fee on a line of its own, so the invoice totals what the customer paid', async () => {
    const orderId = await payOrder(shop);
    await taxInvoicesIdle(shop.ctx);
    const order = await orderRow(shop, orderId);
    expect(order.deliveryFee).toBeGreaterThan(0);
    const req = declared(shop)[0]!.request;
    expect(req.itemList.map((l) => [l.itemNm, l.qty, l.taxTyCd, cents(l.totAmt)])).toEqual([
      ['Fresh Whole Tilapia (1 kg)', 2, 'B', order.subtotal + order.vat],
      [expect.stringMatching(/^Delivery/), 1, 'D', order.deliveryFee],
    ]);
    expect(cents(req.taxblAmtB)).toBe(order.subtotal);
    expect(cents(req.taxAmtB)).toBe(order.vat);
    expect(cents(req.taxblAmtD)).toBe(order.deliveryFee);
    expect(cents(req.totAmt)).toBe(order.totalAmount);
  });

  it('declares a refund as a credit note naming the sale', async () => {
    const orderId = await payOrder(shop);
    await taxInvoicesIdle(shop.ctx);
    const res = await shop.request(`/api/admin/orders/${orderId}/cancel`, {
      method: 'POST',
      cookie: shop.admin.cookie,
      json: { reason: 'Customer changed their mind' },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    await taxInvoicesIdle(shop.ctx);
    // Nothing is declared until Pesapal has returned the money.
    expect(await invoiceOf(shop, orderId, 'credit_note')).toBeUndefined();
    expect(declared(shop)).toHaveLength(1);
    await approveRefund(shop, orderId);
    await taxInvoicesIdle(shop.ctx);

    const credit = await invoiceOf(shop, orderId, 'credit_note');
    expect(credit).toMatchObject({ number: 2, status: 'sent', invcNo: 2, total: (await orderRow(shop, orderId)).totalAmount });
    const [sale, note] = declared(shop);
    expect(note?.request).toMatchObject({ trdInvcNo: 'CRN-2', rcptTyCd: 'R', orgInvcNo: sale?.request.invcNo, rfdRsnCd: '06' });
    expect(note?.request.totAmt).toBe(sale?.request.totAmt);
  });

  it('keeps the message of a sale KRA refuses, goes on with the next sale under the same KRA number, and sends it again after the fix', async () => {
    await payOrder(shop);
    await taxInvoicesIdle(shop.ctx);
    shop.etimsSim.switches.rateE = 0; // KRA's rate for band E changed; the shop's cached code list still says 8
    const refusedOrder = await payOrder(shop);
    await taxInvoicesIdle(shop.ctx);
    const refused = await invoiceOf(shop, refusedOrder, 'sale');
    expect(refused).toMatchObject({ status: 'refused', invcNo: null, resultCode: '910' });
    expect(refused?.resultMessage).toContain('Rule taxRtE failed: Tax rate mismatch. Expected: 0.00, Found: 8');
    expect((await orderRow(shop, refusedOrder)).status).toBe('completed');

    shop.etimsSim.switches.rateE = 8; // the fix
    const nextOrder = await payOrder(shop);
    await taxInvoicesIdle(shop.ctx);
    expect(await invoiceOf(shop, nextOrder, 'sale')).toMatchObject({ number: 3, status: 'sent', invcNo: 2 });

    const list = await shop.request('/api/admin/tax-invoices?status=refused', { cookie: shop.admin.cookie });
    expect(await list.json()).toMatchObject({
      invoices: [{ id: refused?.id, reference: 'INV-2', status: 'refused', kraMessage: refused?.resultMessage }],
    });
    const again = await shop.request(`/api/admin/tax-invoices/${refused?.id}/send-again`, { method: 'POST', cookie: shop.admin.cookie });
    expect(again.status, await again.clone().text()).toBe(200);
    await waitFor('the refused sale to be declared', async () => (await invoiceOf(shop, refusedOrder, 'sale'))?.status === 'sent');
    expect(await invoiceOf(shop, refusedOrder, 'sale')).toMatchObject({ invcNo: 3, error: null });
    expect(declared(shop).map((s) => [s.request.invcNo, s.request.trdInvcNo])).toEqual([
      [1, 'INV-1'],
      [2, 'INV-3'],
      [3, 'INV-2'],
    ]);

    const twice = await shop.request(`/api/admin/tax-invoices/${refused?.id}/send-again`, { method: 'POST', cookie: shop.admin.cookie });
    expect(twice.status).toBe(409);
  });

  it('registers each product once as a KRA item before it is sold', async () => {
    await payOrder(shop);
    await payOrder(shop, [{ slug: 'kienyeji-chicken', quantity: 1 }]);
    await payOrder(shop);
    await taxInvoicesIdle(shop.ctx);
    const items = [...shop.etimsSim.items('P000000000S', '00').values()];
    // The products in stock were registered for their opening stock (decision 044), in running-number
    // order; the delivery service when the first fee was invoiced.
    expect(items.map((i) => i.itemCd)).toEqual(items.map((i, n) => `KE${i.itemTyCd}${i.pkgUnitCd}NO${String(n + 1).padStart(7, '0')}`));
    expect(items.filter((i) => i.itemTyCd === '3').map((i) => [i.itemCd.slice(0, 7), i.itemNm])).toEqual([['KE3OUNO', 'Delivery']]);
    expect(items.map((i) => i.itemNm)).toEqual(
      expect.arrayContaining(['Fresh Whole Tilapia (1 kg)', 'Kienyeji Chicken (whole, about 1.3 kg)']),
    );
    expect(shop.etimsSim.requestLog.filter((r) => r.op === 'saveItem')).toHaveLength(items.length);
    expect(declared(shop)).toHaveLength(3);
    expect((await invoicesOf(shop)).map((i) => [i.number, i.status, i.invcNo])).toEqual([
      [1, 'sent', 1],
      [2, 'sent', 2],
      [3, 'sent', 3],
    ]);
  });

  it('queues nothing for an order that was not paid', async () => {
    const rows = await shop.ctx.db.select().from(orders).where(eq(orders.status, 'completed'));
    expect(rows).toEqual([]);
    expect(await sendDueTaxInvoices(shop.ctx)).toEqual({ sent: 0 });
    expect(await invoicesOf(shop)).toEqual([]);
    // The round declared the seeded opening stock and no sale; with nothing left, the next calls nobody.
    expect(shop.etimsSim.requestLog.filter((r) => r.op === 'saveSale')).toEqual([]);
    shop.etimsSim.requestLog.length = 0;
    expect(await sendDueTaxInvoices(shop.ctx)).toEqual({ sent: 0 });
    expect(shop.etimsSim.requestLog).toEqual([]);
  });
});
