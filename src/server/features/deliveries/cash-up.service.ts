// The end-of-day cash-up: per rider, the orders to be paid on delivery of a Nairobi day (due that
// day, paid that day, or refused that day), what was expected against what was collected by cash and
// by M-Pesa, and the cash the rider handed in as the owner or staff counted it.
import { and, asc, eq, gte, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import { cashDifference, cashUpTotals, type CashUpOrder, type CashUpTotals } from '@/domain/pay-on-delivery';
import { nairobiDayStart } from '@/domain/nairobi-days';
import { shortOrderId } from '@/domain/order-status';
import type { Cents } from '@/domain/money';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { orderDeliveryWindows, orders, profiles, riderCashUps, user } from '../../db/schema';
import { badRequest } from '../../errors';
import { auditAdmin, type AdminActor } from '../../back-office/admin-access';

const DAY_MS = 24 * 60 * 60 * 1000;
const NOT_A_RIDER = 'Choose one of the shop’s riders.';

interface CashUpLine extends CashUpOrder {
  orderId: string;
  orderNumber: string;
  customerName: string;
  /** The M-Pesa code or receipt, when the customer paid by M-Pesa. */
  code: string | null;
}

export interface RiderCashUp {
  riderId: string;
  riderName: string;
  orders: CashUpLine[];
  totals: CashUpTotals;
  /** The cash handed in as counted, once recorded. */
  cashReceivedCents: Cents | null;
  /** Handed in less cash collected: negative when short. */
  differenceCents: Cents | null;
  note: string;
}

export async function cashUpForDay(db: DbOrTx, day: string): Promise<{ day: string; riders: RiderCashUp[] }> {
  const from = nairobiDayStart(day);
  const to = new Date(from.getTime() + DAY_MS);
  const inDay = (column: typeof orders.paidAt | typeof orders.updatedAt) => and(gte(column, from), lt(column, to));
  const rows = await db
    .select({
      id: orders.id,
      customerName: orders.customerName,
      totalCents: orders.totalAmount,
      status: orders.status,
      paidAt: orders.paidAt,
      riderId: orders.riderId,
      riderName: profiles.fullName,
      riderAccountName: user.name,
      method: sql<
        string | null
      >`(select pt.payment_method from payment_transactions pt where pt.id = current_payment_attempt(${orders.id}, ${orders.pesapalTransactionId}))`,
      code: sql<
        string | null
      >`(select pt.confirmation_code from payment_transactions pt where pt.id = current_payment_attempt(${orders.id}, ${orders.pesapalTransactionId}))`,
      collected:
        sql<Cents | null>`(select pt.amount from payment_transactions pt where pt.id = current_payment_attempt(${orders.id}, ${orders.pesapalTransactionId}) and pt.status = 'COMPLETED')`.mapWith(
          orders.totalAmount,
        ),
    })
    .from(orders)
    .leftJoin(orderDeliveryWindows, eq(orderDeliveryWindows.orderId, orders.id))
    .leftJoin(profiles, eq(profiles.id, orders.riderId))
    .leftJoin(user, eq(user.id, orders.riderId))
    .where(
      and(
        eq(orders.payOnDelivery, true),
        isNotNull(orders.riderId),
        or(eq(orderDeliveryWindows.deliveryDate, day), inDay(orders.paidAt), and(eq(orders.status, 'cancelled'), inDay(orders.updatedAt))),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id));
  const riderIds = [...new Set(rows.map((r) => r.riderId!))];
  const counted = riderIds.length
    ? await db
        .select()
        .from(riderCashUps)
        .where(and(eq(riderCashUps.day, day), inArray(riderCashUps.riderId, riderIds)))
    : [];
  const riders = riderIds.map((riderId): RiderCashUp => {
    const mine = rows.filter((r) => r.riderId === riderId);
    const first = mine[0]!;
    const lines = mine.map((r): CashUpLine => {
      const paid = r.paidAt !== null;
      return {
        orderId: r.id,
        orderNumber: shortOrderId(r.id),
        customerName: r.customerName,
        totalCents: r.totalCents,
        state: paid ? 'collected' : r.status === 'cancelled' ? 'refused' : 'due',
        method: paid ? (r.method === 'Cash' ? 'Cash' : 'M-Pesa') : null,
        collectedCents: paid ? (r.collected ?? r.totalCents) : 0,
        code: paid && r.method !== 'Cash' ? r.code : null,
      };
    });
    const totals = cashUpTotals(lines);
    const handedIn = counted.find((c) => c.riderId === riderId);
    return {
      riderId,
      riderName: first.riderName || first.riderAccountName || 'Rider',
      orders: lines,
      totals,
      cashReceivedCents: handedIn?.cashReceived ?? null,
      differenceCents: handedIn ? cashDifference(totals.cashCents, handedIn.cashReceived) : null,
      note: handedIn?.note ?? '',
    };
  });
  return { day, riders: riders.sort((a, b) => a.riderName.localeCompare(b.riderName)) };
}

/** Records (or corrects) the cash a rider handed in for a day, audited. */
export async function recordCashUp(
  ctx: ServerContext,
  actor: AdminActor,
  input: { riderId: string; day: string; cashReceivedCents: Cents; note: string },
): Promise<RiderCashUp | null> {
  const [rider] = await ctx.db.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, input.riderId));
  if (rider?.role !== 'rider') throw badRequest(NOT_A_RIDER, { riderId: NOT_A_RIDER });
  await ctx.db.transaction(async (tx) => {
    const values = {
      cashReceived: input.cashReceivedCents,
      note: input.note,
      recordedBy: actor.userId,
      recordedAt: actor.at,
    };
    await tx
      .insert(riderCashUps)
      .values({ riderId: input.riderId, day: input.day, ...values })
      .onConflictDoUpdate({ target: [riderCashUps.riderId, riderCashUps.day], set: values });
    await auditAdmin(tx, actor, {
      action: 'RIDER_CASH_UP',
      tableName: 'rider_cash_ups',
      recordId: `${input.riderId}:${input.day}`,
      details: { day: input.day, cashReceivedCents: input.cashReceivedCents, note: input.note },
    });
  });
  return (await cashUpForDay(ctx.db, input.day)).riders.find((r) => r.riderId === input.riderId) ?? null;
}
