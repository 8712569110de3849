import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLogs, paymentNotifications } from '../../src/server/db/schema';
import type { OrdersResponse, TransactionView } from '../../src/server/features/orders/orders.service';
import { createTestApp, createUser, type TestApp, type TestUser } from '../support/test-app';
import { dbKinds } from '../support/test-database';
import { insertOrder, setPaymentStatus } from './orders-fixtures';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

describe.each(dbKinds(import.meta.url))('the customer’s orders on %s', (kind) => {
  let t: TestApp;
  let amina: TestUser;
  let brian: TestUser;
  const ids: Record<string, string> = {};
  let aminaPendingTx = '';

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    amina = await createUser(t);
    brian = await createUser(t);
    const db = t.ctx.db;
    ids.oldCompleted = (
      await insertOrder(db, {
        userId: amina.id,
        status: 'completed',
        fulfilmentStatus: 'delivered',
        payments: ['COMPLETED'],
        createdAt: minutesAgo(300),
      })
    ).orderId;
    ids.failed = (await insertOrder(db, { userId: amina.id, status: 'failed', payments: ['FAILED'], createdAt: minutesAgo(200) })).orderId;
    ids.cancelled = (await insertOrder(db, { userId: amina.id, status: 'cancelled', createdAt: minutesAgo(100) })).orderId;
    const pending = await insertOrder(db, {
      userId: amina.id,
      status: 'pending',
      payments: ['PENDING'],
      createdAt: minutesAgo(10),
      phone: '+254712345678',
    });
    ids.pending = pending.orderId;
    aminaPendingTx = pending.transactionIds[0]!;
    // An abandoned attempt followed by a failed one: not a pending payment any more.
    ids.retriedFailed = (
      await insertOrder(db, { userId: amina.id, status: 'pending', payments: ['PENDING', 'FAILED'], createdAt: minutesAgo(5) })
    ).orderId;
    ids.brianCompleted = (
      await insertOrder(db, { userId: brian.id, status: 'completed', payments: ['COMPLETED'], createdAt: minutesAgo(1) })
    ).orderId;
    ids.brianPending = (
      await insertOrder(db, { userId: brian.id, status: 'pending', payments: ['PENDING'], createdAt: minutesAgo(2) })
    ).orderId;
  });
  afterAll(async () => {
    await t.dispose();
  });

  const auditRows = (userId: string) =>
    t.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, userId), eq(auditLogs.tableName, 'payment_transactions')));

  it('lists only the caller’s finished orders, newest first, with their items', async () => {
    const res = await t.request('/api/orders', { cookie: amina.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as OrdersResponse;
    expect(body.orders.map((o) => o.id)).toEqual([ids.cancelled, ids.failed, ids.oldCompleted]);
    expect(body.orders.map((o) => o.status)).toEqual(['cancelled', 'failed', 'completed']);
    const delivered = body.orders[2]!;
    expect(delivered).toMatchObject({ totalCents: 180_000, currency: 'KES', fulfilmentStatus: 'delivered' });
    expect(delivered.items).toHaveLength(2);
    expect(delivered.items[0]).toMatchObject({ quantity: 2, unitPriceCents: 50_000, lineTotalCents: 100_000 });
    expect(delivered.items[0]!.product.name).toBeTruthy();
    expect(delivered.items[0]!.product.imageUrl).toMatch(/^\//);
    expect(delivered.items[1]!.product.imageUrl).toBeNull();
  });

  it('pages a long history 10 at a time, newest first, with no order shown twice or skipped', async () => {
    const wanjiru = await createUser(t, { name: 'Wanjiru Kamau' });
    const placed: string[] = [];
    // 23 finished orders; two pairs share their time to the microsecond, so only the id tells them apart.
    const base = Date.parse('2026-01-10T08:00:00Z');
    for (let i = 0; i < 23; i++) {
      const createdAt = new Date(base - (i === 5 || i === 12 ? i - 1 : i) * 3_600_000);
      const { orderId } = await insertOrder(t.ctx.db, { userId: wanjiru.id, status: 'completed', payments: ['COMPLETED'], createdAt });
      placed.push(orderId);
    }
    await insertOrder(t.ctx.db, { userId: wanjiru.id, status: 'pending', payments: ['PENDING'], createdAt: minutesAgo(3) });
    const myOrders = async (query = '') => {
      const res = await t.request(`/api/orders${query}`, { cookie: wanjiru.cookie });
      expect(res.status).toBe(200);
      return (await res.json()) as OrdersResponse;
    };
    const first = await myOrders();
    expect(first.orders).toHaveLength(10);
    expect(first.awaitingPayment).toHaveLength(1);
    expect(first.nextBefore).toBe(first.orders[9]!.id);
    const second = await myOrders(`?before=${first.nextBefore}`);
    expect(second.orders).toHaveLength(10);
    expect(second.awaitingPayment).toEqual([]);
    const third = await myOrders(`?before=${second.nextBefore}`);
    expect(third.orders).toHaveLength(3);
    expect(third.nextBefore).toBeNull();
    const shown = [...first.orders, ...second.orders, ...third.orders].map((o) => o.id);
    expect(new Set(shown).size).toBe(23);
    expect([...shown].sort()).toEqual([...placed].sort());
    // Newest first: each order's time is not after the one before it.
    const times = [...first.orders, ...second.orders, ...third.orders].map((o) => Date.parse(o.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const twenty = await myOrders('?limit=20');
    expect(twenty.orders.map((o) => o.id)).toEqual([...first.orders, ...second.orders].map((o) => o.id));
    // Another customer's order as the cursor reveals nothing.
    expect((await myOrders(`?before=${ids.cancelled}`)).orders).toEqual([]);
    const tooMany = await t.request('/api/orders?limit=500', { cookie: wanjiru.cookie });
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toMatchObject({ error: { message: expect.stringContaining('Limit must be 20 or less.') } });
    const badCursor = await t.request('/api/orders?before=not-an-order', { cookie: wanjiru.cookie });
    expect(badCursor.status).toBe(400);
  });

  it('lists the caller’s orders awaiting payment separately, with the latest attempt’s status', async () => {
    const body = (await (await t.request('/api/orders', { cookie: amina.cookie })).json()) as OrdersResponse;
    expect(body.awaitingPayment.map((o) => [o.id, o.paymentStatus])).toEqual([
      [ids.retriedFailed, 'FAILED'],
      [ids.pending, 'PENDING'],
    ]);
    const brianBody = (await (await t.request('/api/orders', { cookie: brian.cookie })).json()) as OrdersResponse;
    expect(brianBody.orders.map((o) => o.id)).toEqual([ids.brianCompleted]);
    expect(brianBody.awaitingPayment.map((o) => o.id)).toEqual([ids.brianPending]);
  });

  it('answers an order to its owner only', async () => {
    const own = await t.request(`/api/orders/${ids.pending}`, { cookie: amina.cookie });
    expect(own.status).toBe(200);
    const order = await own.json();
    expect(order).toMatchObject({
      id: ids.pending,
      status: 'pending',
      fulfilmentStatus: 'unfulfilled',
      totalCents: 180_000,
      currency: 'KES',
      pesapalTransactionId: null,
    });
    expect(order.items).toHaveLength(2);
    expect(Date.parse(order.createdAt)).not.toBeNaN();

    const other = await t.request(`/api/orders/${ids.brianPending}`, { cookie: amina.cookie });
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Order not found' } });
    const malformed = await t.request('/api/orders/not-an-id', { cookie: amina.cookie });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error.message).toBe('Invalid order id.');
  });

  it('answers the owner’s transaction with the phone masked, and audits the read', async () => {
    const before = (await auditRows(amina.id)).length;
    const res = await t.request(`/api/orders/${ids.pending}/transaction`, {
      cookie: amina.cookie,
      headers: { 'X-Forwarded-For': '10.0.0.9, 196.201.214.7' },
    });
    expect(res.status).toBe(200);
    const tx = (await res.json()) as TransactionView;
    expect(tx).toMatchObject({
      id: aminaPendingTx,
      orderId: ids.pending,
      status: 'PENDING',
      pesapalTrackingId: `track-${ids.pending}-0`,
      merchantReference: `ORDER-${ids.pending}-0`,
      amountCents: 180_000,
      currency: 'KES',
      customerPhoneDisplay: '+25*******678',
    });
    expect(JSON.stringify(tx)).not.toContain('712345');
    const rows = (await auditRows(amina.id)).slice(before);
    expect(rows.map((r) => r.action).sort()).toEqual(['TRANSACTION_DATA_ACCESS', 'VIEW_TRANSACTION']);
    for (const row of rows) {
      expect(row).toMatchObject({ recordId: aminaPendingTx, ipAddress: '196.201.214.7', details: { orderId: ids.pending } });
    }
  });

  it('refuses someone else’s transaction with 403 and audits the attempt', async () => {
    const before = (await auditRows(amina.id)).length;
    const res = await t.request(`/api/orders/${ids.brianPending}/transaction`, { cookie: amina.cookie });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'Unauthorized access to transaction data' } });
    const rows = (await auditRows(amina.id)).slice(before);
    expect(rows.map((r) => [r.action, r.recordId])).toEqual([['UNAUTHORIZED_TRANSACTION_ACCESS', ids.brianPending]]);
    // Brian's own audit trail is untouched by Amina's attempt.
    expect((await auditRows(brian.id)).length).toBe(0);
  });

  it('answers 404 without an audit row for an unknown order or one without a payment', async () => {
    const before = (await auditRows(amina.id)).length;
    const unknown = await t.request('/api/orders/7a0e8a52-3f5e-4c55-9a43-2d6f3c1e9b10/transaction', { cookie: amina.cookie });
    expect(unknown.status).toBe(404);
    const noPayment = await t.request(`/api/orders/${ids.cancelled}/transaction`, { cookie: amina.cookie });
    expect(noPayment.status).toBe(404);
    expect((await auditRows(amina.id)).length).toBe(before);
  });

  it('counts the caller’s orders whose latest payment is PENDING and was seen by Pesapal', async () => {
    const count = async (u: TestUser) => (await (await t.request('/api/orders/pending-count', { cookie: u.cookie })).json()).count;
    // A page closed before paying is not waiting for Pesapal: nothing to count yet.
    expect(await count(amina)).toBe(0);
    expect(await count(brian)).toBe(0);
    // Pesapal sent the customers back from their pages: now their payments may be on their way.
    await t.ctx.db.insert(paymentNotifications).values([
      { source: 'callback', trackingId: `track-${ids.pending}-0`, raw: {} },
      { source: 'callback', trackingId: `track-${ids.brianPending}-0`, raw: {} },
    ]);
    expect(await count(amina)).toBe(1);
    expect(await count(brian)).toBe(1);
    await setPaymentStatus(t.ctx.db, aminaPendingTx, 'COMPLETED');
    expect(await count(amina)).toBe(0);
    expect(await count(brian)).toBe(1);
    await setPaymentStatus(t.ctx.db, aminaPendingTx, 'PENDING');
  });

  it('reads the attempt the order names as current, even when a newer one is open', async () => {
    // Paid through the first page while a second one was still open (the payments feature then
    // points the order at the paid attempt).
    const { orderId, transactionIds } = await insertOrder(t.ctx.db, {
      userId: brian.id,
      status: 'completed',
      payments: ['COMPLETED', 'PENDING'],
      currentAttempt: 0,
    });
    const res = await t.request(`/api/orders/${orderId}/transaction`, { cookie: brian.cookie });
    expect(await res.json()).toMatchObject({ id: transactionIds[0], status: 'COMPLETED' });
    const count = await (await t.request('/api/orders/pending-count', { cookie: brian.cookie })).json();
    expect(count).toEqual({ count: 1 });
  });

  it('requires a signed-in customer and offers no way to write audit rows', async () => {
    for (const path of [
      '/api/orders',
      '/api/orders/pending-count',
      `/api/orders/${ids.pending}`,
      `/api/orders/${ids.pending}/transaction`,
    ]) {
      expect((await t.request(path)).status).toBe(401);
    }
    for (const path of ['/api/audit', '/api/audit-logs', `/api/orders/${ids.pending}/transaction`, '/api/orders']) {
      const res = await t.request(path, { method: 'POST', cookie: amina.cookie, json: { action: 'VIEW_TRANSACTION' } });
      expect(res.status).toBe(404);
    }
    // The only routes that touch the audit log at all are the back office's reads.
    const auditRoutes = t.app.routes.filter((r) => /audit/i.test(r.path)).map((r) => `${r.method} ${r.path}`);
    expect(auditRoutes.length).toBeGreaterThan(0);
    expect(auditRoutes.filter((r) => !r.startsWith('GET ') && !r.startsWith('ALL '))).toEqual([]);
  });
});
