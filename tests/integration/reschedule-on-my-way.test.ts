// 'Out for delivery' again after a reschedule: a stop that went out, could not be delivered and was
// given a new window steps back to waiting (the transitions table's one step back, legal only from
// the failed delivery), so the rider's 'On my way' on the new day sends it out again and the
// customer is told again, with the new window. A stop moved without a failed delivery keeps its step.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders, outboundSms } from '../../src/server/db/schema';
import { insertProducts } from '../../src/server/features/catalog/new-products';
import { signPlace } from '../../src/server/features/checkout/place-token';
import { createUser, type TestUser } from '../support/test-app';
import { dbKinds } from '../support/test-database';
import { body, payByCard, withAdminApp } from './admin-helpers';

const PLACE = { address: 'Near Estate, Nairobi', lat: -1.3162, lng: 36.8065 };

interface Slot {
  windowId: string;
  date: string;
  label: string;
  full: boolean;
}

describe.each(dbKinds(import.meta.url))('on my way again after a new window on %s', (kind) => {
  const s = withAdminApp(kind);
  let productId: string;
  let rider: TestUser;

  async function paidStop(phone: string): Promise<string> {
    const point = { lat: PLACE.lat, lng: PLACE.lng };
    const res = await s.t.request('/api/checkout/orders', {
      method: 'POST',
      cookie: s.customer.cookie,
      json: {
        items: [{ productId, quantity: 1 }],
        customerInfo: { fullName: 'Achieng Customer', email: s.customer.email, phone, address: PLACE.address },
        deliveryInfo: {
          address: PLACE.address,
          coordinates: point,
          placeToken: signPlace(s.t.ctx.env.AUTH_SECRET ?? '', PLACE.address, point),
        },
      },
    });
    const placed = await body<{ orderId?: string; iframeUrl?: string }>(res);
    if (!placed.orderId || !placed.iframeUrl) throw new Error(`checkout failed: ${res.status}`);
    await payByCard(s, new URL(placed.iframeUrl).searchParams.get('OrderTrackingId')!);
    return placed.orderId;
  }
  const fulfilment = async (id: string) => (await s.t.ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!.fulfilmentStatus;
  const assign = (id: string) => s.asAdmin('/deliveries/assign', { method: 'POST', json: { orderIds: [id], riderId: rider.id } });
  const onMyWay = (id: string) => s.t.request(`/api/admin/rider/stops/${id}/on-my-way`, { method: 'POST', cookie: rider.cookie });
  const onTheWaySms = (id: string) =>
    s.t.ctx.db
      .select()
      .from(outboundSms)
      .where(and(eq(outboundSms.orderId, id), eq(outboundSms.step, 'out_for_delivery')));
  /** Moves the order by the staff to a window other than its own; answers the new window's label. */
  async function moveByStaff(id: string): Promise<string> {
    const { current, slots } = await body<{ current: string; slots: Slot[] }>(await s.asAdmin(`/deliveries/${id}/reschedule`));
    const to = slots.find((x) => !x.full && x.label !== current)!;
    const res = await s.asAdmin(`/deliveries/${id}/reschedule`, { method: 'POST', json: { windowId: to.windowId, date: to.date } });
    expect(res.status).toBe(200);
    return to.label;
  }

  beforeAll(async () => {
    const [product] = await insertProducts(s.t.ctx.db, [
      { name: 'On The Way Tilapia', slug: 'on-the-way-tilapia', category: 'fish', price: 60_000, stock: 50 },
    ]);
    productId = product!.id;
    rider = await createUser(s.t, { role: 'rider', name: 'Juma Rider', phone: '+254733000666' });
  });

  it('steps a failed stop back to waiting, and the next On my way sends it out and tells the customer again', async () => {
    const id = await paidStop('+254712400001');
    expect((await assign(id)).status).toBe(200);
    expect(await body(await onMyWay(id))).toEqual({ fulfilmentStatus: 'out_for_delivery', changed: true });
    expect(await onTheWaySms(id)).toHaveLength(1);
    const failed = await s.t.request(`/api/admin/rider/stops/${id}/not-delivered`, {
      method: 'POST',
      cookie: rider.cookie,
      json: { reason: 'Gate locked' },
    });
    expect(failed.status).toBe(200);
    expect(await fulfilment(id)).toBe('out_for_delivery');
    // The order page offers a new time while the failure is open.
    const failedDetail = await body<{ order: { deliveryFailedReason: string | null } }>(await s.asAdmin(`/orders/${id}`));
    expect(failedDetail.order.deliveryFailedReason).toBe('Gate locked');

    const label = await moveByStaff(id);
    // The timeline names the move and who made it; the failure is answered.
    const detail = await body<{ order: { deliveryFailedReason: string | null }; timeline: { title: string }[] }>(
      await s.asAdmin(`/orders/${id}`),
    );
    expect(detail.order.deliveryFailedReason).toBeNull();
    expect(detail.timeline.map((e) => e.title)).toContain(`Moved to ${label} by Amina Admin`);
    // Back to waiting for the new window: the customer's order page no longer says 'Out for delivery'.
    expect(await fulfilment(id)).toBe('processing');
    const mine = await body<{ fulfilmentStatus: string }>(await s.t.request(`/api/orders/${id}`, { cookie: s.customer.cookie }));
    expect(mine.fulfilmentStatus).toBe('processing');

    expect((await assign(id)).status).toBe(200);
    expect(await body(await onMyWay(id))).toEqual({ fulfilmentStatus: 'out_for_delivery', changed: true });
    expect(await fulfilment(id)).toBe('out_for_delivery');
    const told = await onTheWaySms(id);
    expect(told).toHaveLength(2);
    expect(told.some((m) => m.message.includes(label.replace('–', '-')))).toBe(true);
    // A second tap on the new day changes nothing and tells nobody again.
    expect(await body(await onMyWay(id))).toEqual({ fulfilmentStatus: 'out_for_delivery', changed: false });
    expect(await onTheWaySms(id)).toHaveLength(2);
  });

  it("steps back too when the customer moves it from her link, and the timeline says 'by the customer'", async () => {
    const id = await paidStop('+254712400003');
    expect((await assign(id)).status).toBe(200);
    expect((await onMyWay(id)).status).toBe(200);
    await s.t.request(`/api/admin/rider/stops/${id}/not-delivered`, { method: 'POST', cookie: rider.cookie, json: { reason: 'Away' } });
    const [sms] = await s.t.ctx.db
      .select()
      .from(outboundSms)
      .where(and(eq(outboundSms.orderId, id), eq(outboundSms.step, 'delivery_failed')));
    const token = /\/delivery\/([A-Za-z0-9_-]{43})$/.exec(sms!.message)![1]!;
    const page = await body<{ slots: Slot[]; current: string }>(await s.t.request(`/api/delivery-reschedule/${token}`));
    const to = page.slots.find((x) => !x.full && x.label !== page.current)!;
    const moved = await s.t.request(`/api/delivery-reschedule/${token}`, {
      method: 'POST',
      json: { windowId: to.windowId, date: to.date },
    });
    expect(moved.status).toBe(200);
    expect(await fulfilment(id)).toBe('processing');
    const detail = await body<{ timeline: { title: string; detail: string | null }[] }>(await s.asAdmin(`/orders/${id}`));
    const event = detail.timeline.find((e) => e.title.startsWith('Moved to'));
    expect(event).toEqual(expect.objectContaining({ title: `Moved to ${to.label} by the customer`, detail: `Was ${page.current}` }));
  });

  it('keeps a stop on its way when it is moved without a failed delivery', async () => {
    const id = await paidStop('+254712400002');
    expect((await assign(id)).status).toBe(200);
    expect((await onMyWay(id)).status).toBe(200);
    await moveByStaff(id);
    expect(await fulfilment(id)).toBe('out_for_delivery');
  });
});
