// A refund as Pesapal makes it (decision 046): its "200" only says the request was received, and
// the order reads 'Refund requested' until the merchant approves it in Pesapal's dashboard and the
// payment turns REVERSED. Only then is the credit note declared to KRA, the stock put back and the
// customer told the money is back; a rejected refund returns the order to paid, tells the merchant
// and declares nothing. Pesapal's notices are delivered for real (the simulator calls the shop's
// IPN address), on a clock moved past the notices' repeat window as a merchant would take longer.
import { and, eq } from 'drizzle-orm';
import { createContext } from '../../src/server/app';
import type { ServerContext } from '../../src/server/context';
import type { Database } from '../../src/server/db/client';
import type { PesapalClient } from '../../src/server/integrations/pesapal/pesapal-types';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outboundMail, outboundSms, paymentRefunds, paymentTransactions, stockMovements } from '../../src/server/db/schema';
import { IPN_REPEAT_WINDOW_MS } from '../../src/server/features/payments/ipn-notices';
import { refreshPayment } from '../../src/server/features/payments/payment-refresh.service';
import { reconcileRefunds, REFUND_WAIT_LIMIT_MS } from '../../src/server/features/payments/refund-reconciliation';
import { taxInvoicesIdle } from '../../src/server/features/tax-invoices/tax-invoice-sender';
import { dbKinds, HAS_POSTGRES, openSecondHandle } from '../support/test-database';
import { orderRow, payOnSimulator, placePaidOrderAttempt, productBySlug, stockOf } from './checkout-support';
import { createTaxShop, declared, disposeTaxShop, invoicesOf, type TaxShop } from './etims-support';

const OWNER_PHONE = '+254722000111';
const OWNER_EMAIL = 'owner@example.test';

describe.each(dbKinds(import.meta.url))('refunds that wait for Pesapal’s reversal, on %s', (kind) => {
  let shop: TaxShop;
  beforeEach(async () => {
    shop = await createTaxShop(kind);
    const saved = await shop.request('/api/admin/merchant-notices', {
      method: 'PUT',
      cookie: shop.admin.cookie,
      json: { phones: [OWNER_PHONE], emails: [OWNER_EMAIL], summaryTime: '07:00' },
    });
    expect(saved.status).toBe(200);
  });
  afterEach(() => disposeTaxShop(shop));

  /** A paid order of 2 tilapia; the customer's payment has been seen and its sale declared. */
  async function paidOrder() {
    const productId = (await productBySlug(shop, 'fresh-whole-tilapia')).id;
    const order = await placePaidOrderAttempt(shop, shop.buyer, [{ productId, quantity: 2 }]);
    await payOnSimulator(shop, order.trackingId, 'card');
    await taxInvoicesIdle(shop.ctx);
    const [payment] = await shop.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, order.orderId));
    return { ...order, productId, paymentId: payment!.id };
  }

  const cancelAndRefund = (orderId: string, reason = 'Out of fresh tilapia today') =>
    shop.request(`/api/admin/orders/${orderId}/cancel`, { method: 'POST', cookie: shop.admin.cookie, json: { reason } });

  /** The merchant decides in Pesapal's dashboard, some time after the request; Pesapal notifies the shop. */
  async function decide(trackingId: string, decision: 'approve' | 'reject') {
    shop.clock.advance(IPN_REPEAT_WINDOW_MS);
    expect(await shop.sim.decideRefund(trackingId, decision)).toMatchObject({ ok: true });
    await shop.sim.idle();
    await taxInvoicesIdle(shop.ctx);
  }

  const refundsOf = (paymentId: string) => shop.ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.transactionId, paymentId));
  const smsSteps = async (orderId: string) =>
    (await shop.ctx.db.select().from(outboundSms).where(eq(outboundSms.orderId, orderId))).map((m) => m.step).sort();
  const mailSubjects = async (orderId: string) =>
    (await shop.ctx.db.select().from(outboundMail).where(eq(outboundMail.orderId, orderId))).map((m) => m.subject).sort();
  const invoiceKinds = async (orderId: string) => (await invoicesOf(shop)).filter((t) => t.orderId === orderId).map((t) => t.kind);
  const restocks = (orderId: string) =>
    shop.ctx.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.orderId, orderId), eq(stockMovements.kind, 'restock')));
  const adminDetail = async (orderId: string) =>
    (await (await shop.request(`/api/admin/orders/${orderId}`, { cookie: shop.admin.cookie })).json()) as {
      order: { status: string; needsAttention: boolean; attentionReason: string | null };
      refunds: { id: string; status: string }[];
      actions: { cancel: string | null; fulfilmentSteps: string[] };
      timeline: { title: string; detail: string | null }[];
    };
  /** The order as the customer's My Orders lists it. */
  const myOrder = async (orderId: string) => {
    const list = (await (await shop.request('/api/orders', { cookie: shop.buyer.cookie })).json()) as {
      orders: { id: string; status: string; paidPayments: { refund: string }[] }[];
    };
    return list.orders.find((o) => o.id === orderId);
  };

  it('stays refund requested until Pesapal approves it, then declares the credit note, restocks and tells the customer once', async () => {
    const order = await paidOrder();
    const paidStock = await stockOf(shop, order.productId);

    const res = await cancelAndRefund(order.orderId);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({
      kind: 'refund_requested',
      refundMessage: 'Refund request successfully',
      restocksWhenRefunded: true,
    });
    await taxInvoicesIdle(shop.ctx);

    // Pesapal received the request, and the money has not moved.
    expect(shop.sim.state.orders.get(order.trackingId)).toMatchObject({
      status: 'COMPLETED',
      refund: { status: 'pending', remarks: 'Out of fresh tilapia today', username: shop.admin.email },
    });
    expect(await orderRow(shop, order.orderId)).toMatchObject({
      status: 'refund_requested',
      cancelledReason: 'Out of fresh tilapia today',
    });
    expect(await refundsOf(order.paymentId)).toMatchObject([{ accepted: true, status: 'requested', settledAt: null }]);
    const requested = await adminDetail(order.orderId);
    expect(requested.refunds).toMatchObject([{ status: 'requested' }]);
    expect(requested.actions).toMatchObject({ cancel: null, fulfilmentSteps: [] });
    expect(await myOrder(order.orderId)).toMatchObject({ status: 'refund_requested', paidPayments: [{ refund: 'requested' }] });
    // No credit note before the money is back: KRA has the sale only.
    expect(await invoiceKinds(order.orderId)).toEqual(['sale']);
    expect(declared(shop).map((d) => d.request.rcptTyCd)).toEqual(['S']);
    expect(await stockOf(shop, order.productId)).toBe(paidStock);
    expect(await restocks(order.orderId)).toEqual([]);
    expect(await smsSteps(order.orderId)).toEqual(['owner_paid', 'paid']);

    await decide(order.trackingId, 'approve');

    expect(await orderRow(shop, order.orderId)).toMatchObject({ status: 'cancelled', needsAttention: false });
    expect(await refundsOf(order.paymentId)).toMatchObject([{ status: 'refunded', settledAt: shop.clock.now() }]);
    expect(await invoiceKinds(order.orderId)).toEqual(['sale', 'credit_note']);
    expect(declared(shop).map((d) => d.request.rcptTyCd)).toEqual(['S', 'R']);
    expect(await stockOf(shop, order.productId)).toBe(paidStock + 2);
    expect(await smsSteps(order.orderId)).toEqual(['owner_paid', 'paid', 'refunded']);
    const [refundedSms] = await shop.ctx.db
      .select()
      .from(outboundSms)
      .where(and(eq(outboundSms.orderId, order.orderId), eq(outboundSms.step, 'refunded')));
    expect(refundedSms?.message).toMatch(/is cancelled; KES [\d,]+\.\d\d has been refunded to you\./);
    expect(await mailSubjects(order.orderId)).toContainEqual(expect.stringContaining('has been cancelled and refunded'));
    expect(await myOrder(order.orderId)).toMatchObject({ status: 'cancelled', paidPayments: [{ refund: 'refunded' }] });
    const titles = (await adminDetail(order.orderId)).timeline.map((e) => e.title);
    expect(titles).toEqual(
      expect.arrayContaining(['Refund made: Pesapal reversed the payment', 'Order cancelled: Pesapal made its refund']),
    );

    // A repeated or late notice of the same reversal does nothing twice.
    shop.clock.advance(IPN_REPEAT_WINDOW_MS);
    const ipn = await shop.request(`/api/payments/ipn?OrderTrackingId=${order.trackingId}&OrderNotificationType=IPNCHANGE`);
    expect(ipn.status).toBe(200);
    await refreshPayment(shop.ctx, order.trackingId);
    await taxInvoicesIdle(shop.ctx);
    expect(await invoiceKinds(order.orderId)).toEqual(['sale', 'credit_note']);
    expect(await stockOf(shop, order.productId)).toBe(paidStock + 2);
    expect(await restocks(order.orderId)).toHaveLength(1);
    expect(await smsSteps(order.orderId)).toEqual(['owner_paid', 'paid', 'refunded']);
    expect((await orderRow(shop, order.orderId)).needsAttention).toBe(false);
  });

  it('returns the order to paid when the refund is rejected: the merchant is told, nothing is declared or restocked', async () => {
    const order = await paidOrder();
    const paidStock = await stockOf(shop, order.productId);
    expect((await cancelAndRefund(order.orderId)).status).toBe(200);

    await decide(order.trackingId, 'reject');

    const row = await orderRow(shop, order.orderId);
    expect(row).toMatchObject({ status: 'completed', cancelledReason: null, needsAttention: true });
    expect(row.attentionReason).toMatch(
      /^The refund of KES [\d,]+\.\d\d for order #\w{8} was rejected at Pesapal: the order is paid again\./,
    );
    expect(await refundsOf(order.paymentId)).toMatchObject([{ status: 'rejected', settledAt: shop.clock.now() }]);
    const owner = await shop.ctx.db
      .select()
      .from(outboundSms)
      .where(and(eq(outboundSms.orderId, order.orderId), eq(outboundSms.step, 'owner_refund_rejected')));
    expect(owner).toMatchObject([{ to: OWNER_PHONE }]);
    expect(owner[0]?.message).toMatch(/refund of KES [\d,]+\.\d\d for order #\w{8} rejected at Pesapal, the order is paid again\./);
    expect(await mailSubjects(order.orderId)).toContainEqual(expect.stringMatching(/^Refund rejected: order #\w{8}/));
    expect(await invoiceKinds(order.orderId)).toEqual(['sale']);
    expect(declared(shop)).toHaveLength(1);
    expect(await stockOf(shop, order.productId)).toBe(paidStock);
    expect(await smsSteps(order.orderId)).toEqual(['owner_paid', 'owner_refund_rejected', 'paid']);
    expect(await myOrder(order.orderId)).toMatchObject({ status: 'completed', paidPayments: [{ refund: 'none' }] });

    // Paid again: it can be delivered, or sent for a refund once more.
    const detail = await adminDetail(order.orderId);
    expect(detail.actions).toMatchObject({ cancel: 'refund', fulfilmentSteps: ['processing', 'out_for_delivery', 'delivered'] });
    expect(detail.timeline.map((e) => e.title)).toContain('Refund rejected: the money stays with the shop');
    expect((await cancelAndRefund(order.orderId, 'Asked again')).status).toBe(200);
    expect(await refundsOf(order.paymentId)).toMatchObject([{ status: 'rejected' }, { status: 'requested', remarks: 'Asked again' }]);
    await decide(order.trackingId, 'approve');
    expect(await orderRow(shop, order.orderId)).toMatchObject({ status: 'cancelled', cancelledReason: 'Asked again' });
    expect(await invoiceKinds(order.orderId)).toEqual(['sale', 'credit_note']);
  });

  it('takes the merchant’s word for a rejection Pesapal gave no sign of, after asking Pesapal the refund was not made', async () => {
    const order = await paidOrder();
    expect((await cancelAndRefund(order.orderId)).status).toBe(200);
    const [refund] = await refundsOf(order.paymentId);
    const rejected = (note: string, refundId = refund!.id) =>
      shop.request(`/api/admin/orders/${order.orderId}/refunds/${refundId}/rejected`, {
        method: 'POST',
        cookie: shop.admin.cookie,
        json: { note },
      });

    // Pesapal sends nothing: the order keeps waiting.
    shop.sim.switches.dropIpn = true;
    await decide(order.trackingId, 'reject');
    expect((await orderRow(shop, order.orderId)).status).toBe('refund_requested');

    const blank = await rejected('  ');
    expect(blank.status).toBe(400);
    expect(JSON.stringify(await blank.json())).toContain("Say what Pesapal's dashboard shows (kept in the audit log)");
    expect((await rejected('Rejected', '00000000-0000-4000-8000-000000000001')).status).toBe(404);

    const res = await rejected('Dashboard shows the refund rejected by the bank');
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ orderStatus: 'completed' });
    // The merchant knows already: no flag, no notice to themselves; nothing declared.
    expect(await orderRow(shop, order.orderId)).toMatchObject({ status: 'completed', needsAttention: false });
    expect(await smsSteps(order.orderId)).toEqual(['owner_paid', 'paid']);
    expect(await invoiceKinds(order.orderId)).toEqual(['sale']);
    expect((await adminDetail(order.orderId)).timeline.map((e) => e.title)).toContain('Refund marked rejected (seen in Pesapal)');

    const twice = await rejected('Again');
    expect(twice.status).toBe(409);
    expect(((await twice.json()) as { error: { message: string } }).error.message).toBe('This refund is already marked rejected.');
  });

  it('refuses to mark rejected a refund Pesapal has made, and records the refund instead', async () => {
    const order = await paidOrder();
    expect((await cancelAndRefund(order.orderId)).status).toBe(200);
    const [refund] = await refundsOf(order.paymentId);
    shop.sim.switches.dropIpn = true;
    await decide(order.trackingId, 'approve');
    expect((await orderRow(shop, order.orderId)).status).toBe('refund_requested');

    const res = await shop.request(`/api/admin/orders/${order.orderId}/refunds/${refund!.id}/rejected`, {
      method: 'POST',
      cookie: shop.admin.cookie,
      json: { note: 'I think it was rejected' },
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      'Pesapal has refunded this payment: the refund cannot be marked rejected.',
    );
    await taxInvoicesIdle(shop.ctx);
    expect((await orderRow(shop, order.orderId)).status).toBe('cancelled');
    expect(await invoiceKinds(order.orderId)).toEqual(['sale', 'credit_note']);
  });

  it('finds a reversal whose notice was lost by asking Pesapal, and flags a refund still not made after 30 days', async () => {
    const lost = await paidOrder();
    expect((await cancelAndRefund(lost.orderId)).status).toBe(200);
    const waiting = await paidOrder();
    expect((await cancelAndRefund(waiting.orderId)).status).toBe(200);
    shop.sim.switches.dropIpn = true;
    await decide(lost.trackingId, 'approve');

    // Not before the first check is due.
    expect(await reconcileRefunds(shop.ctx)).toEqual({ checked: 0, refunded: 0 });
    shop.clock.advance(60_000);
    expect(await reconcileRefunds(shop.ctx)).toEqual({ checked: 2, refunded: 1 });
    await taxInvoicesIdle(shop.ctx);
    expect((await orderRow(shop, lost.orderId)).status).toBe('cancelled');
    expect(await invoiceKinds(lost.orderId)).toEqual(['sale', 'credit_note']);
    expect(await refundsOf(waiting.paymentId)).toMatchObject([{ status: 'requested', checkAttempts: 1 }]);

    shop.clock.advance(REFUND_WAIT_LIMIT_MS);
    expect(await reconcileRefunds(shop.ctx)).toEqual({ checked: 1, refunded: 0 });
    const flagged = await orderRow(shop, waiting.orderId);
    expect(flagged).toMatchObject({ status: 'refund_requested', needsAttention: true });
    expect(flagged.attentionReason).toContain("if the refund was rejected there, choose 'Refund was rejected'");
    // Checks end there; the merchant decides.
    shop.clock.advance(24 * 60 * 60_000);
    expect(await reconcileRefunds(shop.ctx)).toEqual({ checked: 0, refunded: 0 });
  });

  it('records a refund Pesapal approves before the shop has recorded the request once, as the refund it is', async () => {
    const order = await paidOrder();
    const paidStock = await stockOf(shop, order.productId);
    // Pesapal approves at once, and its notice is applied before the shop's own transaction.
    const real = shop.ctx.integrations.pesapal;
    shop.ctx.integrations.pesapal = {
      ...real,
      refund: async (request) => {
        const answer = await real.refund(request);
        await decide(order.trackingId, 'approve');
        return answer;
      },
    };
    const res = await cancelAndRefund(order.orderId);
    shop.ctx.integrations.pesapal = real;
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ kind: 'refunded', restocked: true, restockedLines: 1 });
    await taxInvoicesIdle(shop.ctx);

    expect(await orderRow(shop, order.orderId)).toMatchObject({
      status: 'cancelled',
      cancelledReason: 'Out of fresh tilapia today',
      needsAttention: false,
    });
    expect(await refundsOf(order.paymentId)).toMatchObject([{ status: 'refunded' }]);
    expect(await invoiceKinds(order.orderId)).toEqual(['sale', 'credit_note']);
    expect(await stockOf(shop, order.productId)).toBe(paidStock + 2);
    expect(await smsSteps(order.orderId)).toEqual(['owner_paid', 'paid', 'refunded']);
  });

  it('keeps a reversal nobody asked for (a chargeback) as it was: cancelled and flagged, nothing declared or restocked', async () => {
    const order = await paidOrder();
    const paidStock = await stockOf(shop, order.productId);
    shop.clock.advance(IPN_REPEAT_WINDOW_MS);
    await shop.sim.complete(order.trackingId, 'reverse');
    await taxInvoicesIdle(shop.ctx);
    const row = await orderRow(shop, order.orderId);
    expect(row).toMatchObject({ status: 'cancelled', needsAttention: true });
    expect(row.attentionReason).toContain('was reversed at Pesapal (refund or chargeback)');
    expect(await invoiceKinds(order.orderId)).toEqual(['sale']);
    expect(await stockOf(shop, order.productId)).toBe(paidStock);
    expect(await smsSteps(order.orderId)).toEqual(['owner_paid', 'paid']);
  });

  it('changes nothing when Pesapal does not accept the request', async () => {
    const order = await paidOrder();
    await shop.ctx.db
      .update(paymentTransactions)
      .set({ confirmationCode: 'UNKNOWN-CODE' })
      .where(eq(paymentTransactions.id, order.paymentId));
    const res = await cancelAndRefund(order.orderId);
    expect(res.status).toBe(502);
    expect(await orderRow(shop, order.orderId)).toMatchObject({ status: 'completed', cancelledReason: null });
    expect(await refundsOf(order.paymentId)).toMatchObject([{ accepted: false, status: 'refused' }]);
    expect((await adminDetail(order.orderId)).actions.cancel).toBe('refund');
  });
});

describe.runIf(HAS_POSTGRES)('a refund’s reversal heard by two instances on one PostgreSQL', () => {
  let shop: TaxShop;
  let secondDatabase: Database;
  beforeEach(async () => {
    shop = await createTaxShop('postgres');
    secondDatabase = await openSecondHandle(shop.testDb.url!);
  });
  afterEach(async () => {
    await secondDatabase?.close();
    await disposeTaxShop(shop);
  });

  it('is recorded once: one credit note, one restock, one message', async () => {
    const productId = (await productBySlug(shop, 'fresh-whole-tilapia')).id;
    const order = await placePaidOrderAttempt(shop, shop.buyer, [{ productId, quantity: 2 }]);
    await payOnSimulator(shop, order.trackingId, 'card');
    const paidStock = await stockOf(shop, productId);
    const cancel = await shop.request(`/api/admin/orders/${order.orderId}/cancel`, {
      method: 'POST',
      cookie: shop.admin.cookie,
      json: { reason: 'Out of fresh tilapia today' },
    });
    expect(cancel.status).toBe(200);
    shop.sim.switches.dropIpn = true;
    expect(await shop.sim.decideRefund(order.trackingId, 'approve')).toMatchObject({ ok: true });

    // Both instances ask Pesapal, and both hear REVERSED before either records it.
    const real = shop.ctx.integrations.pesapal;
    let asked = 0;
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    const pesapal: PesapalClient = {
      ...real,
      getTransactionStatus: async (trackingId) => {
        const answer = await real.getTransactionStatus(trackingId);
        if (++asked === 2) openGate();
        await gate;
        return answer;
      },
    };
    shop.ctx.integrations.pesapal = pesapal;
    const { env, logger, mailer } = shop.ctx;
    const second: ServerContext = createContext({
      env,
      logger,
      mailer,
      database: secondDatabase,
      now: shop.clock.now,
      integrations: { ...shop.ctx.integrations, pesapal },
    });
    try {
      const results = await Promise.all([refreshPayment(shop.ctx, order.trackingId), refreshPayment(second, order.trackingId)]);
      expect(results.map((r) => r.outcome).sort()).toEqual(['transitioned', 'unchanged']);
    } finally {
      shop.ctx.integrations.pesapal = real;
    }
    await taxInvoicesIdle(shop.ctx);

    expect(await orderRow(shop, order.orderId)).toMatchObject({ status: 'cancelled', needsAttention: false });
    const taxRows = (await invoicesOf(shop)).filter((t) => t.orderId === order.orderId).map((t) => t.kind);
    expect(taxRows).toEqual(['sale', 'credit_note']);
    expect(await stockOf(shop, productId)).toBe(paidStock + 2);
    const restockRows = await shop.ctx.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.orderId, order.orderId), eq(stockMovements.kind, 'restock')));
    expect(restockRows).toHaveLength(1);
    const told = await shop.ctx.db
      .select()
      .from(outboundSms)
      .where(and(eq(outboundSms.orderId, order.orderId), eq(outboundSms.step, 'refunded')));
    expect(told).toHaveLength(1);
  });
});
