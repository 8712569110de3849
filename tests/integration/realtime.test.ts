import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STREAMS_PER_USER } from '../../src/server/features/realtime/realtime.routes';
import { realtimeHubFor } from '../../src/server/features/realtime/realtime-hub';
import { createTestApp, createUser, type TestApp, type TestUser } from '../support/test-app';
import { dbKinds } from '../support/test-database';
import { insertOrder, setOrderStatus, setPaymentStatus } from './orders-fixtures';
import { openEventStream, type StreamReader } from './realtime-fixtures';

describe.each(dbKinds(import.meta.url))('the live event stream on %s', (kind) => {
  let t: TestApp;
  let amina: TestUser;
  let brian: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    amina = await createUser(t);
    brian = await createUser(t);
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('is for signed-in customers only', async () => {
    const res = await t.request('/api/realtime/events');
    expect(res.status).toBe(401);
  });

  it('answers as an event stream that tells the browser how soon to reconnect', async () => {
    const res = await t.request('/api/realtime/events', { cookie: amina.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store, no-transform');
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toMatch(/^retry: \d+\n: connected\n\n$/);
    await reader.cancel();
  });

  it('carries each customer’s own order and payment changes and never another customer’s', async () => {
    const aminaStream = await openEventStream(t.request, amina.cookie);
    const brianStream = await openEventStream(t.request, brian.cookie);
    try {
      const db = t.ctx.db;
      const brianOrder = await insertOrder(db, { userId: brian.id, payments: ['PENDING'] });
      const aminaOrder = await insertOrder(db, { userId: amina.id, payments: ['PENDING'] });
      await setPaymentStatus(db, brianOrder.transactionIds[0]!, 'FAILED');
      await setOrderStatus(db, brianOrder.orderId, 'failed');
      await setPaymentStatus(db, aminaOrder.transactionIds[0]!, 'COMPLETED');
      await setOrderStatus(db, aminaOrder.orderId, 'completed', 'processing');
      // Notifications arrive in commit order: once each stream has its customer's last change, it
      // has been offered every change made before it.
      const brianLast = await insertOrder(db, { userId: brian.id });
      await aminaStream.waitFor((e) => e.kind === 'order' && e.status === 'completed');
      await brianStream.waitFor((e) => e.orderId === brianLast.orderId);

      expect(aminaStream.events).toEqual([
        { kind: 'order', orderId: aminaOrder.orderId, status: 'pending', oldStatus: null, fulfilmentStatus: 'unfulfilled' },
        { kind: 'payment', orderId: aminaOrder.orderId, status: 'PENDING', oldStatus: null },
        { kind: 'payment', orderId: aminaOrder.orderId, status: 'COMPLETED', oldStatus: 'PENDING' },
        { kind: 'order', orderId: aminaOrder.orderId, status: 'completed', oldStatus: 'pending', fulfilmentStatus: 'processing' },
      ]);
      expect(brianStream.events).toEqual([
        { kind: 'order', orderId: brianOrder.orderId, status: 'pending', oldStatus: null, fulfilmentStatus: 'unfulfilled' },
        { kind: 'payment', orderId: brianOrder.orderId, status: 'PENDING', oldStatus: null },
        { kind: 'payment', orderId: brianOrder.orderId, status: 'FAILED', oldStatus: 'PENDING' },
        { kind: 'order', orderId: brianOrder.orderId, status: 'failed', oldStatus: 'pending', fulfilmentStatus: 'unfulfilled' },
        { kind: 'order', orderId: brianLast.orderId, status: 'pending', oldStatus: null, fulfilmentStatus: 'unfulfilled' },
      ]);
    } finally {
      aminaStream.close();
      brianStream.close();
    }
  });

  it('tells the customer’s tabs when Pesapal first reports a payment that is still pending', async () => {
    const order = await insertOrder(t.ctx.db, { userId: brian.id, payments: ['PENDING'] });
    const trackingId = `track-${order.orderId}-0`;
    const pending = async () =>
      (await (await t.request('/api/orders/pending-count', { cookie: brian.cookie })).json()) as { count: number };
    // Not yet seen by Pesapal: the order is not waiting for a payment.
    expect(await pending()).toEqual({ count: 0 });
    const stream = await openEventStream(t.request, brian.cookie);
    try {
      const ipn = await t.request(
        `/api/payments/ipn?OrderTrackingId=${trackingId}&OrderMerchantReference=ORDER-${order.orderId}-0&OrderNotificationType=IPNCHANGE`,
      );
      expect(ipn.status).toBe(200);
      // The payment's status did not change, so the event announces nothing; the tab counts again.
      await stream.waitFor((e) => e.orderId === order.orderId);
      expect(stream.events).toEqual([{ kind: 'payment', orderId: order.orderId, status: 'PENDING', oldStatus: 'PENDING' }]);
      expect(await pending()).toEqual({ count: 1 });
    } finally {
      stream.close();
    }
  });

  it('delivers to every open tab of the customer, and forgets a tab once it disconnects', async () => {
    const hub = await realtimeHubFor(t.ctx.database, t.ctx.logger);
    // Streams closed by the tests before are let go asynchronously.
    await expect.poll(() => hub.connectionCount(amina.id)).toBe(0);
    const tabs: StreamReader[] = [await openEventStream(t.request, amina.cookie), await openEventStream(t.request, amina.cookie)];
    expect(hub.connectionCount(amina.id)).toBe(2);
    const order = await insertOrder(t.ctx.db, { userId: amina.id });
    for (const tab of tabs) await tab.waitFor((e) => e.orderId === order.orderId);
    for (const tab of tabs) tab.close();
    await expect.poll(() => hub.connectionCount(amina.id)).toBe(0);
  });

  it(`refuses more than ${MAX_STREAMS_PER_USER} open streams for one customer`, async () => {
    const streams: StreamReader[] = [];
    try {
      for (let i = 0; i < MAX_STREAMS_PER_USER; i++) streams.push(await openEventStream(t.request, brian.cookie));
      const extra = await t.request('/api/realtime/events', { cookie: brian.cookie });
      expect(extra.status).toBe(429);
      expect((await extra.json()).error.message).toBe('Too many live connections. Close some tabs and try again.');
    } finally {
      for (const s of streams) s.close();
    }
  });
});
