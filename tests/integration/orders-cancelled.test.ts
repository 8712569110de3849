// What a customer's /api/orders says about a cancelled order: the shop's reason and what happened to
// the money (nothing taken, refund requested, refunded), for their own orders only.
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail, OrdersResponse } from '../../src/server/features/orders/orders.service';
import { refreshPayment } from '../../src/server/features/payments/payment-refresh.service';
import { createUser } from '../support/test-app';
import { dbKinds } from '../support/test-database';
import { body, decideRefund, payByCard, placeOrder, placeOrderPaidTwice, withAdminApp } from './admin-helpers';
import { insertProducts } from '../../src/server/features/catalog/new-products';

describe.each(dbKinds(import.meta.url))('cancelled orders as the customer sees them on %s', (kind) => {
  const s = withAdminApp(kind);
  let productId: string;
  const mine = async (cookie = s.customer.cookie) => body<OrdersResponse>(await s.t.request('/api/orders', { cookie }));
  const inList = async (orderId: string) => (await mine()).orders.find((o) => o.id === orderId);
  const cancel = (orderId: string, reason: string) => s.asAdmin(`/orders/${orderId}/cancel`, { method: 'POST', json: { reason } });

  beforeAll(async () => {
    const [row] = await insertProducts(s.t.ctx.db, [
      { name: 'Customer View Tilapia', slug: 'customer-view-tilapia', category: 'fish', price: 60_000, stock: 30 },
    ]);
    productId = row!.id;
  });

  it('says why an unpaid order was cancelled and that no money was taken', async () => {
    const { orderId } = await placeOrder(s, [{ productId, quantity: 1 }]);
    expect((await cancel(orderId, 'We cannot deliver to your area today')).status).toBe(200);
    expect(await inList(orderId)).toMatchObject({
      status: 'cancelled',
      cancelledReason: 'We cannot deliver to your area today',
      paidPayments: [],
    });
  });

  it('shows a delivered order refunded by the shop: the reason, refund requested, then refunded', async () => {
    const { orderId, trackingId } = await placeOrder(s, [{ productId, quantity: 2 }]);
    await payByCard(s, trackingId);
    expect((await s.asAdmin(`/orders/${orderId}/fulfilment`, { method: 'POST', json: { status: 'delivered' } })).status).toBe(200);
    const paid = await inList(orderId);
    expect(paid).toMatchObject({ status: 'completed', cancelledReason: null, paidPayments: [{ refund: 'none', currency: 'KES' }] });

    // Pesapal has accepted the refund, and the merchant has not approved it in its dashboard yet.
    expect((await cancel(orderId, 'The fish was not fresh')).status).toBe(200);
    await refreshPayment(s.t.ctx, trackingId);
    const requested = await inList(orderId);
    expect(requested).toMatchObject({
      status: 'refund_requested',
      fulfilmentStatus: 'delivered',
      cancelledReason: 'The fish was not fresh',
      paidPayments: [{ amountCents: paid!.totalCents, refund: 'requested' }],
    });

    await decideRefund(s, trackingId, 'approve');
    expect(await inList(orderId)).toMatchObject({ status: 'cancelled' });
    expect((await inList(orderId))?.paidPayments).toEqual([
      { amountCents: paid!.totalCents, currency: 'KES', refund: 'refunded', refundCents: paid!.totalCents },
    ]);
    const one = await body<OrderDetail>(await s.t.request(`/api/orders/${orderId}`, { cookie: s.customer.cookie }));
    expect(one).toMatchObject({ cancelledReason: 'The fish was not fresh', paidPayments: [{ refund: 'refunded' }] });
  });

  it('shows a second payment refunded on an order that stays paid', async () => {
    const { orderId, extraTrackingId } = await placeOrderPaidTwice(s, [{ productId, quantity: 1 }]);
    const detail = await body<{ payments: { id: string; trackingId: string }[] }>(await s.asAdmin(`/orders/${orderId}`));
    const extra = detail.payments.find((p) => p.trackingId === extraTrackingId)!;
    expect(
      (await s.asAdmin(`/orders/${orderId}/payments/${extra.id}/refund`, { method: 'POST', json: { reason: 'Paid twice' } })).status,
    ).toBe(200);
    await refreshPayment(s.t.ctx, extraTrackingId);
    expect((await inList(orderId))?.paidPayments.map((p) => p.refund).sort()).toEqual(['none', 'requested']);
    await decideRefund(s, extraTrackingId, 'approve');
    const order = await inList(orderId);
    expect(order?.status).toBe('completed');
    expect(order?.paidPayments.map((p) => p.refund).sort()).toEqual(['none', 'refunded']);
  });

  it('shows none of it to anyone else', async () => {
    const stranger = await createUser(s.t);
    const { orders } = await mine(stranger.cookie);
    expect(orders).toEqual([]);
    const theirs = (await mine()).orders[0]!;
    expect((await s.t.request(`/api/orders/${theirs.id}`, { cookie: stranger.cookie })).status).toBe(404);
  });
});
