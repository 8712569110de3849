// "The current payment attempt of an order", defined once for every screen (the customer's orders,
// the status sync, the back office), so all of them show one payment state for one order.
//
// The rule: the attempt orders.pesapal_transaction_id names. The payments feature points it at each
// new attempt that reaches Pesapal, and at the attempt whose payment completes the order, so a paid
// attempt stays current over a later failed or still-open one. While it names none of the order's
// attempts (none has reached Pesapal yet), the newest attempt is current.
//
// The rule is written once, in the database (migration 0032, its function current_payment_attempt):
// the server asks it for the current attempt, and reads the status of each order's current attempt
// from orders.payment_status, which the database keeps with the same function (migration 0026's
// triggers), so the back office can filter a year of orders by it through an index.
// tests/integration/checkout-support.ts checks, as every checkout test ends, that no stored status
// differs from what the function says (paymentStatusesOutOfStep).
import { eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paymentTransactions } from '../../db/schema';

/** The current attempt's id of the order whose id and Pesapal pointer are given, as SQL. */
const currentAttemptOf = (orderId: SQL, pointer: SQL) => sql<string | null>`current_payment_attempt(${orderId}, ${pointer})`;

/** In a query over the orders table: the id of each order's current attempt. */
const currentAttemptOfRow = currentAttemptOf(sql.raw('"orders"."id"'), sql.raw('"orders"."pesapal_transaction_id"'));

/** The order's current attempt, or undefined when no payment was started for it. */
export async function findCurrentAttempt(db: DbOrTx, orderId: string): Promise<typeof paymentTransactions.$inferSelect | undefined> {
  const [row] = await db
    .select()
    .from(paymentTransactions)
    .where(
      eq(
        paymentTransactions.id,
        sql`(select ${currentAttemptOf(sql.raw('o.id'), sql.raw('o.pesapal_transaction_id'))} from orders o where o.id = ${orderId}::uuid)`,
      ),
    );
  return row;
}

/**
 * In a query over the orders table: whether Pesapal has told the shop about the order's current
 * payment (it sent the customer back, or an IPN came). Only then is the order waiting for Pesapal to
 * confirm a payment: a page closed before paying was never seen by Pesapal, and is just not paid.
 */
export const seenByPesapal = sql<boolean>`exists (
  select 1 from payment_transactions seen_pt join payment_notifications seen_n on seen_n.tracking_id = seen_pt.pesapal_tracking_id
  where seen_pt.id = ${currentAttemptOfRow}
)`;

/** In a query over the orders table: whether Pesapal has told the shop about any of the order's payments. */
export const anyPaymentSeenByPesapal = sql<boolean>`exists (
  select 1 from payment_transactions seen_pt join payment_notifications seen_n on seen_n.tracking_id = seen_pt.pesapal_tracking_id
  where seen_pt.order_id = "orders"."id"
)`;
