// "Cancel and refund" puts back only what the order took off the shelf. A payment that lands after
// the reservation expired completes the order even when the stock has gone meanwhile; such a line
// was never sold, and restocking it would put goods on sale that do not exist.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IPN_REPEAT_WINDOW_MS } from '../../src/server/features/payments/ipn-notices';
import { expireReservations, reconcilePayments } from '../../src/server/features/payments/reconciliation.service';
import { createUser, type TestUser } from '../support/test-app';
import { dbKinds } from '../support/test-database';
import {
  createShop,
  customer,
  disposeShop,
  movementsOf,
  orderRow,
  payOnSimulator,
  placePaidOrderAttempt,
  productBySlug,
  setStock,
  stockOf,
  type Shop,
} from './checkout-support';

const MINUTE = 60_000;

describe.each(dbKinds(import.meta.url))('refunding an order paid after its stock was gone, on %s', (kind) => {
  let shop: Shop;
  let buyer: TestUser;
  let admin: TestUser;
  beforeEach(async () => {
    shop = await createShop(kind);
    buyer = await customer(shop);
    admin = await createUser(shop, { role: 'owner' });
  });
  afterEach(() => disposeShop(shop));

  it('restocks the line that was sold and leaves the short line alone', async () => {
    const tilapia = (await productBySlug(shop, 'fresh-whole-tilapia')).id;
    const chicken = (await productBySlug(shop, 'kienyeji-chicken')).id;
    // The customer's page stays payable after expiry (Pesapal refuses to cancel a payment in flight),
    // and its IPN is lost: the shop learns of the payment only later, from reconciliation.
    const pesapal = shop.ctx.integrations.pesapal;
    shop.ctx.integrations.pesapal = { ...pesapal, cancelOrder: async () => ({ cancelled: false, message: 'Payment in progress' }) };
    shop.sim.switches.dropIpn = true;
    const order = await placePaidOrderAttempt(shop, buyer, [
      { productId: tilapia, quantity: 3 },
      { productId: chicken, quantity: 2 },
    ]);
    shop.clock.advance(31 * MINUTE);
    expect(await expireReservations(shop.ctx)).toEqual({ expired: 1 });
    await setStock(shop, tilapia, 1); // other customers bought the tilapia meanwhile
    const chickenBefore = await stockOf(shop, chicken);
    await payOnSimulator(shop, order.trackingId, 'card');
    await reconcilePayments(shop.ctx);
    shop.ctx.integrations.pesapal = pesapal;

    const paid = await orderRow(shop, order.orderId);
    expect(paid).toMatchObject({ status: 'completed', needsAttention: true });
    expect(paid.attentionReason).toContain('not enough stock for');
    expect((await movementsOf(shop, order.orderId, 'sale')).map((m) => [m.productId, m.quantity])).toEqual([[chicken, -2]]);
    expect(await stockOf(shop, chicken)).toBe(chickenBefore - 2);

    const res = await shop.request(`/api/admin/orders/${order.orderId}/cancel`, {
      method: 'POST',
      cookie: admin.cookie,
      json: { reason: 'Not enough tilapia: refunded' },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ kind: 'refund_requested', restocksWhenRefunded: true });
    expect(await movementsOf(shop, order.orderId, 'restock')).toEqual([]);
    // The merchant approves the refund in Pesapal's dashboard; its notice reaches the shop.
    shop.sim.switches.dropIpn = false;
    shop.clock.advance(IPN_REPEAT_WINDOW_MS);
    expect(await shop.sim.decideRefund(order.trackingId, 'approve')).toMatchObject({ ok: true });
    await shop.sim.idle();
    expect(await stockOf(shop, tilapia)).toBe(1);
    expect(await stockOf(shop, chicken)).toBe(chickenBefore);
    expect((await movementsOf(shop, order.orderId, 'restock')).map((m) => [m.productId, m.quantity])).toEqual([[chicken, 2]]);
    expect(await orderRow(shop, order.orderId)).toMatchObject({ status: 'cancelled', cancelledReason: 'Not enough tilapia: refunded' });
  });
});
