// A large shop seeded in SQL (generate_series), in seconds: products, customers and a year of orders
// with their payment attempts and audit rows. Used by the back office's scale test and by
// `npm run bench` (sizes S, M, L).
//
// Order g: 'Customer g', phone +2547 and g in eight digits, placed g × (a year / orders) before
// `newest`, so the list's newest-first order is g ascending. Every 20th was not paid: among the
// newest thousand it is still pending with its one attempt PENDING (awaiting payment), before that
// it failed with its attempt FAILED (the reservation ended and the page was closed, as the jobs do).
// The rest are paid, every 7th of the newest 3,000 still to deliver. Every 50th (g = 1, 51, …) also has an
// older attempt still PENDING that is not its current one (the paid attempt is): it is not awaiting
// payment. Every 97th needs the merchant's attention.
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../src/server/db/client';

export interface ScaleSize {
  products: number;
  customers: number;
  orders: number;
}

export const SCALE_SIZES = {
  M: { products: 300, customers: 5_000, orders: 50_000 },
  L: { products: 2_000, customers: 20_000, orders: 300_000 },
} as const satisfies Record<string, ScaleSize>;

const YEAR_MINUTES = 365 * 24 * 60;
/** Unpaid orders among the newest this many are still pending; older ones failed. */
export const PENDING_WITHIN = 1_000;
/** Paid orders among the newest this many may still be on their way; older ones were delivered. */
const TO_DELIVER_WITHIN = 3_000;

export async function seedScale(db: DbOrTx, size: ScaleSize, newest: Date): Promise<void> {
  const stepMs = Math.floor((YEAR_MINUTES / size.orders) * 60_000);
  // The current attempt's status (the one the order points at), stored on the order as well.
  const currentStatus = sql`case when g % 20 <> 0 then 'COMPLETED' when g <= ${PENDING_WITHIN} then 'PENDING' else 'FAILED' end`;
  const at = sql`(${newest.toISOString()}::timestamptz - g * interval '${sql.raw(String(stepMs))} milliseconds')`;
  const catalog: SQL[] = [
    sql`insert into "user" (id, name, email, email_verified)
        select 'scale-' || g, 'Customer ' || g, 'scale-' || g || '@example.test', true from generate_series(1, ${size.customers}) g`,
    // Each product with its implicit variant, which holds its price and stock.
    sql`with made as (insert into products (name, slug, description, category, price)
          select 'Product ' || g, 'scale-product-' || g, 'Fresh from the lake, cleaned and packed on the day.',
            case when g % 2 = 0 then 'fish' else 'chicken' end, 500 + g
          from generate_series(1, ${size.products}) g returning id, price)
        insert into product_variants (product_id, price, stock) select id, price, 40 from made`,
  ];
  const history: SQL[] = [
    sql`insert into orders (id, user_id, status, fulfilment_status, subtotal, vat, delivery_fee, total_amount,
          customer_name, customer_email, customer_phone, delivery_address, pesapal_transaction_id, needs_attention,
          payment_status, reservation_expires_at, paid_at, created_at, updated_at)
        select md5('scale-order-' || g)::uuid, 'scale-' || (g % ${size.customers} + 1),
          case when g % 20 <> 0 then 'completed' when g <= ${PENDING_WITHIN} then 'pending' else 'failed' end,
          case when g % 20 = 0 then 'unfulfilled' when g % 7 = 0 and g <= ${TO_DELIVER_WITHIN} then 'processing' else 'delivered' end,
          1000, 160, 200, 1360, 'Customer ' || g, 'scale-' || g || '@example.test', '+2547' || lpad(g::text, 8, '0'),
          'Westlands, Nairobi', 'scale-track-' || g, g % 97 = 0,
          ${currentStatus},
          case when g % 20 = 0 and g <= ${PENDING_WITHIN} then ${at} + interval '30 minutes' end,
          case when g % 20 <> 0 then ${at} + interval '2 minutes' end,
          ${at}, ${at}
        from generate_series(1, ${size.orders}) g`,
    sql`insert into payment_transactions (order_id, status, merchant_reference, pesapal_tracking_id, amount, created_at, updated_at)
        select md5('scale-order-' || g)::uuid, ${currentStatus},
          'ORD-scale-' || g || '-2', 'scale-track-' || g, 1360, ${at}, ${at}
        from generate_series(1, ${size.orders}) g`,
    sql`insert into payment_transactions (order_id, status, merchant_reference, pesapal_tracking_id, amount, created_at, updated_at)
        select md5('scale-order-' || g)::uuid, 'PENDING', 'ORD-scale-' || g || '-1', 'scale-old-' || g, 1360,
          ${at} - interval '5 minutes', ${at} - interval '5 minutes'
        from generate_series(1, ${size.orders}, 50) g`,
    sql`insert into audit_logs (user_id, action, table_name, record_id, created_at)
        select null, case when g % 3 = 0 then 'PAYMENT_VIEW' else 'ORDER_FULFILMENT' end, 'orders',
          md5('scale-order-' || g)::uuid::text, ${at}
        from generate_series(1, ${size.orders}) g`,
  ];
  for (const statement of catalog) await db.execute(statement);
  await db.transaction(async (tx) => {
    // The history is written in bulk without the per-row triggers (each payment's live event and its
    // order's payment status, kept row by row): at 50,000 orders they cost most of a minute. Each
    // order is written with its current attempt's status; the scale test checks it against the rule.
    await tx.execute(sql`set local session_replication_role = replica`);
    for (const statement of history) await tx.execute(statement);
    // What the triggers would have kept: each paid order's row of the sales reports, and their sums.
    await tx.execute(sql`select rebuild_order_sales()`);
  });
  // Statistics from every row, not a random sample of them: at 50,000 orders the planner's estimate
  // for a name search sits near the point where a scan of the table costs the same as the search
  // index, and a sample of 30,000 rows tipped it to the scan about one run in six.
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local default_statistics_target = 1000`);
    await tx.execute(sql`analyze`);
  });
}
