// What the refunds made gave back of an order, as SQL beside a sum of its total (the dashboard's
// revenue, the morning summary): every refund made of its payments (whole or partial, by Pesapal or
// by hand), but not those of payments the order did not need, which were never part of its total.
import { sql, type SQL } from 'drizzle-orm';
import { orders } from '../../db/schema';

/** KES refunded of the order in the current row, 0 when none (numeric, as orders.total_amount). */
export function refundedOfOrder(): SQL {
  return sql`coalesce((select sum(r.amount) from payment_refunds r
    join payment_transactions t on t.id = r.transaction_id
    where t.order_id = ${orders.id} and r.status = 'refunded' and r.source <> 'extra_payment'), 0)`;
}
