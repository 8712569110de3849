// Pesapal needs our IPN URL's id on every order. It is registered once, kept in app_settings (for
// every instance and restart) and reused; the original registered it again on every order. When
// Pesapal no longer knows the stored id, it is registered again, once, and the order still goes.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appSettings } from '../../src/server/db/schema';
import { dbKinds } from '../support/test-database';
import type { TestUser } from '../support/test-app';
import { disposeShop, placePaidOrderAttempt, shopWithBuyer, type Shop } from './checkout-support';

const SETTING = 'pesapal_ipn:http://localhost:3000/api/payments/ipn';

describe.each(dbKinds(import.meta.url))('IPN registration on %s', (kind) => {
  let shop: Shop;
  let user: TestUser;
  let productId: string;
  beforeEach(async () => {
    ({ shop, user, productId } = await shopWithBuyer(kind));
  });
  afterEach(() => disposeShop(shop));

  const registrations = () => shop.sim.state.requestLog.filter((r) => r.op === 'RegisterIPN').length;
  const stored = async () => (await shop.ctx.db.select().from(appSettings).where(eq(appSettings.key, SETTING)))[0]?.value;
  const order = () => placePaidOrderAttempt(shop, user, [{ productId, quantity: 1 }]);

  it('registers once for many orders, even the first ones at the same moment, and stores the id', async () => {
    await Promise.all([order(), order(), order()]);
    await order();
    expect(registrations()).toBe(1);
    const [registered] = [...shop.sim.state.ipns.values()];
    expect(registered).toMatchObject({ url: 'http://localhost:3000/api/payments/ipn', method: 'GET' });
    expect(await stored()).toEqual({ ipnId: registered!.ipnId, baseUrl: 'http://localhost:3000/pesapal-sim/pesapalv3' });
    for (const o of shop.sim.state.orders.values()) expect(o.notificationId).toBe(registered!.ipnId);
  });

  it('registers again, once, when Pesapal no longer knows the stored id', async () => {
    await order();
    shop.sim.state.ipns.clear(); // e.g. other credentials, or a restarted Pesapal sandbox
    const again = await order();
    expect(registrations()).toBe(2);
    const [current] = [...shop.sim.state.ipns.values()];
    expect(await stored()).toMatchObject({ ipnId: current!.ipnId });
    expect(shop.sim.state.orders.get(again.trackingId)?.notificationId).toBe(current!.ipnId);
  });
});
