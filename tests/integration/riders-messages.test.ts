// What riders and customers hear when stops move. 'On my way' takes the order out for delivery
// through the lifecycle table and sends the customer ONE SMS and mail naming the rider, their phone
// and the window (the shop's phone when staff send it without a rider); a second tap changes and
// sends nothing. Stops given together reach the rider as ONE SMS of their whole list in route
// order, a later change as the whole list again, and a stop taken off them or cancelled for a
// refund as 'do not deliver'. Two assignments for one rider at once build their lists one after
// the other (the rider's row lock), so the later SMS holds both.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatSlot } from '../../src/domain/delivery-slots';
import { toGsm7 } from '../../src/domain/order-sms';
import { auditLogs, orderDeliveryWindows, orders, outboundMail, outboundSms } from '../../src/server/db/schema';
import { insertProducts } from '../../src/server/features/catalog/new-products';
import { signPlace } from '../../src/server/features/checkout/place-token';
import { loadShopDetails } from '../../src/server/features/content/shop-details.service';
import { createUser, type TestUser } from '../support/test-app';
import { dbKinds } from '../support/test-database';
import { body, decideRefund, payByCard, withAdminApp } from './admin-helpers';

const CUSTOMER_PHONE = '+254712345678';
/** East of the shop's origin (Nairobi West) on one line, all in the first zone: the route goes near, middle, far. */
const NEAR = { address: 'Near Estate, Nairobi', lat: -1.3162, lng: 36.8065 };
const MIDDLE = { address: 'Middle Estate, Nairobi', lat: -1.3162, lng: 36.8165 };
const FAR = { address: 'Far Estate, Nairobi', lat: -1.3162, lng: 36.8265 };
const FARTHER = { address: 'Farther Estate, Nairobi', lat: -1.3162, lng: 36.829 };

type Place = typeof NEAR;
const ref = (orderId: string) => orderId.slice(0, 8);
/** One stop's line in a rider's SMS: '2) #1a2b3c4d 10:00-12:00 Middle Estate' (a weekday when not today). */
const line = (n: number, orderId: string, area: string) => `${n}\\) #${ref(orderId)} (\\w{3} )?\\d\\d:\\d\\d-\\d\\d:\\d\\d ${area}`;

describe.each(dbKinds(import.meta.url))('riders and what they hear on %s', (kind) => {
  const s = withAdminApp(kind);
  let productId: string;
  /** The window every stop of the file takes: one group, so the route alone orders the stops. */
  let window: { windowId: string; date: string } | null = null;

  beforeAll(async () => {
    const [product] = await insertProducts(s.t.ctx.db, [
      { name: 'Rider Message Tilapia', slug: 'rider-message-tilapia', category: 'fish', price: 60_000, stock: 200 },
    ]);
    productId = product!.id;
  });

  const newRider = (name: string, phone: string) => createUser(s.t, { role: 'rider', name, phone });

  /** A paid order to `place`, in the file's window. */
  async function paidStop(place: Place): Promise<string> {
    const point = { lat: place.lat, lng: place.lng };
    if (!window) {
      const quote = await body<{ zoneId: string }>(
        await s.t.request('/api/checkout/delivery-fee', {
          method: 'POST',
          cookie: s.customer.cookie,
          json: { address: place.address, latitude: place.lat, longitude: place.lng },
        }),
      );
      const offered = await body<{ chosen: { windowId: string; date: string } | null }>(
        await s.t.request(`/api/checkout/delivery-windows?zoneId=${quote.zoneId}`, { cookie: s.customer.cookie }),
      );
      window = offered.chosen;
    }
    const res = await s.t.request('/api/checkout/orders', {
      method: 'POST',
      cookie: s.customer.cookie,
      json: {
        items: [{ productId, quantity: 1 }],
        customerInfo: { fullName: 'Kamau Customer', email: s.customer.email, phone: CUSTOMER_PHONE, address: place.address },
        deliveryInfo: {
          address: place.address,
          coordinates: point,
          placeToken: signPlace(s.t.ctx.env.AUTH_SECRET ?? '', place.address, point),
        },
        deliveryWindow: window,
      },
    });
    const placed = await body<{ orderId?: string; iframeUrl?: string; error?: unknown }>(res);
    if (!placed.orderId || !placed.iframeUrl) throw new Error(`checkout failed: ${res.status} ${JSON.stringify(placed.error)}`);
    await payByCard(s, new URL(placed.iframeUrl).searchParams.get('OrderTrackingId')!);
    return placed.orderId;
  }

  const assign = (orderIds: string[], riderId: string | null) =>
    s.asAdmin('/deliveries/assign', { method: 'POST', json: { orderIds, riderId } });
  const onMyWay = (orderId: string, rider: TestUser) =>
    s.t.request(`/api/admin/rider/stops/${orderId}/on-my-way`, { method: 'POST', cookie: rider.cookie });

  /** The SMS sent to a phone at a step, oldest first. */
  const smsTo = (to: string, step: string) =>
    s.t.ctx.db
      .select()
      .from(outboundSms)
      .where(and(eq(outboundSms.to, to), eq(outboundSms.step, step)))
      .orderBy(asc(outboundSms.createdAt), asc(outboundSms.id));
  /**
   * The lists a rider was sent, oldest first, each as its parts in their numbered order (one request's
   * SMS share a key ending in the part's number; the parts are queued in the same millisecond, so
   * their time does not order them).
   */
  const listsTo = async (to: string) => {
    const lists = new Map<string, { part: number; message: string }[]>();
    for (const m of await smsTo(to, 'rider_stops')) {
      const key = m.dedupeKey.split(':');
      const request = key.slice(0, -1).join(':');
      lists.set(request, [...(lists.get(request) ?? []), { part: Number(key.at(-1)), message: m.message }]);
    }
    return [...lists.values()].map((parts) => parts.sort((a, b) => a.part - b.part).map((p) => p.message));
  };
  const customerSms = (orderId: string, step: string) =>
    s.t.ctx.db
      .select()
      .from(outboundSms)
      .where(and(eq(outboundSms.orderId, orderId), eq(outboundSms.step, step)));
  const customerMail = (orderId: string, step: string) =>
    s.t.ctx.db
      .select()
      .from(outboundMail)
      .where(eq(outboundMail.dedupeKey, `${orderId}:${step}`));
  const windowParts = async (orderId: string): Promise<[string, number, number]> => {
    const [w] = await s.t.ctx.db.select().from(orderDeliveryWindows).where(eq(orderDeliveryWindows.orderId, orderId));
    return [w!.deliveryDate, w!.startMinute, w!.endMinute];
  };
  /** The order's window as its SMS writes it (GSM: a hyphen for the dash). */
  const windowLabel = async (orderId: string) => toGsm7(formatSlot(...(await windowParts(orderId))));

  describe("'On my way'", () => {
    let rider: TestUser;
    beforeAll(async () => {
      rider = await newRider('Otieno Ouma', '+254733000111');
    });

    it("takes the order out for delivery and tells the customer once, with the rider's name and phone and the window", async () => {
      const orderId = await paidStop(NEAR);
      expect((await assign([orderId], rider.id)).status).toBe(200);

      const res = await onMyWay(orderId, rider);
      expect(res.status).toBe(200);
      expect(await body(res)).toEqual({ fulfilmentStatus: 'out_for_delivery', changed: true });
      const [row] = await s.t.ctx.db
        .select({ f: orders.fulfilmentStatus, status: orders.status })
        .from(orders)
        .where(eq(orders.id, orderId));
      expect(row).toEqual({ f: 'out_for_delivery', status: 'completed' });

      const sms = await customerSms(orderId, 'out_for_delivery');
      expect(sms).toHaveLength(1);
      expect(sms[0]!.to).toBe(CUSTOMER_PHONE);
      expect(sms[0]!.message).toContain(
        `Order #${ref(orderId)} is out for delivery. Rider: Otieno Ouma, +254733000111. Delivery: ${await windowLabel(orderId)}.`,
      );
      expect(sms[0]!.message.length).toBeLessThanOrEqual(160);
      const mail = await customerMail(orderId, 'out_for_delivery');
      expect(mail).toHaveLength(1);
      expect(mail[0]!.text).toContain('Otieno Ouma is bringing it; their phone is +254733000111.');
      expect(mail[0]!.text).toContain(`Delivery window: ${formatSlot(...(await windowParts(orderId)))}.`);

      // The customer's own order reads it: My Orders and the order page show 'Out for delivery'.
      const mine = await body<{ fulfilmentStatus: string }>(await s.t.request(`/api/orders/${orderId}`, { cookie: s.customer.cookie }));
      expect(mine.fulfilmentStatus).toBe('out_for_delivery');

      // A second tap changes nothing and sends nothing.
      const again = await onMyWay(orderId, rider);
      expect(again.status).toBe(200);
      expect(await body(again)).toEqual({ fulfilmentStatus: 'out_for_delivery', changed: false });
      expect(await customerSms(orderId, 'out_for_delivery')).toHaveLength(1);
      expect(await customerMail(orderId, 'out_for_delivery')).toHaveLength(1);
      const audits = await s.t.ctx.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.recordId, orderId), eq(auditLogs.action, 'ORDER_FULFILMENT')));
      expect(audits.map((a) => a.details)).toEqual([{ from: 'unfulfilled', to: 'out_for_delivery', via: 'rider' }]);
    });

    it('answers two taps at once with one change and one SMS', async () => {
      const orderId = await paidStop(MIDDLE);
      expect((await assign([orderId], rider.id)).status).toBe(200);
      const answers = await Promise.all([onMyWay(orderId, rider), onMyWay(orderId, rider)]);
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
      const changed = await Promise.all(answers.map(async (r) => (await body<{ changed: boolean }>(r)).changed));
      expect(changed.sort()).toEqual([false, true]);
      expect(await customerSms(orderId, 'out_for_delivery')).toHaveLength(1);
    });

    it("refuses another rider's stop and a delivered one, changing nothing", async () => {
      const other = await newRider('Baraka Rider', '+254733000999');
      const orderId = await paidStop(NEAR);
      expect((await assign([orderId], rider.id)).status).toBe(200);
      const notMine = await onMyWay(orderId, other);
      expect(notMine.status).toBe(404);
      expect((await body<{ error: { message: string } }>(notMine)).error.message).toBe('This stop is not on your list.');
      expect((await s.t.request(`/api/admin/rider/stops/${orderId}/delivered`, { method: 'POST', cookie: rider.cookie })).status).toBe(200);
      const late = await onMyWay(orderId, rider);
      expect(late.status).toBe(409);
      expect((await body<{ error: { message: string } }>(late)).error.message).toBe('This order is already delivered.');
      expect(await customerSms(orderId, 'out_for_delivery')).toHaveLength(0);
    });

    it("lets staff say it for a shop without riders: the customer gets the shop's phone", async () => {
      const details = await loadShopDetails(s.t.ctx.db);
      const saved = await s.asAdmin('/shop-details', { method: 'PUT', json: { ...details, phone: '0700 123 456' } });
      expect(saved.status).toBe(200);
      const shopPhone = (await loadShopDetails(s.t.ctx.db)).phone;
      expect(shopPhone).toMatch(/700 ?123 ?456$/);
      const orderId = await paidStop(FAR);
      const res = await s.asAdmin(`/deliveries/${orderId}/on-my-way`, { method: 'POST' });
      expect(res.status).toBe(200);
      expect(await body(res)).toEqual({ fulfilmentStatus: 'out_for_delivery', changed: true });
      const sms = await customerSms(orderId, 'out_for_delivery');
      expect(sms).toHaveLength(1);
      expect(sms[0]!.message).toContain(
        `Order #${ref(orderId)} is out for delivery. Questions? Call ${shopPhone}. Delivery: ${await windowLabel(orderId)}.`,
      );
      expect((await s.asAdmin(`/deliveries/${orderId}/on-my-way`, { method: 'POST' })).status).toBe(200);
      expect(await customerSms(orderId, 'out_for_delivery')).toHaveLength(1);
      // Riders have no say over other stops through the staff's route.
      expect((await s.t.request(`/api/admin/deliveries/${orderId}/on-my-way`, { method: 'POST', cookie: rider.cookie })).status).toBe(403);
    });
  });

  describe("the rider's list", () => {
    let rider: TestUser;
    let other: TestUser;
    let near: string;
    let middle: string;
    let far: string;

    beforeAll(async () => {
      rider = await newRider('Wanjiku Rider', '+254733000222');
      other = await newRider('Juma Rider', '+254733000333');
      // Placed out of route order: the SMS follows the route, not the order of placing or choosing.
      far = await paidStop(FAR);
      near = await paidStop(NEAR);
      middle = await paidStop(MIDDLE);
    });

    it('gives stops chosen together as ONE SMS listing them in route order', async () => {
      const res = await assign([far, middle, near], rider.id);
      expect(await body(res)).toEqual({ assigned: 3, smsQueued: true });
      const sms = await smsTo('+254733000222', 'rider_stops');
      expect(sms).toHaveLength(1);
      expect(sms[0]!.message).toMatch(
        new RegExp(
          `^Lake Victoria: 3 stops for you: ${line(1, near, 'Near Estate')} ${line(2, middle, 'Middle Estate')} ${line(3, far, 'Far Estate')}$`,
        ),
      );
      expect(sms[0]!.message.length).toBeLessThanOrEqual(160);
      // The rider's page lists them in the same order.
      const page = await body<{ groups: { stops: { orderId: string }[] }[] }>(
        await s.t.request('/api/admin/rider/stops', { cookie: rider.cookie }),
      );
      expect(page.groups.flatMap((g) => g.stops.map((x) => x.orderId))).toEqual([near, middle, far]);
    });

    it('sends the whole list again when a stop is added later', async () => {
      const farther = await paidStop(FARTHER);
      expect(await body(await assign([farther], rider.id))).toEqual({ assigned: 1, smsQueued: true });
      const lists = await listsTo('+254733000222');
      expect(lists).toHaveLength(2);
      // Four stops do not fit one SMS: one list in numbered parts, none cut.
      expect(lists[1]!.length).toBe(2);
      expect(lists[1]![0]).toMatch(/^Lake Victoria: 4 stops for you \(1\/2\): /);
      expect(lists[1]![1]).toMatch(/^Lake Victoria \(2\/2\): /);
      for (const part of lists[1]!) expect(part.length).toBeLessThanOrEqual(160);
      const text = lists[1]!.join(' ');
      expect(text).toMatch(
        new RegExp(
          `4 stops for you.*${line(1, near, 'Near Estate')} .*${line(2, middle, 'Middle Estate')} .*${line(3, far, 'Far Estate')} .*${line(4, farther, 'Farther Estate')}`,
        ),
      );
    });

    it('tells a rider not to deliver a stop taken off them, and the new rider gets their list', async () => {
      expect(await body(await assign([near], other.id))).toEqual({ assigned: 1, smsQueued: true });
      const off = await smsTo('+254733000222', 'rider_stops_off');
      expect(off.map((m) => m.message)).toEqual([
        expect.stringMatching(new RegExp(`: Stop #${ref(near)} was taken off your list - do not deliver\\.$`)),
      ]);
      const theirs = await smsTo('+254733000333', 'rider_stops');
      expect(theirs).toHaveLength(1);
      expect(theirs[0]!.message).toMatch(new RegExp(`: 1 stop for you: ${line(1, near, 'Near Estate')} `));
      // Taken back to no rider: a notice, and no list for anyone.
      expect(await body(await assign([middle], null))).toEqual({ assigned: 1, smsQueued: false });
      const offAgain = await smsTo('+254733000222', 'rider_stops_off');
      expect(offAgain).toHaveLength(2);
      expect(offAgain[1]!.message).toMatch(new RegExp(`: Stop #${ref(middle)} was taken off your list - do not deliver\\.$`));
      expect(await listsTo('+254733000222')).toHaveLength(2);
    });

    it('tells the rider a stop cancelled for a refund is not to be delivered, once', async () => {
      const cancel = await s.asAdmin(`/orders/${far}/cancel`, { method: 'POST', json: { reason: 'Customer changed their mind' } });
      expect(cancel.status).toBe(200);
      const off = await s.t.ctx.db
        .select()
        .from(outboundSms)
        .where(and(eq(outboundSms.orderId, far), eq(outboundSms.step, 'rider_stops_off')));
      expect(off.map((m) => [m.to, m.message])).toEqual([
        ['+254733000222', expect.stringMatching(new RegExp(`: Stop #${ref(far)} is cancelled for a refund - do not deliver\\.$`))],
      ]);
      // Pesapal reverses the payment: the order is refunded, and the rider is not told twice.
      const [payment] = await s.t.ctx.db.select({ tracking: orders.pesapalTransactionId }).from(orders).where(eq(orders.id, far));
      await decideRefund(s, payment!.tracking!, 'approve');
      const [row] = await s.t.ctx.db.select({ status: orders.status }).from(orders).where(eq(orders.id, far));
      expect(row?.status).toBe('cancelled');
      expect(
        await s.t.ctx.db
          .select()
          .from(outboundSms)
          .where(and(eq(outboundSms.orderId, far), eq(outboundSms.step, 'rider_stops_off'))),
      ).toHaveLength(1);
      // Off their page, and a late tap says why.
      const page = await body<{ groups: { stops: { orderId: string }[] }[] }>(
        await s.t.request('/api/admin/rider/stops', { cookie: rider.cookie }),
      );
      expect(page.groups.flatMap((g) => g.stops.map((x) => x.orderId))).not.toContain(far);
      const late = await onMyWay(far, rider);
      expect(late.status).toBe(409);
      expect((await body<{ error: { message: string } }>(late)).error.message).toBe(
        `Order #${ref(far)} was cancelled; there is nothing to deliver.`,
      );
    });

    it('builds the list of two assignments at once for one rider one after the other: the later SMS holds both', async () => {
      const busy = await newRider('Achieng Rider', '+254733000444');
      const [a, b] = [await paidStop(NEAR), await paidStop(FAR)];
      const answers = await Promise.all([assign([a], busy.id), assign([b], busy.id)]);
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
      const sms = await smsTo('+254733000444', 'rider_stops');
      expect(sms).toHaveLength(2);
      const both = sms.filter((m) => m.message.includes(`#${ref(a)}`) && m.message.includes(`#${ref(b)}`));
      expect(both).toHaveLength(1);
      expect(both[0]!.message).toMatch(new RegExp(`: 2 stops for you: ${line(1, a, 'Near Estate')} ${line(2, b, 'Far Estate')} `));
      const rows = await s.t.ctx.db
        .select({ riderId: orders.riderId })
        .from(orders)
        .where(inArray(orders.id, [a, b]));
      expect(rows.map((r) => r.riderId)).toEqual([busy.id, busy.id]);
    });
  });
});
