// 'Withdraw this refund' (decision 061): the owner decides not to pay a refund Pesapal would not make
// and that waits to be sent by M-Pesa by hand. Withdrawn, it holds no money: the order's flag goes,
// nothing is counted as refunded (order pages, dashboard, reports), no credit note goes to KRA, and
// what it held of the line may be refunded again. A whole refund the order waited for leaves it paid
// again. Only the owner, only a refund left to be made by hand, with a reason; bad input changes nothing.
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLogs } from '../../src/server/db/schema';
import { taxInvoicesIdle } from '../../src/server/features/tax-invoices/tax-invoice-sender';
import { createUser } from '../support/test-app';
import { itOnOneDatabase } from '../support/one-database';
import { dbKinds } from '../support/test-database';
import { orderRow } from './checkout-support';
import { createTaxShop, disposeTaxShop, invoicesOf, type TaxShop } from './etims-support';
import { cancelAndRefund, decideRefund, errorOf, paidOrder, recordByHand, refundPart, refundsOf } from './partial-refund-support';

const MANUAL_FLAG = (amount: string) => `Refund ${amount} by M-Pesa by hand and record its code.`;

describe.each(dbKinds(import.meta.url))('withdrawing a refund left to be made by hand on %s', (kind) => {
  const once = itOnOneDatabase(kind);
  let shop: TaxShop;
  beforeEach(async () => {
    shop = await createTaxShop(kind);
  });
  afterEach(() => disposeTaxShop(shop));

  const withdraw = (orderId: string, refundId: string, reason: unknown, cookie = shop.admin.cookie) =>
    shop.request(`/api/admin/orders/${orderId}/refunds/${refundId}/withdraw`, { method: 'POST', cookie, json: { reason } });
  const adminDetail = async (orderId: string) =>
    (await (await shop.request(`/api/admin/orders/${orderId}`, { cookie: shop.admin.cookie })).json()) as {
      order: { status: string; totalCents: number; refundedCents: number; totalAfterRefundsCents: number; needsAttention: boolean };
      refunds: { id: string; status: string; message: string | null }[];
      refunding: { lines: { orderItemId: string | null; remainingCents: number }[] };
      timeline: { title: string; detail: string | null }[];
    };
  const myOrder = async (orderId: string) =>
    (await (await shop.request(`/api/orders/${orderId}`, { cookie: shop.buyer.cookie })).json()) as {
      refundedCents: number;
      totalAfterRefundsCents: number;
      refunds: unknown[];
    };
  const revenueToday = async () =>
    ((await (await shop.request('/api/admin/dashboard', { cookie: shop.admin.cookie })).json()) as { today: { revenueCents: number } })
      .today.revenueCents;
  const creditNotesOf = async (orderId: string) =>
    (await invoicesOf(shop)).filter((t) => t.orderId === orderId && t.kind === 'credit_note');

  once('withdraws a partial refund of M-Pesa: no money counted, no credit note, the flag gone, the line refundable again', async () => {
    const order = await paidOrder(shop, [{ slug: 'fresh-whole-tilapia', quantity: 2 }], 'mpesa');
    const tilapia = order.items['fresh-whole-tilapia']!;
    const revenue = await revenueToday();
    const asked = (await (
      await refundPart(shop, order.orderId, [{ orderItemId: tilapia.id, amountCents: 9_500, restockQuantity: 0 }])
    ).json()) as { status: string; refundId: string };
    expect(asked.status).toBe('manual_needed');
    expect(await orderRow(shop, order.orderId)).toMatchObject({ needsAttention: true, attentionReason: MANUAL_FLAG('KES 95.00') });
    const leftBefore = (await adminDetail(order.orderId)).refunding.lines.find((l) => l.orderItemId === tilapia.id)!.remainingCents;

    // Staff may not; no reason, or too long a reason, is refused: nothing changes.
    const staff = await createUser(shop, { role: 'staff' });
    const refusedStaff = await withdraw(order.orderId, asked.refundId, 'No', staff.cookie);
    expect(refusedStaff.status).toBe(403);
    const empty = await withdraw(order.orderId, asked.refundId, '  ');
    expect(empty.status).toBe(400);
    expect(await errorOf(empty)).toBe('Say why the refund will not be paid (kept in the audit log)');
    expect((await withdraw(order.orderId, asked.refundId, 'x'.repeat(501))).status).toBe(400);
    expect(await refundsOf(shop, order.paymentId)).toMatchObject([{ status: 'manual_needed' }]);

    const res = await withdraw(order.orderId, asked.refundId, 'The customer agreed to a bigger fish next week instead');
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({
      status: 'withdrawn',
      refundId: asked.refundId,
      amountCents: 9_500,
      orderStatus: 'completed',
      message: 'Refund of KES 95.00 withdrawn: no money is sent and no credit note goes to KRA.',
    });
    await taxInvoicesIdle(shop.ctx);
    expect(await refundsOf(shop, order.paymentId)).toMatchObject([
      {
        status: 'withdrawn',
        method: 'pesapal',
        mpesaCode: null,
        settledAt: shop.clock.now(),
        message: 'Withdrawn by the owner: The customer agreed to a bigger fish next week instead',
      },
    ]);
    expect(await orderRow(shop, order.orderId)).toMatchObject({ status: 'completed', needsAttention: false, attentionReason: null });
    expect(await creditNotesOf(order.orderId)).toEqual([]);
    const [audit] = await shop.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'REFUND_WITHDRAWN'), eq(auditLogs.recordId, order.orderId)));
    expect(audit).toMatchObject({
      userId: shop.admin.id,
      details: {
        refundId: asked.refundId,
        amountCents: 9_500,
        kind: 'partial',
        note: 'The customer agreed to a bigger fish next week instead',
      },
    });

    // Counted nowhere as refunded; what it held of the line is refundable again.
    const detail = await adminDetail(order.orderId);
    expect(detail.order).toMatchObject({ refundedCents: 0, totalAfterRefundsCents: detail.order.totalCents, needsAttention: false });
    expect(detail.refunds).toMatchObject([{ id: asked.refundId, status: 'withdrawn' }]);
    expect(detail.refunding.lines.find((l) => l.orderItemId === tilapia.id)!.remainingCents).toBe(leftBefore + 9_500);
    expect(detail.timeline).toContainEqual(
      expect.objectContaining({ title: 'Refund withdrawn by the owner: not paid', detail: expect.stringContaining('bigger fish') }),
    );
    expect(await myOrder(order.orderId)).toMatchObject({ refundedCents: 0, totalAfterRefundsCents: detail.order.totalCents });
    expect(await revenueToday()).toBe(revenue);

    // Once: neither withdrawn again nor recorded as sent by hand.
    const twice = await withdraw(order.orderId, asked.refundId, 'Again');
    expect(twice.status).toBe(409);
    expect(await errorOf(twice)).toBe('This refund was withdrawn already.');
    const byHand = await recordByHand(shop, order.orderId, asked.refundId, 'QGH7XK2P1L');
    expect(byHand.status).toBe(409);
    expect(await errorOf(byHand)).toBe('This refund was withdrawn: nothing is owed by hand.');
    expect(await refundsOf(shop, order.paymentId)).toMatchObject([{ status: 'withdrawn', mpesaCode: null }]);
  });

  once('refuses a refund waiting for Pesapal or made, and one of another order', async () => {
    const order = await paidOrder(shop, [{ slug: 'fresh-whole-tilapia', quantity: 2 }]);
    const other = await paidOrder(shop, [{ slug: 'fresh-whole-tilapia', quantity: 1 }]);
    const tilapia = order.items['fresh-whole-tilapia']!;
    const asked = (await (
      await refundPart(shop, order.orderId, [{ orderItemId: tilapia.id, amountCents: 9_500, restockQuantity: 0 }])
    ).json()) as { status: string; refundId: string };
    expect(asked.status).toBe('requested');
    const waiting = await withdraw(order.orderId, asked.refundId, 'Changed my mind');
    expect(waiting.status).toBe(409);
    expect(await errorOf(waiting)).toBe('This refund is waiting for Pesapal: only a refund left to be made by hand can be withdrawn.');
    expect((await withdraw(other.orderId, asked.refundId, 'Wrong order')).status).toBe(404);
    await decideRefund(shop, order.trackingId);
    const made = await withdraw(order.orderId, asked.refundId, 'Too late');
    expect(made.status).toBe(409);
    expect(await errorOf(made)).toBe('This refund has been made already: it cannot be withdrawn.');
    expect(await refundsOf(shop, order.paymentId)).toMatchObject([{ status: 'refunded' }]);
    expect(await shop.ctx.db.select().from(auditLogs).where(eq(auditLogs.action, 'REFUND_WITHDRAWN'))).toEqual([]);
  });

  once(
    "withdraws the rest 'Cancel and refund' left to be made by hand: the order is paid again, its partial refund still counted",
    async () => {
      const order = await paidOrder(shop);
      const omena = order.items['omena-dagaa']!;
      await refundPart(shop, order.orderId, [{ orderItemId: omena.id, amountCents: 52_200, restockQuantity: 1 }], 'Omena was not fresh');
      await decideRefund(shop, order.trackingId);
      const cancelled = (await (await cancelAndRefund(shop, order.orderId, 'Customer cancelled the rest')).json()) as {
        kind: string;
        refundId: string;
      };
      expect(cancelled.kind).toBe('manual_needed');
      expect(await orderRow(shop, order.orderId)).toMatchObject({ status: 'refund_requested', needsAttention: true });

      const res = await withdraw(order.orderId, cancelled.refundId, 'The customer kept the order after all');
      expect(res.status, await res.clone().text()).toBe(200);
      expect(await res.json()).toMatchObject({ status: 'withdrawn', orderStatus: 'completed' });
      await taxInvoicesIdle(shop.ctx);
      expect(await orderRow(shop, order.orderId)).toMatchObject({
        status: 'completed',
        cancelledReason: null,
        needsAttention: false,
        attentionReason: null,
      });
      // Only the omena's credit note; the order's total after refunds counts only the refund made.
      expect((await creditNotesOf(order.orderId)).map((n) => n.total)).toEqual([52_200]);
      const detail = await adminDetail(order.orderId);
      expect(detail.order).toMatchObject({ status: 'completed', refundedCents: 52_200 });
      expect(detail.order.totalAfterRefundsCents).toBe(detail.order.totalCents - 52_200);
      expect(await myOrder(order.orderId)).toMatchObject({ refundedCents: 52_200 });
    },
  );

  it('lets exactly one of a withdrawal and a recording by hand sent at once win, and the other says why', async () => {
    const order = await paidOrder(shop, [{ slug: 'fresh-whole-tilapia', quantity: 2 }], 'mpesa');
    const tilapia = order.items['fresh-whole-tilapia']!;
    const { refundId } = (await (
      await refundPart(shop, order.orderId, [{ orderItemId: tilapia.id, amountCents: 9_500, restockQuantity: 0 }])
    ).json()) as { refundId: string };
    const [withdrawn, recorded] = await Promise.all([
      withdraw(order.orderId, refundId, 'Not paying this one'),
      recordByHand(shop, order.orderId, refundId, 'QGH7XK2P1L'),
    ]);
    expect([withdrawn.status, recorded.status].sort()).toEqual([200, 409]);
    await taxInvoicesIdle(shop.ctx);
    const [refund] = await refundsOf(shop, order.paymentId);
    if (withdrawn.status === 200) {
      expect(await errorOf(recorded)).toBe('This refund was withdrawn: nothing is owed by hand.');
      expect(refund).toMatchObject({ status: 'withdrawn', mpesaCode: null });
      expect(await creditNotesOf(order.orderId)).toEqual([]);
    } else {
      expect(await errorOf(withdrawn)).toBe('This refund has been made already: it cannot be withdrawn.');
      expect(refund).toMatchObject({ status: 'refunded', mpesaCode: 'QGH7XK2P1L' });
      expect(await creditNotesOf(order.orderId)).toHaveLength(1);
    }
    expect(await orderRow(shop, order.orderId)).toMatchObject({ needsAttention: false, attentionReason: null });
  });
});
