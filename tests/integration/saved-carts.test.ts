// A signed-in customer's cart kept by the server: /api/cart reads, replaces and merges it (bad input
// a 422 that changes nothing), an order leaves it to the browser that paid, the back
// office lists carts left for the set hours, and the reminder job sends one SMS per abandoned cart
// to customers who opted in, with a stop link that works without signing in.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, outboundSms, products, profiles, savedCarts } from '../../src/server/db/schema';
import { sendCartReminders } from '../../src/server/features/carts/cart-reminders.service';
import { createUser, type TestUser } from '../support/test-app';
import { dbKinds } from '../support/test-database';
import { createShop, disposeShop, payOnSimulator, placePaidOrderAttempt, productBySlug, type Shop } from './checkout-support';

const HOUR = 60 * 60 * 1000;

interface CartAnswer {
  cart: {
    lines: { productId: string; variantId?: string; name: string; priceCents: number; quantity: number }[];
    updatedAt: string | null;
  };
}

describe.each(dbKinds(import.meta.url))('saved carts on %s', (kind) => {
  let shop: Shop;
  let owner: TestUser;
  let staff: TestUser;
  let tilapia: string;
  let catfish: string;
  let fillets: string;
  let perch: string;

  const getCart = async (u: Pick<TestUser, 'cookie'>) => shop.request('/api/cart', { cookie: u.cookie });
  const putCart = (u: Pick<TestUser, 'cookie'>, json: unknown) => shop.request('/api/cart', { method: 'PUT', cookie: u.cookie, json });
  const mergeCart = (u: Pick<TestUser, 'cookie'>, json: unknown) =>
    shop.request('/api/cart/merge', { method: 'POST', cookie: u.cookie, json });
  const rowOf = async (u: TestUser) => (await shop.ctx.db.select().from(savedCarts).where(eq(savedCarts.userId, u.id)))[0];
  const optIn = (u: TestUser, cartReminders: boolean) =>
    shop.request('/api/account/profile', {
      method: 'PATCH',
      cookie: u.cookie,
      json: { fullName: 'Achieng Otieno', phone: '0712 345 678', address: 'Westlands, Nairobi', cartReminders },
    });
  const reminders = () => shop.ctx.db.select().from(outboundSms).where(eq(outboundSms.step, 'cart_reminder'));

  beforeAll(async () => {
    shop = await createShop(kind);
    owner = await createUser(shop, { role: 'owner' });
    staff = await createUser(shop, { role: 'staff' });
    tilapia = (await productBySlug(shop, 'fresh-whole-tilapia')).id;
    catfish = (await productBySlug(shop, 'whole-catfish')).id;
    fillets = (await productBySlug(shop, 'tilapia-fillets')).id;
    perch = (await productBySlug(shop, 'nile-perch-fillets')).id;
  });
  afterAll(async () => {
    await disposeShop(shop);
  });

  it('is for signed-in customers only', async () => {
    expect((await shop.request('/api/cart')).status).toBe(401);
    expect((await shop.request('/api/cart', { method: 'PUT', json: { lines: [] } })).status).toBe(401);
  });

  it('keeps what the customer saves, with today’s names and prices, and its value', async () => {
    const buyer = await createUser(shop);
    const before = (await (await getCart(buyer)).json()) as CartAnswer;
    expect(before.cart).toEqual({ lines: [], updatedAt: null });
    const res = await putCart(buyer, {
      lines: [
        { productId: tilapia, quantity: 2 },
        { productId: catfish, quantity: 1 },
      ],
    });
    expect(res.status).toBe(200);
    const answer = (await (await getCart(buyer)).json()) as CartAnswer;
    expect(answer.cart.lines.map((l) => [l.name, l.priceCents, l.quantity])).toEqual([
      ['Fresh Whole Tilapia (1 kg)', 65_000, 2],
      ['Whole Catfish (1 kg)', 55_000, 1],
    ]);
    const row = await rowOf(buyer);
    expect(row).toMatchObject({
      value: 185_000,
      lines: [
        { productId: tilapia, quantity: 2 },
        { productId: catfish, quantity: 1 },
      ],
    });
    expect(row?.startedAt).not.toBeNull();
  });

  it('refuses bad input with a clear 422 and changes nothing', async () => {
    const buyer = await createUser(shop);
    expect((await putCart(buyer, { lines: [{ productId: tilapia, quantity: 3 }] })).status).toBe(200);
    const saved = await rowOf(buyer);
    const cases: [unknown, string][] = [
      [{ lines: [{ productId: crypto.randomUUID(), quantity: 1 }] }, 'A product in the cart is not one of ours'],
      [{ lines: [{ productId: 'not-an-id', quantity: 1 }] }, 'A product in the cart is not one of ours'],
      [{ lines: [{ productId: tilapia, variantId: crypto.randomUUID(), quantity: 1 }] }, 'A product in the cart is not one of ours'],
      [{ lines: [{ productId: tilapia, quantity: 0 }] }, 'Each quantity must be a whole number from 1 to 99'],
      [{ lines: [{ productId: tilapia, quantity: 100 }] }, 'Each quantity must be a whole number from 1 to 99'],
      [{ lines: [{ productId: tilapia, quantity: 1.5 }] }, 'Each quantity must be a whole number from 1 to 99'],
      [
        { lines: Array.from({ length: 51 }, () => ({ productId: crypto.randomUUID(), quantity: 1 })) },
        'A cart holds at most 50 different products',
      ],
      [
        {
          lines: [
            { productId: tilapia, quantity: 1 },
            { productId: tilapia, quantity: 2 },
          ],
        },
        'The same product is in the cart twice: send it once with its whole quantity',
      ],
      [{ lines: 'tilapia' }, 'The cart must be a list of { productId, variantId, quantity } lines'],
    ];
    for (const [body, message] of cases) {
      const res = await putCart(buyer, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(message);
      const merged = await mergeCart(buyer, body);
      expect(merged.status).toBe(422);
    }
    const notJson = await shop.request('/api/cart', {
      method: 'PUT',
      cookie: buyer.cookie,
      body: '{',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(notJson.status).toBe(422);
    expect(await rowOf(buyer)).toEqual(saved);
  });

  it('merges the browser’s cart at sign-in, keeping the larger quantity of a line in both', async () => {
    const buyer = await createUser(shop);
    expect(
      (
        await putCart(buyer, {
          lines: [
            { productId: tilapia, quantity: 2 },
            { productId: catfish, quantity: 4 },
          ],
        })
      ).status,
    ).toBe(200);
    // She signs in on a second device whose browser cart holds more tilapia, less catfish, and fillets.
    const res = await mergeCart(buyer, {
      lines: [
        { productId: tilapia, quantity: 5 },
        { productId: catfish, quantity: 1 },
        { productId: fillets, quantity: 1 },
      ],
    });
    expect(res.status).toBe(200);
    const merged = ((await res.json()) as CartAnswer).cart.lines.map((l) => [l.productId, l.quantity]);
    expect(merged).toEqual([
      [tilapia, 5],
      [catfish, 4],
      [fillets, 1],
    ]);
    expect((await rowOf(buyer))?.lines).toEqual([
      { productId: tilapia, quantity: 5 },
      { productId: catfish, quantity: 4 },
      { productId: fillets, quantity: 1 },
    ]);
    expect((await rowOf(buyer))?.value).toBe(5 * 65_000 + 4 * 55_000 + 85_000);
  });

  it('drops the lines of products no longer sold', async () => {
    const buyer = await createUser(shop);
    expect(
      (
        await putCart(buyer, {
          lines: [
            { productId: perch, quantity: 1 },
            { productId: catfish, quantity: 1 },
          ],
        })
      ).status,
    ).toBe(200);
    await shop.ctx.db.update(products).set({ archivedAt: shop.clock.now() }).where(eq(products.id, perch));
    try {
      const read = (await (await getCart(buyer)).json()) as CartAnswer;
      expect(read.cart.lines.map((l) => l.productId)).toEqual([catfish]);
      // Saved again (the browser's next change), the archived line is not kept.
      expect(
        (
          await putCart(buyer, {
            lines: [
              { productId: perch, quantity: 1 },
              { productId: catfish, quantity: 2 },
            ],
          })
        ).status,
      ).toBe(200);
      expect((await rowOf(buyer))?.lines).toEqual([{ productId: catfish, quantity: 2 }]);
    } finally {
      await shop.ctx.db.update(products).set({ archivedAt: null }).where(eq(products.id, perch));
    }
  });

  it('is left as it is by placing and paying an order: the browser that paid saves its emptied cart', async () => {
    const buyer = await createUser(shop);
    expect((await putCart(buyer, { lines: [{ productId: tilapia, quantity: 1 }] })).status).toBe(200);
    shop.clock.advance(1000);
    const { orderId, trackingId } = await placePaidOrderAttempt(shop, buyer, [{ productId: tilapia, quantity: 1 }]);
    expect(orderId).toBeTruthy();
    // Back from the payment page unpaid, or paid: the server does not change her cart under her browser.
    expect((await rowOf(buyer))?.lines).toEqual([{ productId: tilapia, quantity: 1 }]);
    await payOnSimulator(shop, trackingId, 'card');
    expect((await rowOf(buyer))?.lines).toEqual([{ productId: tilapia, quantity: 1 }]);
    // The paying browser empties its cart when the payment is confirmed, and saves that.
    expect((await putCart(buyer, { lines: [] })).status).toBe(200);
    const read = (await (await getCart(buyer)).json()) as CartAnswer;
    expect(read.cart.lines).toEqual([]);
  });

  it('sends one reminder per abandoned cart, only to customers who opted in, and lists the carts in the back office', async () => {
    const keen = await createUser(shop, { name: 'Achieng Otieno', phone: '+254712000111' });
    const quiet = await createUser(shop, { phone: '+254712000222' });
    const ordered = await createUser(shop, { phone: '+254712000333' });
    expect((await optIn(keen, true)).status).toBe(200);
    expect((await optIn(ordered, true)).status).toBe(200);
    // The profile form keeps the phone she typed; the reminder goes to it.
    await shop.ctx.db.update(profiles).set({ phone: '+254712000111' }).where(eq(profiles.id, keen.id));
    await shop.ctx.db.update(profiles).set({ phone: '+254712000333' }).where(eq(profiles.id, ordered.id));
    expect((await shop.ctx.db.select().from(profiles).where(eq(profiles.id, quiet.id)))[0]?.cartReminders).toBe(false);
    const lines = {
      lines: [
        { productId: tilapia, quantity: 2 },
        { productId: catfish, quantity: 1 },
      ],
    };
    for (const u of [keen, quiet, ordered]) expect((await putCart(u, lines)).status).toBe(200);
    await placePaidOrderAttempt(shop, ordered, [{ productId: catfish, quantity: 1 }]);
    const before = (await reminders()).length;

    shop.clock.advance(4 * HOUR - 60_000);
    expect(await sendCartReminders(shop.ctx)).toBe(0);
    shop.clock.advance(2 * 60_000);
    expect(await sendCartReminders(shop.ctx)).toBe(1);
    expect(await sendCartReminders(shop.ctx)).toBe(0);
    const sent = (await reminders()).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe('+254712000111');
    expect(sent[0]!.message).toMatch(
      /^Lake Victoria Aquaculture: you left 3 items \(KES 1,850\.00\) in your cart\. Finish your order: http:\/\/localhost:3000\/cart\. Stop these: http:\/\/localhost:3000\/cart-reminders\/[A-Za-z0-9_-]{17,}$/,
    );
    expect((await rowOf(keen))?.reminderSentAt?.getTime()).toBe(shop.clock.now().getTime());

    // The back office: owner and staff see the abandoned carts, newest first; a customer does not.
    const list = await shop.request('/api/admin/abandoned-carts', { cookie: staff.cookie });
    expect(list.status).toBe(200);
    const body = (await list.json()) as {
      hours: number;
      carts: {
        userId: string;
        customerName: string;
        phone: string;
        lines: { name: string; quantity: number }[];
        valueCents: number;
        reminderSentAt: string | null;
      }[];
    };
    expect(body.hours).toBe(4);
    const mine = body.carts.filter((c) => [keen.id, quiet.id, ordered.id].includes(c.userId));
    expect(mine.map((c) => c.userId).sort()).toEqual([keen.id, quiet.id].sort());
    const keenRow = mine.find((c) => c.userId === keen.id)!;
    expect(keenRow).toMatchObject({
      customerName: 'Achieng Otieno',
      phone: '+254712000111',
      lines: [
        { name: 'Fresh Whole Tilapia (1 kg)', quantity: 2 },
        { name: 'Whole Catfish (1 kg)', quantity: 1 },
      ],
      valueCents: 185_000,
    });
    expect(keenRow.reminderSentAt).not.toBeNull();
    expect(mine.find((c) => c.userId === quiet.id)!.reminderSentAt).toBeNull();
    const times = body.carts.map((c) => (c as unknown as { updatedAt: string }).updatedAt);
    expect(times).toEqual([...times].sort().reverse());
    expect((await shop.request('/api/admin/abandoned-carts', { cookie: quiet.cookie })).status).toBe(403);

    // The stop link turns her reminders off without signing in; a forged one changes nothing.
    const token = /\/cart-reminders\/(\S+)$/.exec(sent[0]!.message)![1]!;
    const stopLink = (t: string) => shop.request(`/cart-reminders/${t}`, { method: 'POST' });
    const opened = await shop.request(`/cart-reminders/${token}`);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain('<button type="submit">Stop cart reminders</button>');
    expect(opened.headers.get('x-robots-tag')).toBe('noindex');
    // Opening the page (a link preview does) changes nothing.
    expect((await shop.ctx.db.select().from(profiles).where(eq(profiles.id, keen.id)))[0]?.cartReminders).toBe(true);
    const forged = await stopLink(`${token.slice(0, -2)}${token.endsWith('xx') ? 'yy' : 'xx'}`);
    expect(forged.status).toBe(422);
    expect(await forged.text()).toContain('This link to stop cart reminders is not valid.');
    // Her signature on someone else's id turns nothing off.
    expect((await stopLink(`${Buffer.from(quiet.id).toString('base64url')}${token.slice(-16)}`)).status).toBe(422);
    expect((await shop.ctx.db.select().from(profiles).where(eq(profiles.id, keen.id)))[0]?.cartReminders).toBe(true);
    const stop = await stopLink(token);
    expect(stop.status).toBe(200);
    expect(await stop.text()).toContain('Cart reminders are off.');
    expect((await shop.ctx.db.select().from(profiles).where(eq(profiles.id, keen.id)))[0]?.cartReminders).toBe(false);

    // Emptied and filled again, a cart may be reminded again, but not after she stopped them.
    expect((await putCart(keen, { lines: [] })).status).toBe(200);
    expect((await putCart(keen, { lines: [{ productId: tilapia, quantity: 1 }] })).status).toBe(200);
    shop.clock.advance(5 * HOUR);
    expect(await sendCartReminders(shop.ctx)).toBe(0);
    expect((await reminders()).slice(before)).toHaveLength(1);
  });

  it('lets the owner set the hours (1 to 72, audited), and only the owner', async () => {
    const put = (u: TestUser, json: unknown) =>
      shop.request('/api/admin/abandoned-carts/settings', { method: 'PUT', cookie: u.cookie, json });
    expect((await put(staff, { hours: 6 })).status).toBe(403);
    for (const hours of [0, 73, 2.5, '6']) expect((await put(owner, { hours })).status).toBe(400);
    const res = await put(owner, { hours: 6 });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ settings: { hours: 6 } });
    const list = (await (await shop.request('/api/admin/abandoned-carts', { cookie: owner.cookie })).json()) as { hours: number };
    expect(list.hours).toBe(6);
    const audit = await shop.ctx.db.select().from(auditLogs).where(eq(auditLogs.action, 'CART_REMINDERS_UPDATE'));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ before: { hours: 4 }, after: { hours: 6 } });
  });
});
