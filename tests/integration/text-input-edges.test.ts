// Text at the edges of what the database and the screens can hold: a lone UTF-16 surrogate (no
// character at all; PostgreSQL refuses it in JSON) is refused with a 400 wherever it is sent, and
// markup and control characters typed into a delivery address never reach the order or the rider.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, orders, productOptions, products, profiles } from '../../src/server/db/schema';
import { NUL_REFUSED } from '../../src/server/infra/http/nul-characters';
import { createUser, type TestUser } from '../support/test-app';
import { dbKinds } from '../support/test-database';
import { createShop, disposeShop, orderBody, payOnSimulator, postOrder, productBySlug, WESTLANDS, type Shop } from './checkout-support';

type ErrorBody = { error: { code: string; message: string } };

describe.each(dbKinds(import.meta.url))('text input edges on %s', (kind) => {
  let shop: Shop;
  let admin: TestUser;
  let buyer: TestUser;
  let items: { productId: string; quantity: number }[];
  beforeAll(async () => {
    shop = await createShop(kind);
    admin = await createUser(shop, { role: 'owner', name: 'Amina Admin' });
    buyer = await createUser(shop, { name: 'Achieng Otieno', address: 'Westlands, Nairobi' });
    items = [{ productId: (await productBySlug(shop, 'fresh-whole-tilapia')).id, quantity: 1 }];
  });
  afterAll(() => disposeShop(shop));

  const tilapiaOption = async () => {
    const [tilapia] = await shop.ctx.db.select({ id: products.id }).from(products).where(eq(products.name, 'Tilapia'));
    const [option] = await shop.ctx.db.select().from(productOptions).where(eq(productOptions.productId, tilapia!.id));
    return { productId: tilapia!.id, option: option! };
  };
  const optionAudits = async (optionId: string) => shop.ctx.db.select().from(auditLogs).where(eq(auditLogs.recordId, optionId));
  const refused = async (res: Response) => {
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.message).toBe(NUL_REFUSED);
  };

  it('refuses a lone surrogate in an option name, a checkout field and a profile field with a 400, and writes nothing', async () => {
    const { productId, option } = await tilapiaOption();
    const auditsBefore = await optionAudits(option.id);
    await refused(
      await shop.request(`/api/admin/products/${productId}/options/${option.id}`, {
        method: 'PATCH',
        json: { name: '\ud800' },
        cookie: admin.cookie,
      }),
    );
    // A low half alone, and a high half with no low half after it, in the escaped JSON a browser sends.
    await refused(
      await shop.request('/api/checkout/orders', {
        method: 'POST',
        json: orderBody(items, { customerInfo: { ...orderBody(items).customerInfo, fullName: '\udc00 Achieng' } }),
        cookie: buyer.cookie,
      }),
    );
    await refused(
      await shop.request('/api/account/profile', {
        method: 'PATCH',
        json: { fullName: 'Achieng \ud83d', phone: '0712 345 678', address: 'Kilimani' },
        cookie: buyer.cookie,
      }),
    );
    const [optionNow] = await shop.ctx.db.select().from(productOptions).where(eq(productOptions.id, option.id));
    expect(optionNow!.name).toBe(option.name);
    expect(await optionAudits(option.id)).toEqual(auditsBefore);
    expect(await shop.ctx.db.select().from(orders).where(eq(orders.userId, buyer.id))).toEqual([]);
    const [profile] = await shop.ctx.db.select().from(profiles).where(eq(profiles.id, buyer.id));
    expect(profile).toMatchObject({ fullName: 'Achieng Otieno', address: 'Westlands, Nairobi' });
  });

  it('still takes whole characters beyond the first plane (an emoji) and a typed backslash-u', async () => {
    const { productId, option } = await tilapiaOption();
    const rename = (name: string) =>
      shop.request(`/api/admin/products/${productId}/options/${option.id}`, { method: 'PATCH', json: { name }, cookie: admin.cookie });
    expect((await rename('Size 🐟')).status).toBe(200);
    expect((await shop.ctx.db.select().from(productOptions).where(eq(productOptions.id, option.id)))[0]!.name).toBe('Size 🐟');
    // The six characters '\ud800' as typed are text, not an escape.
    expect((await rename('Size \\ud800')).status).toBe(200);
    expect((await shop.ctx.db.select().from(productOptions).where(eq(productOptions.id, option.id)))[0]!.name).toBe('Size \\ud800');
    expect((await rename(option.name)).status).toBe(200);
  });

  it('strips markup and control characters from the delivery address, house and directions, for the order and the rider', async () => {
    const rider = await createUser(shop, { role: 'rider', name: 'Otieno Rider' });
    const { status, json } = await postOrder(
      shop,
      buyer,
      orderBody(items, {
        deliveryInfo: {
          address: '<script>alert(1)</script> <b>Kilimani</b>, Nairobi\u0007',
          coordinates: WESTLANDS.coordinates,
          building: 'Block <i>C</i>\u0001\u200e,\tApt 12',
          directions: 'Blue gate >> opposite <img src=x onerror=alert(1)> Total\r\ncall on arrival',
        },
        idempotencyKey: `key-${crypto.randomUUID()}`,
      }),
    );
    expect(status, JSON.stringify(json)).toBe(200);
    const [order] = await shop.ctx.db.select().from(orders).where(eq(orders.id, json.orderId!));
    expect(order).toMatchObject({
      deliveryAddress: 'Kilimani, Nairobi',
      deliveryBuilding: 'Block C, Apt 12',
      deliveryDirections: 'Blue gate opposite Total call on arrival',
    });

    await payOnSimulator(shop, order!.pesapalTransactionId!, 'card');
    const assign = await shop.request('/api/admin/deliveries/assign', {
      method: 'POST',
      json: { orderIds: [order!.id], riderId: rider.id },
      cookie: admin.cookie,
    });
    expect(assign.status).toBe(200);
    const stopsRes = await shop.request('/api/admin/rider/stops', { cookie: rider.cookie });
    const text = await stopsRes.text();
    expect(stopsRes.status).toBe(200);
    expect(text).not.toMatch(/[<>]|\\u003c|\\u003e/i);
    const stops = (JSON.parse(text) as { groups: { stops: { orderId: string }[] }[] }).groups.flatMap((g) => g.stops);
    expect(stops.find((stop) => stop.orderId === order!.id)).toMatchObject({
      address: 'Kilimani, Nairobi',
      house: 'Block C, Apt 12',
      directions: 'Blue gate opposite Total call on arrival',
    });
  });

  it('keeps a plain delivery address, house and directions exactly as typed', async () => {
    const { status, json } = await postOrder(
      shop,
      buyer,
      orderBody(items, {
        deliveryInfo: { ...WESTLANDS, building: "Mama Njeri's house, Apt 4-B", directions: 'Gate #2 (green) & call: 0712 345 678' },
        idempotencyKey: `key-${crypto.randomUUID()}`,
      }),
    );
    expect(status, JSON.stringify(json)).toBe(200);
    const [order] = await shop.ctx.db.select().from(orders).where(eq(orders.id, json.orderId!));
    expect(order).toMatchObject({
      deliveryAddress: WESTLANDS.address,
      deliveryBuilding: "Mama Njeri's house, Apt 4-B",
      deliveryDirections: 'Gate #2 (green) & call: 0712 345 678',
    });
  });
});
