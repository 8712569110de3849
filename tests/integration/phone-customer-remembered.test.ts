// A customer who signs in with a code by SMS is remembered: what she types at her first checkout
// (name, phone, address) fills her empty profile, so the header names her, the profile shows it, the
// next checkout is filled in on any device, and the back office lists her by name. A profile's own
// values are never overwritten by a checkout. The time of day of a window she picks herself is offered
// first at her next checkout.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, user } from '../../src/server/db/schema';
import { signInByPhone } from '../support/phone-sign-in';
import { dbKinds } from '../support/test-database';
import { createShopAt, disposeShop, orderBody, postOrder, productBySlug, WESTLANDS, type Shop } from './checkout-support';

// Thursday 26 Nov 2026, 08:00 in Nairobi: the day's windows are open.
const THURSDAY_0800 = new Date('2026-11-26T08:00:00+03:00');

interface WindowsAnswer {
  slots: { windowId: string; date: string; startMinute: number; endMinute: number; full: boolean }[];
  chosen: { windowId: string; date: string } | null;
}

interface Session {
  user: { id: string; email: string; name: string } | null;
  profile: {
    fullName: string;
    phone: string | null;
    address: string | null;
    usualDeliveryTime: { startMinute: number; endMinute: number } | null;
  } | null;
}

describe.each(dbKinds(import.meta.url))('a phone-code customer is remembered on %s', (kind) => {
  let shop: Shop;
  let productId: string;
  beforeAll(async () => {
    shop = await createShopAt(kind, THURSDAY_0800);
    productId = (await productBySlug(shop, 'fresh-whole-tilapia')).id;
  }, 120_000);
  afterAll(() => disposeShop(shop));

  /** Signs in with the code sent by SMS, as a new device would: a fresh session each time. */
  const signIn = (phone: string, from: string) => signInByPhone(shop, phone, from);
  async function sessionOf(cookie: string): Promise<Session> {
    return (await (await shop.request('/api/account/session', { cookie })).json()) as Session;
  }

  it('keeps the name, phone and address typed at the first checkout, and fills the next one on another device', async () => {
    const first = await signIn('0711 222 333', '198.51.100.7');
    const before = await sessionOf(first.cookie);
    expect(before.profile).toMatchObject({ fullName: '', address: null });
    expect(before.user?.name).toBe('');

    const body = orderBody([{ productId, quantity: 1 }], {
      idempotencyKey: 'first-phone-order',
      customerInfo: { fullName: 'Wanjirũ Kamau', email: 'wanjiru@example.test', phone: '0711 222 333', address: WESTLANDS.address },
    });
    const placed = await postOrder(shop, first, body);
    expect(placed.status, JSON.stringify(placed.json)).toBe(200);

    // Another phone, a day later, signed in with a new code: the same account, filled in.
    shop.clock.advance(24 * 60 * 60_000);
    const second = await signIn('0711222333', '198.51.100.8');
    expect(second.id).toBe(first.id);
    const after = await sessionOf(second.cookie);
    expect(after.user?.name).toBe('Wanjirũ Kamau');
    expect(after.profile).toMatchObject({ fullName: 'Wanjirũ Kamau', phone: '+254711222333', address: WESTLANDS.address });
    const [row] = await shop.ctx.db.select({ name: user.name }).from(user).where(eq(user.id, first.id));
    expect(row?.name).toBe('Wanjirũ Kamau');
  });

  it('never overwrites what the profile already holds', async () => {
    const buyer = await signIn('0722 444 555', '198.51.100.9');
    await shop.ctx.db.update(profiles).set({ fullName: 'Achieng Otieno', address: 'Kilimani, Nairobi' }).where(eq(profiles.id, buyer.id));
    const placed = await postOrder(
      shop,
      buyer,
      orderBody([{ productId, quantity: 1 }], {
        idempotencyKey: 'gift-order',
        customerInfo: { fullName: 'Someone Else', email: 'gift@example.test', phone: '0733 000 999', address: WESTLANDS.address },
      }),
    );
    expect(placed.status, JSON.stringify(placed.json)).toBe(200);
    const session = await sessionOf(buyer.cookie);
    expect(session.profile).toMatchObject({ fullName: 'Achieng Otieno', phone: '+254722444555', address: 'Kilimani, Nairobi' });
  });

  it('offers the time of day of the window she picked first at her next checkout, on another device', async () => {
    const first = await signIn('0733 222 111', '198.51.100.10');
    const fee = await shop.request('/api/checkout/delivery-fee', {
      method: 'POST',
      json: { address: WESTLANDS.address, latitude: WESTLANDS.coordinates.lat, longitude: WESTLANDS.coordinates.lng },
    });
    const zoneId = ((await fee.json()) as { zoneId: string }).zoneId;
    const windows = async (cookie: string) =>
      (await (await shop.request(`/api/checkout/delivery-windows?zoneId=${zoneId}`, { cookie })).json()) as WindowsAnswer;

    // Offered first: the soonest. Taking it as offered does not make it her usual time.
    const offered = await windows(first.cookie);
    const soonest = offered.slots.find((w) => !w.full)!;
    expect(offered.chosen).toEqual({ windowId: soonest.windowId, date: soonest.date });
    const asOffered = await postOrder(
      shop,
      first,
      orderBody([{ productId, quantity: 1 }], { idempotencyKey: 'window-as-offered', deliveryWindow: offered.chosen }),
    );
    expect(asOffered.status, JSON.stringify(asOffered.json)).toBe(200);
    expect((await sessionOf(first.cookie)).profile?.usualDeliveryTime).toBeNull();

    // She picks a later time of day.
    const later = offered.slots.find((w) => !w.full && w.startMinute !== soonest.startMinute)!;
    const picked = await postOrder(
      shop,
      first,
      orderBody([{ productId, quantity: 1 }], {
        idempotencyKey: 'window-picked',
        deliveryWindow: { windowId: later.windowId, date: later.date, picked: true },
      }),
    );
    expect(picked.status, JSON.stringify(picked.json)).toBe(200);

    const second = await signIn('0733222111', '198.51.100.11');
    expect((await sessionOf(second.cookie)).profile?.usualDeliveryTime).toEqual({
      startMinute: later.startMinute,
      endMinute: later.endMinute,
    });
    const next = await windows(second.cookie);
    const chosen = next.slots.find((w) => w.windowId === next.chosen?.windowId && w.date === next.chosen.date);
    expect(chosen).toMatchObject({ startMinute: later.startMinute, endMinute: later.endMinute, full: false });
    expect(next.slots.find((w) => !w.full && w.startMinute === later.startMinute)).toEqual(chosen);
    // A visitor is offered the soonest.
    expect((await windows('')).chosen).toEqual({ windowId: soonest.windowId, date: soonest.date });
  });
});
