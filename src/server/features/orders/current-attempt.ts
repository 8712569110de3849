// "The current payment attempt of an order", defined once for every screen (the customer's orders,
// the status sync, the back office), so all of them show one payment state for one order.
//
// The rule: the attempt orders.pesapal_transaction_id names. The payments feature points it at each
// new attempt that reaches Pesapal, and at the attempt whose payment completes the order, so a paid
// attempt stays current over a later failed or still-open one. While it names none of the order's
// attempts (none has reached Pesapal yet), the newest attempt is current.
//
// The database keeps the same rule as orders.payment_status (migration 0026, its function
// current_payment_status), so the back office can filter a year of orders by it through an index;
// tests/integration/checkout-support.ts holds the two to each other: every checkout test's shop is
// checked, as it ends, for an order whose stored status differs (paymentStatusesOutOfStep).
import { eq, sql, type SQL } from 'drizzle-orm';
import type { PaymentStatus } from '@/domain/order-status';
import type { DbOrTx } from '../../db/client';
import { paymentTransactions } from '../../db/schema';

/** An order's attempts `pt` (joined to their order `o`), the current one first: the rule above. */
const CURRENT_FIRST = sql.raw('coalesce(pt.pesapal_tracking_id = o.pesapal_transaction_id, false) desc, pt.created_at desc, pt.id desc');

/**
 * The id of the order's current attempt, as a subquery. Written out in full with its own aliases:
 * drizzle may leave a column unqualified, and an unqualified "id" here would mean the attempt's.
 */
function currentAttemptId(orderId: SQL): SQL<string | null> {
  return sql<string | null>`(
    select pt.id from payment_transactions pt join orders o on o.id = pt.order_id
    where pt.order_id = ${orderId}
    order by ${CURRENT_FIRST}
    limit 1
  )`;
}

/** In a query over the orders table: the status of each order's current attempt, null when none was started. */
export const currentAttemptStatus = sql<PaymentStatus | null>`(
  select cur.status from payment_transactions cur where cur.id = ${currentAttemptId(sql.raw('"orders"."id"'))}
)`;

/** The order's current attempt, or undefined when no payment was started for it. */
export async function findCurrentAttempt(db: DbOrTx, orderId: string): Promise<typeof paymentTransactions.$inferSelect | undefined> {
  const [row] = await db
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.id, currentAttemptId(sql`${orderId}::uuid`)));
  return row;
}

/**
 * In a query over the orders table: whether Pesapal has told the shop about the order's current
 * payment (it sent the customer back, or an IPN came). Only then is the order waiting for Pesapal to
 * confirm a payment: a page closed before paying was never seen by Pesapal, and is just not paid.
 */
export const seenByPesapal = sql<boolean>`exists (
  select 1 from payment_transactions seen_pt join payment_notifications seen_n on seen_n.tracking_id = seen_pt.pesapal_tracking_id
  where seen_pt.id = ${currentAttemptId(sql.raw('"orders"."id"'))}
)`;

/** In a query over the orders table: whether Pesapal has told the shop about any of the order's payments. */
export const anyPaymentSeenByPesapal = sql<boolean>`exists (
  select 1 from payment_transactions seen_pt join payment_notifications seen_n on seen_n.tracking_id = seen_pt.pesapal_tracking_id
  where seen_pt.order_id = "orders"."id"
)`;
