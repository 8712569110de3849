// The IPN and applyPaymentStatus against the built-in Pesapal simulator: one transition and one
// stock movement per real change, whatever order, number or timing the notifications come in.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outboundMail, paymentNotifications } from '../../src/server/db/schema';
import { IPN_REPEAT_WINDOW_MS } from '../../src/server/features/payments/ipn-notices';
import { runDueIpnRechecks } from '../../src/server/features/payments/ipn-rechecks';
import { pruneStrangerNotices, STRANGER_NOTICE_DAYS } from '../../src/server/features/payments/ipn-notices';
import { applyPaymentStatus } from '../../src/server/features/payments/payment-status.service';
import { expireReservations } from '../../src/server/features/payments/reconciliation.service';
import { RESERVATION_MINUTES } from '../../src/domain/order-reasons';
import { createMailer } from '../../src/server/infra/mail/mailer';
import { outboxRetryDelayMs } from '../../src/server/infra/outbox/outbox';
import { freePort } from '../e2e/support/shop-server';
import { startSmtpServer } from '../e2e/support/smtp';
import type { TransactionStatus } from '../../src/server/integrations/pesapal/pesapal-types';
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
  shopWithBuyer,
  stockOf,
  transactionsOf,
  type Shop,
} from './checkout-support';

describe.each(dbKinds(import.meta.url))('payment notifications on %s', (kind) => {
  let shop: Shop;
  let user: TestUser;
  let productId: string;
  let stockBefore: number;

  beforeEach(async () => {
    ({ shop, user, productId, stockBefore } = await shopWithBuyer(kind));
  });
  afterEach(() => disposeShop(shop));

  const place = () => placePaidOrderAttempt(shop, user, [{ productId, quantity: 2 }]);
  const notices = (trackingId: string) =>
    shop.ctx.db.select().from(paymentNotifications).where(eq(paymentNotifications.trackingId, trackingId));

  it('a card payment completes the order once: sale, mail, cleared reservation', async () => {
    const { orderId, trackingId } = await place();
    await payOnSimulator(shop, trackingId, 'card');
    const order = await orderRow(shop, orderId);
    expect(order).toMatchObject({
      status: 'completed',
      reservationExpiresAt: null,
      needsAttention: false,
      pesapalTransactionId: trackingId,
    });
    const [txn] = await transactionsOf(shop, orderId);
    expect(txn).toMatchObject({ status: 'COMPLETED', paymentMethod: 'Visa', amountMismatch: false });
    expect(txn!.confirmationCode).toMatch(/^\d{22}$/);
    expect((await movementsOf(shop, orderId)).map((m) => [m.kind, m.quantity]).sort()).toEqual([
      ['reservation', -2],
      ['sale', 0],
    ]);
    expect(await stockOf(shop, productId)).toBe(stockBefore - 2);
    const mails = await shop.ctx.db.select().from(outboundMail).where(eq(outboundMail.to, 'achieng@example.test'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Order #${orderId.slice(0, 8)} confirmed - Lake Victoria Aquaculture`);
    expect(mails[0]!.text).toContain(`Total paid: KES ${(order.totalAmount / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
    const [notice] = await notices(trackingId);
    expect(notice).toMatchObject({ source: 'ipn', method: 'GET', notificationType: 'IPNCHANGE', outcome: 'transitioned: COMPLETED' });
  });

  it('completes the order while SMTP is down, and the mail job sends the confirmation once it is back', async () => {
    const port = await freePort();
    shop.ctx.mailer = createMailer({
      db: shop.ctx.db,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Shop <shop@example.test>',
      now: shop.clock.now,
    });
    const { orderId, trackingId } = await place();
    await payOnSimulator(shop, trackingId, 'card');
    expect((await orderRow(shop, orderId)).status).toBe('completed');
    const confirmation = () => shop.ctx.db.select().from(outboundMail).where(eq(outboundMail.to, 'achieng@example.test'));
    expect(await confirmation()).toMatchObject([{ status: 'failed', attempts: 1 }]);

    const smtp = await startSmtpServer(port);
    try {
      shop.clock.advance(outboxRetryDelayMs(1));
      expect(await shop.ctx.mailer.deliverDue()).toEqual({ sent: 1, failed: 0 });
      expect((await smtp.waitForMail('achieng@example.test')).subject).toBe(
        `Order #${orderId.slice(0, 8)} confirmed - Lake Victoria Aquaculture`,
      );
      expect(await confirmation()).toMatchObject([{ status: 'sent', attempts: 2 }]);
    } finally {
      await smtp.stop();
    }
  });

  it('duplicate IPNs make one transition and one sale; the repeat is counted and checked once after the window', async () => {
    shop.sim.switches.duplicateIpn = true;
    const { orderId, trackingId } = await place();
    const asked = () => shop.sim.state.requestLog.filter((r) => r.op === 'GetTransactionStatus').length;
    const before = asked();
    await payOnSimulator(shop, trackingId, 'card');
    expect(await notices(trackingId)).toMatchObject([{ count: 2, outcome: 'transitioned: COMPLETED' }]);
    expect(asked()).toBe(before + 1);
    shop.clock.advance(IPN_REPEAT_WINDOW_MS);
    expect(await runDueIpnRechecks(shop.ctx)).toBe(1);
    expect(await notices(trackingId)).toMatchObject([{ count: 2, outcome: 'unchanged: COMPLETED', recheckAt: null }]);
    expect(asked()).toBe(before + 2);
    expect(await movementsOf(shop, orderId, 'sale')).toHaveLength(1);
    expect(await shop.ctx.db.select().from(outboundMail).where(eq(outboundMail.to, 'achieng@example.test'))).toHaveLength(1);
  });

  it('a late IPN after a sync changes nothing more', async () => {
    // Pesapal's notice is held back (not timed: on a busy machine a timer could fire before the
    // sync) and sent by hand once the sync has completed the order.
    shop.sim.switches.dropIpn = true;
    const { orderId, trackingId } = await place();
    await payOnSimulator(shop, trackingId, 'card');
    shop.sim.switches.dropIpn = false;
    expect((await orderRow(shop, orderId)).status).toBe('pending');
    const sync = await shop.request('/api/payments/sync', { method: 'POST', json: { orderIds: [orderId] }, cookie: user.cookie });
    expect(await sync.json()).toEqual({ results: [{ orderId, updated: true, newStatus: 'COMPLETED', error: null }] });
    const [txn] = await transactionsOf(shop, orderId);
    const late = await shop.request(
      `/api/payments/ipn?OrderTrackingId=${trackingId}&OrderMerchantReference=${txn!.merchantReference}&OrderNotificationType=IPNCHANGE`,
    );
    expect(late.status).toBe(200);
    expect((await notices(trackingId)).map((n) => n.outcome)).toEqual(['unchanged: COMPLETED']);
    expect(await movementsOf(shop, orderId, 'sale')).toHaveLength(1);
    expect(await stockOf(shop, productId)).toBe(stockBefore - 2);
  });

  it('out-of-order reports never move a payment backwards', async () => {
    const { orderId, trackingId } = await place();
    await payOnSimulator(shop, trackingId, 'card');
    const [txn] = await transactionsOf(shop, orderId);
    const report = (status: TransactionStatus['status'], statusCode: TransactionStatus['statusCode']): TransactionStatus => ({
      statusCode,
      status,
      description: null,
      paymentMethod: 'Visa',
      amountCents: txn!.amount,
      currency: 'KES',
      merchantReference: txn!.merchantReference,
      confirmationCode: '1',
      paymentAccount: '',
      createdAt: null,
      raw: {},
    });
    expect((await applyPaymentStatus(shop.ctx, trackingId, report('FAILED', 2))).outcome).toBe('unchanged');
    expect((await applyPaymentStatus(shop.ctx, trackingId, report('PENDING', 0))).outcome).toBe('unpaid');
    expect((await applyPaymentStatus(shop.ctx, trackingId, report('COMPLETED', 1))).outcome).toBe('unchanged');
    expect((await orderRow(shop, orderId)).status).toBe('completed');
    expect(await movementsOf(shop, orderId)).toHaveLength(2);
    expect(await stockOf(shop, productId)).toBe(stockBefore - 2);
  });

  it('an IPN for a payment Pesapal reports unpaid changes nothing', async () => {
    const { orderId, trackingId } = await place();
    const res = await shop.request(
      `/api/payments/ipn?OrderTrackingId=${trackingId}&OrderMerchantReference=ORD-x-1&OrderNotificationType=IPNCHANGE`,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      orderNotificationType: 'IPNCHANGE',
      orderTrackingId: trackingId,
      orderMerchantReference: 'ORD-x-1',
      status: 200,
    });
    const order = await orderRow(shop, orderId);
    expect(order.status).toBe('pending');
    expect((await transactionsOf(shop, orderId))[0]!.status).toBe('PENDING');
    expect(await movementsOf(shop, orderId)).toHaveLength(1);
    expect((await notices(trackingId))[0]!.outcome).toBe('unpaid: PENDING');
  });

  it('a failed payment fails the order once and keeps its stock reserved until the reservation ends', async () => {
    shop.sim.switches.duplicateIpn = true;
    const { orderId, trackingId } = await place();
    await payOnSimulator(shop, trackingId, 'fail');
    const failed = await orderRow(shop, orderId);
    expect(failed.status).toBe('failed');
    expect(failed.reservationExpiresAt).not.toBeNull();
    expect((await transactionsOf(shop, orderId))[0]).toMatchObject({ status: 'FAILED' });
    expect(await movementsOf(shop, orderId, 'release')).toEqual([]);
    expect(await stockOf(shop, productId)).toBe(stockBefore - 2);

    shop.clock.advance(RESERVATION_MINUTES * 60_000);
    expect(await expireReservations(shop.ctx)).toEqual({ expired: 1 });
    expect(await expireReservations(shop.ctx)).toEqual({ expired: 0 });
    expect(await movementsOf(shop, orderId, 'release')).toMatchObject([{ quantity: 2, stockAfter: stockBefore }]);
    expect(await stockOf(shop, productId)).toBe(stockBefore);
    // The decline is why it failed; the reservation's end does not rewrite that.
    expect(await orderRow(shop, orderId)).toMatchObject({ status: 'failed', reservationExpiresAt: null, cancelledReason: null });
  });

  it('a cancelled payment keeps the stock reserved too', async () => {
    const { orderId, trackingId } = await place();
    await payOnSimulator(shop, trackingId, 'cancel');
    expect((await orderRow(shop, orderId)).status).toBe('failed');
    expect(await stockOf(shop, productId)).toBe(stockBefore - 2);
  });

  it('a reversal cancels the order and flags it for the merchant, without touching stock', async () => {
    const { orderId, trackingId } = await place();
    await payOnSimulator(shop, trackingId, 'card');
    await payOnSimulator(shop, trackingId, 'reverse');
    const order = await orderRow(shop, orderId);
    expect(order).toMatchObject({ status: 'cancelled', needsAttention: true, cancelledReason: 'Payment reversed' });
    expect(order.attentionReason).toContain('reversed at Pesapal');
    expect((await transactionsOf(shop, orderId))[0]!.status).toBe('REVERSED');
    expect(await stockOf(shop, productId)).toBe(stockBefore - 2);
  });

  it('reads POST notifications as JSON or form, in PascalCase or camelCase', async () => {
    const { orderId, trackingId } = await place();
    shop.sim.switches.dropIpn = true;
    await payOnSimulator(shop, trackingId, 'card');
    const json = await shop.request('/api/payments/ipn', {
      method: 'POST',
      json: { orderTrackingId: trackingId, orderMerchantReference: 'R', orderNotificationType: 'IPNCHANGE' },
    });
    expect(await json.json()).toMatchObject({ orderTrackingId: trackingId, orderMerchantReference: 'R', status: 200 });
    const form = await shop.request('/api/payments/ipn', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `OrderTrackingId=${trackingId}&OrderMerchantReference=R&OrderNotificationType=IPNCHANGE`,
    });
    expect(await form.json()).toMatchObject({ orderTrackingId: trackingId, status: 200 });
    // The form came within the window of the JSON one: counted on the same row, not asked again.
    expect(await notices(trackingId)).toMatchObject([{ method: 'POST', count: 2, outcome: 'transitioned: COMPLETED' }]);
    expect((await orderRow(shop, orderId)).status).toBe('completed');
  });

  it('acknowledges unknown and malformed notifications without asking Pesapal', async () => {
    const before = shop.sim.state.requestLog.filter((r) => r.op === 'GetTransactionStatus').length;
    const unknown = await shop.request('/api/payments/ipn?OrderTrackingId=not-ours&OrderNotificationType=IPNCHANGE');
    expect(unknown.status).toBe(200);
    const empty = await shop.request('/api/payments/ipn', { method: 'POST', body: 'garbage' });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ status: 500, orderTrackingId: '' });
    expect(shop.sim.state.requestLog.filter((r) => r.op === 'GetTransactionStatus').length).toBe(before);
    expect((await notices('not-ours'))[0]!.outcome).toBe('unknown');
  });

  it("keeps a stranger's notice without its payload and only for a week; our payments' notices stay", async () => {
    const { trackingId } = await place();
    const post = (id: string) =>
      shop.request('/api/payments/ipn', {
        method: 'POST',
        json: { OrderTrackingId: id, OrderNotificationType: 'IPNCHANGE', filler: 'x'.repeat(1000) },
      });
    await post('not-ours-either');
    await post(trackingId);
    await shop.request('/api/payments/ipn', { method: 'POST', json: { filler: 'y'.repeat(1000) } });
    const [stranger] = await notices('not-ours-either');
    expect(stranger).toMatchObject({ outcome: 'unknown', raw: {} });
    const [ours] = await notices(trackingId);
    expect((ours!.raw as { body: { filler: string } }).body.filler).toHaveLength(1000);

    expect(await pruneStrangerNotices(shop.ctx)).toBe(0); // nothing is a week old yet
    shop.clock.advance((STRANGER_NOTICE_DAYS * 24 + 1) * 60 * 60_000);
    expect(await pruneStrangerNotices(shop.ctx)).toBe(2); // the unknown one and the one with no tracking id
    expect(await notices('not-ours-either')).toEqual([]);
    expect(await notices(trackingId)).toHaveLength(1);
  });

  it('answers 500 (so Pesapal retries) when Pesapal cannot be asked', async () => {
    const { orderId, trackingId } = await place();
    const real = shop.ctx.integrations.pesapal;
    shop.ctx.integrations.pesapal = { ...real, getTransactionStatus: () => Promise.reject(new Error('connect ETIMEDOUT')) };
    const res = await shop.request(
      `/api/payments/ipn?OrderTrackingId=${trackingId}&OrderMerchantReference=M&OrderNotificationType=IPNCHANGE`,
    );
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ status: 500 });
    expect((await notices(trackingId))[0]!.outcome).toBe('error: connect ETIMEDOUT');
    expect((await orderRow(shop, orderId)).status).toBe('pending');
  });
});

type Tamper = (status: TransactionStatus) => TransactionStatus;

/** What a faked Pesapal reports instead of the truth; none of it may complete (or fail) the order. */
const MISMATCHES: { name: string; outcome: 'card' | 'fail'; tamper: Tamper; reason: RegExp }[] = [
  {
    name: 'an amount 1 shilling short',
    outcome: 'card',
    tamper: (s) => ({ ...s, amountCents: s.amountCents - 100 }),
    reason: /^Payment mismatch: Pesapal reported KES .* paid for ORD-.*; the order is KES /,
  },
  {
    name: 'another currency',
    outcome: 'card',
    tamper: (s) => ({ ...s, currency: 'USD' }),
    reason: /^Payment mismatch: Pesapal reported USD .* paid for ORD-/,
  },
  {
    name: 'another merchant reference',
    outcome: 'card',
    tamper: (s) => ({ ...s, merchantReference: 'ORD-someone-else-1' }),
    reason: /^Payment mismatch: Pesapal reported merchant reference "ORD-someone-else-1" for ORD-/,
  },
  {
    name: 'a failure for another merchant reference',
    outcome: 'fail',
    tamper: (s) => ({ ...s, merchantReference: 'ORD-someone-else-1' }),
    reason: /^Payment mismatch: Pesapal reported merchant reference/,
  },
];

describe.each(dbKinds(import.meta.url))('Pesapal reports that do not match the order, on %s', (kind) => {
  let shop: Shop;
  let tamper: Tamper = (s) => s;
  beforeEach(async () => {
    shop = await createShop(kind);
    const real = shop.ctx.integrations.pesapal;
    shop.ctx.integrations.pesapal = {
      ...real,
      getTransactionStatus: async (id) => {
        const status = await real.getTransactionStatus(id);
        return status.status === 'PENDING' ? status : tamper(status);
      },
    };
  });
  afterEach(() => disposeShop(shop));

  it.each(MISMATCHES)('$name is recorded and flagged, and changes neither the order nor its stock', async (mismatch) => {
    tamper = mismatch.tamper;
    const user = await customer(shop);
    const productId = (await productBySlug(shop, 'fresh-whole-tilapia')).id;
    const { orderId, trackingId } = await placePaidOrderAttempt(shop, user, [{ productId, quantity: 1 }]);
    const stockAfterReservation = await stockOf(shop, productId);
    await payOnSimulator(shop, trackingId, mismatch.outcome);
    const order = await orderRow(shop, orderId);
    expect(order.status).toBe('pending');
    expect(order.needsAttention).toBe(true);
    expect(order.attentionReason).toMatch(mismatch.reason);
    const [txn] = await transactionsOf(shop, orderId);
    expect(txn).toMatchObject({ status: 'PENDING', amountMismatch: true });
    expect((await movementsOf(shop, orderId)).map((m) => m.kind)).toEqual(['reservation']);
    expect(await stockOf(shop, productId)).toBe(stockAfterReservation);
    expect(await shop.ctx.db.select().from(outboundMail).where(eq(outboundMail.to, 'achieng@example.test'))).toEqual([]);
  });
});
