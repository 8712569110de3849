// One order, one payment state: the customer's orders, the payment behind them, the status sync and
// the back office all show the order's current attempt (src/server/features/orders/current-attempt.ts).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paymentNotifications } from '../../src/server/db/schema';
import type { OrdersResponse, TransactionView } from '../../src/server/features/orders/orders.service';
import { dbKinds } from '../support/test-database';
import { createUser, type TestUser } from '../support/test-app';
import {
  createShop,
  customer,
  disposeShop,
  orderRow,
  payOnSimulator,
  placePaidOrderAttempt,
  productBySlug,
  transactionsOf,
  type Shop,
} from './checkout-support';

interface AdminList {
  items: { id: string; paymentStatus: string | null }[];
}

describe.each(dbKinds(import.meta.url))('the current payment attempt of an order, on %s', (kind) => {
  let shop: Shop;
  let user: TestUser;
  let admin: TestUser;
  let productId: string;

  beforeEach(async () => {
    shop = await createShop(kind);
    user = await customer(shop);
    admin = await createUser(shop, { role: 'owner' });
    productId = (await productBySlug(shop, 'fresh-whole-tilapia')).id;
  });
  afterEach(() => disposeShop(shop));

  const place = () => placePaidOrderAttempt(shop, user, [{ productId, quantity: 1 }]);
  const payAgain = async (orderId: string) => {
    const res = await shop.request(`/api/payments/orders/${orderId}/retry`, { method: 'POST', cookie: user.cookie });
    expect(res.status).toBe(200);
    return new URL(((await res.json()) as { iframeUrl: string }).iframeUrl).searchParams.get('OrderTrackingId')!;
  };
  const asCustomer = async <T>(path: string) => (await (await shop.request(path, { cookie: user.cookie })).json()) as T;
  const asAdmin = async <T>(path: string) => (await (await shop.request(`/api/admin${path}`, { cookie: admin.cookie })).json()) as T;
  const synced = async (orderId: string) => {
    const res = await shop.request('/api/payments/sync', { method: 'POST', json: { orderIds: [orderId] }, cookie: user.cookie });
    return ((await res.json()) as { results: { newStatus: string | null }[] }).results[0]!.newStatus;
  };
  /** The payment state of the order as each screen shows it. */
  const screens = async (orderId: string) => {
    const mine = await asCustomer<OrdersResponse>('/api/orders');
    const transaction = await asCustomer<TransactionView>(`/api/orders/${orderId}/transaction`);
    const backOffice = await asAdmin<AdminList>('/orders');
    return {
      awaiting: mine.awaitingPayment.find((o) => o.id === orderId)?.paymentStatus ?? null,
      transaction: transaction.status,
      sync: await synced(orderId),
      backOffice: backOffice.items.find((o) => o.id === orderId)?.paymentStatus,
    };
  };
  const filteredIds = async (paymentStatus: string) =>
    (await asAdmin<AdminList>(`/orders?paymentStatus=${paymentStatus}`)).items.map((o) => o.id);

  it('a failed then a pending attempt: every screen shows the pending one', async () => {
    const { orderId, trackingId } = await place();
    await payOnSimulator(shop, trackingId, 'fail');
    const second = await payAgain(orderId);
    expect((await transactionsOf(shop, orderId)).map((t) => t.status).sort()).toEqual(['FAILED', 'PENDING']);

    expect(await screens(orderId)).toEqual({ awaiting: 'PENDING', transaction: 'PENDING', sync: 'PENDING', backOffice: 'PENDING' });
    const transaction = await asCustomer<TransactionView>(`/api/orders/${orderId}/transaction`);
    expect(transaction).toMatchObject({ pesapalTrackingId: second, merchantReference: `ORD-${orderId.slice(0, 8)}-2` });
    expect(await filteredIds('PENDING')).toContain(orderId);
    expect(await filteredIds('FAILED')).not.toContain(orderId);
    // The header counts it only once Pesapal has seen the new attempt's payment (the first was seen, and failed).
    expect((await asCustomer<{ count: number }>('/api/orders/pending-count')).count).toBe(0);
    await shop.ctx.db.insert(paymentNotifications).values({ source: 'callback', trackingId: second, raw: {} });
    expect((await asCustomer<{ count: number }>('/api/orders/pending-count')).count).toBe(1);
  });

  it('the failed page paid after a newer attempt opened: the paid attempt is current on every screen', async () => {
    // Pesapal cannot cancel the declined page (an M-Pesa payment in flight), so it can still be paid.
    const real = shop.ctx.integrations.pesapal;
    shop.ctx.integrations.pesapal = { ...real, cancelOrder: async () => ({ cancelled: false, message: 'in flight' }) };
    const { orderId, trackingId } = await place();
    await payOnSimulator(shop, trackingId, 'fail');
    const second = await payAgain(orderId);
    await payOnSimulator(shop, trackingId, 'card');
    expect((await orderRow(shop, orderId)).status).toBe('completed');
    const attempts = await transactionsOf(shop, orderId);
    const newest = attempts.find((t) => t.pesapalTrackingId === second)!;
    expect(newest.status).not.toBe('COMPLETED'); // the newest attempt is not the one that paid

    expect(await screens(orderId)).toEqual({ awaiting: null, transaction: 'COMPLETED', sync: 'COMPLETED', backOffice: 'COMPLETED' });
    expect(await filteredIds('COMPLETED')).toContain(orderId);
    expect(await filteredIds(newest.status)).not.toContain(orderId);
  });
});
