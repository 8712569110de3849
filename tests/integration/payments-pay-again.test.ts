// 'Pay again' after a declined payment pays the same order: the decline keeps the reservation, the
// new attempt runs on the same order, and whatever order Pesapal's reports arrive in, the money is
// applied once and the stock sold once.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RESERVATION_MINUTES } from '../../src/domain/order-reasons';
import { outboundMail, orders } from '../../src/server/db/schema';
import type { OrdersResponse } from '../../src/server/features/orders/orders.service';
import { applyPaymentStatus } from '../../src/server/features/payments/payment-status.service';
import { expireReservations } from '../../src/server/features/payments/reconciliation.service';
import { dbKinds } from '../support/test-database';
import type { TestUser } from '../support/test-app';
import {
  customer,
  disposeShop,
  movementsOf,
  orderBody,
  orderRow,
  payOnSimulator,
  placePaidOrderAttempt,
  postOrder,
  shopWithBuyer,
  stockOf,
  transactionsOf,
  type Shop,
} from './checkout-support';

const MINUTE = 60_000;

describe.each(dbKinds(import.meta.url))('paying a declined order again on %s', (kind) => {
  let shop: Shop;
  let user: TestUser;
  let productId: string;
  let stockBefore: number;

  beforeEach(async () => {
    ({ shop, user, productId, stockBefore } = await shopWithBuyer(kind));
  });
  afterEach(() => disposeShop(shop));

  const place = () => placePaidOrderAttempt(shop, user, [{ productId, quantity: 2 }]);
  const payAgain = async (orderId: string) => {
    const res = await shop.request(`/api/payments/orders/${orderId}/retry`, { method: 'POST', cookie: user.cookie });
    return {
      status: res.status,
      json: (await res.json()) as { iframeUrl?: string; error?: { code: string; message: string; orderId?: string } },
    };
  };
  const trackingOf = (iframeUrl: string) => new URL(iframeUrl).searchParams.get('OrderTrackingId')!;
  const myOrders = async () => (await (await shop.request('/api/orders', { cookie: user.cookie })).json()) as OrdersResponse;
  const confirmations = async (orderId: string) =>
    (await shop.ctx.db.select().from(outboundMail).where(eq(outboundMail.to, 'achieng@example.test'))).filter((m) =>
      m.subject.includes(orderId.slice(0, 8)),
    );

  it('a declined order offers Pay again in My Orders; paying again completes that same order, one order in the list', async () => {
    const { orderId, trackingId } = await place();
    await payOnSimulator(shop, trackingId, 'fail');
    let list = await myOrders();
    expect(list.orders.map((o) => [o.id, o.status, o.canPayAgain])).toEqual([[orderId, 'failed', true]]);
    expect(await stockOf(shop, productId)).toBe(stockBefore - 2);

    const again = await payAgain(orderId);
    expect(again.status).toBe(200);
    expect((await orderRow(shop, orderId)).status).toBe('pending');
    await payOnSimulator(shop, trackingOf(again.json.iframeUrl!), 'card');

    list = await myOrders();
    expect(list.awaitingPayment).toEqual([]);
    expect(list.orders).toHaveLength(1);
    const [paid] = list.orders;
    expect(paid).toMatchObject({ id: orderId, status: 'completed', canPayAgain: false });
    // The failed attempt is shown under the order it belongs to.
    expect(paid!.paymentAttempts.map((a) => [a.merchantReference, a.status])).toEqual([
      [`ORD-${orderId.slice(0, 8)}-1`, 'FAILED'],
      [`ORD-${orderId.slice(0, 8)}-2`, 'COMPLETED'],
    ]);
    expect((await movementsOf(shop, orderId)).map((m) => `${m.kind} ${m.quantity}`).sort()).toEqual(['reservation -2', 'sale 0']);
    expect(await stockOf(shop, productId)).toBe(stockBefore - 2);
    expect(await confirmations(orderId)).toHaveLength(1);
  });

  it('checkout again with the same key pays the declined order instead of placing a second one', async () => {
    const key = `key-${crypto.randomUUID()}`;
    const body = orderBody([{ productId, quantity: 2 }], { idempotencyKey: key });
    const first = await postOrder(shop, user, body);
    await payOnSimulator(shop, trackingOf(first.json.iframeUrl!), 'fail');
    const second = await postOrder(shop, user, body);
    expect(second.status).toBe(200);
    expect(second.json.orderId).toBe(first.json.orderId);
    expect(await shop.ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);
  });

  it('two Pay again calls at once leave one payable page, and the order is paid once', async () => {
    const { orderId, trackingId } = await place();
    await payOnSimulator(shop, trackingId, 'fail');
    const [a, b] = await Promise.all([payAgain(orderId), payAgain(orderId)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    // Either both got the same new page, or the later one superseded the earlier (cancelled at Pesapal).
    const open = (await transactionsOf(shop, orderId)).filter((t) => t.status === 'PENDING');
    expect(open).toHaveLength(1);
    const pages = new Set([trackingOf(a.json.iframeUrl!), trackingOf(b.json.iframeUrl!)]);
    for (const page of pages) {
      if (page !== open[0]!.pesapalTrackingId) expect(shop.sim.state.orders.get(page)?.cancelled).toBe(true);
    }
    await payOnSimulator(shop, open[0]!.pesapalTrackingId!, 'card');
    expect((await orderRow(shop, orderId)).status).toBe('completed');
    expect(await movementsOf(shop, orderId, 'sale')).toHaveLength(1);
    expect(await movementsOf(shop, orderId, 'reservation')).toHaveLength(1);
    expect(await stockOf(shop, productId)).toBe(stockBefore - 2);
    expect(await confirmations(orderId)).toHaveLength(1);
  });

  it('a late COMPLETED for the old attempt completes the order once and closes the new page; a second payment is flagged for a refund', async () => {
    const refuse = shop.ctx.integrations.pesapal;
    const { orderId, trackingId } = await place();
    await payOnSimulator(shop, trackingId, 'fail');
    const again = await payAgain(orderId);
    const newTracking = trackingOf(again.json.iframeUrl!);
    const [old] = (await transactionsOf(shop, orderId)).filter((t) => t.pesapalTrackingId === trackingId);
    const completed = {
      statusCode: 1 as const,
      status: 'COMPLETED' as const,
      description: null,
      paymentMethod: 'Visa',
      amountCents: old!.amount,
      currency: 'KES',
      merchantReference: old!.merchantReference,
      confirmationCode: 'LATE1',
      paymentAccount: '',
      createdAt: null,
      raw: {},
    };
    // Pesapal reports the old page paid after all (the customer paid there before it was cancelled).
    expect((await applyPaymentStatus(shop.ctx, trackingId, completed)).outcome).toBe('transitioned');
    expect(await orderRow(shop, orderId)).toMatchObject({ status: 'completed', needsAttention: false });
    expect(shop.sim.state.orders.get(newTracking)?.cancelled).toBe(true);
    expect(await stockOf(shop, productId)).toBe(stockBefore - 2);

    // Had the new page taken money too, it is recorded and flagged, never sold twice.
    shop.ctx.integrations.pesapal = refuse;
    const [current] = (await transactionsOf(shop, orderId)).filter((t) => t.pesapalTrackingId === newTracking);
    const second = { ...completed, merchantReference: current!.merchantReference, confirmationCode: 'SECOND' };
    await applyPaymentStatus(shop.ctx, newTracking, second);
    const order = await orderRow(shop, orderId);
    expect(order).toMatchObject({ status: 'completed', needsAttention: true });
    expect(order.attentionReason).toContain('refund it');
    expect(await movementsOf(shop, orderId, 'sale')).toHaveLength(1);
    expect(await stockOf(shop, productId)).toBe(stockBefore - 2);
    expect(await confirmations(orderId)).toHaveLength(1);
  });

  it('once the reservation has ended the order cannot be paid again: the stock went back', async () => {
    const { orderId, trackingId } = await place();
    await payOnSimulator(shop, trackingId, 'fail');
    shop.clock.advance(RESERVATION_MINUTES * MINUTE);
    expect(await expireReservations(shop.ctx)).toEqual({ expired: 1 });
    expect(await stockOf(shop, productId)).toBe(stockBefore);
    const list = await myOrders();
    expect(list.orders.map((o) => [o.status, o.canPayAgain])).toEqual([['failed', false]]);
    const again = await payAgain(orderId);
    expect(again.status).toBe(409);
    expect(again.json.error).toEqual({ code: 'CONFLICT', message: 'This order can no longer be paid. Please place a new order.', orderId });
    expect(await transactionsOf(shop, orderId)).toHaveLength(1);
  });

  it('Pay again is refused for another customer’s order', async () => {
    const { orderId, trackingId } = await place();
    await payOnSimulator(shop, trackingId, 'fail');
    const stranger = await customer(shop);
    const res = await shop.request(`/api/payments/orders/${orderId}/retry`, { method: 'POST', cookie: stranger.cookie });
    expect(res.status).toBe(404);
    expect((await orderRow(shop, orderId)).status).toBe('failed');
  });
});
