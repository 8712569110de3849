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
