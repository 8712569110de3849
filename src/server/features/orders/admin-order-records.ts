// Everything the back office's order screen reads about one order (two rounds of queries).
import { accountIdentity } from '@/domain/phone-sign-in';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  auditLogs,
  orderItems,
  orders,
  paymentNotifications,
  paymentRefunds,
  paymentTransactions,
  products,
  stockMovements,
  user,
} from '../../db/schema';

export type OrderRecords = NonNullable<Awaited<ReturnType<typeof loadOrderRecords>>>;

/** The order with its account, items, payments, stock movements, refunds, Pesapal notices and admin actions; null when unknown. */
export async function loadOrderRecords(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ order: orders, accountEmail: user.email, accountPhone: user.phoneNumber, accountName: user.name })
    .from(orders)
    .leftJoin(user, eq(user.id, orders.userId))
    .where(eq(orders.id, id));
  if (!row) return null;

  const [items, payments, movements, adminEvents] = await Promise.all([
    db
      .select({ item: orderItems, archivedAt: products.archivedAt })
      .from(orderItems)
      .leftJoin(products, eq(products.id, orderItems.productId))
      .where(eq(orderItems.orderId, id))
      .orderBy(asc(orderItems.createdAt), asc(orderItems.productName)),
    db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, id)).orderBy(asc(paymentTransactions.createdAt)),
    db
      .select({ movement: stockMovements, productName: products.name })
      .from(stockMovements)
      .innerJoin(products, eq(products.id, stockMovements.productId))
      .where(eq(stockMovements.orderId, id)),
    db
      .select({ log: auditLogs, email: user.email, name: user.name })
      .from(auditLogs)
      .leftJoin(user, eq(user.id, auditLogs.userId))
      .where(and(eq(auditLogs.tableName, 'orders'), eq(auditLogs.recordId, id))),
  ]);

  const transactionIds = payments.map((p) => p.id);
  const trackingIds = payments.map((p) => p.pesapalTrackingId).filter((t): t is string => t !== null);
  const references = payments.map((p) => p.merchantReference);
  const [refunds, notifications] = await Promise.all([
    transactionIds.length === 0
      ? []
      : db
          .select({ refund: paymentRefunds, email: user.email })
          .from(paymentRefunds)
          .leftJoin(user, eq(user.id, paymentRefunds.requestedBy))
          .where(inArray(paymentRefunds.transactionId, transactionIds))
          .orderBy(asc(paymentRefunds.createdAt)),
    references.length === 0
      ? []
      : db
          .select()
          .from(paymentNotifications)
          .where(
            or(
              inArray(paymentNotifications.merchantReference, references),
              trackingIds.length > 0 ? inArray(paymentNotifications.trackingId, trackingIds) : undefined,
            ),
          ),
  ]);

  return {
    order: row.order,
    // A phone-only account is named by its phone number, never its stand-in address.
    account: { email: accountIdentity(row.accountEmail, row.accountPhone), name: row.accountName },
    items,
    payments,
    movements,
    adminEvents,
    refunds,
    notifications,
  };
}
