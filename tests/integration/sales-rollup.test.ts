// The sales reports read sums per Nairobi day (sales_rollup) that triggers keep from the orders, their
// payments and their refunds (migration 0054). After every kind of change, and after payments and
// refunds committed at once, the sums equal what the orders as they stand add up to.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, paymentRefunds, paymentTransactions } from '../../src/server/db/schema';
import { queryRows } from '../../src/server/db/client';
import { createTestApp, createUser, type TestApp } from '../support/test-app';
import { dbKinds } from '../support/test-database';
import { RANGE, seedReportWeek, type ReportFixture } from './reports-fixtures';

const SUMS = `sum(orders)::int as orders, sum(charged)::float8 as charged, sum(goods)::float8 as goods, sum(vat)::float8 as vat,
  sum(delivery)::float8 as delivery, sum(small)::float8 as small, sum(discounts)::float8 as discounts,
  sum(rounding)::float8 as rounding, sum(refunded)::float8 as refunded`;

describe.each(dbKinds(import.meta.url))("the sales reports' sums kept by triggers, on %s", (kind) => {
  let t: TestApp;
  let fixture: ReportFixture;

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    fixture = await seedReportWeek(t);
  });
  afterAll(() => t.dispose());

  /** The kept sums, per day, method and new or returning customer. */
  const kept = () =>
    queryRows(
      t.ctx.db,
      sql.raw(`select to_char(day, 'YYYY-MM-DD') as day, method, returning_customer, ${SUMS}
        from sales_rollup group by 1, 2, 3 order by 1, 2, 3`),
    );
  /** The same sums from the orders as they stand. */
  const fromOrders = () =>
    queryRows(
      t.ctx.db,
      sql.raw(`select to_char(day, 'YYYY-MM-DD') as day, method, returning_customer, sum(1)::int as orders,
        ${SUMS.replace('sum(orders)::int as orders, ', '')}
        from order_sales_source group by 1, 2, 3 order by 1, 2, 3`),
    );
  const expectKeptEqualsOrders = async (step: string) => {
    const expected = await fromOrders();
    expect(await kept(), step).toEqual(expected);
    // No row is left holding only zeros once its orders moved away.
    expect((await queryRows(t.ctx.db, sql`select count(*)::int as n from sales_rollup where orders = 0`))[0], step).toEqual({ n: 0 });
    return expected;
  };
  const returning = async (orderId: string) =>
    (await queryRows<{ r: boolean }>(t.ctx.db, sql`select returning_customer as r from order_sales where order_id = ${orderId}`))[0]?.r;
  const paymentOf = async (orderId: string) =>
    (await t.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, orderId)))[0]!;

  it('equal what the orders add up to after every kind of change to an order, its payment or its refunds', async () => {
    const db = t.ctx.db;
    const start = await expectKeptEqualsOrders('the seeded week');
    expect(start.length).toBeGreaterThan(3);

    // The refund still waiting at Pesapal is made.
    await db.update(paymentRefunds).set({ status: 'refunded' }).where(eq(paymentRefunds.status, 'requested'));
    await expectKeptEqualsOrders('a refund made');

    // Pesapal reports the later order's method after it was paid, and an M-Pesa rounding.
    const later = await paymentOf(fixture.orders.later);
    await db.update(paymentTransactions).set({ paymentMethod: 'Visa', rounding: -30 }).where(eq(paymentTransactions.id, later.id));
    await expectKeptEqualsOrders('a method and a rounding reported late');

    // Wanjiku's unpaid order is paid with a time before her first: it is her first, and A returning.
    expect(await returning(fixture.orders.a)).toBe(false);
    await db
      .update(orders)
      .set({ paidAt: new Date('2025-03-01T06:00:00Z'), status: 'completed' })
      .where(eq(orders.id, fixture.orders.unpaid));
    expect(await returning(fixture.orders.unpaid)).toBe(false);
    expect(await returning(fixture.orders.a)).toBe(true);
    await expectKeptEqualsOrders('an earlier payment of the same customer');

    // Amounts change (a weighed order settled), and B's payment is no longer its own.
    await db.update(orders).set({ subtotal: 48_000, totalAmount: 56_000 }).where(eq(orders.id, fixture.orders.b));
    await db.update(orders).set({ pesapalTransactionId: null }).where(eq(orders.id, fixture.orders.b));
    await expectKeptEqualsOrders('amounts changed, and the payment unlinked');

    // A refund removed, a payment removed, a whole order removed (and so its first-order place).
    await db.delete(paymentRefunds).where(eq(paymentRefunds.status, 'refunded'));
    await db.delete(paymentTransactions).where(eq(paymentTransactions.id, later.id));
    await db.delete(orders).where(eq(orders.id, fixture.orders.unpaid));
    expect(await returning(fixture.orders.a)).toBe(false);
    await expectKeptEqualsOrders('refunds, a payment and an order removed');

    // Rebuilt from the orders, the sums are the same as the triggers kept.
    const before = await kept();
    await db.execute(sql`select rebuild_order_sales()`);
    expect(await kept()).toEqual(before);
  });

  it('count payments and refunds committed at once, each exactly once', async () => {
    const db = t.ctx.db;
    const buyer = await createUser(t, { name: 'Akinyi Concurrent' });
    const day = new Date(`${RANGE.to}T09:00:00Z`);
    const made = await db
      .insert(orders)
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          userId: buyer.id,
          status: 'pending' as const,
          customerName: `Concurrent ${i}`,
          customerEmail: 'akinyi@example.test',
          customerPhone: '+254712345678',
          deliveryAddress: 'Nairobi',
          subtotal: 10_000 + i,
          vat: 1_600,
          deliveryFee: 0,
          totalAmount: 11_600 + i,
          pesapalTransactionId: `concurrent-${i}`,
          createdAt: day,
        })),
      )
      .returning({ id: orders.id });
    const payments = await db
      .insert(paymentTransactions)
      .values(
        made.map((o, i) => ({
          orderId: o.id,
          status: 'PENDING' as const,
          pesapalTrackingId: `concurrent-${i}`,
          merchantReference: `ORD-concurrent-${i}-1`,
          amount: 11_600 + i,
          paymentMethod: 'MpesaKE',
        })),
      )
      .returning({ id: paymentTransactions.id });
    const before = await kept();
    // Every order paid in the same second, each in its own transaction, with two refunds each beside it.
    const refund = { remarks: 'test', accepted: true, status: 'refunded', kind: 'partial', source: 'merchant' } as const;
    await Promise.all([
      ...made.map((o) =>
        db.transaction(async (tx) => {
          await tx.update(orders).set({ paidAt: day, status: 'completed' }).where(eq(orders.id, o.id));
        }),
      ),
      ...payments.map(async (p) => {
        await db.insert(paymentRefunds).values([
          { transactionId: p.id, amount: 100, ...refund },
          { transactionId: p.id, amount: 200, ...refund },
        ]);
      }),
    ]);
    const after = await expectKeptEqualsOrders('payments and refunds at once');
    const sumOf = (rows: unknown[], key: string) => (rows as Record<string, number>[]).reduce((s, r) => s + Number(r[key]), 0);
    expect(sumOf(after, 'orders') - sumOf(before, 'orders')).toBe(12);
    expect(sumOf(after, 'charged') - sumOf(before, 'charged')).toBe(12 * 11_600 + 66);
    expect(sumOf(after, 'refunded') - sumOf(before, 'refunded')).toBe(12 * 300);
  });
});
