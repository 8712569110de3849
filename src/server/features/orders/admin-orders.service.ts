// Orders in the back office: the filtered list and its counts (one order in full: admin-order-detail.service.ts).
// Every filter and the search are answered through an index (migration 0015,
// docs/decisions/021-back-office-at-scale.md): a page's ids come first, newest first, and only those
// rows are read in full; the current payment's status is kept on the order (migration 0026); the
// list is counted exactly up to a bound.
import { and, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { parseOrderSearch } from './order-search';
import type { Cents } from '@/domain/money';
import { maskPhone } from '@/domain/phone-mask';
import { queryRows, type DbOrTx } from '../../db/client';
import { orders } from '../../db/schema';
import { boundedCount, likePattern, offsetOf, pageOf, withinNairobiDays, type Page } from '../../back-office/admin-paging';
import type { OrderListQuery } from './admin-orders.schemas';

export interface AdminOrderSummary {
  id: string;
  createdAt: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  /** The full number, for a paid order still to be delivered (the list shows it as call and WhatsApp links). */
  deliveryPhone: string | null;
  deliveryAddress: string;
  deliveryBuilding: string | null;
  deliveryDirections: string | null;
  totalCents: Cents;
  /** What refunds made gave back of the order (a payment it did not need aside): its total after them is total − this. */
  refundedCents: Cents;
  status: string;
  fulfilmentStatus: string;
  paymentStatus: string | null;
  needsAttention: boolean;
}

/**
 * The order's refunds made, each as its credit note credits it (its lines; one from before lines, its
 * amount). The order's column written out in full: drizzle may leave it unqualified in a subquery.
 */
const refundedOfOrder =
  sql<Cents>`(select coalesce(sum(coalesce((select sum(rl.amount) from refund_lines rl where rl.refund_id = pr.id), pr.amount)), 0)
  from payment_refunds pr join payment_transactions pt on pt.id = pr.transaction_id
  where pt.order_id = "orders"."id" and pr.status = 'refunded' and pr.source <> 'extra_payment')`.mapWith(orders.totalAmount);

/** The list's filters; the dashboard counts with the same ones, so its numbers match the lists it links to. */
export type OrderFilter = Partial<Omit<OrderListQuery, 'page' | 'pageSize'>>;

function orderFilters(q: OrderFilter): SQL | undefined {
  const filters: (SQL | undefined)[] = [];
  if (q.status) filters.push(eq(orders.status, q.status));
  if (q.userId) filters.push(eq(orders.userId, q.userId));
  // The current attempt's status, kept on the order by the database (migration 0026): one index.
  if (q.paymentStatus) filters.push(eq(orders.paymentStatus, q.paymentStatus));
  if (q.fulfilment === 'to_fulfil') filters.push(and(eq(orders.status, 'completed'), ne(orders.fulfilmentStatus, 'delivered')));
  if (q.attention) filters.push(eq(orders.needsAttention, true));
  filters.push(...withinNairobiDays(orders.createdAt, q.from, q.to));
  if (q.q) {
    const search = parseOrderSearch(q.q);
    const like = likePattern(search.text);
    // The customer's name, email and phone as one text: what the search index holds (migration 0015).
    const byText = [ilike(sql`(${orders.customerName} || ' ' || ${orders.customerEmail} || ' ' || ${orders.customerPhone})`, like)];
    // Admins read ids as the 8-character 'Order #' prefix customers quote.
    if (search.idPrefix) byText.push(sql`${orders.id}::text like ${`${search.idPrefix}%`}`);
    for (const digits of search.phoneDigits) {
      byText.push(sql`regexp_replace(${orders.customerPhone}, '[^0-9]', '', 'g') like ${`%${digits}%`}`);
    }
    filters.push(or(...byText));
  }
  return and(...filters);
}

export async function countOrders(db: DbOrTx, q: OrderFilter): Promise<number> {
  const [row] = await db.select({ total: count() }).from(orders).where(orderFilters(q));
  return row?.total ?? 0;
}

const newestFirst = [desc(orders.createdAt), desc(orders.id)];

/**
 * The ids of one page of the list, newest first: the query an index must answer (its plan is tested).
 * A search first gathers its matches through the search indexes (a materialized CTE), then sorts them:
 * left to choose, the planner sometimes reads the whole list newest first hoping to meet 20 matches
 * soon, when ANALYZE's sample happened to hold one of a rare name's orders (one plan in about 40),
 * and reads all 50,000 orders to find 11.
 */
export function orderPageIds(q: OrderListQuery): SQL {
  const where = orderFilters(q);
  const page = sql`limit ${q.pageSize} offset ${offsetOf(q)}`;
  if (!q.q) {
    return sql`select ${orders.id} as id from ${orders} ${where ? sql`where ${where}` : sql``}
      order by ${orders.createdAt} desc, ${orders.id} desc ${page}`;
  }
  return sql`with hits as materialized (select ${orders.id} as id, ${orders.createdAt} as created_at from ${orders} where ${where})
    select id from hits order by created_at desc, id desc ${page}`;
}

export async function listOrders(db: DbOrTx, q: OrderListQuery): Promise<Page<AdminOrderSummary>> {
  const [onPage, total] = await Promise.all([queryRows<{ id: string }>(db, orderPageIds(q)), boundedCount(db, orders, orderFilters(q))]);
  const rows =
    onPage.length === 0
      ? []
      : await db
          .select({
            id: orders.id,
            createdAt: orders.createdAt,
            customerName: orders.customerName,
            customerEmail: orders.customerEmail,
            customerPhone: orders.customerPhone,
            deliveryAddress: orders.deliveryAddress,
            deliveryBuilding: orders.deliveryBuilding,
            deliveryDirections: orders.deliveryDirections,
            totalAmount: orders.totalAmount,
            refundedCents: refundedOfOrder,
            status: orders.status,
            fulfilmentStatus: orders.fulfilmentStatus,
            paymentStatus: orders.paymentStatus,
            needsAttention: orders.needsAttention,
          })
          .from(orders)
          .where(
            inArray(
              orders.id,
              onPage.map((r) => r.id),
            ),
          )
          .orderBy(...newestFirst);
  return pageOf(
    rows.map(({ totalAmount, createdAt, ...r }) => ({
      ...r,
      createdAt: createdAt.toISOString(),
      totalCents: totalAmount,
      customerPhone: maskPhone(r.customerPhone),
      // The rider calls the customer of a paid order still to be delivered: that number in full.
      deliveryPhone: r.status === 'completed' && r.fulfilmentStatus !== 'delivered' ? r.customerPhone : null,
    })),
    total,
    q,
  );
}
