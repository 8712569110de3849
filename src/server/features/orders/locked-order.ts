// The order row, locked for update within the back office's transaction (404 when it is not there).
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orders } from '../../db/schema';
import { notFound } from '../../errors';

export async function lockedOrder(tx: Tx, id: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  if (!order) throw notFound('Order not found');
  return order;
}

/**
 * Takes the order row's lock before a payment attempt of it is changed. Every change to an order's
 * attempts is made under this lock, taken first: the database then keeps the order's payment status
 * in step (migration 0026) without two transactions waiting on each other's rows.
 */
export async function lockOrderForAttempts(tx: Tx, id: string): Promise<void> {
  await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, id)).for('update');
}
