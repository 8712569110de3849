// Orders and payment transactions written straight into the database, for tests of what the
// customer reads back (checkout itself is tested by its own feature).
import { asc, eq } from 'drizzle-orm';
import type { FulfilmentStatus, OrderStatus } from '../../src/domain/order-status';
import type { DbOrTx } from '../../src/server/db/client';
import { orderItems, orders, paymentTransactions, products, productVariants } from '../../src/server/db/schema';

export interface OrderFixture {
  userId: string;
  status?: OrderStatus;
  fulfilmentStatus?: FulfilmentStatus;
  /** Statuses of its payment attempts, oldest first; none by default. */
  payments?: ('PENDING' | 'COMPLETED' | 'FAILED')[];
  /** Which attempt orders.pesapal_transaction_id names (the payments feature's current attempt). */
  currentAttempt?: number;
  createdAt?: Date;
  phone?: string;
}

export async function insertOrder(db: DbOrTx, f: OrderFixture): Promise<{ orderId: string; transactionIds: string[] }> {
  const [first, second] = await db.select().from(products).orderBy(asc(products.name)).limit(2);
  if (!first || !second) throw new Error('seed the database first (createTestApp(kind, { seed: true }))');
  const createdAt = f.createdAt ?? new Date();
  const [order] = await db
    .insert(orders)
    .values({
      userId: f.userId,
      status: f.status ?? 'pending',
      fulfilmentStatus: f.fulfilmentStatus ?? 'unfulfilled',
      subtotal: 150_000,
      vat: 24_000,
      deliveryFee: 6000,
      totalAmount: 180_000,
      customerName: 'Amina Otieno',
      customerEmail: 'amina@example.test',
      customerPhone: f.phone ?? '+254712345678',
      deliveryAddress: 'Westlands, Nairobi',
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: orders.id });
  const orderId = order!.id;
  const variantOf = async (productId: string) => {
    const [v] = await db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(eq(productVariants.productId, productId))
      .orderBy(asc(productVariants.position))
      .limit(1);
    return v!.id;
  };
  await db.insert(orderItems).values([
    {
      orderId,
      productId: first.id,
      variantId: await variantOf(first.id),
      productName: first.name,
      productImageUrl: first.imageUrl,
      unitPrice: 50_000,
      quantity: 2,
      lineTotal: 100_000,
    },
    {
      orderId,
      productId: second.id,
      variantId: await variantOf(second.id),
      productName: second.name,
      productImageUrl: null,
      unitPrice: 50_000,
      quantity: 1,
      lineTotal: 50_000,
    },
  ]);
  const transactionIds: string[] = [];
  for (const [i, status] of (f.payments ?? []).entries()) {
    const at = new Date(createdAt.getTime() + (i + 1) * 1000);
    const [tx] = await db
      .insert(paymentTransactions)
      .values({
        orderId,
        status,
        pesapalTrackingId: `track-${orderId}-${i}`,
        merchantReference: `ORDER-${orderId}-${i}`,
        amount: 180_000,
        customerPhone: f.phone ?? '+254712345678',
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: paymentTransactions.id });
    transactionIds.push(tx!.id);
  }
  if (f.currentAttempt !== undefined) {
    await db
      .update(orders)
      .set({ pesapalTransactionId: `track-${orderId}-${f.currentAttempt}` })
      .where(eq(orders.id, orderId));
  }
  return { orderId, transactionIds };
}

export async function setPaymentStatus(db: DbOrTx, transactionId: string, status: 'PENDING' | 'COMPLETED' | 'FAILED') {
  await db.update(paymentTransactions).set({ status, updatedAt: new Date() }).where(eq(paymentTransactions.id, transactionId));
}

export async function setOrderStatus(db: DbOrTx, orderId: string, status: OrderStatus, fulfilmentStatus?: FulfilmentStatus) {
  await db
    .update(orders)
    .set({ status, ...(fulfilmentStatus ? { fulfilmentStatus } : {}), updatedAt: new Date() })
    .where(eq(orders.id, orderId));
}
