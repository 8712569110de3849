// The back office at a large shop's size (300 products, 5,000 customers, 50,000 orders over a year),
// seeded in SQL (tests/support/scale-data.ts describes the orders): the order search by a phone typed the local way, the 'Awaiting payment' filter and
// a far page return the right orders, and each of those queries (and the jobs' scans) is answered
// through an index, so an index lost from a migration fails here rather than in the shop.
import { sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { orderListQuery } from '../../src/server/features/orders/admin-orders.schemas';
import { orderPageIds } from '../../src/server/features/orders/admin-orders.service';
import { paidByDay } from '../../src/server/features/dashboard/admin-dashboard.service';
import { dueAttemptsQuery, dueReservationsQuery } from '../../src/server/features/payments/reconciliation.service';
import { paymentStatusesOutOfStep } from './checkout-support';
import { createTestApp, createUser, type TestApp, type TestUser } from '../support/test-app';
import { PENDING_WITHIN, SCALE_SIZES, seedScale } from '../support/scale-data';
import { dbKinds } from '../support/test-database';

const SIZE = SCALE_SIZES.M;
const ORDERS = SIZE.orders;
const NEWEST = new Date('2026-11-01T09:00:00Z');

/** The plan PostgreSQL (or PGlite) chooses for a query, as text. */
async function planOf(t: TestApp, query: SQLWrapper): Promise<string> {
  const rows = await queryRows<{ 'QUERY PLAN': string }>(t.ctx.db, sql`explain ${query}`);
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

interface OrderList {
  items: { id: string; customerName: string; paymentStatus: string | null; status: string }[];
  total: number;
  pageCount: number;
  estimated?: boolean;
}

describe.each(dbKinds(import.meta.url))('the back office at 50,000 orders on %s', (kind) => {
  let t: TestApp;
  let admin: TestUser;
  const list = async (query: string) => {
    const res = await t.request(`/api/admin/orders?${query}`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    return (await res.json()) as OrderList;
  };
  const pageQuery = (query: Record<string, string>) => orderPageIds(orderListQuery.parse(query));

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await createUser(t, { role: 'owner', name: 'Amina Admin' });
    await seedScale(t.ctx.db, SIZE, NEWEST);
  }, 120_000);
  afterAll(async () => {
    await t.dispose();
  });

  it('finds an order by its phone typed the local way, through the phone index', async () => {
    const found = await list(`q=${encodeURIComponent('0700 012 345')}`);
    expect(found.items.map((o) => o.customerName)).toEqual(['Customer 12345']);
    expect(found.total).toBe(1);
    const plan = await planOf(t, pageQuery({ q: '0700 012 345' }));
    expect(plan).toContain('orders_phone_digits_trgm_idx');
    expect(plan).not.toMatch(/Seq Scan on orders/);

    const byName = await list(`q=${encodeURIComponent('Customer 4321')}&pageSize=100`);
    expect(byName.items.map((o) => o.customerName)).toEqual([
      'Customer 4321',
      'Customer 43210',
      'Customer 43211',
      ...['2', '3', '4', '5', '6', '7', '8', '9'].map((d) => `Customer 4321${d}`),
    ]);
    const namePlan = await planOf(t, pageQuery({ q: 'Customer 4321' }));
    expect(namePlan).toContain('orders_search_trgm_idx');
    expect(namePlan).not.toMatch(/Seq Scan on orders/);
  });

  it("lists the orders awaiting payment by their current attempt's status, kept on the order and indexed", async () => {
    const awaiting = await list('paymentStatus=PENDING');
    expect(awaiting.total).toBe(PENDING_WITHIN / 20);
    expect(awaiting.estimated).toBeUndefined();
    expect(awaiting.items.map((o) => o.customerName)).toEqual(Array.from({ length: 20 }, (_, i) => `Customer ${(i + 1) * 20}`));
    expect(awaiting.items.every((o) => o.paymentStatus === 'PENDING' && o.status === 'pending')).toBe(true);
    const plan = await planOf(t, pageQuery({ paymentStatus: 'PENDING' }));
    expect(plan).toContain('orders_payment_status_idx');
    // Seeded with older attempts left PENDING behind paid ones: every order still stores its current one's status.
    expect(await paymentStatusesOutOfStep(t)).toEqual([]);
    expect(plan).not.toMatch(/Seq Scan on (orders|payment_transactions)/);
  });

  it("counts the dashboard's payments pending through an index, and its month of revenue from the paid-day index", async () => {
    // The dashboard's 'payments pending' links to this list: pending orders whose current attempt is PENDING.
    const pending = await list('status=pending&paymentStatus=PENDING');
    expect(pending.total).toBe(PENDING_WITHIN / 20);
    expect(pending.items.every((o) => o.paymentStatus === 'PENDING' && o.status === 'pending')).toBe(true);
    const plan = await planOf(t, pageQuery({ status: 'pending', paymentStatus: 'PENDING' }));
    expect(plan).toMatch(/orders_(payment_status|status_created)_idx/);
    expect(plan).not.toMatch(/Seq Scan on (orders|payment_transactions)/);

    // A month of paid orders: every order but every 20th, placed about 10.5 minutes apart, paid 2 minutes later.
    const since = new Date(NEWEST.getTime() - 30 * 24 * 3600_000);
    const days = await paidByDay(t.ctx.db, since);
    const paid = days.reduce((n, d) => n + d.orders, 0);
    const placed = Math.floor((NEWEST.getTime() - since.getTime()) / Math.floor((365 * 24 * 60 * 60_000) / ORDERS));
    expect(Math.abs(paid - (placed - Math.floor(placed / 20)))).toBeLessThanOrEqual(2);
    // Each order is KES 1,360.00; a day's name is its Nairobi date.
    expect(days.filter((d) => !/^\d{4}-\d{2}-\d{2}$/.test(d.day) || d.revenue !== d.orders * 136_000)).toEqual([]);
    expect(await planOf(t, paidByDay(t.ctx.db, since))).toContain('orders_paid_day_idx');
  });

  it('shows page 500 of all orders, newest first, with an estimated total', async () => {
    const page = await list('page=500&pageSize=20');
    expect(page.items.map((o) => o.customerName)).toEqual(Array.from({ length: 20 }, (_, i) => `Customer ${9981 + i}`));
    expect(page.estimated).toBe(true);
    expect(page.total).toBeGreaterThan(40_000);
    expect(page.pageCount).toBeGreaterThanOrEqual(500);
    const plan = await planOf(t, pageQuery({ page: '500', pageSize: '20' }));
    expect(plan).toContain('orders_created_idx');
    expect(plan).not.toMatch(/Seq Scan on orders/);
  });

  it("answers the dashboard's to-do lists and the jobs' scans through their partial indexes", async () => {
    const toFulfil = await list('fulfilment=to_fulfil');
    expect(toFulfil.items[0]?.customerName).toBe('Customer 7');
    expect(await planOf(t, pageQuery({ fulfilment: 'to_fulfil' }))).toContain('orders_to_fulfil_idx');
    const attention = await list('attention=yes');
    expect(attention.total).toBe(Math.floor(ORDERS / 97));
    expect(await planOf(t, pageQuery({ attention: 'yes' }))).toContain('orders_attention_idx');

    const now = NEWEST;
    expect(await planOf(t, dueReservationsQuery(t.ctx.db, now))).toContain('orders_reservation_expiry_idx');
    expect(await planOf(t, dueAttemptsQuery(t.ctx.db, now, 25))).toContain('payment_transactions_watched_idx');
  });
});
