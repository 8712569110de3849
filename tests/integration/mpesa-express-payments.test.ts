// M-Pesa Express at checkout, through the built-in Daraja simulator: the prompt goes to the phone,
// the callback only makes the shop ask (the STK query decides), a lost callback is paid through the
// reconciliation job's query, a duplicated one pays once, a cancelled prompt fails the attempt and a
// second prompt pays the same order, and one prompt at a time is ever open on an order.
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paymentNotifications } from '../../src/server/db/schema';
import type { MpesaSimulator } from '../../src/server/dev/mpesa/mpesa-simulator';
import { callbackBody } from '../../src/server/dev/mpesa/mpesa-simulator-core';
import { reconcileMpesaPayments } from '../../src/server/features/payments/mpesa/mpesa-reconciliation';
import { mpesaCallbackToken } from '../../src/server/mpesa-config';
import { dbKinds } from '../support/test-database';
import { createUser } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import {
  createShop,
  customer,
  disposeShop,
  movementsOf,
  orderBody,
  orderRow,
  postOrder,
  productBySlug,
  stockOf,
  transactionsOf,
  type Shop,
} from './checkout-support';

const PAYER = '0712 345 678';

describe.each(dbKinds(import.meta.url))('M-Pesa Express payments on %s', (kind) => {
  let shop: Shop;
  let mpesa: MpesaSimulator;
  beforeEach(async () => {
    shop = await createShop(kind, { env: { MPESA_ENV: 'simulator' } });
    mpesa = shop.ctx.integrations.mpesaSimulator!;
    // Prices that hold their VAT make whole-shilling totals, which M-Pesa can take.
    const owner = await createUser(shop, { role: 'owner', name: 'Amina Owner' });
    const set = await shop.request('/api/admin/shop-details/prices-include-vat', {
      method: 'PUT',
      json: { on: true },
      cookie: owner.cookie,
    });
    expect(set.status).toBe(200);
  });
  afterEach(async () => {
    mpesa.stop();
    await disposeShop(shop);
  });

  async function placeWithMpesa(phone = PAYER) {
    const user = await customer(shop);
    const tilapia = await productBySlug(shop, 'fresh-whole-tilapia');
    const { status, json } = await postOrder(
      shop,
      user,
      orderBody([{ productId: tilapia.id, quantity: 1 }], {
        idempotencyKey: `key-${crypto.randomUUID()}`,
        payment: { method: 'mpesa', mpesaPhone: phone },
      }),
    );
    const answer = json as typeof json & { mpesa?: { checkoutRequestId: string; phoneDisplay: string; endsAt: string } };
    return { status, answer, user, tilapia };
  }

  /** The customer answers the prompt on the simulated phone; its callbacks reach the shop. */
  async function answer(checkoutRequestId: string, code: string) {
    expect(mpesa.core.resolve(checkoutRequestId, code)).not.toBeNull();
    await mpesa.core.tick();
  }
  const setSwitches = (switches: Partial<typeof mpesa.core.switches>) => Object.assign(mpesa.core.switches, switches);

  const paymentOf = async (orderId: string) =>
    (await transactionsOf(shop, orderId)).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  it('sends the prompt to the phone and pays the order once the query confirms the callback', async () => {
    const { status, answer: placed, tilapia, user } = await placeWithMpesa();
    expect(status).toBe(200);
    expect(placed.iframeUrl).toBeNull();
    expect(placed.mpesa?.phoneDisplay).toBe('071****678');
    const orderId = placed.orderId!;
    const prompt = mpesa.core.prompts.get(placed.mpesa!.checkoutRequestId)!;
    const order = await orderRow(shop, orderId);
    expect(prompt).toMatchObject({ phone: '254712345678', amount: order.totalAmount / 100 });
    const stockBefore = await stockOf(shop, tilapia.id);

    await answer(prompt.checkoutRequestId, '0');
    await waitFor('the order paid', async () => (await orderRow(shop, orderId)).status === 'completed');
    const [txn] = await paymentOf(orderId);
    expect(txn).toMatchObject({
      provider: 'mpesa',
      status: 'COMPLETED',
      paymentMethod: 'M-Pesa',
      confirmationCode: prompt.result!.receipt,
    });
    // The stock was held at checkout and is sold now, not taken twice.
    expect(await stockOf(shop, tilapia.id)).toBe(stockBefore);
    const stored = await shop.ctx.db.select().from(paymentNotifications).where(eq(paymentNotifications.source, 'mpesa'));
    expect(stored).toHaveLength(1);
    // The order and its receipt name the M-Pesa receipt.
    const detail = await shop.request(`/api/orders/${orderId}`, { cookie: user.cookie });
    expect(await detail.json()).toMatchObject({
      paymentMethod: 'M-Pesa',
      paymentProvider: 'mpesa',
      confirmationCode: prompt.result!.receipt,
    });
    // The sales reports count it under M-Pesa.
    const sales = await queryRows<{ method: string; charged: string }>(
      shop.ctx.db,
      sql`select method, charged::text from order_sales where order_id = ${orderId}::uuid`,
    );
    expect(sales).toEqual([{ method: 'M-Pesa', charged: String(order.totalAmount) }]);
  });

  it('cancelling a paid order never asks Pesapal to refund an M-Pesa Express payment: the owner refunds it by M-Pesa', async () => {
    const { answer: placed } = await placeWithMpesa();
    const orderId = placed.orderId!;
    await answer(placed.mpesa!.checkoutRequestId, '0');
    await waitFor('the order paid', async () => (await orderRow(shop, orderId)).status === 'completed');
    const pesapalRefunds = shop.sim.waitingRefunds().length;
    const owner = await createUser(shop, { role: 'owner', name: 'Refund Owner' });
    const res = await shop.request(`/api/admin/orders/${orderId}/cancel`, {
      method: 'POST',
      json: { reason: 'Customer called to cancel' },
      cookie: owner.cookie,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const refunds = await queryRows<{ status: string; message: string }>(
      shop.ctx.db,
      sql`select r.status, r.message from payment_refunds r join payment_transactions t on t.id = r.transaction_id where t.order_id = ${orderId}::uuid`,
    );
    expect(refunds).toEqual([
      {
        status: 'manual_needed',
        message: 'This payment was made by M-Pesa Express, not through Pesapal: send the money back by M-Pesa and record it here.',
      },
    ]);
    expect(shop.sim.waitingRefunds()).toHaveLength(pesapalRefunds);
    expect(await orderRow(shop, orderId)).toMatchObject({ status: 'refund_requested', needsAttention: true });
  });

  it('refuses a wrong callback secret, and a forged success changes nothing without the query', async () => {
    const { answer: placed } = await placeWithMpesa();
    const forged = {
      Body: {
        stkCallback: {
          MerchantRequestID: 'x',
          CheckoutRequestID: placed.mpesa!.checkoutRequestId,
          ResultCode: 0,
          ResultDesc: 'ok',
          CallbackMetadata: {
            Item: [
              { Name: 'Amount', Value: 1 },
              { Name: 'MpesaReceiptNumber', Value: 'TAA0000000' },
            ],
          },
        },
      },
    };
    const wrong = await shop.request('/api/payments/mpesa/callback/not-the-secret-token-at-all', { method: 'POST', json: forged });
    expect(wrong.status).toBe(404);
    const right = await shop.request(`/api/payments/mpesa/callback/${mpesaCallbackToken(shop.ctx.env)}`, { method: 'POST', json: forged });
    expect(right.status).toBe(200);
    expect(await right.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    // The query says the prompt is still open: nothing is paid.
    await waitFor('the callback processed', async () => {
      const [n] = await shop.ctx.db.select().from(paymentNotifications).where(eq(paymentNotifications.source, 'mpesa'));
      return n?.processedAt != null;
    });
    expect((await orderRow(shop, placed.orderId!)).status).toBe('pending');
    expect((await paymentOf(placed.orderId!))[0]).toMatchObject({ status: 'PENDING', confirmationCode: null });
  });

  it('pays through the query when the callback is lost, and takes the receipt from a late one', async () => {
    setSwitches({ callback: 'lost' });
    const { answer: placed } = await placeWithMpesa();
    const orderId = placed.orderId!;
    await answer(placed.mpesa!.checkoutRequestId, '0');
    expect((await orderRow(shop, orderId)).status).toBe('pending');
    // The job asks 20 s after the prompt was sent.
    shop.clock.advance(21_000);
    expect(await reconcileMpesaPayments(shop.ctx)).toMatchObject({ checked: 1, transitioned: 1 });
    expect((await orderRow(shop, orderId)).status).toBe('completed');
    expect((await paymentOf(orderId))[0]).toMatchObject({ status: 'COMPLETED', confirmationCode: null, nextCheckAt: null });

    // Minutes later the callback arrives after all: it pays nothing more, and brings the receipt.
    const prompt = mpesa.core.prompts.get(placed.mpesa!.checkoutRequestId)!;
    const late = callbackBody(prompt);
    shop.clock.advance(5 * 60_000);
    const res = await shop.request(`/api/payments/mpesa/callback/${mpesaCallbackToken(shop.ctx.env)}`, { method: 'POST', json: late });
    expect(res.status).toBe(200);
    await waitFor('the receipt kept', async () => (await paymentOf(orderId))[0]?.confirmationCode === prompt.result!.receipt);
    expect(await paymentOf(orderId)).toHaveLength(1);
    expect((await orderRow(shop, orderId)).status).toBe('completed');
  });

  it('pays once when the callback comes three times', async () => {
    const { answer: placed } = await placeWithMpesa('0708 000 006');
    const orderId = placed.orderId!;
    shop.clock.advance(3_000);
    await mpesa.core.tick();
    await waitFor('the order paid', async () => (await orderRow(shop, orderId)).status === 'completed');
    await waitFor('three callbacks stored and processed', async () => {
      const rows = await shop.ctx.db.select().from(paymentNotifications).where(eq(paymentNotifications.source, 'mpesa'));
      return rows.length === 3 && rows.every((r) => r.processedAt !== null);
    });
    const attempts = await paymentOf(orderId);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ status: 'COMPLETED' });
    expect(await movementsOf(shop, orderId, 'sale')).toHaveLength(1);
  });

  it('a cancelled prompt fails the attempt with the reason; a second prompt pays the same order', async () => {
    const { answer: placed, user } = await placeWithMpesa();
    const orderId = placed.orderId!;
    // A second prompt while the first is on the phone is refused.
    const early = await shop.request(`/api/payments/orders/${orderId}/mpesa`, {
      method: 'POST',
      json: { phone: PAYER },
      cookie: user.cookie,
    });
    expect(early.status).toBe(409);
    expect(((await early.json()) as { error: { code: string } }).error.code).toBe('MPESA_PROMPT_OPEN');

    await answer(placed.mpesa!.checkoutRequestId, '1032');
    await waitFor('the attempt failed', async () => (await paymentOf(orderId))[0]?.status === 'FAILED');
    expect((await paymentOf(orderId))[0]).toMatchObject({ statusDescription: 'You cancelled the payment.' });
    expect((await orderRow(shop, orderId)).status).toBe('failed');

    const again = await shop.request(`/api/payments/orders/${orderId}/mpesa`, {
      method: 'POST',
      json: { phone: PAYER },
      cookie: user.cookie,
    });
    expect(again.status).toBe(200);
    const second = ((await again.json()) as { mpesa: { checkoutRequestId: string } }).mpesa;
    await answer(second.checkoutRequestId, '0');
    await waitFor('the order paid', async () => (await orderRow(shop, orderId)).status === 'completed');
    expect((await paymentOf(orderId)).map((t) => t.status)).toEqual(['FAILED', 'COMPLETED']);
  });

  it('gives up on a prompt nobody answers after three minutes, and still finds a late payment', async () => {
    setSwitches({ queryStaysPending: true, promptTimeoutMs: 3_600_000 });
    const { answer: placed } = await placeWithMpesa();
    const orderId = placed.orderId!;
    for (let s = 0; s < 200; s += 10) {
      shop.clock.advance(10_000);
      await reconcileMpesaPayments(shop.ctx);
    }
    expect((await paymentOf(orderId))[0]).toMatchObject({
      status: 'FAILED',
      statusDescription: 'The M-Pesa payment was not completed. Please try again.',
    });
    expect((await paymentOf(orderId))[0]?.nextCheckAt).not.toBeNull();
    setSwitches({ queryStaysPending: false, callback: 'lost' });
    await answer(placed.mpesa!.checkoutRequestId, '0');
    shop.clock.advance(5 * 60_000);
    await reconcileMpesaPayments(shop.ctx);
    expect((await paymentOf(orderId))[0]).toMatchObject({ status: 'COMPLETED', nextCheckAt: null });
    expect((await orderRow(shop, orderId)).status).toBe('completed');
  });

  it('refuses a total with cents before anything is held, and says why', async () => {
    const owner = await createUser(shop, { role: 'owner', name: 'Baraka Owner' });
    await shop.request('/api/admin/shop-details/prices-include-vat', { method: 'PUT', json: { on: false }, cookie: owner.cookie });
    const { status, answer: refused, tilapia } = await placeWithMpesa();
    const stock = await stockOf(shop, tilapia.id);
    expect(status).toBe(422);
    expect(refused.error).toMatchObject({
      code: 'MPESA_NOT_WHOLE_SHILLINGS',
      message: 'M-Pesa takes whole shillings only, and this total has cents. Please pay with Card or other (Pesapal).',
    });
    expect(refused.orderId).toBeUndefined();
    expect(await stockOf(shop, tilapia.id)).toBe(stock);
    expect(mpesa.core.prompts.size).toBe(0);
  });

  it('refuses a number M-Pesa cannot prompt, and a Pesapal page while a prompt is open', async () => {
    const bad = await placeWithMpesa('0201 234 567');
    expect(bad.status).toBe(400);
    expect(bad.answer.error?.fields?.mpesaPhone).toBe('Enter the Safaricom number that pays, e.g. 0712 345 678');

    const { answer: placed, user } = await placeWithMpesa();
    const pesapal = await shop.request(`/api/payments/orders/${placed.orderId}/retry`, { method: 'POST', cookie: user.cookie });
    expect(pesapal.status).toBe(409);
    expect(((await pesapal.json()) as { error: { code: string } }).error.code).toBe('MPESA_PROMPT_OPEN');
  });
});
