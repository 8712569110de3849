// A busy hour: Pesapal sends its notices from a few addresses, far more than a stranger may. Its
// notices for our own payments are never refused, the background check keeps up with hundreds of
// payments, and a payment Pesapal has told us of but we have not confirmed does not stop the
// customer from ordering again.
import { eq, inArray } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orders } from '../../src/server/db/schema';
import { MAX_UNPAID_ORDERS } from '../../src/server/features/checkout/order-placement.service';
import { IPN_PER_ADDRESS } from '../../src/server/features/payments/ipn-rate-limit';
import { ipnRechecksIdle } from '../../src/server/features/payments/ipn-rechecks';
import { reconcilePayments } from '../../src/server/features/payments/reconciliation.service';
import type { TestUser } from '../support/test-app';
import { dbKinds } from '../support/test-database';
import {
  createShop,
  customer,
  disposeShop,
  orderBody,
  postOrder,
  placePaidOrderAttempt,
  productBySlug,
  setStock,
  type Shop,
} from './checkout-support';

const PESAPAL_ADDRESS = '196.201.214.94';

describe.each(dbKinds(import.meta.url))('Pesapal at a busy hour on %s', (kind) => {
  let shop: Shop;
  let productId: string;
  beforeEach(async () => {
    shop = await createShop(kind);
    productId = (await productBySlug(shop, 'fresh-whole-tilapia')).id;
    await setStock(shop, productId, 10_000);
  });
  afterEach(() => disposeShop(shop));

  /** `customers` customers each with `each` orders paid at Pesapal whose notices were lost. */
  async function paidUnnoticed(customers: number, each: number) {
    const placed: { orderId: string; trackingId: string; user: TestUser }[] = [];
    shop.sim.switches.dropIpn = true;
    for (let c = 0; c < customers; c++) {
      const user = await customer(shop);
      for (let i = 0; i < each; i++) placed.push({ ...(await placePaidOrderAttempt(shop, user, [{ productId, quantity: 1 }])), user });
    }
    for (const { trackingId } of placed) await shop.sim.complete(trackingId, 'card');
    shop.sim.switches.dropIpn = false;
    return placed;
  }

  const statuses = async (ids: string[]) =>
    (await shop.ctx.db.select({ status: orders.status }).from(orders).where(inArray(orders.id, ids))).map((o) => o.status);

  it('600 notices in a minute from one address, all for our payments: none refused, every paid order completed', async () => {
    const placed = await paidUnnoticed(6, 4);
    const answers: number[] = [];
    for (let i = 0; i < 600; i++) {
      const { trackingId } = placed[i % placed.length]!;
      const res = await shop.request(`/api/payments/ipn?OrderTrackingId=${trackingId}&OrderNotificationType=IPNCHANGE`, {
        headers: { 'X-Forwarded-For': PESAPAL_ADDRESS },
      });
      answers.push(res.status);
      shop.clock.advance(100); // 600 notices over one minute of the shop's clock
    }
    await ipnRechecksIdle(shop.ctx);
    expect(answers.filter((s) => s !== 200)).toEqual([]);
    expect(answers.length).toBeGreaterThan(IPN_PER_ADDRESS.limit * 4);
    expect(await statuses(placed.map((p) => p.orderId))).toEqual(placed.map(() => 'completed'));

    // A stranger from the same address, naming ids that are not ours, is still limited.
    const stranger = () => shop.request('/api/payments/ipn?OrderTrackingId=not-ours', { headers: { 'X-Forwarded-For': PESAPAL_ADDRESS } });
    let refused = 0;
    for (let i = 0; i <= IPN_PER_ADDRESS.limit; i++) if ((await stranger()).status === 429) refused++;
    expect(refused).toBeGreaterThan(0);
  }, 180_000); // a volume test: hundreds of requests, slow on a busy 2-core machine

  it('one run of the background check confirms every payment whose notice was lost, not just a batch', async () => {
    const placed = await paidUnnoticed(6, 5); // more than one batch of 25
    shop.clock.advance(2 * 60_000);
    const run = await reconcilePayments(shop.ctx);
    expect(run).toEqual({ checked: placed.length, transitioned: placed.length });
    expect(await statuses(placed.map((p) => p.orderId))).toEqual(placed.map(() => 'completed'));
  }, 120_000);

  it('a customer whose paid orders Pesapal has notified but the shop not yet confirmed may order again', async () => {
    const placed = await paidUnnoticed(1, MAX_UNPAID_ORDERS);
    const user = placed[0]!.user;
    const nextOrder = (quantity = 1) =>
      postOrder(shop, user, orderBody([{ productId, quantity }], { idempotencyKey: `key-${crypto.randomUUID()}` }));
    // Nothing heard from Pesapal yet: the limit of unpaid orders holds.
    expect((await nextOrder()).status).toBe(429);

    // Pesapal's notices arrive, but asking Pesapal for the status fails for now.
    const real = shop.ctx.integrations.pesapal;
    shop.ctx.integrations.pesapal = { ...real, getTransactionStatus: () => Promise.reject(new Error('Pesapal is unreachable')) };
    try {
      for (const { trackingId } of placed) {
        const res = await shop.request(`/api/payments/ipn?OrderTrackingId=${trackingId}&OrderNotificationType=IPNCHANGE`);
        expect(res.status).toBe(500); // Pesapal will send it again
      }
    } finally {
      shop.ctx.integrations.pesapal = real;
    }
    expect(await statuses(placed.map((p) => p.orderId))).toEqual(placed.map(() => 'pending'));
    // The same goods again are offered the order waiting for its confirmation, never charged twice;
    // other goods are a new order, the notified orders no longer counting as unpaid.
    const same = await nextOrder();
    expect(same.status).toBe(409);
    expect(same.json.error?.code).toBe('ORDER_AWAITING_PAYMENT');
    const again = await nextOrder(2);
    expect(again.status).toBe(200);
    const [row] = await shop.ctx.db.select({ status: orders.status }).from(orders).where(eq(orders.id, again.json.orderId!));
    expect(row?.status).toBe('pending');
  });
});
