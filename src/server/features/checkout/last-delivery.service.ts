// What checkout prefills for the rider: the building and directions of the customer's last order.
import { desc, eq } from 'drizzle-orm';
import type { RiderDirections } from '@/domain/rider-directions';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema';

export async function lastRiderDirections(db: DbOrTx, userId: string): Promise<RiderDirections> {
  const [last] = await db
    .select({ building: orders.deliveryBuilding, directions: orders.deliveryDirections })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  return { building: last?.building ?? '', directions: last?.directions ?? '' };
}
