// The shop cancels an order while the customer's M-Pesa payment is still in flight (Pesapal will not
// close the page). The customer must never be told 'You have not been charged' before that payment
// ends: the back office says the order is being cancelled, and the customer hears once the payment's
// end is known: 'cancelled' when it failed, nothing of the kind when it was paid (the order is flagged
// for a refund).
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, outboundMail, outboundSms } from '../../src/server/db/schema';
import { dbKinds } from '../support/test-database';
import { body, placeOrder, withAdminApp } from './admin-helpers';

describe.each(dbKinds(import.meta.url))('cancelling an order whose payment is in flight on %s', (kind) => {
  const s = withAdminApp(kind);

  const cancelledNotices = async (orderId: string) => ({
    sms: (
      await s.t.ctx.db
        .select()
        .from(outboundSms)
        .where(and(eq(outboundSms.orderId, orderId), eq(outboundSms.step, 'cancelled')))
    ).length,
    mail: (
      await s.t.ctx.db
        .select()
        .from(outboundMail)
        .where(and(eq(outboundMail.orderId, orderId), eq(outboundMail.dedupeKey, `${orderId}:cancelled`)))
    ).length,
  });
  const order = async (orderId: string) => (await s.t.ctx.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
  const anyProduct = async () => (await s.t.ctx.db.query.products.findMany({ limit: 1, where: (t, { gt }) => gt(t.stock, 5) }))[0]!.id;
  const cancel = (orderId: string) => s.asAdmin(`/orders/${orderId}/cancel`, { method: 'POST', json: { reason: 'Out of fish today' } });

  it('an M-Pesa payment that lands after the cancel: no "not charged" message, the order flagged for a refund', async () => {
    const { orderId, trackingId } = await placeOrder(s, [{ productId: await anyProduct(), quantity: 1 }]);
    const sim = s.t.ctx.integrations.pesapalSimulator!;
    await sim.complete(trackingId, 'mpesa'); // the customer confirmed on the phone; Pesapal is processing

    const res = await cancel(orderId);
    expect(res.status).toBe(200);
    expect(await body(res)).toMatchObject({ kind: 'released', paymentInFlight: true });
    expect(await order(orderId)).toMatchObject({ status: 'cancelled', cancelNoticeDue: true });
    expect(await cancelledNotices(orderId)).toEqual({ sms: 0, mail: 0 });

    await sim.idle(); // the M-Pesa payment completes and Pesapal notifies the shop
    const after = await order(orderId);
    expect(after).toMatchObject({ status: 'cancelled', cancelNoticeDue: false, needsAttention: true });
    expect(after.attentionReason).toContain('refund it');
    expect(await cancelledNotices(orderId)).toEqual({ sms: 0, mail: 0 });
  });

  it('a payment that fails after the cancel: the customer is told then, once', async () => {
    const { orderId, trackingId } = await placeOrder(s, [{ productId: await anyProduct(), quantity: 1 }]);
    const real = s.t.ctx.integrations.pesapal;
    // Pesapal refuses to close the page (a payment is being processed).
    s.t.ctx.integrations.pesapal = {
      ...real,
      cancelOrder: () => Promise.resolve({ cancelled: false, message: 'A payment is being processed.' }),
    };
    try {
      expect(await body(await cancel(orderId))).toMatchObject({ kind: 'released', paymentInFlight: true });
    } finally {
      s.t.ctx.integrations.pesapal = real;
    }
    expect(await cancelledNotices(orderId)).toEqual({ sms: 0, mail: 0 });

    const sim = s.t.ctx.integrations.pesapalSimulator!;
    await sim.complete(trackingId, 'fail');
    await sim.idle();
    expect(await order(orderId)).toMatchObject({ status: 'cancelled', cancelNoticeDue: false, needsAttention: false });
    expect(await cancelledNotices(orderId)).toEqual({ sms: 1, mail: 1 });
  });

  it('an order whose page Pesapal closes is cancelled and the customer told at once, as before', async () => {
    const { orderId } = await placeOrder(s, [{ productId: await anyProduct(), quantity: 1 }]);
    expect(await body(await cancel(orderId))).toEqual({ kind: 'released', releasedLines: 1 });
    expect(await order(orderId)).toMatchObject({ status: 'cancelled', cancelNoticeDue: false });
    expect(await cancelledNotices(orderId)).toEqual({ sms: 1, mail: 1 });
  });
});
