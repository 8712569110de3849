// A new time after 'Could not deliver'. The customer's SMS carries a signed link (no sign-in) to a
// page of her zone's windows; her choice moves the order's window under checkout's hold, so two
// customers taking the last place at once get it once (one is told the window is full, and her
// order keeps its old window); the old place is given back, the rider told the stop moved, and the
// stop waits on the new day's list. A link used, for a delivered order, tampered with or expired
// changes nothing and says why. The staff move any paid, undelivered order the same way.
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { deliveryWindows, orderDeliveryWindows, orders, outboundSms } from '../../src/server/db/schema';
import { insertProducts } from '../../src/server/features/catalog/new-products';
import { signPlace } from '../../src/server/features/checkout/place-token';
import { signReschedule } from '../../src/server/features/deliveries/reschedule-token';
import { readPdf } from '../support/pdf-reader';
import { createUser, type TestUser } from '../support/test-app';
import { dbKinds } from '../support/test-database';
import { body, payByCard, withAdminApp } from './admin-helpers';

const PLACE = { address: 'Near Estate, Nairobi', lat: -1.3162, lng: 36.8065 };
const RIDER_PHONE = '+254733000444';
const PHONES = ['+254712000001', '+254712000002'];
const ref = (orderId: string) => orderId.slice(0, 8);
const DAY_MS = 24 * 60 * 60 * 1000;

interface Slot {
  windowId: string;
  date: string;
  label: string;
  left: number;
  full: boolean;
}
type Page =
  | { state: 'choose'; orderNumber: string; current: string | null; slots: Slot[] }
  | { state: 'booked'; orderNumber: string; window: string | null }
  | { state: 'closed'; orderNumber: string; message: string };
type Failure = { error: { message: string } };

describe.each(dbKinds(import.meta.url))('rescheduling a delivery that failed on %s', (kind) => {
  const s = withAdminApp(kind);
  let productId: string;
  let rider: TestUser;
  /** Two paid orders the rider could not deliver, and the links their customers were sent. */
  const stops: { orderId: string; token: string }[] = [];
  let target: Slot;
  /** The order that did not get the last place: still failed, its link still open. */
  let open: { orderId: string; token: string };

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

  const page = (token: string) => s.t.request(`/api/delivery-reschedule/${token}`);
  const choose = (token: string, choice: unknown) => s.t.request(`/api/delivery-reschedule/${token}`, { method: 'POST', json: choice });
  const windowOf = async (orderId: string) =>
    (await s.t.ctx.db.select().from(orderDeliveryWindows).where(eq(orderDeliveryWindows.orderId, orderId)))[0]!;
  const orderRow = async (orderId: string) => (await s.t.ctx.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
  const heldIn = async (slot: { windowId: string; date: string }) =>
    (
      await s.t.ctx.db
        .select({ n: count() })
        .from(orderDeliveryWindows)
        .where(
          and(
            eq(orderDeliveryWindows.windowId, slot.windowId),
            eq(orderDeliveryWindows.deliveryDate, slot.date),
            eq(orderDeliveryWindows.held, true),
          ),
        )
    )[0]!.n;

  beforeAll(async () => {
    const [product] = await insertProducts(s.t.ctx.db, [
      { name: 'Reschedule Tilapia', slug: 'reschedule-tilapia', category: 'fish', price: 60_000, stock: 50 },
    ]);
    productId = product!.id;
    rider = await createUser(s.t, { role: 'rider', name: 'Juma Rider', phone: RIDER_PHONE });
    for (const phone of PHONES) {
      const orderId = await paidStop(phone);
      expect((await s.asAdmin('/deliveries/assign', { method: 'POST', json: { orderIds: [orderId], riderId: rider.id } })).status).toBe(
        200,
      );
      const res = await s.t.request(`/api/admin/rider/stops/${orderId}/not-delivered`, {
        method: 'POST',
        cookie: rider.cookie,
        json: { reason: 'Nobody at the gate' },
      });
      expect(await body(res)).toEqual({ notDelivered: 'Nobody at the gate', customerTold: true });
      const [sms] = await s.t.ctx.db
        .select()
        .from(outboundSms)
        .where(and(eq(outboundSms.orderId, orderId), eq(outboundSms.step, 'delivery_failed')));
      const token = /\/delivery\/([A-Za-z0-9_-]{43})$/.exec(sms!.message)?.[1];
      if (!token) throw new Error(`no link in ${sms?.message}`);
      stops.push({ orderId, token });
    }
  });

  it("sends the customer one SMS with her link, and the link's page lists her zone's windows", async () => {
    const { orderId, token } = stops[0]!;
    const [sms, ...more] = await s.t.ctx.db
      .select()
      .from(outboundSms)
      .where(and(eq(outboundSms.orderId, orderId), eq(outboundSms.step, 'delivery_failed')));
    expect(more).toHaveLength(0);
    expect(sms!.to).toBe(PHONES[0]);
    expect(sms!.message).toContain(
      `We could not deliver order #${ref(orderId)} today. Pick a new time: http://localhost:3000/delivery/${token}`,
    );
    expect(sms!.message.length).toBeLessThanOrEqual(160);

    const res = await page(token);
    expect(res.status).toBe(200);
    const shown = await body<Page>(res);
    if (shown.state !== 'choose') throw new Error(`expected a choice, got ${shown.state}`);
    expect(shown.orderNumber).toBe(ref(orderId));
    expect(shown.current).toBe((await s.asAdmin(`/deliveries/${orderId}/reschedule`).then((r) => body<{ current: string }>(r))).current);
    expect(shown.slots.length).toBeGreaterThan(1);
    // A window other than the one both orders had, with one place left.
    const old = await windowOf(orderId);
    target = shown.slots.find((x) => !x.full && (x.windowId !== old.windowId || x.date !== old.deliveryDate))!;
    const held = await heldIn(target);
    await s.t.ctx.db
      .update(deliveryWindows)
      .set({ capacity: held + 1 })
      .where(eq(deliveryWindows.id, target.windowId));
  });

  it('gives the last place once when two customers take it at once; the other is told and keeps her window', async () => {
    const before = await Promise.all(stops.map((x) => windowOf(x.orderId)));
    const heldBefore = await heldIn(target);
    const answers = await Promise.all(stops.map((x) => choose(x.token, { windowId: target.windowId, date: target.date })));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    const winner = answers[0]!.status === 200 ? 0 : 1;
    const loser = 1 - winner;
    expect(await body(answers[winner]!)).toEqual({ orderId: stops[winner]!.orderId, window: target.label, riderTold: true });
    expect((await body<Failure>(answers[loser]!)).error.message).toBe('That delivery window is full. Please choose another.');
    expect(await heldIn(target)).toBe(heldBefore + 1);

    const moved = await windowOf(stops[winner]!.orderId);
    expect(moved).toMatchObject({ windowId: target.windowId, deliveryDate: target.date, held: true });
    expect(await windowOf(stops[loser]!.orderId)).toEqual(before[loser]);
    const movedOrder = await orderRow(stops[winner]!.orderId);
    expect(movedOrder).toMatchObject({ riderId: null, deliveryFailedAt: null, deliveryFailedReason: null, needsAttention: false });
    const stayed = await orderRow(stops[loser]!.orderId);
    expect(stayed.riderId).toBe(rider.id);
    expect(stayed.deliveryFailedReason).toBe('Nobody at the gate');

    // The rider hears the moved stop, and only that one.
    const told = await s.t.ctx.db
      .select()
      .from(outboundSms)
      .where(and(eq(outboundSms.to, RIDER_PHONE), eq(outboundSms.step, 'rider_stops_off')));
    expect(told.map((m) => m.message)).toEqual([
      expect.stringContaining(`Stop #${ref(stops[winner]!.orderId)} was moved to another day - do not deliver it now.`),
    ]);
    const riderPage = await body<{ groups: { stops: { orderId: string }[] }[] }>(
      await s.t.request('/api/admin/rider/stops', { cookie: rider.cookie }),
    );
    expect(riderPage.groups.flatMap((g) => g.stops.map((x) => x.orderId))).toEqual([stops[loser]!.orderId]);

    // The new day's list has it, for the staff to give out.
    const day = await body<{ groups: { stops: { orderId: string; rider: unknown; expected: string }[] }[] }>(
      await s.asAdmin(`/deliveries?day=${target.date}`),
    );
    const listed = day.groups.flatMap((g) => g.stops).find((x) => x.orderId === stops[winner]!.orderId);
    expect(listed).toMatchObject({ rider: null, expected: target.label });

    // Her link has done its work: it shows the new time and moves nothing again.
    const again = await body<Page>(await page(stops[winner]!.token));
    expect(again).toEqual({ state: 'booked', orderNumber: ref(stops[winner]!.orderId), window: target.label });
    const twice = await choose(stops[winner]!.token, { windowId: before[winner]!.windowId, date: before[winner]!.deliveryDate });
    expect(twice.status).toBe(409);
    expect((await body<Failure>(twice)).error.message).toBe(
      `Order #${ref(stops[winner]!.orderId)} already has a new delivery time: ${target.label}.`,
    );
    expect(await windowOf(stops[winner]!.orderId)).toEqual(moved);
    // Checkout counts the place as taken.
    expect((await body<Page>(await page(stops[loser]!.token))).state).toBe('choose');
    open = stops[loser]!;
  });

  it("prints the rider's route sheet of a day with their stop, for the rider and the staff; not for someone who is not a rider", async () => {
    const day = (await windowOf(open.orderId)).deliveryDate;
    for (const res of [
      await s.t.request(`/api/admin/rider/sheet.pdf?day=${day}`, { cookie: rider.cookie }),
      await s.asAdmin(`/deliveries/rider-sheet.pdf?day=${day}&riderId=${rider.id}`),
    ]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      const text = (await readPdf(new Uint8Array(await res.arrayBuffer()))).flatMap((p) =>
        p.lines.map((l) => l.map((x) => x.text).join(' ')),
      );
      expect(text.join('\n')).toContain(`#${ref(open.orderId)}`);
      expect(text.join('\n')).toContain('nothing to collect');
    }
    const notRider = await s.asAdmin(`/deliveries/rider-sheet.pdf?day=${day}&riderId=${s.customer.id}`);
    expect(notRider.status).toBe(400);
    expect((await body<Failure>(notRider)).error.message).toBe('Choose one of the shop’s riders.');
  });

  it('refuses bad, tampered and expired links and bad choices with a clear message, changing nothing', async () => {
    const loser = open;
    const loserWindow = await windowOf(loser.orderId);

    const garbage = await page('not-a-token');
    expect(garbage.status).toBe(404);
    expect((await body<Failure>(garbage)).error.message).toBe(
      'This link is not valid. Please check it was copied whole, or call the shop.',
    );
    const flipped = `${loser.token.slice(0, 10)}${loser.token[10] === 'A' ? 'B' : 'A'}${loser.token.slice(11)}`;
    const tampered = await choose(flipped, { windowId: target.windowId, date: target.date });
    expect(tampered.status).toBe(404);
    const old = signReschedule(s.t.ctx.env.AUTH_SECRET ?? '', { orderId: loser.orderId, failedAt: new Date(Date.now() - 8 * DAY_MS) });
    const expired = await choose(old, { windowId: target.windowId, date: target.date });
    expect(expired.status).toBe(404);
    expect((await body<Failure>(expired)).error.message).toBe('This link has expired. Please call the shop to agree a new delivery time.');
    const bad = await choose(loser.token, { windowId: 'x', date: 'tomorrow' });
    expect(bad.status).toBe(400);
    expect((await body<Failure>(bad)).error.message).toBe('Choose a new delivery time.');
    const past = await choose(loser.token, { windowId: loserWindow.windowId, date: '2020-01-06' });
    expect(past.status).toBe(409);
    expect((await body<Failure>(past)).error.message).toBe('That delivery window can no longer be chosen. Please choose another.');
    expect(await windowOf(loser.orderId)).toEqual(loserWindow);
    expect((await orderRow(loser.orderId)).deliveryFailedAt).not.toBeNull();
  });

  it('lets the staff move an order; once delivered, the link says so and moves nothing', async () => {
    const loser = open;
    const offered = await body<{ slots: Slot[] }>(await s.asAdmin(`/deliveries/${loser.orderId}/reschedule`));
    const free = offered.slots.find((x) => !x.full && !(x.windowId === target.windowId && x.date === target.date))!;
    const full = await s.asAdmin(`/deliveries/${loser.orderId}/reschedule`, {
      method: 'POST',
      json: { windowId: target.windowId, date: target.date },
    });
    expect(full.status).toBe(409);
    const res = await s.asAdmin(`/deliveries/${loser.orderId}/reschedule`, {
      method: 'POST',
      json: { windowId: free.windowId, date: free.date },
    });
    expect(res.status).toBe(200);
    expect(await body(res)).toEqual({ orderId: loser.orderId, window: free.label, riderTold: true });
    expect(await windowOf(loser.orderId)).toMatchObject({ windowId: free.windowId, deliveryDate: free.date, held: true });

    // Given out again and delivered: the old link now says it is delivered.
    expect((await s.asAdmin('/deliveries/assign', { method: 'POST', json: { orderIds: [loser.orderId], riderId: rider.id } })).status).toBe(
      200,
    );
    const delivered = await s.t.request(`/api/admin/rider/stops/${loser.orderId}/delivered`, { method: 'POST', cookie: rider.cookie });
    expect(delivered.status).toBe(200);
    expect(await body<Page>(await page(loser.token))).toEqual({
      state: 'closed',
      orderNumber: ref(loser.orderId),
      message: `Order #${ref(loser.orderId)} has been delivered: there is nothing to reschedule.`,
    });
    const late = await s.asAdmin(`/deliveries/${loser.orderId}/reschedule`, {
      method: 'POST',
      json: { windowId: free.windowId, date: free.date },
    });
    expect(late.status).toBe(409);
    expect((await body<Failure>(late)).error.message).toBe(
      `Order #${ref(loser.orderId)} has been delivered: there is nothing to reschedule.`,
    );
  });
});
