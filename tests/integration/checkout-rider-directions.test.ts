// Where the rider must go: the house, apartment or building and directions typed at checkout are
// kept on the order as plain text, shown to the merchant, put in the confirmation mail and offered
// again at the customer's next checkout.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RIDER_DIRECTION_MESSAGES } from '../../src/domain/rider-directions';
import { orders, outboundMail } from '../../src/server/db/schema';
import { createUser, type TestUser } from '../support/test-app';
import { dbKinds } from '../support/test-database';
import {
  createShop,
  customer,
  disposeShop,
  orderBody,
  orderRow,
  payOnSimulator,
  postOrder,
  productBySlug,
  WESTLANDS,
  type Shop,
} from './checkout-support';

describe.each(dbKinds(import.meta.url))('rider directions at checkout on %s', (kind) => {
  let shop: Shop;
  let user: TestUser;
  let items: { productId: string; quantity: number }[];
  beforeEach(async () => {
    shop = await createShop(kind);
    user = await customer(shop);
    items = [{ productId: (await productBySlug(shop, 'fresh-whole-tilapia')).id, quantity: 1 }];
  });
  afterEach(() => disposeShop(shop));

  const withDirections = (delivery: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    orderBody(items, { deliveryInfo: { ...WESTLANDS, ...delivery }, idempotencyKey: `key-${crypto.randomUUID()}`, ...extra });
  const lastDelivery = async (who: TestUser) => {
    const res = await shop.request('/api/checkout/last-delivery', { cookie: who.cookie });
    expect(res.status).toBe(200);
    return res.json();
  };

  it('keeps them as plain text on the order, shows them to the merchant, mails them and prefills them next time', async () => {
    expect(await lastDelivery(user)).toEqual({ building: '', directions: '' });
    const { status, json } = await postOrder(
      shop,
      user,
      withDirections({
        building: '  Block C, Apt 12 <script>alert(1)</script>',
        directions: 'Blue gate opposite Total petrol station. Call on arrival',
        fee: 0,
      }),
    );
    expect(status).toBe(200);
    const order = await orderRow(shop, json.orderId!);
    expect(order).toMatchObject({
      deliveryBuilding: 'Block C, Apt 12',
      deliveryDirections: 'Blue gate opposite Total petrol station. Call on arrival',
    });
    expect(await lastDelivery(user)).toEqual({
      building: 'Block C, Apt 12',
      directions: 'Blue gate opposite Total petrol station. Call on arrival',
    });
    // Another customer's last order is not theirs to see.
    expect(await lastDelivery(await customer(shop))).toEqual({ building: '', directions: '' });

    const admin = await createUser(shop, { role: 'owner' });
    const detail = await (await shop.request(`/api/admin/orders/${order.id}`, { cookie: admin.cookie })).json();
    expect(detail.order).toMatchObject({
      deliveryBuilding: 'Block C, Apt 12',
      deliveryDirections: 'Blue gate opposite Total petrol station. Call on arrival',
    });
    const list = await (await shop.request('/api/admin/orders?fulfilment=to_fulfil', { cookie: admin.cookie })).json();
    expect(list.items).toEqual([]); // unpaid: nothing to deliver yet

    await payOnSimulator(shop, order.pesapalTransactionId!, 'card');
    const toDeliver = await (await shop.request('/api/admin/orders?fulfilment=to_fulfil', { cookie: admin.cookie })).json();
    expect(toDeliver.items).toMatchObject([
      {
        id: order.id,
        deliveryAddress: WESTLANDS.address,
        deliveryBuilding: 'Block C, Apt 12',
        deliveryDirections: 'Blue gate opposite Total petrol station. Call on arrival',
      },
    ]);
    const [mail] = await shop.ctx.db.select().from(outboundMail).where(eq(outboundMail.to, 'achieng@example.test'));
    expect(mail!.text).toContain(
      `Delivery to: ${WESTLANDS.address}\nHouse, apartment or building: Block C, Apt 12\nDirections for the rider: Blue gate opposite Total petrol station. Call on arrival\n`,
    );
    expect(mail!.html).toContain('<br>Directions for the rider: Blue gate opposite Total petrol station. Call on arrival');
  });

  it('leaves them empty when not given', async () => {
    const { status, json } = await postOrder(shop, user, withDirections({ building: '   ' }));
    expect(status).toBe(200);
    expect(await orderRow(shop, json.orderId!)).toMatchObject({ deliveryBuilding: null, deliveryDirections: null });
  });

  it.each([
    [{ building: 'b'.repeat(101) }, 'deliveryInfo.building', RIDER_DIRECTION_MESSAGES.buildingTooLong],
    [{ directions: 'd'.repeat(301) }, 'deliveryInfo.directions', RIDER_DIRECTION_MESSAGES.directionsTooLong],
    [{ directions: { gate: 'blue' } }, 'deliveryInfo.directions', RIDER_DIRECTION_MESSAGES.notText],
  ])('refuses %j with a clear message and creates no order', async (delivery, field, message) => {
    const res = await shop.request('/api/checkout/orders', { method: 'POST', json: withDirections(delivery), cookie: user.cookie });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', message, fields: { [field]: message } } });
    expect(await shop.ctx.db.select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);
  });
});
