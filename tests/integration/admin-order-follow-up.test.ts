// Orders the payments feature flagged for the merchant: a payment that is not needed (paid twice,
// paid after a cancel) is refunded on its own through Pesapal without cancelling or restocking the
// order, and 'Mark resolved' clears the flag, so the dashboard's count goes down.
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { orders, outboundSms, paymentRefunds, paymentTransactions, stockMovements } from '../../src/server/db/schema';
import { refreshPayment } from '../../src/server/features/payments/payment-refresh.service';
import { dbKinds } from '../support/test-database';
import { auditRows, body, decideRefund, placeOrderPaidAfterCancel, placeOrderPaidTwice, stockOf, withAdminApp } from './admin-helpers';
import { insertProducts } from '../../src/server/features/catalog/new-products';

interface Detail {
  order: { status: string; fulfilmentStatus: string; needsAttention: boolean; attentionReason: string | null };
  payments: {
    id: string;
    trackingId: string;
    status: string;
    settlesOrder: boolean;
    refunded: boolean;
    refundable: boolean;
    refundStatus: string | null;
  }[];
  timeline: { title: string; detail: string | null }[];
  actions: { cancel: string | null; resolve: boolean };
}

type ErrorBody = { error: { message: string } };

describe.each(dbKinds(import.meta.url))('flagged orders in the back office on %s', (kind) => {
  const s = withAdminApp(kind);
  const { asAdmin } = s;
  let productId: string;
  const detail = async (id: string) => body<Detail>(await asAdmin(`/orders/${id}`));
  const paymentOf = async (trackingId: string) => {
    const [row] = await s.t.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.pesapalTrackingId, trackingId));
    return row!;
  };
  const orderRow = async (id: string) => (await s.t.ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const ledger = () => s.t.ctx.db.select().from(stockMovements).where(eq(stockMovements.productId, productId));
  const refundOf = (orderId: string, paymentId: string, reason: string) =>
    asAdmin(`/orders/${orderId}/payments/${paymentId}/refund`, { method: 'POST', json: { reason } });
  /** The customer's 'extra payment refunded' SMS texts for the order. */
  const refundedMessages = async (orderId: string) =>
    (
      await s.t.ctx.db
        .select({ message: outboundSms.message })
        .from(outboundSms)
        .where(and(eq(outboundSms.orderId, orderId), eq(outboundSms.step, 'payment_refunded')))
    ).map((m) => m.message);
  const attentionCount = async () => (await body<{ ordersNeedingAttention: number }>(await asAdmin('/dashboard'))).ordersNeedingAttention;

  beforeAll(async () => {
    const [row] = await insertProducts(s.t.ctx.db, [
      { name: 'Follow-up Kienyeji Chicken', slug: 'follow-up-kienyeji', category: 'chicken', price: 90_000, stock: 30 },
    ]);
    productId = row!.id;
  });

  it('refunds the second payment of an order paid twice, and leaves the order paid and its stock alone', async () => {
    const { orderId, settlingTrackingId, extraTrackingId } = await placeOrderPaidTwice(s, [{ productId, quantity: 2 }]);
    const extra = await paymentOf(extraTrackingId);
    const settling = await paymentOf(settlingTrackingId);
    const d = await detail(orderId);
    expect(d.order).toMatchObject({ status: 'completed', needsAttention: true });
    expect(d.order.attentionReason).toContain(`Payment ${extra.merchantReference} completed for an order that was already completed`);
    expect(d.payments.find((p) => p.id === extra.id)).toMatchObject({ status: 'COMPLETED', settlesOrder: false, refundable: true });
    expect(d.payments.find((p) => p.id === settling.id)).toMatchObject({ status: 'COMPLETED', settlesOrder: true, refundable: false });
    const stock = await stockOf(s.t, productId);
    const ledgerBefore = await ledger();

    // The payment that pays for the order is refunded only by cancelling the order.
    const settlingRefund = await refundOf(orderId, settling.id, 'Wrong one');
    expect(settlingRefund.status).toBe(409);
    expect((await body<ErrorBody>(settlingRefund)).error.message).toBe(
      'This payment pays for the order: use "Cancel and refund" to refund it.',
    );
    expect((await refundOf(orderId, extra.id, '  ')).status).toBe(400);
    const refundsOfOrder = () =>
      s.t.ctx.db
        .select()
        .from(paymentRefunds)
        .where(inArray(paymentRefunds.transactionId, [extra.id, settling.id]));
    expect(await refundsOfOrder()).toEqual([]);

    const res = await refundOf(orderId, extra.id, 'Paid twice: second payment returned');
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await body(res)).toEqual({ refundMessage: 'Refund request successfully' });

    const sim = s.t.ctx.integrations.pesapalSimulator!;
    expect(sim.state.orders.get(extraTrackingId)?.refund).toMatchObject({
      username: s.admin.email,
      remarks: 'Paid twice: second payment returned',
    });
    expect(sim.state.orders.get(settlingTrackingId)?.refund).toBeNull();
    expect(await refundsOfOrder()).toMatchObject([
      {
        transactionId: extra.id,
        amount: extra.amount,
        accepted: true,
        requestedBy: s.admin.id,
        remarks: 'Paid twice: second payment returned',
      },
    ]);
    expect(await auditRows(s.t, 'PAYMENT_REFUND', orderId)).toMatchObject([
      {
        userId: s.admin.id,
        tableName: 'orders',
        details: { transactionId: extra.id, merchantReference: extra.merchantReference, accepted: true },
      },
    ]);

    // Asked for, not made: the customer hears nothing yet.
    await sim.idle();
    await refreshPayment(s.t.ctx, extraTrackingId);
    expect((await paymentOf(extraTrackingId)).status).toBe('COMPLETED');
    expect(await refundsOfOrder()).toMatchObject([{ status: 'requested' }]);
    expect(await refundedMessages(orderId)).toEqual([]);
    expect((await detail(orderId)).payments.find((p) => p.id === extra.id)).toMatchObject({ refunded: true, refundStatus: 'requested' });

    // Pesapal then reports the extra payment reversed: the order stays paid, nothing is restocked,
    // and the customer is told the extra money is back, once.
    await decideRefund(s, extraTrackingId, 'approve');
    await refreshPayment(s.t.ctx, extraTrackingId);
    expect((await paymentOf(extraTrackingId)).status).toBe('REVERSED');
    expect(await refundsOfOrder()).toMatchObject([{ status: 'refunded' }]);
    expect(await refundedMessages(orderId)).toEqual([expect.stringContaining('has been refunded to you')]);
    expect(await orderRow(orderId)).toMatchObject({ status: 'completed', cancelledReason: null });
    expect(await stockOf(s.t, productId)).toBe(stock);
    expect(await ledger()).toEqual(ledgerBefore);

    const after = await detail(orderId);
    expect(after.payments.find((p) => p.id === extra.id)).toMatchObject({ refunded: true, refundable: false, refundStatus: 'refunded' });
    expect(after.actions.cancel).toBe('refund');
    expect(after.timeline.map((e) => e.title)).toContain('Refund of a single payment requested');
    const again = await refundOf(orderId, extra.id, 'Again');
    expect(again.status).toBe(409);

    // Cancelling the order still refunds the payment that pays for it, not the one already refunded.
    const cancel = await asAdmin(`/orders/${orderId}/cancel`, { method: 'POST', json: { reason: 'Customer cancelled after all' } });
    expect(cancel.status, await cancel.clone().text()).toBe(200);
    expect(sim.state.orders.get(settlingTrackingId)?.refund).toMatchObject({ remarks: 'Customer cancelled after all' });
    const refunds = await s.t.ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.transactionId, settling.id));
    expect(refunds).toMatchObject([{ accepted: true }]);
  });

  it('refunds a payment that landed on a cancelled order, and the order stays cancelled', async () => {
    const { orderId, trackingId } = await placeOrderPaidAfterCancel(s, [{ productId, quantity: 1 }]);
    const payment = await paymentOf(trackingId);
    expect(payment.status).toBe('COMPLETED');
    const d = await detail(orderId);
    expect(d.order).toMatchObject({ status: 'cancelled', needsAttention: true });
    expect(d.payments).toMatchObject([{ id: payment.id, settlesOrder: false, refundable: true }]);
    expect(d.actions.cancel).toBeNull();
    const stock = await stockOf(s.t, productId);
    const ledgerBefore = await ledger();

    const res = await refundOf(orderId, payment.id, 'Order was cancelled before the payment arrived');
    expect(res.status).toBe(200);
    const refunds = await s.t.ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.transactionId, payment.id));
    expect(refunds).toMatchObject([{ accepted: true, remarks: 'Order was cancelled before the payment arrived' }]);
    expect(await orderRow(orderId)).toMatchObject({ status: 'cancelled', cancelledReason: 'Customer called to cancel' });
    expect(await stockOf(s.t, productId)).toBe(stock);
    expect(await ledger()).toEqual(ledgerBefore);
  });

  it('records a refund Pesapal refuses, and the payment can be refunded again', async () => {
    const { orderId, trackingId } = await placeOrderPaidAfterCancel(s, [{ productId, quantity: 1 }]);
    const payment = await paymentOf(trackingId);
    await s.t.ctx.db.update(paymentTransactions).set({ confirmationCode: 'UNKNOWN-CODE' }).where(eq(paymentTransactions.id, payment.id));
    const res = await refundOf(orderId, payment.id, 'Try refund');
    expect(res.status).toBe(502);
    expect((await body<ErrorBody>(res)).error.message).toBe('The refund was not accepted: Invalid confirmation code provided.');
    expect(await s.t.ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.transactionId, payment.id))).toMatchObject([
      { accepted: false, message: 'Invalid confirmation code provided.' },
    ]);
    expect(await auditRows(s.t, 'PAYMENT_REFUND', orderId)).toMatchObject([{ details: { accepted: false } }]);
    expect((await detail(orderId)).payments).toMatchObject([{ refundable: true, refunded: false }]);
  });

  it('refuses payments that are not completed, and payments of another order', async () => {
    const first = await placeOrderPaidAfterCancel(s, [{ productId, quantity: 1 }]);
    const other = await placeOrderPaidAfterCancel(s, [{ productId, quantity: 1 }]);
    const theirs = await paymentOf(other.trackingId);
    expect((await refundOf(first.orderId, theirs.id, 'Wrong order')).status).toBe(404);
    await s.t.ctx.db.update(paymentTransactions).set({ status: 'FAILED' }).where(eq(paymentTransactions.id, theirs.id));
    const failed = await refundOf(other.orderId, theirs.id, 'Not paid');
    expect(failed.status).toBe(409);
    expect((await body<ErrorBody>(failed)).error.message).toBe('Only a completed payment can be refunded.');
    expect(await s.t.ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.transactionId, theirs.id))).toEqual([]);
  });

  it('marks a flagged order resolved with a note: the flag clears and the dashboard count goes down', async () => {
    const { orderId } = await placeOrderPaidTwice(s, [{ productId, quantity: 1 }]);
    const reason = (await orderRow(orderId)).attentionReason;
    expect(reason).toBeTruthy();
    const before = await attentionCount();
    expect(before).toBeGreaterThanOrEqual(1);
    expect((await detail(orderId)).actions.resolve).toBe(true);

    const noNote = await asAdmin(`/orders/${orderId}/resolve`, { method: 'POST', json: { note: ' ' } });
    expect(noNote.status).toBe(400);
    expect((await orderRow(orderId)).needsAttention).toBe(true);

    const res = await asAdmin(`/orders/${orderId}/resolve`, { method: 'POST', json: { note: 'Customer keeps the credit for next week' } });
    expect(res.status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ needsAttention: false, attentionReason: null, status: 'completed' });
    expect(await attentionCount()).toBe(before - 1);
    const listed = await body<{ items: { id: string }[] }>(await asAdmin('/orders?attention=yes'));
    expect(listed.items.map((o) => o.id)).not.toContain(orderId);
    expect(await auditRows(s.t, 'ORDER_ATTENTION_RESOLVED', orderId)).toMatchObject([
      { userId: s.admin.id, tableName: 'orders', details: { note: 'Customer keeps the credit for next week', reason } },
    ]);
    const d = await detail(orderId);
    expect(d.actions.resolve).toBe(false);
    expect(d.timeline).toContainEqual(
      expect.objectContaining({ title: 'Marked resolved', detail: `Customer keeps the credit for next week · by ${s.admin.email}` }),
    );

    const again = await asAdmin(`/orders/${orderId}/resolve`, { method: 'POST', json: { note: 'Twice' } });
    expect(again.status).toBe(409);
    expect((await body<ErrorBody>(again)).error.message).toBe('This order does not need attention.');
    expect(await auditRows(s.t, 'ORDER_ATTENTION_RESOLVED', orderId)).toHaveLength(1);
  });

  it('keeps customers out of both actions and changes nothing', async () => {
    const { orderId, extraTrackingId } = await placeOrderPaidTwice(s, [{ productId, quantity: 1 }]);
    const extra = await paymentOf(extraTrackingId);
    for (const [path, json] of [
      [`/api/admin/orders/${orderId}/resolve`, { note: 'Sneaky' }],
      [`/api/admin/orders/${orderId}/payments/${extra.id}/refund`, { reason: 'Sneaky' }],
    ] as const) {
      expect((await s.t.request(path, { method: 'POST', json })).status).toBe(401);
      expect((await s.t.request(path, { method: 'POST', json, cookie: s.customer.cookie })).status).toBe(403);
    }
    expect((await orderRow(orderId)).needsAttention).toBe(true);
    expect(await s.t.ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.transactionId, extra.id))).toEqual([]);
  });
});
