// The background work: reconciliation of payments whose IPN never came, and the 30-minute
// reservation expiry (stock back exactly once, open Pesapal pages cancelled).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startBackgroundJobs } from '../../src/server/jobs';
import { expireReservations, reconcilePayments } from '../../src/server/features/payments/reconciliation.service';
import { liveEventActions } from '../../src/web/features/payments/live-event-actions';
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
import { openEventStream } from './realtime-fixtures';

const MINUTE = 60_000;

describe.each(dbKinds(import.meta.url))('reconciliation and reservation expiry on %s', (kind) => {
  let shop: Shop;
  let user: TestUser;
  let productId: string;
  let stockBefore: number;

  beforeEach(async () => {
    ({ shop, user, productId, stockBefore } = await shopWithBuyer(kind));
  });
  afterEach(() => disposeShop(shop));

  const place = () => placePaidOrderAttempt(shop, user, [{ productId, quantity: 3 }]);

  it('completes a payment whose IPN never came, after the first minute', async () => {
    shop.sim.switches.dropIpn = true;
    const { orderId, trackingId } = await place();
    await payOnSimulator(shop, trackingId, 'card');
    expect(await reconcilePayments(shop.ctx)).toEqual({ checked: 0, transitioned: 0 });
    shop.clock.advance(MINUTE + 1000);
    expect(await reconcilePayments(shop.ctx)).toEqual({ checked: 1, transitioned: 1 });
    expect((await orderRow(shop, orderId)).status).toBe('completed');
    expect(await movementsOf(shop, orderId, 'sale')).toHaveLength(1);
    expect(await reconcilePayments(shop.ctx)).toEqual({ checked: 0, transitioned: 0 });
  });

  it('backs off while the payment stays unpaid', async () => {
    const { orderId } = await place();
    shop.clock.advance(MINUTE + 1000);
    expect((await reconcilePayments(shop.ctx)).checked).toBe(1);
    const [first] = await transactionsOf(shop, orderId);
    expect(first).toMatchObject({ status: 'PENDING', checkAttempts: 1 });
    expect(first!.nextCheckAt!.getTime() - shop.clock.now().getTime()).toBe(MINUTE);
    expect((await reconcilePayments(shop.ctx)).checked).toBe(0);
    shop.clock.advance(MINUTE);
    expect((await reconcilePayments(shop.ctx)).checked).toBe(1);
    const [second] = await transactionsOf(shop, orderId);
    expect(second!.checkAttempts).toBe(2);
    expect(second!.nextCheckAt!.getTime() - shop.clock.now().getTime()).toBe(2 * MINUTE);
  });

  it('releases an unpaid reservation after 30 minutes, once, and cancels the payment page', async () => {
    const { orderId, trackingId } = await place();
    expect(await stockOf(shop, productId)).toBe(stockBefore - 3);
    shop.clock.advance(29 * MINUTE);
    expect(await expireReservations(shop.ctx)).toEqual({ expired: 0 });
    shop.clock.advance(2 * MINUTE);
    const [a, b] = await Promise.all([expireReservations(shop.ctx), expireReservations(shop.ctx)]);
    expect(a.expired + b.expired).toBe(1);
    expect(await expireReservations(shop.ctx)).toEqual({ expired: 0 });

    expect(await stockOf(shop, productId)).toBe(stockBefore);
    expect(await movementsOf(shop, orderId, 'release')).toMatchObject([{ quantity: 3, stockAfter: stockBefore }]);
    const order = await orderRow(shop, orderId);
    expect(order).toMatchObject({ status: 'failed', reservationExpiresAt: null, cancelledReason: 'Not paid within 30 minutes' });
    expect((await transactionsOf(shop, orderId))[0]).toMatchObject({
      status: 'FAILED',
      statusDescription: 'Cancelled: not paid within 30 minutes',
    });
    expect(shop.sim.state.orders.get(trackingId)?.cancelled).toBe(true);
    await expect(payOnSimulator(shop, trackingId, 'card')).rejects.toThrow(/cancelled/);
  });

  it('tells the customer’s browser why the order ended: no failure notice for an order left unpaid', async () => {
    const stream = await openEventStream(shop.request, user.cookie);
    try {
      const left = await place();
      const declined = await place();
      await payOnSimulator(shop, declined.trackingId, 'fail');
      shop.clock.advance(31 * MINUTE);
      // Both reservations end: the declined order had kept its stock for 'Pay again'.
      expect(await expireReservations(shop.ctx)).toEqual({ expired: 2 });
      const failedOrder = (orderId: string) => stream.waitFor((e) => e.kind === 'order' && e.orderId === orderId && e.status === 'failed');
      const expired = await failedOrder(left.orderId);
      expect(expired).toEqual({
        kind: 'order',
        orderId: left.orderId,
        status: 'failed',
        oldStatus: 'pending',
        fulfilmentStatus: 'unfulfilled',
        reason: 'Not paid within 30 minutes',
      });
      expect(liveEventActions(expired).outcome).toBeNull();
      const paymentFailed = await failedOrder(declined.orderId);
      expect(paymentFailed).not.toHaveProperty('reason');
      expect(liveEventActions(paymentFailed).outcome).toBe('failed');
    } finally {
      stream.close();
    }
  });

  it('a payment made in the last minute completes the order instead of expiring it', async () => {
    shop.sim.switches.dropIpn = true;
    const { orderId, trackingId } = await place();
    await payOnSimulator(shop, trackingId, 'card');
    shop.clock.advance(31 * MINUTE);
    expect(await expireReservations(shop.ctx)).toEqual({ expired: 0 });
    expect((await orderRow(shop, orderId)).status).toBe('completed');
    expect(await movementsOf(shop, orderId, 'release')).toEqual([]);
    expect(await stockOf(shop, productId)).toBe(stockBefore - 3);
  });

  it('a payment that lands after expiry takes the stock again, or flags the shortfall', async () => {
    const real = shop.ctx.integrations.pesapal;
    // Pesapal cannot cancel (an M-Pesa payment in flight), so the page stays payable.
    shop.ctx.integrations.pesapal = { ...real, cancelOrder: async () => ({ cancelled: false, message: 'in flight' }) };
    shop.sim.switches.dropIpn = true;
    const first = await place();
    const second = await place();
    shop.clock.advance(31 * MINUTE);
    expect(await expireReservations(shop.ctx)).toEqual({ expired: 2 });
    expect(await stockOf(shop, productId)).toBe(stockBefore);

    await setStock(shop, productId, 4);
    await payOnSimulator(shop, first.trackingId, 'card');
    await payOnSimulator(shop, second.trackingId, 'card');
    await reconcilePayments(shop.ctx);

    const a = await orderRow(shop, first.orderId);
    const b = await orderRow(shop, second.orderId);
    expect(a).toMatchObject({ status: 'completed', needsAttention: false });
    expect(await movementsOf(shop, first.orderId, 'sale')).toMatchObject([{ quantity: -3, stockAfter: 1 }]);
    expect(b).toMatchObject({ status: 'completed', needsAttention: true });
    expect(b.attentionReason).toContain('not enough stock');
    expect(await movementsOf(shop, second.orderId, 'sale')).toEqual([]);
    expect(await stockOf(shop, productId)).toBe(1);
  });

  it('runs both jobs on their own, under their locks', async () => {
    const { orderId } = await place();
    shop.clock.advance(31 * MINUTE);
    const stop = startBackgroundJobs(shop.ctx, { reservationExpiryMs: 20, reconciliationMs: 20 });
    try {
      for (let i = 0; i < 200 && (await orderRow(shop, orderId)).status === 'pending'; i++) {
        await new Promise((r) => setTimeout(r, 25));
      }
    } finally {
      await stop();
    }
    expect((await orderRow(shop, orderId)).status).toBe('failed');
    expect(await stockOf(shop, productId)).toBe(stockBefore);
  });
});
