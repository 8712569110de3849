// M-Pesa moves whole shillings. With VAT added on top a total can have cents: an M-Pesa payment that
// Pesapal reports less than a shilling away completes the order, keeps the difference as rounding and
// is refunded what was collected. With 'Prices include VAT' a cart of whole-shilling prices totals
// whole shillings everywhere: cart quote, order, Pesapal's request, receipt and KRA's invoice.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paymentRefunds } from '../../src/server/db/schema';
import { taxInvoicesIdle } from '../../src/server/features/tax-invoices/tax-invoice-sender';
import { setImplicitVariant } from '../support/implicit-variant';
import { dbKinds } from '../support/test-database';
import { orderRow, payOnSimulator, placePaidOrderAttempt, productBySlug, transactionsOf, WESTLANDS } from './checkout-support';
import { cents, createTaxShop, declared, disposeTaxShop, invoiceOf, type TaxShop } from './etims-support';

describe.each(dbKinds(import.meta.url))('whole shillings on %s', (kind) => {
  let shop: TaxShop;
  beforeEach(async () => {
    shop = await createTaxShop(kind);
  });
  afterEach(() => disposeTaxShop(shop));

  const asAdmin = (path: string, init: { method?: string; json?: unknown } = {}) =>
    shop.request(`/api/admin${path}`, { ...init, cookie: shop.admin.cookie });

  /** Places 2 tilapia at `priceCents` each, to Westlands (a fee by distance), and pays by M-Pesa. */
  async function payByMpesa(priceCents: number) {
    const tilapia = await productBySlug(shop, 'fresh-whole-tilapia');
    await setImplicitVariant(shop.ctx.db, tilapia.id, { price: priceCents });
    const placed = await placePaidOrderAttempt(shop, shop.buyer, [{ productId: tilapia.id, quantity: 2 }]);
    await payOnSimulator(shop, placed.trackingId, 'mpesa');
    await shop.sim.idle();
    return placed;
  }

  describe('VAT added on top (the default): M-Pesa pays a total with cents in whole shillings', () => {
    it('rounded down: the order completes, its cents are rounding, and a refund gives back what was collected', async () => {
      shop.sim.switches.mpesaShillings = 'down';
      const { orderId, trackingId } = await payByMpesa(64_990); // 2 × 649.90 + 16 % = 1,507.77, plus the fee
      const order = await orderRow(shop, orderId);
      expect(order.totalAmount % 100).not.toBe(0);
      expect(order).toMatchObject({ status: 'completed', needsAttention: false, pricesIncludeVat: false });
      const [payment] = await transactionsOf(shop, orderId);
      expect(payment).toMatchObject({ status: 'COMPLETED', amountMismatch: false, rounding: order.totalAmount % 100 });

      // KRA is told of the sale at the order's value; the rounding is the shop's, on the payment.
      await taxInvoicesIdle(shop.ctx);
      expect(await invoiceOf(shop, orderId, 'sale')).toMatchObject({ status: 'sent', total: order.totalAmount });

      // The back office shows what came in and what was rounded away.
      const detail = (await (await asAdmin(`/orders/${orderId}`)).json()) as { payments: { roundingCents: number }[] };
      expect(detail.payments[0]?.roundingCents).toBe(order.totalAmount % 100);

      const cancel = await asAdmin(`/orders/${orderId}/cancel`, { method: 'POST', json: { reason: 'Out of tilapia' } });
      expect(cancel.status, await cancel.clone().text()).toBe(200);
      const collected = order.totalAmount - (order.totalAmount % 100);
      expect(shop.sim.state.orders.get(trackingId)?.refund?.amountCents).toBe(collected);
      const refunds = await shop.ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.transactionId, payment!.id));
      expect(refunds.map((r) => [r.amount, r.accepted])).toEqual([[collected, true]]);
    });

    it('rounded up: the order completes with negative rounding, and the refund gives back all that was paid', async () => {
      shop.sim.switches.mpesaShillings = 'up';
      const { orderId, trackingId } = await payByMpesa(64_990);
      const order = await orderRow(shop, orderId);
      const up = 100 - (order.totalAmount % 100);
      expect(order.status).toBe('completed');
      expect((await transactionsOf(shop, orderId))[0]).toMatchObject({ amountMismatch: false, rounding: -up });
      const cancel = await asAdmin(`/orders/${orderId}/cancel`, { method: 'POST', json: { reason: 'Out of tilapia' } });
      expect(cancel.status, await cancel.clone().text()).toBe(200);
      expect(shop.sim.state.orders.get(trackingId)?.refund?.amountCents).toBe(order.totalAmount + up);
    });

    it('to the cent (as today): no rounding', async () => {
      const { orderId } = await payByMpesa(64_990);
      expect((await orderRow(shop, orderId)).status).toBe('completed');
      expect((await transactionsOf(shop, orderId))[0]).toMatchObject({ rounding: 0, amountMismatch: false });
    });
  });

  describe("'Prices include VAT'", () => {
    beforeEach(async () => {
      const res = await asAdmin('/shop-details/prices-include-vat', { method: 'PUT', json: { on: true } });
      expect(res.status, await res.clone().text()).toBe(200);
    });

    it('is told to the storefront, and refuses a setting that is not true or false', async () => {
      const pub = (await (await shop.request('/api/content/shop-details')).json()) as { pricesIncludeVat: boolean };
      expect(pub.pricesIncludeVat).toBe(true);
      const bad = await asAdmin('/shop-details/prices-include-vat', { method: 'PUT', json: { on: 'yes' } });
      expect(bad.status).toBe(400);
      expect(await bad.text()).toContain('Say whether prices include VAT (true or false).');
      const settings = (await (await asAdmin('/shop-details')).json()) as { pricesIncludeVat: boolean };
      expect(settings.pricesIncludeVat).toBe(true);
    });

    it('rounds the fee by distance up to the whole shilling', async () => {
      const res = await shop.request('/api/checkout/delivery-fee', {
        method: 'POST',
        cookie: shop.buyer.cookie,
        json: { address: WESTLANDS.address, latitude: WESTLANDS.coordinates.lat, longitude: WESTLANDS.coordinates.lng },
      });
      const quote = (await res.json()) as { deliveryFeeCents: number; pricesIncludeVat: boolean };
      expect(quote.pricesIncludeVat).toBe(true);
      expect(quote.deliveryFeeCents % 100).toBe(0);
    });

    it('totals whole shillings in the order, the Pesapal request, the receipt and the tax invoice, with the VAT inside', async () => {
      shop.sim.switches.mpesaShillings = 'down'; // whole shillings to pay: nothing to round
      const { orderId, trackingId } = await payByMpesa(65_000);
      const order = await orderRow(shop, orderId);
      expect(order).toMatchObject({ status: 'completed', pricesIncludeVat: true, subtotal: 130_000 });
      expect(order.totalAmount % 100).toBe(0);
      expect(order.totalAmount).toBe(order.subtotal + order.deliveryFee);
      // 16 % inside the line's 1,300.00, split as KRA's invoice splits it: 1,300 − round(1,300 / 1.16) = 179.31.
      expect(order.vat).toBe(17_931);
      expect(shop.sim.state.orders.get(trackingId)?.amountCents).toBe(order.totalAmount);
      expect((await transactionsOf(shop, orderId))[0]).toMatchObject({ rounding: 0, amountMismatch: false });

      const receipt = await (await shop.request(`/api/orders/${orderId}/receipt`, { cookie: shop.buyer.cookie })).text();
      expect(receipt).toContain('Includes VAT (16%)');
      expect(receipt).toContain('KES 179.31');

      await taxInvoicesIdle(shop.ctx);
      const [sale] = declared(shop);
      const req = sale!.request;
      expect(cents(req.totAmt)).toBe(order.totalAmount);
      expect(cents(req.taxAmtB)).toBe(order.vat);
      expect(cents(req.taxblAmtB) + cents(req.taxAmtB)).toBe(order.subtotal);
      expect(req.itemList.map((l) => cents(l.totAmt))).toEqual([130_000, order.deliveryFee]);
    });
  });
});
