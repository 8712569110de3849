// Pick-up at the shop. The owner offers it (where to collect, and pick-up windows of its own); a
// pick-up order is placed without an address and priced by the server with no delivery fee and no
// small-order rule; an address sent with it is refused and a fee can never be stored; two customers
// taking a pick-up window's last place at once get it once (the window row's lock); staff mark it
// ready (the customer's SMS says where and when) and collected (delivered, as a rider's order is);
// its sale invoice has no delivery line, and it is never a rider's stop.
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogs,
  deliveryWindows,
  deliveryZones,
  orderDeliveryWindows,
  orders,
  outboundSms,
  taxInvoices,
} from '../../src/server/db/schema';
import { insertProducts } from '../../src/server/features/catalog/new-products';
import { refreshPayment } from '../../src/server/features/payments/payment-refresh.service';
import { taxInvoicesIdle } from '../../src/server/features/tax-invoices/tax-invoice-sender';
import { createTestApp, createUser, type TestApp, type TestUser } from '../support/test-app';
import { dbKinds } from '../support/test-database';

const INSTRUCTIONS = 'Kogo Star Plaza, Langata Rd - ask at the counter';
const PHONES = ['+254712300001', '+254712300002', '+254712300003'];

interface Slot {
  windowId: string;
  date: string;
  label: string;
  left: number;
  full: boolean;
}
type Pickup =
  { enabled: false } | { enabled: true; instructions: string; slots: Slot[]; chosen: { windowId: string; date: string } | null };

describe.each(dbKinds(import.meta.url))('pick-up at the shop on %s', (kind) => {
  let t: TestApp;
  let owner: TestUser;
  let customers: TestUser[];
  let productId: string;
  let rider: TestUser;
  let slot: Slot;
  let paidOrderId: string;

  const json = async <T>(res: Response) => (await res.json()) as T;
  const asOwner = (path: string, init: RequestInit & { json?: unknown } = {}) =>
    t.request(`/api/admin${path}`, { ...init, cookie: owner.cookie });
  const orderRow = async (id: string) => (await t.ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const orderCount = async () => (await t.ctx.db.select({ n: count() }).from(orders))[0]!.n;
  const pickupBody = (who: TestUser, phone: string, extra: Record<string, unknown> = {}) => ({
    items: [{ productId, quantity: 1 }],
    customerInfo: { fullName: 'Achieng Collector', email: who.email, phone, address: '' },
    fulfilment: 'pickup',
    ...(slot ? { deliveryWindow: { windowId: slot.windowId, date: slot.date } } : {}),
    ...extra,
  });
  const place = (who: TestUser, payload: unknown) =>
    t.request('/api/checkout/orders', { method: 'POST', cookie: who.cookie, json: payload });
  const pickupOptions = async () => json<Pickup>(await t.request('/api/checkout/pickup'));

  beforeAll(async () => {
    // Every place may be held unpaid: this file is about a window's capacity itself.
    t = await createTestApp(kind, { seed: true, poolSize: 20, env: { UNPAID_WINDOW_SHARE: '100' } });
    owner = await createUser(t, { role: 'owner', name: 'Amina Owner' });
    rider = await createUser(t, { role: 'rider', name: 'Juma Rider', phone: '+254733000555' });
    customers = [];
    for (let i = 0; i < 3; i++) customers.push(await createUser(t, { role: 'customer', name: `Collector ${i}` }));
    const [product] = await insertProducts(t.ctx.db, [
      { name: 'Pick-up Tilapia', slug: 'pick-up-tilapia', category: 'fish', price: 45_000, stock: 50 },
    ]);
    productId = product!.id;
    // A delivery to any zone would be refused below KES 100,000: a pick-up is not.
    await t.ctx.db.update(deliveryZones).set({ smallOrderRule: 'minimum', minimumOrder: 10_000_000 });
  });
  afterAll(() => t.dispose());

  it('is off until the owner offers it, and refuses a pick-up order meanwhile', async () => {
    expect(await pickupOptions()).toEqual({ enabled: false });
    const before = await orderCount();
    const res = await place(customers[0]!, pickupBody(customers[0]!, PHONES[0]!));
    expect(res.status).toBe(422);
    expect((await json<{ error: { message: string } }>(res)).error.message).toBe(
      'Pick-up at the shop is not offered at the moment. Please choose delivery.',
    );
    expect(await orderCount()).toBe(before);
  });

  it('is set by the owner with its own windows, checked and audited', async () => {
    const { hours } = await json<{ hours: ({ opens: number; closes: number } | null)[] }>(await asOwner('/delivery/windows'));
    const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    const windows = hours.flatMap((h, weekday) =>
      h ? [{ weekday, start: clock(h.opens), end: clock(h.closes), capacity: 5, cutoffMinutes: 0 }] : [],
    );
    // Offered without saying where: refused, nothing saved.
    const refused = await asOwner('/delivery/pickup', { method: 'PUT', json: { enabled: true, instructions: ' ', windows } });
    expect(refused.status).toBe(400);
    expect((await json<{ error: { message: string } }>(refused)).error.message).toBe(
      'Say where and how customers collect their orders before offering pick-up.',
    );
    expect(await pickupOptions()).toEqual({ enabled: false });

    const saved = await asOwner('/delivery/pickup', { method: 'PUT', json: { enabled: true, instructions: INSTRUCTIONS, windows } });
    expect(saved.status).toBe(200);
    const view = await json<{ enabled: boolean; instructions: string; windows: { capacity: number }[] }>(saved);
    expect(view).toMatchObject({ enabled: true, instructions: INSTRUCTIONS });
    expect(view.windows).toHaveLength(windows.length);
    const audits = await t.ctx.db.select().from(auditLogs).where(eq(auditLogs.action, 'PICKUP_SETTINGS_UPDATE'));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.userId).toBe(owner.id);

    // The delivery week is untouched by the pick-up windows, and saving it keeps them.
    const pickupRows = await t.ctx.db.select().from(deliveryWindows).where(eq(deliveryWindows.kind, 'pickup'));
    expect(pickupRows).toHaveLength(windows.length);
    const week = await json<{ week: { id: string }[] }>(await asOwner('/delivery/windows'));
    expect(week.week.some((w) => pickupRows.some((p) => p.id === w.id))).toBe(false);

    const options = await pickupOptions();
    if (!options.enabled) throw new Error('pick-up should be on');
    expect(options.instructions).toBe(INSTRUCTIONS);
    slot = options.slots.find((x) => !x.full)!;
    expect(slot).toBeDefined();
    expect(pickupRows.some((p) => p.id === slot.windowId)).toBe(true);
  });

  it('refuses an address sent with a pick-up order, and never keeps a fee sent by the browser', async () => {
    const before = await orderCount();
    const withAddress = await place(
      customers[0]!,
      pickupBody(customers[0]!, PHONES[0]!, {
        deliveryInfo: { address: 'Westlands, Nairobi', coordinates: { lat: -1.2676, lng: 36.8108 } },
      }),
    );
    expect(withAddress.status).toBe(400);
    expect(JSON.stringify(await withAddress.json())).toContain('A pick-up order has no delivery address.');
    const odd = await place(customers[0]!, { ...pickupBody(customers[0]!, PHONES[0]!), fulfilment: 'drone' });
    expect(odd.status).toBe(400);
    expect(JSON.stringify(await odd.json())).toContain('Choose delivery or pick-up at the shop.');
    expect(await orderCount()).toBe(before);
  });

  it('places a pick-up order with no address, zone, delivery fee or small-order rule, in a pick-up window', async () => {
    const res = await place(customers[0]!, pickupBody(customers[0]!, PHONES[0]!, { deliveryFee: 50_000, deliveryFeeCents: 50_000 }));
    if (res.status !== 200) throw new Error(await res.text());
    const placed = await json<{ orderId: string; iframeUrl: string }>(res);
    const order = await orderRow(placed.orderId);
    expect(order).toMatchObject({
      fulfilmentMethod: 'pickup',
      deliveryAddress: '',
      deliveryZoneId: null,
      deliveryFee: 0,
      smallOrderFee: 0,
      subtotal: 45_000,
      riderId: null,
    });
    expect(order.totalAmount).toBe(order.subtotal + (order.pricesIncludeVat ? 0 : order.vat));
    const [window] = await t.ctx.db.select().from(orderDeliveryWindows).where(eq(orderDeliveryWindows.orderId, placed.orderId));
    expect(window).toMatchObject({ windowId: slot.windowId, deliveryDate: slot.date, held: true });

    // The database itself refuses a pick-up order with a fee, an address or a rider.
    await expect(t.ctx.db.update(orders).set({ deliveryFee: 10_000 }).where(eq(orders.id, placed.orderId))).rejects.toThrow();
    await expect(t.ctx.db.update(orders).set({ deliveryAddress: 'Westlands' }).where(eq(orders.id, placed.orderId))).rejects.toThrow();
    expect((await orderRow(placed.orderId)).deliveryFee).toBe(0);

    // Paid, its sale invoice declares the goods only: no delivery line.
    const sim = t.ctx.integrations.pesapalSimulator!;
    const trackingId = new URL(placed.iframeUrl).searchParams.get('OrderTrackingId')!;
    await sim.complete(trackingId, 'card');
    await sim.idle();
    await refreshPayment(t.ctx, trackingId);
    expect((await orderRow(placed.orderId)).status).toBe('completed');
    paidOrderId = placed.orderId;
    await taxInvoicesIdle(t.ctx);
    const [invoice] = await t.ctx.db.select().from(taxInvoices).where(eq(taxInvoices.orderId, placed.orderId));
    expect(invoice?.total).toBe(order.totalAmount);
    const items = (invoice?.request as { itemList: { itemNm: string }[] } | null)?.itemList.map((l) => l.itemNm);
    expect(items).toEqual(['Pick-up Tilapia']);
  });

  it("gives a pick-up window's last place once when two customers take it at once", async () => {
    const held = async () =>
      (
        await t.ctx.db
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
    const before = await held();
    await t.ctx.db
      .update(deliveryWindows)
      .set({ capacity: before + 1 })
      .where(eq(deliveryWindows.id, slot.windowId));
    const answers = await Promise.all([1, 2].map((i) => place(customers[i]!, pickupBody(customers[i]!, PHONES[i]!))));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const full = answers.find((r) => r.status === 409)!;
    expect((await json<{ error: { message: string } }>(full)).error.message).toBe('That delivery window is full. Please choose another.');
    expect(await held()).toBe(before + 1);
    const options = await pickupOptions();
    if (!options.enabled) throw new Error('pick-up should be on');
    expect(options.slots.find((x) => x.windowId === slot.windowId && x.date === slot.date)).toMatchObject({ full: true, left: 0 });
  });

  it('is listed for the staff as a pick-up, never given to a rider', async () => {
    const list = await json<{ day: string; groups: { stops: { orderId: string }[] }[]; pickups: { orderId: string; window: string }[] }>(
      await asOwner(`/deliveries?day=${slot.date}`),
    );
    expect(list.pickups.map((p) => p.orderId)).toContain(paidOrderId);
    expect(list.pickups.find((p) => p.orderId === paidOrderId)!.window).toBe(slot.label);
    expect(list.groups.flatMap((g) => g.stops).some((x) => x.orderId === paidOrderId)).toBe(false);
    const assign = await asOwner('/deliveries/assign', { method: 'POST', json: { orderIds: [paidOrderId], riderId: rider.id } });
    expect(assign.status).toBe(409);
    expect((await json<{ error: { message: string } }>(assign)).error.message).toBe(
      `Order #${paidOrderId.slice(0, 8)} is collected at the shop: it is not given to a rider.`,
    );
    expect((await orderRow(paidOrderId)).riderId).toBeNull();
  });

  it("marks it ready (the customer's SMS says where and when) and collected (delivered), each step audited once", async () => {
    const ready = await asOwner(`/deliveries/${paidOrderId}/ready-for-pickup`, { method: 'POST' });
    expect(await json(ready)).toEqual({ fulfilmentStatus: 'ready_for_pickup', changed: true });
    expect((await orderRow(paidOrderId)).fulfilmentStatus).toBe('ready_for_pickup');
    const sms = await t.ctx.db
      .select()
      .from(outboundSms)
      .where(and(eq(outboundSms.orderId, paidOrderId), eq(outboundSms.step, 'ready_for_pickup')));
    expect(sms).toHaveLength(1);
    expect(sms[0]!.to).toBe(PHONES[0]);
    expect(sms[0]!.message).toBe(
      `Lake Victoria Aquaculture: order #${paidOrderId.slice(0, 8)} is ready for pick-up at ${INSTRUCTIONS}, ${slot.label.replace('–', '-')}.`,
    );
    // A second tap tells nobody again.
    expect(await json(await asOwner(`/deliveries/${paidOrderId}/ready-for-pickup`, { method: 'POST' }))).toEqual({
      fulfilmentStatus: 'ready_for_pickup',
      changed: false,
    });
    const outForDelivery = await asOwner(`/deliveries/${paidOrderId}/on-my-way`, { method: 'POST' });
    expect(outForDelivery.status).toBe(409);

    const collected = await asOwner(`/deliveries/${paidOrderId}/collected`, { method: 'POST' });
    expect(await json(collected)).toEqual({ fulfilmentStatus: 'delivered', changed: true });
    expect((await orderRow(paidOrderId)).fulfilmentStatus).toBe('delivered');
    const steps = await t.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'ORDER_FULFILMENT'), eq(auditLogs.recordId, paidOrderId)));
    expect(steps.map((a) => a.details)).toEqual([
      { from: 'unfulfilled', to: 'ready_for_pickup', via: 'pickup' },
      { from: 'ready_for_pickup', to: 'delivered', via: 'pickup' },
    ]);
    // The customer's order page shows it collected.
    const mine = await t.request(`/api/orders/${paidOrderId}`, { cookie: customers[0]!.cookie });
    expect(await json(mine)).toMatchObject({ fulfilmentStatus: 'delivered', fulfilmentMethod: 'pickup' });
    // Collected, it is off the pick-up list.
    const list = await json<{ pickups: { orderId: string }[] }>(await asOwner(`/deliveries?day=${slot.date}`));
    expect(list.pickups.some((p) => p.orderId === paidOrderId)).toBe(false);
  });
});
