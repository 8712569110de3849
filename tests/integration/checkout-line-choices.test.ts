// Per line of a fresh-food order, what the shop does if the item has run out (a similar item unless
// the customer says otherwise) and her note; per order, a note for the shop. Kept as plain text
// within their limits, shown to the merchant and the customer; bad input changes nothing.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLogs, orderItems, orders } from '../../src/server/db/schema';
import { createUser, type TestUser } from '../support/test-app';
import { dbKinds } from '../support/test-database';
import { createShop, customer, disposeShop, orderBody, postOrder, productBySlug, type Shop } from './checkout-support';

describe.each(dbKinds(import.meta.url))('line choices and notes on %s', (kind) => {
  let shop: Shop;
  let buyer: TestUser;
  let owner: TestUser;
  beforeEach(async () => {
    shop = await createShop(kind);
    buyer = await customer(shop);
    owner = await createUser(shop, { role: 'owner' });
  });
  afterEach(() => disposeShop(shop));

  it('keeps each line’s choice and note and the note for the shop, for the merchant and the customer', async () => {
    const tilapia = await productBySlug(shop, 'fresh-whole-tilapia');
    const chicken = await productBySlug(shop, 'kienyeji-chicken');
    const { status, json } = await postOrder(
      shop,
      buyer,
      orderBody(
        [
          { productId: tilapia.id, quantity: 2, ifUnavailable: 'call', note: '  cut into 4 <b>pieces</b>\n' } as never,
          { productId: chicken.id, quantity: 1 },
        ],
        { note: 'Gate code 1234, ring twice' },
      ),
    );
    expect(status, JSON.stringify(json)).toBe(200);
    const orderId = json.orderId!;
    const lines = await shop.ctx.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(lines.map((l) => [l.productId, l.ifUnavailable, l.customerNote]).sort()).toEqual(
      [
        [tilapia.id, 'call', 'cut into 4 pieces'],
        [chicken.id, 'similar', ''],
      ].sort(),
    );
    const [order] = await shop.ctx.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.customerNote).toBe('Gate code 1234, ring twice');

    const admin = (await (await shop.request(`/api/admin/orders/${orderId}`, { cookie: owner.cookie })).json()) as {
      order: { customerNote: string };
      items: { productId: string; ifUnavailable: string; note: string }[];
    };
    expect(admin.order.customerNote).toBe('Gate code 1234, ring twice');
    expect(admin.items.find((i) => i.productId === tilapia.id)).toMatchObject({ ifUnavailable: 'call', note: 'cut into 4 pieces' });

    const mine = (await (await shop.request(`/api/orders/${orderId}`, { cookie: buyer.cookie })).json()) as {
      note?: string;
      items: { productId: string; ifUnavailable: string; note?: string }[];
    };
    expect(mine.note).toBe('Gate code 1234, ring twice');
    expect(mine.items.find((i) => i.productId === tilapia.id)).toMatchObject({ ifUnavailable: 'call', note: 'cut into 4 pieces' });
    expect(mine.items.find((i) => i.productId === chicken.id)).toMatchObject({ ifUnavailable: 'similar' });
    expect(mine.items.find((i) => i.productId === chicken.id)?.note).toBeUndefined();
  });

  it.each([
    [{ ifUnavailable: 'keep it' }, {}, 'Choose what we do if an item is unavailable: a similar item, call you, or remove it and refund.'],
    [{ note: 'x'.repeat(121) }, {}, 'A note for an item must be 120 characters or fewer.'],
    [{}, { note: 'x'.repeat(501) }, 'A note for the shop must be 500 characters or fewer.'],
  ])('refuses %j / %j with its message, and places nothing', async (line, extra, message) => {
    const tilapia = await productBySlug(shop, 'fresh-whole-tilapia');
    const { status, json } = await postOrder(shop, buyer, orderBody([{ productId: tilapia.id, quantity: 1, ...line } as never], extra));
    expect(status).toBe(400);
    expect(JSON.stringify(json)).toContain(message);
    expect(await shop.ctx.db.select().from(orders)).toEqual([]);
  });
  it("takes the shop's usual choice, set by the owner (audited) and told to the storefront, for a line without one", async () => {
    const asOwner = (json: unknown) =>
      shop.request('/api/admin/shop-details/if-unavailable', { method: 'PUT', json, cookie: owner.cookie });
    const publicAnswer = async () => {
      shop.clock.advance(2_000); // past the public answers' second
      return ((await (await shop.request('/api/content/shop-details')).json()) as { ifUnavailable: string }).ifUnavailable;
    };
    expect(await publicAnswer()).toBe('similar');

    const bad = await asOwner({ ifUnavailable: 'shrug' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toBe(
      'Choose what we do if an item is unavailable: a similar item, call you, or remove it and refund.',
    );
    const staff = await createUser(shop, { role: 'staff' });
    const notOwner = await shop.request('/api/admin/shop-details/if-unavailable', {
      method: 'PUT',
      json: { ifUnavailable: 'remove' },
      cookie: staff.cookie,
    });
    expect(notOwner.status).toBe(403);
    expect(await publicAnswer()).toBe('similar');

    const saved = await asOwner({ ifUnavailable: 'call' });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(await saved.json()).toEqual({ ifUnavailable: 'call' });
    const [audit] = await shop.ctx.db.select().from(auditLogs).where(eq(auditLogs.action, 'IF_UNAVAILABLE_DEFAULT_UPDATE'));
    expect(audit).toMatchObject({ userId: owner.id, recordId: 'if_unavailable_default', details: { before: 'similar', after: 'call' } });
    expect(await publicAnswer()).toBe('call');
    const settings = (await (await shop.request('/api/admin/shop-details', { cookie: owner.cookie })).json()) as { ifUnavailable: string };
    expect(settings.ifUnavailable).toBe('call');

    const tilapia = await productBySlug(shop, 'fresh-whole-tilapia');
    const chicken = await productBySlug(shop, 'kienyeji-chicken');
    const { status, json } = await postOrder(
      shop,
      buyer,
      orderBody([{ productId: tilapia.id, quantity: 1, ifUnavailable: 'remove' } as never, { productId: chicken.id, quantity: 1 }]),
    );
    expect(status, JSON.stringify(json)).toBe(200);
    const lines = await shop.ctx.db.select().from(orderItems).where(eq(orderItems.orderId, json.orderId!));
    expect(lines.map((l) => [l.productId, l.ifUnavailable]).sort()).toEqual(
      [
        [tilapia.id, 'remove'],
        [chicken.id, 'call'],
      ].sort(),
    );
  });
});
