// A payment Pesapal reported FAILED can still be paid: on the hosted page a declined customer may
// retry and pay. The shop cancels a failed page at Pesapal, and when that is refused (a payment in
// flight) or too late, the payment that lands is applied once: the order sells the reservation it
// kept, sells again after its reservation ended, or is flagged.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outboundMail, paymentNotifications } from '../../src/server/db/schema';
import { applyPaymentStatus } from '../../src/server/features/payments/payment-status.service';
import { expireReservations, reconcilePayments } from '../../src/server/features/payments/reconciliation.service';
import { RESERVATION_MINUTES } from '../../src/domain/order-reasons';
import { dbKinds } from '../support/test-database';
import type { TestUser } from '../support/test-app';
import {
  disposeShop,
  movementsOf,
  orderRow,
  payOnSimulator,
  placePaidOrderAttempt,
  setStock,
  shopWithBuyer,
  stockOf,
  transactionsOf,
  type Shop,
} from './checkout-support';

const MINUTE = 60_000;

describe.each(dbKinds(import.meta.url))('a payment completed after it failed, on %s', (kind) => {
  let shop: Shop;
  let user: TestUser;
  let productId: string;
  let productName: string;
  let stockBefore: number;

  beforeEach(async () => {
    ({ shop, user, productId, productName, stockBefore } = await shopWithBuyer(kind));
  });
  afterEach(() => disposeShop(shop));

  const place = () => placePaidOrderAttempt(shop, user, [{ productId, quantity: 2 }]);
  const sync = (orderId: string) =>
    shop.request('/api/payments/sync', { method: 'POST', json: { orderIds: [orderId] }, cookie: user.cookie });
  const mails = () => shop.ctx.db.select().from(outboundMail).where(eq(outboundMail.to, 'achieng@example.test'));
  /** Pesapal cannot cancel anything (as while an M-Pesa payment is in flight). */
  const refuseCancellation = () => {
    const real = shop.ctx.integrations.pesapal;
    shop.ctx.integrations.pesapal = { ...real, cancelOrder: async () => ({ cancelled: false, message: 'in flight' }) };
  };

  it('cancels the failed page at Pesapal, so it cannot take money later', async () => {
    const { orderId, trackingId } = await place();
    await payOnSimulator(shop, trackingId, 'fail');
    expect((await orderRow(shop, orderId)).status).toBe('failed');
    expect((await transactionsOf(shop, orderId))[0]).toMatchObject({ status: 'FAILED', nextCheckAt: null });
    expect(shop.sim.state.orders.get(trackingId)?.cancelled).toBe(true);
    await expect(payOnSimulator(shop, trackingId, 'card')).rejects.toThrow(/no longer be paid/);
    shop.clock.advance(2 * MINUTE);
    expect(await reconcilePayments(shop.ctx)).toEqual({ checked: 0, transitioned: 0 });
  });

  it('an M-Pesa payment started on the failed page completes the order once, selling the reservation it kept', async () => {
    shop.sim.switches.dropIpn = true;
    const { orderId, trackingId } = await place();
    await payOnSimulator(shop, trackingId, 'fail');
    await payOnSimulator(shop, trackingId, 'mpesa'); // the customer retries at once: in flight
    // The shop learns of the decline while the M-Pesa payment is still being processed.
    expect((await sync(orderId)).status).toBe(200);
    expect((await orderRow(shop, orderId)).status).toBe('failed');
    expect(await stockOf(shop, productId)).toBe(stockBefore - 2); // still reserved for 'Pay again'
    expect(await movementsOf(shop, orderId, 'release')).toEqual([]);
    const [failed] = await transactionsOf(shop, orderId);
    expect(failed).toMatchObject({ status: 'FAILED' });
    expect(failed!.nextCheckAt).not.toBeNull(); // Pesapal refused to cancel: reconciliation watches it
    expect(shop.sim.state.orders.get(trackingId)?.cancelled).toBe(false);

    shop.sim.switches.dropIpn = false;
    await shop.sim.idle(); // M-Pesa completes and Pesapal sends the IPN
    const order = await orderRow(shop, orderId);
    expect(order).toMatchObject({ status: 'completed', needsAttention: false, attentionReason: null, cancelledReason: null });
    const [paid] = await transactionsOf(shop, orderId);
    expect(paid).toMatchObject({ status: 'COMPLETED', paymentMethod: 'MpesaKE', nextCheckAt: null });
    expect((await movementsOf(shop, orderId, 'sale')).map((m) => m.quantity)).toEqual([0]);
    expect(await stockOf(shop, productId)).toBe(stockBefore - 2);
    expect(await mails()).toHaveLength(1);

    // A repeated IPN changes nothing more.
    const again = await shop.request(
      `/api/payments/ipn?OrderTrackingId=${trackingId}&OrderMerchantReference=R&OrderNotificationType=IPNCHANGE`,
    );
    expect(again.status).toBe(200);
    // Within the repeat window of the last one: counted on the tracking id's row, not asked again.
    const rows = await shop.ctx.db
      .select({ outcome: paymentNotifications.outcome, count: paymentNotifications.count })
      .from(paymentNotifications)
      .where(eq(paymentNotifications.source, 'ipn'));
    expect(rows).toEqual([{ outcome: 'transitioned: COMPLETED', count: 2 }]);
    expect(await movementsOf(shop, orderId, 'sale')).toHaveLength(1);
    expect(await stockOf(shop, productId)).toBe(stockBefore - 2);
    expect(await mails()).toHaveLength(1);
  });

  it('reconciliation finds a payment on a page it could not cancel, and flags it when the reservation ended and the stock is gone', async () => {
    refuseCancellation();
    shop.sim.switches.dropIpn = true;
    const { orderId, trackingId } = await place();
    await payOnSimulator(shop, trackingId, 'fail');
    await sync(orderId);
    expect((await orderRow(shop, orderId)).status).toBe('failed');

    // Still failed at the next check: the cancellation is asked for again and the watch goes on.
    shop.clock.advance(MINUTE + 1000);
    expect(await reconcilePayments(shop.ctx)).toEqual({ checked: 1, transitioned: 0 });
    const [watched] = await transactionsOf(shop, orderId);
    expect(watched).toMatchObject({ status: 'FAILED', checkAttempts: 1 });
    expect(watched!.nextCheckAt!.getTime() - shop.clock.now().getTime()).toBe(MINUTE);

    // The reservation ends unpaid: the stock goes back, then others buy it.
    shop.clock.advance(RESERVATION_MINUTES * MINUTE);
    expect(await expireReservations(shop.ctx)).toEqual({ expired: 1 });
    expect((await movementsOf(shop, orderId, 'release')).map((m) => m.quantity)).toEqual([2]);
    await setStock(shop, productId, 1);
    await payOnSimulator(shop, trackingId, 'card');
    shop.clock.advance(MINUTE);
    expect(await reconcilePayments(shop.ctx)).toEqual({ checked: 1, transitioned: 1 });
    const order = await orderRow(shop, orderId);
    expect(order).toMatchObject({ status: 'completed', needsAttention: true });
    expect(order.attentionReason).toBe(
      `Payment ${watched!.merchantReference} completed after Pesapal had reported it failed and the reservation had ended; ` +
        `not enough stock for ${productName} (2 paid, 1 in stock). Refund it or find the goods.`,
    );
    expect(await movementsOf(shop, orderId, 'sale')).toEqual([]);
    expect(await stockOf(shop, productId)).toBe(1);
    expect((await transactionsOf(shop, orderId))[0]).toMatchObject({ status: 'COMPLETED', nextCheckAt: null });
    expect(await reconcilePayments(shop.ctx)).toEqual({ checked: 0, transitioned: 0 });
  });

  it('the Pesapal callback after paying on the failed page completes the order', async () => {
    refuseCancellation();
    shop.sim.switches.dropIpn = true;
    const { orderId, trackingId } = await place();
    await payOnSimulator(shop, trackingId, 'fail');
    await sync(orderId);
    expect((await orderRow(shop, orderId)).status).toBe('failed');
    await payOnSimulator(shop, trackingId, 'card');
    const lookup = await shop.request(`/api/payments/lookup?trackingId=${trackingId}`, { cookie: user.cookie });
    expect(await lookup.json()).toEqual({ orderId });
    expect((await orderRow(shop, orderId)).status).toBe('completed');
    expect((await movementsOf(shop, orderId, 'sale')).map((m) => m.quantity)).toEqual([0]);
    expect(await stockOf(shop, productId)).toBe(stockBefore - 2);
  });

  it('flags the order for a refund when it was already paid through another attempt', async () => {
    shop.sim.switches.dropIpn = true;
    const first = await place();
    await payOnSimulator(shop, first.trackingId, 'fail');
    const retry = await shop.request(`/api/payments/orders/${first.orderId}/retry`, { method: 'POST', cookie: user.cookie });
    expect(retry.status).toBe(200);
    const attempts = await transactionsOf(shop, first.orderId);
    const old = attempts.find((a) => a.pesapalTrackingId === first.trackingId)!;
    const current = attempts.find((a) => a.pesapalTrackingId !== first.trackingId)!;
    expect(old.status).toBe('FAILED');
    await payOnSimulator(shop, current.pesapalTrackingId!, 'card');
    await sync(first.orderId);
    expect((await orderRow(shop, first.orderId)).status).toBe('completed');

    // Pesapal reports the old page paid too (the customer paid there before the cancellation landed).
    const paidTwice = {
      statusCode: 1 as const,
      status: 'COMPLETED' as const,
      description: null,
      paymentMethod: 'Visa',
      amountCents: old.amount,
      currency: 'KES',
      merchantReference: old.merchantReference,
      confirmationCode: '123',
      paymentAccount: '',
      createdAt: null,
      raw: {},
    };
    expect((await applyPaymentStatus(shop.ctx, first.trackingId, paidTwice)).outcome).toBe('transitioned');
    expect((await applyPaymentStatus(shop.ctx, first.trackingId, paidTwice)).outcome).toBe('unchanged');
    const order = await orderRow(shop, first.orderId);
    expect(order).toMatchObject({ status: 'completed', needsAttention: true });
    expect(order.attentionReason).toBe(`Payment ${old.merchantReference} completed for an order that was already completed: refund it.`);
    expect(await movementsOf(shop, first.orderId, 'sale')).toHaveLength(1);
    expect(await stockOf(shop, productId)).toBe(stockBefore - 2);
  });
});
