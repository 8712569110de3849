// Orders in the back office: the filtered list and its counts (one order in full: admin-order-detail.service.ts).
import { and, count, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import { parseOrderSearch } from './order-search';
import type { Cents } from '@/domain/money';
import { maskPhone } from '@/domain/phone-mask';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema';
import { currentAttemptStatus } from './current-attempt';
import { likePattern, offsetOf, pageOf, withinNairobiDays, type Page } from '../../back-office/admin-paging';
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
  status: string;
  fulfilmentStatus: string;
  paymentStatus: string | null;
  needsAttention: boolean;
}

/** The list's filters; the dashboard counts with the same ones, so its numbers match the lists it links to. */
export type OrderFilter = Partial<Omit<OrderListQuery, 'page' | 'pageSize'>>;

function orderFilters(q: OrderFilter): SQL | undefined {
  const filters: (SQL | undefined)[] = [];
  if (q.status) filters.push(eq(orders.status, q.status));
  if (q.userId) filters.push(eq(orders.userId, q.userId));
  if (q.paymentStatus) filters.push(sql`${currentAttemptStatus} = ${q.paymentStatus}`);
  if (q.fulfilment === 'to_fulfil') filters.push(and(eq(orders.status, 'completed'), ne(orders.fulfilmentStatus, 'delivered')));
  if (q.attention) filters.push(eq(orders.needsAttention, true));
  filters.push(...withinNairobiDays(orders.createdAt, q.from, q.to));
  if (q.q) {
    const search = parseOrderSearch(q.q);
    const like = likePattern(search.text);
    const byText = [ilike(orders.customerName, like), ilike(orders.customerEmail, like), ilike(orders.customerPhone, like)];
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

export async function listOrders(db: DbOrTx, q: OrderListQuery): Promise<Page<AdminOrderSummary>> {
  const where = orderFilters(q);
  const [rows, total] = await Promise.all([
    db
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
        status: orders.status,
        fulfilmentStatus: orders.fulfilmentStatus,
        paymentStatus: currentAttemptStatus,
        needsAttention: orders.needsAttention,
      })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    countOrders(db, q),
  ]);
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
