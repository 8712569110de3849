// A rider's stop has one outcome per assignment: 'Delivered' and 'Could not deliver' tapped together
// (two phones, a double tap) give one answer of 200 and one clear 409, and the order holds only the
// one that won. A stop cancelled after it was given to the rider takes no outcome at all.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, orders } from '../../src/server/db/schema';
import { createUser, type TestUser } from '../support/test-app';
import { dbKinds } from '../support/test-database';
import { body, payByCard, placeOrder, withAdminApp } from './admin-helpers';
import { insertProducts } from '../../src/server/features/catalog/new-products';

const RACES = 5;

describe.each(dbKinds(import.meta.url))('one outcome per delivery attempt on %s', (kind) => {
  const s = withAdminApp(kind);
  let rider: TestUser;
  let productId: string;

  beforeAll(async () => {
    rider = await createUser(s.t, { role: 'rider', name: 'Otieno Rider', phone: '+254733000111' });
    const [product] = await insertProducts(s.t.ctx.db, [
      { name: 'Race Test Tilapia', slug: 'race-test-tilapia', category: 'fish', price: 60_000, stock: 50 },
    ]);
    productId = product!.id;
  });

  /** A paid order given to the rider. */
  async function assignedStop(): Promise<string> {
    const { orderId, trackingId } = await placeOrder(s, [{ productId, quantity: 1 }]);
    await payByCard(s, trackingId);
    const res = await s.asAdmin('/deliveries/assign', { method: 'POST', json: { orderIds: [orderId], riderId: rider.id } });
    expect(res.status).toBe(200);
    return orderId;
  }

  const delivered = (orderId: string) =>
    s.t.request(`/api/admin/rider/stops/${orderId}/delivered`, { method: 'POST', cookie: rider.cookie });
  const notDelivered = (orderId: string) =>
    s.t.request(`/api/admin/rider/stops/${orderId}/not-delivered`, {
      method: 'POST',
      cookie: rider.cookie,
      json: { reason: 'Gate locked' },
    });

  const orderOf = async (orderId: string) => (await s.t.ctx.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
  const outcomesAudited = async (orderId: string) =>
    (await s.t.ctx.db.select({ action: auditLogs.action }).from(auditLogs).where(eq(auditLogs.recordId, orderId)))
      .map((r) => r.action)
      .filter((a) => a === 'ORDER_FULFILMENT' || a === 'ORDER_NOT_DELIVERED');

  it("accepts only one of 'Delivered' and 'Could not deliver' sent together, and the order holds that one", async () => {
    for (let i = 0; i < RACES; i++) {
      const orderId = await assignedStop();
      const answers = await Promise.all([delivered(orderId), notDelivered(orderId)]);
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 409]);
      const refused = answers.find((r) => r.status === 409)!;
      const message = (await body<{ error: { message: string } }>(refused)).error.message;
      const row = await orderOf(orderId);
      if (answers[0]!.status === 200) {
        expect(message).toBe('This order is already delivered.');
        expect(row).toMatchObject({
          fulfilmentStatus: 'delivered',
          deliveryFailedAt: null,
          deliveryFailedReason: null,
          needsAttention: false,
        });
        expect(await outcomesAudited(orderId)).toEqual(['ORDER_FULFILMENT']);
      } else {
        expect(message).toBe("This stop is already marked 'Could not deliver'. Ask the staff to give it to a rider again.");
        expect(row).toMatchObject({ fulfilmentStatus: 'unfulfilled', deliveryFailedReason: 'Gate locked', needsAttention: true });
        expect(await outcomesAudited(orderId)).toEqual(['ORDER_NOT_DELIVERED']);
      }
    }
  });

  it('refuses a second outcome for the same attempt, until the stop is given to a rider again', async () => {
    const orderId = await assignedStop();
    expect((await notDelivered(orderId)).status).toBe(200);
    const again = await notDelivered(orderId);
    expect(again.status).toBe(409);
    const late = await delivered(orderId);
    expect(late.status).toBe(409);
    expect(await body(late)).toEqual({
      error: { code: 'CONFLICT', message: "This stop is already marked 'Could not deliver'. Ask the staff to give it to a rider again." },
    });
    expect(await orderOf(orderId)).toMatchObject({ fulfilmentStatus: 'unfulfilled', deliveryFailedReason: 'Gate locked' });
    expect(await outcomesAudited(orderId)).toEqual(['ORDER_NOT_DELIVERED']);

    // Given again: a new attempt, which may end delivered.
    expect((await s.asAdmin('/deliveries/assign', { method: 'POST', json: { orderIds: [orderId], riderId: rider.id } })).status).toBe(200);
    expect((await delivered(orderId)).status).toBe(200);
    expect(await orderOf(orderId)).toMatchObject({ fulfilmentStatus: 'delivered', deliveryFailedAt: null });
  });

  it("refuses 'Could not deliver' and 'Delivered' on a stop cancelled after it was given to the rider", async () => {
    const orderId = await assignedStop();
    const cancelled = await s.asAdmin(`/orders/${orderId}/cancel`, { method: 'POST', json: { reason: 'Customer asked' } });
    expect(cancelled.status).toBe(200);
    const before = await orderOf(orderId);
    expect(before.status).not.toBe('completed');

    const failed = await notDelivered(orderId);
    expect(failed.status).toBe(409);
    expect((await body<{ error: { message: string } }>(failed)).error.message).toMatch(
      /^Order #[a-z0-9]+ was cancelled; there is nothing to deliver\.$/,
    );
    const done = await delivered(orderId);
    expect(done.status).toBe(409);
    expect((await body<{ error: { message: string } }>(done)).error.message).toMatch(
      /^Order #[a-z0-9]+ was cancelled; there is nothing to deliver\.$/,
    );

    const after = await orderOf(orderId);
    expect(after).toMatchObject({
      status: before.status,
      fulfilmentStatus: 'unfulfilled',
      deliveryFailedAt: null,
      deliveryFailedReason: null,
      needsAttention: before.needsAttention,
      attentionReason: before.attentionReason,
    });
    expect(await outcomesAudited(orderId)).toEqual([]);
  });
});
