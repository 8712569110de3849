// What the reports read, added to the large shop of tests/support/scale-data.ts for `npm run bench`:
// each paid order gets a line (a product picked by the order's id), its VAT bands, a zone, mostly a
// rider, a payment method (M-Pesa or Visa), a signed sale at KRA, and every 50th a partial refund
// of KES 1.00 with its line and signed credit note. All in SQL, in seconds.
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../src/server/db/client';

const pick = (n: number, of = sql`o.id`) => sql`abs(hashtext(${of}::text)) % ${sql.raw(String(n))}`;

export async function seedReportScale(db: DbOrTx): Promise<void> {
  const statements: SQL[] = [
    sql`insert into "user" (id, name, email, email_verified)
        select 'scale-rider-' || g, 'Rider ' || g, 'scale-rider-' || g || '@example.test', true from generate_series(1, 5) g`,
    sql`update orders o set delivery_zone_name = (array['Westlands', 'Kilimani', 'Karen', 'Ruaka', 'Kileleshwa'])[1 + ${pick(5)}],
          rider_id = case when ${pick(3)} = 0 then null else 'scale-rider-' || (1 + ${pick(5)}) end
        where paid_at is not null`,
    sql`update payment_transactions t set payment_method = case when ${pick(3, sql`t.id`)} = 0 then 'Visa' else 'MpesaKE' end
        where status = 'COMPLETED'`,
    sql`with p as (
          select pr.id, pr.name, v.id as variant_id, row_number() over (order by pr.id) as rn, count(*) over () as n
          from products pr join product_variants v on v.product_id = pr.id)
        insert into order_items (order_id, product_id, variant_id, product_name, unit_price, quantity, line_total, created_at)
        select o.id, p.id, p.variant_id, p.name, 1000, 1, 1000, o.created_at
        from orders o join p on p.rn = 1 + abs(hashtext(o.id::text)) % p.n`,
    sql`insert into order_tax_bands (order_id, band, rate_bp, taxable_amount, tax_amount, total_amount)
        select id, 'B', 1600, 1000, 160, 1160 from orders
        union all select id, 'D', 0, 200, 0, 200 from orders`,
    sql`insert into tax_invoices (number, kind, order_id, status, total, request, created_at, sent_at)
        select row_number() over (order by paid_at, id), 'sale', id, 'sent', total_amount,
          jsonb_build_object('taxblAmtB', 1000, 'taxAmtB', 160, 'taxRtB', 16, 'taxblAmtD', 200, 'taxAmtD', 0, 'taxRtD', 0), paid_at, paid_at
        from orders where paid_at is not null`,
    sql`with made as (
          insert into payment_refunds (transaction_id, amount, remarks, accepted, status, kind, source, settled_at, created_at)
          select t.id, 1, 'bench', true, 'refunded', 'partial', 'merchant', t.created_at, t.created_at
          from payment_transactions t where t.status = 'COMPLETED' and ${pick(50, sql`t.id`)} = 0
          returning id, transaction_id, created_at),
        lined as (
          insert into refund_lines (refund_id, kind, order_item_id, amount, tax_band, tax_rate_bp)
          select m.id, 'item', i.id, 1, 'B', 1600
          from made m join payment_transactions t on t.id = m.transaction_id join order_items i on i.order_id = t.order_id
          returning refund_id)
        insert into tax_invoices (number, kind, order_id, refund_id, status, total, request, created_at, sent_at)
        select (select max(number) from tax_invoices) + row_number() over (order by m.created_at, m.id), 'credit_note', t.order_id, m.id,
          'sent', 1, jsonb_build_object('taxblAmtB', 0.86, 'taxAmtB', 0.14, 'taxRtB', 16), m.created_at, m.created_at
        from made m join payment_transactions t on t.id = m.transaction_id`,
  ];
  await db.transaction(async (tx) => {
    // In bulk without the per-row triggers (each order's row of the sales reports, kept one change at
    // a time); the rows and their sums are then rebuilt once.
    await tx.execute(sql`set local session_replication_role = replica`);
    for (const statement of statements) await tx.execute(statement);
    await tx.execute(sql`select rebuild_order_sales()`);
  });
  await db.execute(sql`analyze`);
}
