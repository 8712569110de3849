// Refunding part of a paid order (decision 049): chosen lines and amounts go back through Pesapal when
// it will make the refund (a card), or are left to the owner to send by M-Pesa and record with its
// code (mobile money in part, a second refund of a payment). Either way the refund, once made, has
// its own credit note and restock, the customer is told (unless packing did already), and the order
// goes on; 'Cancel and refund' afterwards gives back only the rest. Bad input changes nothing.
import { eq } from 'drizzle-orm';
import { formatKES } from '../../src/domain/money';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLogs, paymentRefunds, refundLines } from '../../src/server/db/schema';
import { refundPartOfOrder } from '../../src/server/features/refunds/partial-refund.service';
import { reconcileRefunds } from '../../src/server/features/payments/refund-reconciliation';
import { taxInvoicesIdle } from '../../src/server/features/tax-invoices/tax-invoice-sender';
import { createUser } from '../support/test-app';
import { dbKinds } from '../support/test-database';
import { orderRow, productBySlug, stockOf } from './checkout-support';
import { setImplicitVariant } from '../support/implicit-variant';
import { createTaxShop, declared, disposeTaxShop, invoicesOf, type TaxShop } from './etims-support';
import {
  cancelAndRefund,
  decideRefund,
  errorOf,
  linesOf,
  mailsOf,
  paidOrder,
  recordByHand,
  refundPart,
  refundRequests,
  refundsOf,
  restocksOf,
  smsOf,
} from './partial-refund-support';

const MANUAL_FLAG = (amount: string) => `Refund ${amount} by M-Pesa by hand and record its code.`;

describe.each(dbKinds(import.meta.url))('partial refunds on %s', (kind) => {
  let shop: TaxShop;
  beforeEach(async () => {
    shop = await createTaxShop(kind);
  });
  afterEach(() => disposeTaxShop(shop));

  const creditNotesOf = async (orderId: string) =>
    (await invoicesOf(shop)).filter((t) => t.orderId === orderId && t.kind === 'credit_note');
  const adminDetail = async (orderId: string) =>
    (await (await shop.request(`/api/admin/orders/${orderId}`, { cookie: shop.admin.cookie })).json()) as {
      order: { status: string; totalCents: number; refundedCents: number; totalAfterRefundsCents: number; needsAttention: boolean };
      refunds: {
        id: string;
        kind: string;
        status: string;
        method: string;
        mpesaCode: string | null;
        amountCents: number;
        remarks: string;
      }[];
      refunding: {
        open: boolean;
        paymentLeftCents: number;
        lines: { orderItemId: string | null; remainingCents: number; restockable: number }[];
      };
      timeline: { title: string }[];
    };
  const myOrder = async (orderId: string) =>
    (await (await shop.request(`/api/orders/${orderId}`, { cookie: shop.buyer.cookie })).json()) as {
      status: string;
      totalCents: number;
      refundedCents: number;
      totalAfterRefundsCents: number;
      refunds: { amountCents: number; reason: string; status: string }[];
    };

  it('refunds part of a card payment through Pesapal: requested, then made once approved, with its credit note, restock and one message', async () => {
    const order = await paidOrder(shop);
    const tilapia = order.items['fresh-whole-tilapia']!;
    const omena = order.items['omena-dagaa']!;
    const omenaStock = await stockOf(shop, omena.productId);

    const res = await refundPart(
      shop,
      order.orderId,
      [
        { orderItemId: tilapia.id, amountCents: 9_500, restockQuantity: 0 },
        { orderItemId: omena.id, amountCents: 20_000, restockQuantity: 1 },
      ],
      'Tilapia weighed 650 g; omena returned',
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const outcome = (await res.json()) as { status: string; refundId: string; amountCents: number; message: string };
    expect(outcome).toEqual({
      status: 'requested',
      refundId: expect.any(String),
      amountCents: 29_500,
      message: "Pesapal accepted the refund of KES 295.00; the money moves once it is approved in Pesapal's dashboard.",
    });
    // Pesapal was asked for exactly that amount, and the money has not moved.
    expect(shop.sim.state.orders.get(order.trackingId)?.refund).toMatchObject({ amountCents: 29_500, status: 'pending' });
    expect(await refundsOf(shop, order.paymentId)).toMatchObject([
      { id: outcome.refundId, kind: 'partial', status: 'requested', method: 'pesapal', source: 'merchant', restock: true, amount: 29_500 },
    ]);
    expect((await linesOf(shop, outcome.refundId)).map((l) => [l.orderItemId, l.amount, l.taxBand, l.restockQuantity]).sort()).toEqual(
      [
        [tilapia.id, 9_500, 'B', 0],
        [omena.id, 20_000, 'B', 1],
      ].sort(),
    );
    expect(await orderRow(shop, order.orderId)).toMatchObject({ status: 'completed', needsAttention: false });
    expect(await creditNotesOf(order.orderId)).toEqual([]);
    expect(await stockOf(shop, omena.productId)).toBe(omenaStock);
    expect(await smsOf(shop, order.orderId, 'part_refunded')).toEqual([]);

    await decideRefund(shop, order.trackingId);

    // Made: the order goes on, paid; its payment still pays for it.
    expect(await orderRow(shop, order.orderId)).toMatchObject({ status: 'completed', needsAttention: false, paymentStatus: 'COMPLETED' });
    expect(await refundsOf(shop, order.paymentId)).toMatchObject([{ status: 'refunded', settledAt: shop.clock.now() }]);
    const [note] = await creditNotesOf(order.orderId);
    expect(note).toMatchObject({ refundId: outcome.refundId, total: 29_500, status: 'sent' });
    expect(declared(shop).map((d) => d.request.rcptTyCd)).toEqual(['S', 'R']);
    expect(await stockOf(shop, omena.productId)).toBe(omenaStock + 1);
    expect((await restocksOf(shop, order.orderId)).map((m) => [m.refundId, m.quantity])).toEqual([[outcome.refundId, 1]]);
    const sms = await smsOf(shop, order.orderId, 'part_refunded');
    expect(sms).toHaveLength(1);
    expect(sms[0]?.message).toMatch(/KES 295\.00 has been refunded for order #\w{8}: Tilapia weighed 650 g; omena returned/);
    expect((await mailsOf(shop, order.orderId)).filter((m) => m.subject.includes('has been partly refunded'))).toHaveLength(1);

    // The totals everywhere are 'charged − refunded'.
    const detail = await adminDetail(order.orderId);
    expect(detail.order.refundedCents).toBe(29_500);
    expect(detail.order.totalAfterRefundsCents).toBe(detail.order.totalCents - 29_500);
    expect(detail.refunds).toMatchObject([{ kind: 'partial', status: 'refunded', method: 'pesapal', amountCents: 29_500 }]);
    expect(detail.refunding.lines.find((l) => l.orderItemId === tilapia.id)?.remainingCents).toBe(150_800 - 9_500);
    expect(detail.timeline.map((e) => e.title)).toEqual(expect.arrayContaining(['Partial refund made by Pesapal', 'Partial refund made']));
    const list = (await (await shop.request('/api/admin/orders', { cookie: shop.admin.cookie })).json()) as {
      items: { id: string; totalCents: number; refundedCents: number }[];
    };
    expect(list.items.find((o) => o.id === order.orderId)).toMatchObject({ totalCents: detail.order.totalCents, refundedCents: 29_500 });
    const mine = await myOrder(order.orderId);
    expect(mine).toMatchObject({
      status: 'completed',
      refundedCents: 29_500,
      totalAfterRefundsCents: mine.totalCents - 29_500,
      refunds: [{ amountCents: 29_500, reason: 'Tilapia weighed 650 g; omena returned', status: 'refunded' }],
    });
    const receipt = await (await shop.request(`/api/orders/${order.orderId}/receipt`, { cookie: shop.buyer.cookie })).text();
    expect(receipt).toContain('Refunded');
    expect(receipt).toContain('Total after refunds');

    // A repeated notice of the same refund does nothing twice.
    const again = await shop.request(`/api/payments/ipn?OrderTrackingId=${order.trackingId}&OrderNotificationType=IPNCHANGE`);
    expect(again.status).toBe(200);
    await taxInvoicesIdle(shop.ctx);
    expect(await creditNotesOf(order.orderId)).toHaveLength(1);
    expect(await smsOf(shop, order.orderId, 'part_refunded')).toHaveLength(1);
    expect(await stockOf(shop, omena.productId)).toBe(omenaStock + 1);
    expect(await orderRow(shop, order.orderId)).toMatchObject({ status: 'completed', needsAttention: false });
  });

  it('leaves a partial refund of mobile money to the owner: flagged, then made with the M-Pesa code and declared', async () => {
    const order = await paidOrder(shop, [{ slug: 'fresh-whole-tilapia', quantity: 2 }], 'mpesa');
    const tilapia = order.items['fresh-whole-tilapia']!;

    const res = await refundPart(shop, order.orderId, [{ orderItemId: tilapia.id, amountCents: 9_500, restockQuantity: 0 }]);
    expect(res.status, await res.clone().text()).toBe(200);
    const outcome = (await res.json()) as { status: string; refundId: string; message: string };
    expect(outcome).toMatchObject({ status: 'manual_needed', amountCents: 9_500 });
    expect(outcome.message).toBe(
      'Pesapal will not make this refund (Mobile money payments can only be refunded in full.) Refund KES 95.00 by M-Pesa by hand and record its code.',
    );
    expect(refundRequests(shop)).toBe(1);
    expect(await refundsOf(shop, order.paymentId)).toMatchObject([
      {
        status: 'manual_needed',
        accepted: false,
        method: 'pesapal',
        mpesaCode: null,
        message: 'Mobile money payments can only be refunded in full.',
      },
    ]);
    expect(await orderRow(shop, order.orderId)).toMatchObject({
      status: 'completed',
      needsAttention: true,
      attentionReason: MANUAL_FLAG('KES 95.00'),
    });
    expect(await creditNotesOf(order.orderId)).toEqual([]);
    // Reconciliation has nothing to ask Pesapal about it.
    shop.clock.advance(5 * 60_000);
    expect(await reconcileRefunds(shop.ctx)).toEqual({ checked: 0, refunded: 0 });

    const bad = await recordByHand(shop, order.orderId, outcome.refundId, 'QGH7-K2P1');
    expect(bad.status).toBe(400);
    expect(await errorOf(bad)).toBe('An M-Pesa code is 10 letters and digits, like QGH7XK2P1L.');
    expect(await refundsOf(shop, order.paymentId)).toMatchObject([{ status: 'manual_needed' }]);

    const made = await recordByHand(shop, order.orderId, outcome.refundId, ' qgh7xk2p1l ');
    expect(made.status, await made.clone().text()).toBe(200);
    expect(await made.json()).toEqual({
      status: 'refunded',
      refundId: outcome.refundId,
      amountCents: 9_500,
      message: 'Recorded: KES 95.00 refunded by M-Pesa (QGH7XK2P1L).',
      orderStatus: 'completed',
    });
    await taxInvoicesIdle(shop.ctx);
    expect(await refundsOf(shop, order.paymentId)).toMatchObject([
      { status: 'refunded', method: 'manual', mpesaCode: 'QGH7XK2P1L', settledAt: shop.clock.now() },
    ]);
    expect(await orderRow(shop, order.orderId)).toMatchObject({ status: 'completed', needsAttention: false, attentionReason: null });
    expect(await creditNotesOf(order.orderId)).toMatchObject([{ refundId: outcome.refundId, total: 9_500, status: 'sent' }]);
    expect(await smsOf(shop, order.orderId, 'part_refunded')).toHaveLength(1);
    const detail = await adminDetail(order.orderId);
    expect(detail.refunds).toMatchObject([{ status: 'refunded', method: 'manual', mpesaCode: 'QGH7XK2P1L' }]);
    expect(detail.timeline.map((e) => e.title)).toContain('Refund made by hand by M-Pesa (QGH7XK2P1L)');

    // Recorded once: a second recording, or the same code for another refund, is refused.
    const twice = await recordByHand(shop, order.orderId, outcome.refundId, 'QGH7XK2P1L');
    expect(twice.status).toBe(409);
    expect(await errorOf(twice)).toBe('This refund has been made already.');
    const second = (await (
      await refundPart(shop, order.orderId, [{ orderItemId: tilapia.id, amountCents: 1_000, restockQuantity: 0 }], 'Second')
    ).json()) as { refundId: string; status: string };
    expect(second.status).toBe('manual_needed');
    const sameCode = await recordByHand(shop, order.orderId, second.refundId, 'QGH7XK2P1L');
    expect(sameCode.status).toBe(409);
    expect(await errorOf(sameCode)).toBe('The M-Pesa code QGH7XK2P1L is recorded for another refund already.');
  });

  it('leaves a second refund of one payment to the owner without asking Pesapal again (one refund per payment)', async () => {
    const order = await paidOrder(shop);
    const tilapia = order.items['fresh-whole-tilapia']!;
    const first = (await (
      await refundPart(shop, order.orderId, [{ orderItemId: tilapia.id, amountCents: 9_500, restockQuantity: 0 }])
    ).json()) as { status: string };
    expect(first.status).toBe('requested');
    // While the first waits, and once it is made: the second is the owner's.
    const waiting = await refundPart(shop, order.orderId, [{ orderItemId: tilapia.id, amountCents: 500, restockQuantity: 0 }], 'Bruised');
    expect(await waiting.json()).toMatchObject({
      status: 'manual_needed',
      message:
        'Pesapal will not make this refund (A refund of this payment is already waiting for Pesapal.) Refund KES 5.00 by M-Pesa by hand and record its code.',
    });
    await decideRefund(shop, order.trackingId);
    const after = await refundPart(shop, order.orderId, [{ orderItemId: tilapia.id, amountCents: 700, restockQuantity: 0 }], 'Bruised too');
    expect(await after.json()).toMatchObject({
      status: 'manual_needed',
      message:
        'Pesapal will not make this refund (Pesapal makes one refund per payment, and this payment has had one.) Refund KES 7.00 by M-Pesa by hand and record its code.',
    });
    expect(refundRequests(shop)).toBe(1);
    // Both flags stand beside each other until each is recorded.
    const row = await orderRow(shop, order.orderId);
    expect(row.attentionReason).toBe(`${MANUAL_FLAG('KES 5.00')} Also: ${MANUAL_FLAG('KES 7.00')}`);
    const five = (await refundsOf(shop, order.paymentId)).find((r) => r.amount === 500);
    expect((await recordByHand(shop, order.orderId, five!.id, 'RAB1CD2EF3')).status).toBe(200);
    expect((await orderRow(shop, order.orderId)).attentionReason).toBe(MANUAL_FLAG('KES 7.00'));
  });

  it("refunds only the rest with 'Cancel and refund' after a partial refund: by hand when Pesapal has refunded the payment once", async () => {
    const order = await paidOrder(shop);
    const tilapia = order.items['fresh-whole-tilapia']!;
    const omena = order.items['omena-dagaa']!;
    const tilapiaStock = await stockOf(shop, tilapia.productId);
    const omenaStock = await stockOf(shop, omena.productId);
    await refundPart(shop, order.orderId, [{ orderItemId: omena.id, amountCents: 52_200, restockQuantity: 1 }], 'Omena was not fresh');
    // While the partial refund waits, the rest is not known: cancelling waits for it.
    const early = await cancelAndRefund(shop, order.orderId);
    expect(early.status).toBe(409);
    expect(await errorOf(early)).toBe(
      'A refund of KES 522.00 is still waiting for Pesapal: wait until it is made or rejected before cancelling.',
    );
    await decideRefund(shop, order.trackingId);
    expect(await stockOf(shop, omena.productId)).toBe(omenaStock + 1);

    const total = (await orderRow(shop, order.orderId)).totalAmount;
    const res = await cancelAndRefund(shop, order.orderId, 'Customer cancelled the rest');
    expect(res.status, await res.clone().text()).toBe(200);
    const outcome = (await res.json()) as { kind: string; refundId: string; amountCents: number; refundMessage: string };
    expect(outcome).toMatchObject({ kind: 'manual_needed', amountCents: total - 52_200, restocksWhenRefunded: true });
    expect(refundRequests(shop)).toBe(1);
    expect(await orderRow(shop, order.orderId)).toMatchObject({
      status: 'refund_requested',
      cancelledReason: 'Customer cancelled the rest',
      needsAttention: true,
    });
    // The rest: each line's remainder (omena is refunded in full already), the fee.
    const lines = await linesOf(shop, outcome.refundId);
    expect(lines.map((l) => [l.kind, l.orderItemId, l.amount]).sort()).toEqual(
      [
        ['item', tilapia.id, 150_800],
        ['delivery', null, total - 150_800 - 52_200],
      ].sort(),
    );
    expect((await adminDetail(order.orderId)).refunding.open).toBe(false);

    const made = await recordByHand(shop, order.orderId, outcome.refundId, 'QWE1RTY2UI');
    expect(made.status, await made.clone().text()).toBe(200);
    expect(await made.json()).toMatchObject({ orderStatus: 'cancelled' });
    await taxInvoicesIdle(shop.ctx);
    expect(await orderRow(shop, order.orderId)).toMatchObject({ status: 'cancelled', needsAttention: false, attentionReason: null });
    // Two credit notes: the partial refund's and the rest's, adding up to the sale.
    const notes = await creditNotesOf(order.orderId);
    expect(notes.map((n) => n.total)).toEqual([52_200, total - 52_200]);
    expect(declared(shop).map((d) => d.request.rcptTyCd)).toEqual(['S', 'R', 'R']);
    // The rest goes back on the shelf, and nothing twice: the omena came back with its own refund.
    expect(await stockOf(shop, tilapia.productId)).toBe(tilapiaStock + 2);
    expect(await stockOf(shop, omena.productId)).toBe(omenaStock + 1);
    const refundedSms = await smsOf(shop, order.orderId, 'refunded');
    expect(refundedSms[0]?.message).toContain(`${formatKES(total - 52_200)} has been refunded to you.`);
    const mine = await myOrder(order.orderId);
    expect(mine).toMatchObject({ status: 'cancelled', refundedCents: total, totalAfterRefundsCents: 0 });
  });

  it("asks Pesapal for the rest when it takes several refunds and shows each by the amount ('many', 'amount')", async () => {
    await disposeTaxShop(shop);
    shop = await createTaxShop(kind, { PESAPAL_REFUNDS_PER_PAYMENT: 'many', PESAPAL_PARTIAL_REFUND_SIGN: 'amount' });
    shop.sim.switches.refundsPerPayment = 'many';
    shop.sim.switches.partialRefundsShow = 'amount';
    const order = await paidOrder(shop);
    const tilapia = order.items['fresh-whole-tilapia']!;
    const total = (await orderRow(shop, order.orderId)).totalAmount;
    expect(
      (await (
        await refundPart(shop, order.orderId, [{ orderItemId: tilapia.id, amountCents: 9_500, restockQuantity: 0 }])
      ).json()) as object,
    ).toMatchObject({
      status: 'requested',
    });
    await decideRefund(shop, order.trackingId);
    // Pesapal reports the payment COMPLETED for less: the refund is made, nothing is a mismatch.
    expect(shop.sim.state.orders.get(order.trackingId)).toMatchObject({ status: 'COMPLETED', collectedCents: total - 9_500 });
    expect(await refundsOf(shop, order.paymentId)).toMatchObject([{ status: 'refunded', method: 'pesapal' }]);
    expect(await orderRow(shop, order.orderId)).toMatchObject({ status: 'completed', needsAttention: false });
    // 'Check payment status now' reads the lowered amount as the refund it is.
    const check = await shop.request(`/api/admin/orders/${order.orderId}/check-payment`, { method: 'POST', cookie: shop.admin.cookie });
    expect(await check.json()).toMatchObject({ changed: 0, error: null });
    expect(await orderRow(shop, order.orderId)).toMatchObject({ status: 'completed', needsAttention: false });

    const res = await cancelAndRefund(shop, order.orderId);
    expect(await res.json()).toMatchObject({ kind: 'refund_requested' });
    expect(shop.sim.state.orders.get(order.trackingId)?.refund).toMatchObject({ amountCents: total - 9_500, status: 'pending' });
    await decideRefund(shop, order.trackingId);
    expect(await orderRow(shop, order.orderId)).toMatchObject({ status: 'cancelled', needsAttention: false });
    expect((await creditNotesOf(order.orderId)).map((n) => n.total)).toEqual([9_500, total - 9_500]);
  });

  it('does not tell the customer of a refund packing asked for, and still shows it on their order', async () => {
    const order = await paidOrder(shop);
    const tilapia = order.items['fresh-whole-tilapia']!;
    const outcome = await refundPartOfOrder(
      shop.ctx,
      { userId: shop.admin.id, email: shop.admin.email, ip: null, at: shop.clock.now() },
      {
        orderId: order.orderId,
        lines: [{ orderItemId: tilapia.id, amountCents: 9_500, restockQuantity: 0 }],
        reason: 'Packing: Fresh Whole Tilapia weighed 650 g',
        source: 'packing',
      },
    );
    expect(outcome.status).toBe('requested');
    await decideRefund(shop, order.trackingId);
    expect(await refundsOf(shop, order.paymentId)).toMatchObject([{ status: 'refunded', source: 'packing' }]);
    expect(await smsOf(shop, order.orderId, 'part_refunded')).toEqual([]);
    expect((await mailsOf(shop, order.orderId)).filter((m) => m.subject.includes('partly refunded'))).toEqual([]);
    expect(await creditNotesOf(order.orderId)).toHaveLength(1);
    expect((await myOrder(order.orderId)).refunds).toMatchObject([
      { amountCents: 9_500, reason: 'Packing: Fresh Whole Tilapia weighed 650 g', status: 'refunded' },
    ]);
  });

  it('gives back at most what the payment collected: M-Pesa in whole shillings, a line refunded in full', async () => {
    shop.sim.switches.mpesaShillings = 'down';
    await setImplicitVariant(shop.ctx.db, (await productBySlug(shop, 'fresh-whole-tilapia')).id, { price: 64_990 });
    const order = await paidOrder(shop, [{ slug: 'fresh-whole-tilapia', quantity: 2 }], 'mpesa');
    const row = await orderRow(shop, order.orderId);
    const rounding = row.totalAmount % 100;
    expect(rounding).toBeGreaterThan(0);
    const detail = await adminDetail(order.orderId);
    expect(detail.refunding.paymentLeftCents).toBe(row.totalAmount - rounding);
    const everything = detail.refunding.lines.map((l) => ({
      orderItemId: l.orderItemId,
      amountCents: l.remainingCents,
      restockQuantity: 0,
    }));
    const res = await refundPart(shop, order.orderId, everything, 'All of it');
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toBe(`The payment has only ${formatKES(row.totalAmount - rounding)} left to refund.`);
    expect(await shop.ctx.db.select().from(paymentRefunds)).toEqual([]);
  });

  describe('bad input', () => {
    it('is refused with a clear message, and nothing is written or asked of Pesapal', async () => {
      const order = await paidOrder(shop);
      const tilapia = order.items['fresh-whole-tilapia']!;
      const line = (over: Partial<{ orderItemId: string | null; amountCents: number; restockQuantity: number }> = {}) => ({
        orderItemId: tilapia.id,
        amountCents: 9_500,
        restockQuantity: 0,
        ...over,
      });
      const cases: [unknown, number, string][] = [
        [
          { lines: [line({ amountCents: 150_801 })], reason: 'Too much' },
          400,
          'You can refund at most KES 1,508.00 more for Fresh Whole Tilapia (1 kg).',
        ],
        [
          { lines: [line({ restockQuantity: 3 })], reason: 'Too many back' },
          400,
          'You can put back at most 2 of Fresh Whole Tilapia (1 kg).',
        ],
        [{ lines: [line({ orderItemId: crypto.randomUUID() })], reason: 'Other order' }, 400, 'That line is not part of this order.'],
        [{ lines: [line(), line()], reason: 'Twice' }, 400, 'Fresh Whole Tilapia (1 kg) is listed twice: refund each line once.'],
        [
          { lines: [line({ orderItemId: null, restockQuantity: 1 })], reason: 'Fee back' },
          400,
          'The delivery fee has nothing to put back in stock.',
        ],
        [{ lines: [], reason: 'Nothing' }, 400, 'Choose at least one line to refund.'],
        [
          { lines: [line({ amountCents: 0 })], reason: 'Zero' },
          400,
          'Enter an amount to refund of more than KES 0 for each line you tick.',
        ],
        [
          { lines: [line({ amountCents: 12.5 })], reason: 'Cents' },
          400,
          'Enter an amount to refund of more than KES 0 for each line you tick.',
        ],
        [{ lines: [line()], reason: '   ' }, 400, 'Say why you are refunding (the customer is told)'],
        [{ lines: [line({ orderItemId: 'not-an-id' })], reason: 'Bad id' }, 400, 'That line is not part of this order.'],
      ];
      for (const [json, status, message] of cases) {
        const res = await shop.request(`/api/admin/orders/${order.orderId}/partial-refund`, {
          method: 'POST',
          cookie: shop.admin.cookie,
          json,
        });
        expect([res.status, await errorOf(res)], JSON.stringify(json)).toEqual([status, message]);
      }
      // Staff may not refund; an unknown order is not found.
      const staff = await createUser(shop, { role: 'staff' });
      const asStaff = await shop.request(`/api/admin/orders/${order.orderId}/partial-refund`, {
        method: 'POST',
        cookie: staff.cookie,
        json: { lines: [line()], reason: 'Staff' },
      });
      expect(asStaff.status).toBe(403);
      const unknown = await refundPart(shop, crypto.randomUUID(), [line()]);
      expect(unknown.status).toBe(404);
      expect(await shop.ctx.db.select().from(paymentRefunds)).toEqual([]);
      expect(await shop.ctx.db.select().from(refundLines)).toEqual([]);
      expect(refundRequests(shop)).toBe(0);
      expect((await shop.ctx.db.select().from(auditLogs).where(eq(auditLogs.action, 'ORDER_PART_REFUND'))).length).toBe(0);

      // An order that is not paid cannot be partly refunded.
      await cancelAndRefund(shop, order.orderId);
      const cancelled = await refundPart(shop, order.orderId, [line({ amountCents: 100 })]);
      expect(cancelled.status).toBe(409);
      expect(await errorOf(cancelled)).toBe('This order is waiting for its refund, so it cannot be partly refunded.');
    });
  });
});
