// Whether checkout may offer pay on delivery to this customer for this zone, and the order's
// confirmation without payment (the 'confirmed_unpaid' event: its stock and window are its own at once).
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { MAX_OPEN_PAY_ON_DELIVERY, offersPayOnDelivery, PAY_ON_DELIVERY_MESSAGES } from '@/domain/pay-on-delivery';
import type { ServerContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { deliveryZones, orders } from '../../db/schema';
import { DomainError } from '../../errors';
import { transitionOrder } from '../orders/order-transitions';
import type { QueuedOrderUpdate } from '../orders/order-updates.service';

export type PayOnDeliveryOffer = { offered: true } | { offered: false; reason: string };

/** Pay on delivery for this customer in this zone, or why not (as checkout says it). */
export async function payOnDeliveryOffer(db: DbOrTx, userId: string, zoneId: string | null): Promise<PayOnDeliveryOffer> {
  if (!zoneId) return { offered: false, reason: PAY_ON_DELIVERY_MESSAGES.pickup };
  const [zone] = await db.select({ choice: deliveryZones.payOnDelivery }).from(deliveryZones).where(eq(deliveryZones.id, zoneId));
  if (!zone || zone.choice === 'off') return { offered: false, reason: PAY_ON_DELIVERY_MESSAGES.notOffered };
  const [paid] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), isNotNull(orders.paidAt)))
    .limit(1);
  if (!offersPayOnDelivery(zone.choice, { hasPaidOrder: Boolean(paid) }))
    return { offered: false, reason: PAY_ON_DELIVERY_MESSAGES.returningOnly };
  const [open] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'confirmed')));
  if ((open?.n ?? 0) >= MAX_OPEN_PAY_ON_DELIVERY) return { offered: false, reason: PAY_ON_DELIVERY_MESSAGES.tooMany };
  return { offered: true };
}

/** Refuses an order to pay on delivery that checkout would not offer; read under the customer's row lock. */
export async function requirePayOnDelivery(tx: Tx, userId: string, zoneId: string | null): Promise<void> {
  const offer = await payOnDeliveryOffer(tx, userId, zoneId);
  if (!offer.offered)
    throw new DomainError('unprocessable', 'PAY_ON_DELIVERY_REFUSED', offer.reason, { fields: { payment: offer.reason } });
}

/** The new order, confirmed to be paid at the door: the customer and the owner are told with it. */
export async function confirmUnpaid(ctx: ServerContext, tx: Tx, orderId: string, at: Date): Promise<QueuedOrderUpdate | null> {
  const { update } = await transitionOrder(ctx, tx, {
    order: { id: orderId, status: 'pending' },
    event: 'confirmed_unpaid',
    at,
    set: { payOnDelivery: true },
  });
  return update;
}
