// The order module refuses an event the order may not take, with a clear message, and changes
// nothing: not the status, not the stock, not the customer's messages.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, outboundMail, stockMovements } from '../../src/server/db/schema';
import { OrderTransitionRefused, transitionOrder, advanceOrderFulfilment } from '../../src/server/features/orders/order-transitions';
import { dbKinds } from '../support/test-database';
import { body, payByCard, placeOrder, stockOf, withAdminApp } from './admin-helpers';

describe.each(dbKinds(import.meta.url))('order lifecycle on %s', (kind) => {
  const s = withAdminApp(kind);

  const snapshot = async (orderId: string, productId: string) => {
    const db = s.t.ctx.db;
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    return {
      status: order?.status,
      fulfilment: order?.fulfilmentStatus,
      updatedAt: order?.updatedAt.toISOString(),
      stock: await stockOf(s.t, productId),
      movements: (await db.select().from(stockMovements).where(eq(stockMovements.orderId, orderId))).length,
      mails: (await db.select().from(outboundMail).where(eq(outboundMail.orderId, orderId))).length,
    };
  };

  const firstProduct = async () => {
    const [p] = await s.t.ctx.db.query.products.findMany({ limit: 1, where: (t, { gt }) => gt(t.stock, 5) });
    return p!.id;
  };

  it('refuses to mark a cancelled order paid, saying why, and writes nothing', async () => {
    const productId = await firstProduct();
    const { orderId } = await placeOrder(s, [{ productId, quantity: 1 }]);
    expect((await s.asAdmin(`/orders/${orderId}/cancel`, { method: 'POST', json: { reason: 'Customer asked' } })).status).toBe(200);
    const before = await snapshot(orderId, productId);
    expect(before.status).toBe('cancelled');

    const attempt = s.t.ctx.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      return transitionOrder(s.t.ctx, tx, { order: locked!, event: 'paid', at: s.t.ctx.now() });
    });
    await expect(attempt).rejects.toBeInstanceOf(OrderTransitionRefused);
    await expect(attempt).rejects.toMatchObject({
      kind: 'conflict',
      code: 'ORDER_TRANSITION_REFUSED',
      message: 'This order is cancelled, so it cannot be paid.',
    });
    expect(await snapshot(orderId, productId)).toEqual(before);
  });

  it('refuses to send an unpaid order out for delivery, and the back office says so', async () => {
    const productId = await firstProduct();
    const { orderId } = await placeOrder(s, [{ productId, quantity: 1 }]);
    const before = await snapshot(orderId, productId);

    const attempt = s.t.ctx.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      return advanceOrderFulfilment(s.t.ctx, tx, { order: locked!, event: 'out_for_delivery', at: s.t.ctx.now() });
    });
    await expect(attempt).rejects.toMatchObject({ message: 'This order is pending, so it cannot be sent out for delivery.' });

    const res = await s.asAdmin(`/orders/${orderId}/fulfilment`, { method: 'POST', json: { status: 'out_for_delivery' } });
    expect(res.status).toBe(409);
    expect((await body<{ error: { message: string } }>(res)).error.message).toBe('Only paid (completed) orders can be fulfilled.');
    expect(await snapshot(orderId, productId)).toEqual(before);
  });

  it('moves a paid order through its events once each: a second delivery is refused', async () => {
    const productId = await firstProduct();
    const { orderId, trackingId } = await placeOrder(s, [{ productId, quantity: 2 }]);
    await payByCard(s, trackingId);
    expect((await snapshot(orderId, productId)).status).toBe('completed');
    expect((await s.asAdmin(`/orders/${orderId}/fulfilment`, { method: 'POST', json: { status: 'delivered' } })).status).toBe(200);
    const delivered = await snapshot(orderId, productId);
    expect(delivered.fulfilment).toBe('delivered');

    const again = s.t.ctx.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      return advanceOrderFulfilment(s.t.ctx, tx, { order: locked!, event: 'delivered', at: s.t.ctx.now() });
    });
    await expect(again).rejects.toMatchObject({ message: 'This order is completed, so it cannot be marked as delivered.' });
    expect(await snapshot(orderId, productId)).toEqual(delivered);
  });
});
