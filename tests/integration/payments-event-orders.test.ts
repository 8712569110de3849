// Every order in which Pesapal's events and our own lookups can arrive (IPN before or after the
// callback, duplicated, late, racing each other, a reversal after or before we saw the payment, a
// payment after the reservation expired) ends in one final state with each stock movement once.
// The simulator sends no IPN here: each step below is delivered by the test, in the order given.
import { and, eq, gte, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundMail, stockMovements } from '../../src/server/db/schema';
import { expireReservations, reconcilePayments } from '../../src/server/features/payments/reconciliation.service';
import { dbKinds } from '../support/test-database';
import type { TestUser } from '../support/test-app';
import {
  createShop,
  customer,
  disposeShop,
  movementsOf,
  orderRow,
  payOnSimulator,
  placePaidOrderAttempt,
  productBySlug,
  stockOf,
  transactionsOf,
  type Shop,
} from './checkout-support';

const QUANTITY = 2;
const MINUTE = 60_000;

interface Placed {
  orderId: string;
  trackingId: string;
  merchantReference: string;
}

type Step = (shop: Shop, user: TestUser, order: Placed) => Promise<void>;

/** Something happens at Pesapal; seconds pass first, so its IPN is not a repeat within the window of the last. */
const onPesapal =
  (outcome: 'card' | 'fail' | 'cancel' | 'reverse'): Step =>
  (shop, _user, order) =>
    payOnSimulator(shop, order.trackingId, outcome);

const ipn: Step = async (shop, _user, order) => {
  const query = `OrderTrackingId=${order.trackingId}&OrderMerchantReference=${order.merchantReference}&OrderNotificationType=IPNCHANGE`;
  const res = await shop.request(`/api/payments/ipn?${query}`);
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ orderTrackingId: order.trackingId, status: 200 });
};

const callback: Step = async (shop, user, order) => {
  const res = await shop.request(`/api/payments/lookup?trackingId=${order.trackingId}&merchantReference=${order.merchantReference}`, {
    cookie: user.cookie,
  });
  expect(await res.json()).toEqual({ orderId: order.orderId });
};

const sync: Step = async (shop, user, order) => {
  const res = await shop.request('/api/payments/sync', { method: 'POST', json: { orderIds: [order.orderId] }, cookie: user.cookie });
  expect(res.status).toBe(200);
};

const reconcile: Step = async (shop) => {
  shop.clock.advance(MINUTE + 1000);
  await reconcilePayments(shop.ctx);
};

const expire: Step = async (shop) => {
  shop.clock.advance(31 * MINUTE);
  await expireReservations(shop.ctx);
};

/** Expiry while Pesapal refuses to cancel the page (an M-Pesa payment in flight): it stays payable. */
const expireWhilePaying: Step = async (shop, user, order) => {
  const real = shop.ctx.integrations.pesapal;
  shop.ctx.integrations.pesapal = { ...real, cancelOrder: async () => ({ cancelled: false, message: 'A payment is being processed' }) };
  try {
    await expire(shop, user, order);
  } finally {
    shop.ctx.integrations.pesapal = real;
  }
};

const atOnce =
  (...steps: Step[]): Step =>
  async (shop, user, order) => {
    await Promise.all(steps.map((step) => step(shop, user, order)));
  };

interface Scenario {
  name: string;
  steps: Step[];
  order: 'completed' | 'failed' | 'cancelled';
  payment: 'COMPLETED' | 'FAILED' | 'REVERSED';
  /** This order's stock movements as "kind quantity", sorted. */
  ledger: string[];
  confirmationMails: 0 | 1;
}

const SOLD = [`reservation -${QUANTITY}`, 'sale 0'];
const GIVEN_BACK = [`release ${QUANTITY}`, `reservation -${QUANTITY}`];

const SCENARIOS: Scenario[] = [
  {
    name: 'IPN before the callback',
    steps: [onPesapal('card'), ipn, callback],
    order: 'completed',
    payment: 'COMPLETED',
    ledger: SOLD,
    confirmationMails: 1,
  },
  {
    name: 'callback before the IPN',
    steps: [onPesapal('card'), callback, ipn],
    order: 'completed',
    payment: 'COMPLETED',
    ledger: SOLD,
    confirmationMails: 1,
  },
  {
    name: 'the same IPN three times',
    steps: [onPesapal('card'), ipn, ipn, ipn],
    order: 'completed',
    payment: 'COMPLETED',
    ledger: SOLD,
    confirmationMails: 1,
  },
  {
    name: 'IPNs, callback and sync at the same moment',
    steps: [onPesapal('card'), atOnce(ipn, ipn, callback, sync, ipn)],
    order: 'completed',
    payment: 'COMPLETED',
    ledger: SOLD,
    confirmationMails: 1,
  },
  {
    name: 'a late IPN after reconciliation',
    steps: [onPesapal('card'), reconcile, ipn, callback],
    order: 'completed',
    payment: 'COMPLETED',
    ledger: SOLD,
    confirmationMails: 1,
  },
  // A declined order keeps its reservation for 'Pay again' until the reservation ends.
  {
    name: 'a failed card, notified twice',
    steps: [onPesapal('fail'), callback, ipn, ipn, expire],
    order: 'failed',
    payment: 'FAILED',
    ledger: GIVEN_BACK,
    confirmationMails: 0,
  },
  {
    name: 'cancelled by the customer, notices racing',
    steps: [onPesapal('cancel'), atOnce(ipn, callback, sync, ipn), expire],
    order: 'failed',
    payment: 'FAILED',
    ledger: GIVEN_BACK,
    confirmationMails: 0,
  },
  {
    name: 'reversed after it completed',
    steps: [onPesapal('card'), ipn, onPesapal('reverse'), ipn, atOnce(ipn, sync)],
    order: 'cancelled',
    payment: 'REVERSED',
    // The goods may have left: a reversal never puts stock back by itself.
    ledger: SOLD,
    confirmationMails: 1,
  },
  {
    name: 'paid and reversed before the shop heard of the payment',
    steps: [onPesapal('card'), onPesapal('reverse'), ipn, callback, ipn],
    order: 'cancelled',
    payment: 'REVERSED',
    ledger: GIVEN_BACK,
    confirmationMails: 0,
  },
  {
    name: 'paid after the reservation expired',
    steps: [expireWhilePaying, onPesapal('card'), ipn, ipn, callback],
    order: 'completed',
    payment: 'COMPLETED',
    ledger: [`release ${QUANTITY}`, `reservation -${QUANTITY}`, `sale -${QUANTITY}`],
    confirmationMails: 1,
  },
  {
    name: 'paid in the last minute before expiry',
    steps: [onPesapal('card'), expire, ipn],
    order: 'completed',
    payment: 'COMPLETED',
    ledger: SOLD,
    confirmationMails: 1,
  },
  {
    name: 'never paid: notices change nothing, then the reservation expires',
    steps: [ipn, callback, sync, expire, ipn],
    order: 'failed',
    payment: 'FAILED',
    ledger: GIVEN_BACK,
    confirmationMails: 0,
  },
];

describe.each(dbKinds(import.meta.url))('payment events in every order on %s', (kind) => {
  let shop: Shop;
  let user: TestUser;
  let productId: string;
  let stockAtStart: number;
  const startedAt = new Date();

  beforeAll(async () => {
    shop = await createShop(kind);
    shop.sim.switches.dropIpn = true;
    user = await customer(shop);
    productId = (await productBySlug(shop, 'fresh-whole-tilapia')).id;
    stockAtStart = await stockOf(shop, productId);
  });
  afterAll(() => disposeShop(shop));

  it.each(SCENARIOS)('$name', async (scenario) => {
    const stockBefore = await stockOf(shop, productId);
    const placed = await placePaidOrderAttempt(shop, user, [{ productId, quantity: QUANTITY }]);
    const [attempt] = await transactionsOf(shop, placed.orderId);
    const order: Placed = { ...placed, merchantReference: attempt!.merchantReference };

    for (const step of scenario.steps) await step(shop, user, order);

    expect((await orderRow(shop, order.orderId)).status).toBe(scenario.order);
    expect((await transactionsOf(shop, order.orderId)).map((t) => t.status)).toEqual([scenario.payment]);
    const ledger = await movementsOf(shop, order.orderId);
    expect(ledger.map((m) => `${m.kind} ${m.quantity}`).sort()).toEqual(scenario.ledger);
    const taken = ledger.reduce((sum, m) => sum + m.quantity, 0);
    expect(await stockOf(shop, productId)).toBe(stockBefore + taken);
    const mails = await shop.ctx.db
      .select()
      .from(outboundMail)
      .where(like(outboundMail.subject, `Order #${order.orderId.slice(0, 8)} confirmed%`));
    expect(mails).toHaveLength(scenario.confirmationMails);
  });

  it('explains the stock: what is left is the start plus every movement, and nothing else', async () => {
    const [moved] = await shop.ctx.db
      .select({ total: sql<number>`coalesce(sum(${stockMovements.quantity}), 0)::int` })
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, productId), gte(stockMovements.createdAt, startedAt)));
    expect(await stockOf(shop, productId)).toBe(stockAtStart + (moved?.total ?? Number.NaN));
    const sold = SCENARIOS.filter((s) => s.ledger.some((l) => l.startsWith('sale'))).length;
    expect(await stockOf(shop, productId)).toBe(stockAtStart - sold * QUANTITY);
  });
});
