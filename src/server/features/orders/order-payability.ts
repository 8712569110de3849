// Order payability: whether an order may take a new payment (read by the order views and by payments).
/**
 * Whether the order can take a new payment: pending, or failed while its stock is still reserved
 * (a declined payment keeps the reservation, so the same order can be paid again).
 */
export function isPayable(order: { status: string; reservationExpiresAt: Date | null }, now: Date): boolean {
  if (order.status === 'pending') return true;
  return order.status === 'failed' && order.reservationExpiresAt !== null && order.reservationExpiresAt > now;
}
