import { beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { orders, paymentRefunds, paymentTransactions, stockMovements, user } from '../../src/server/db/schema';
import { phoneOnlyEmail } from '../../src/domain/phone-sign-in';
import { dbKinds } from '../support/test-database';
import { auditRows, body, decideRefund, payByCard, placeOrder, stockOf, withAdminApp } from './admin-helpers';
import { insertProducts } from '../../src/server/features/catalog/new-products';

interface Detail {
  order: {
    id: string;
    status: string;
    fulfilmentStatus: string;
    mapUrl: string | null;
    subtotalCents: number;
    vatCents: number;
    deliveryFeeCents: number;
    deliveryDistanceKm: number | null;
    totalCents: number;
    deliveryZoneName: string | null;
    cancelledReason: string | null;
  };
  items: { productName: string; quantity: number }[];
  payments: { status: string; phone: string; confirmationCode: string | null }[];
  refunds: { accepted: boolean; message: string | null; amountCents: number; remarks: string }[];
  timeline: { kind: string; title: string; detail: string | null }[];
  actions: { fulfilmentSteps: string[]; cancel: string | null; restockOnRefund: boolean; resolve: boolean };
}

describe.each(dbKinds(import.meta.url))('admin orders on %s', (kind) => {
  const s = withAdminApp(kind);
  const { asAdmin } = s;
  let productId: string;
  const detail = async (id: string) => body<Detail>(await asAdmin(`/orders/${id}`));

  beforeAll(async () => {
    const [row] = await insertProducts(s.t.ctx.db, [
      { name: 'Admin Test Tilapia', slug: 'admin-test-tilapia', category: 'fish', price: 50_000, stock: 20 },
    ]);
    productId = row!.id;
  });

  it("names a phone-only customer's account by the phone number, never its stand-in address", async () => {
    const { orderId } = await placeOrder(s, [{ productId, quantity: 1 }]);
    const [before] = await s.t.ctx.db.select().from(user).where(eq(user.id, s.customer.id));
    await s.t.ctx.db
      .update(user)
      .set({ email: phoneOnlyEmail('+254711222333'), phoneNumber: '+254711222333' })
      .where(eq(user.id, s.customer.id));
    try {
      const d = await body<{ account: { email: string | null } }>(await asAdmin(`/orders/${orderId}`));
      expect(d.account.email).toBe('+254 711 222 333');
    } finally {
      await s.t.ctx.db.update(user).set({ email: before!.email, phoneNumber: before!.phoneNumber }).where(eq(user.id, s.customer.id));
    }
  });

  it('lists orders with filters and search, and shows one in full', async () => {
    const { orderId } = await placeOrder(s, [{ productId, quantity: 2 }]);
    const all = await body<{ items: { id: string; paymentStatus: string; customerPhone: string }[]; total: number }>(
      await asAdmin('/orders'),
    );
    expect(all.items.map((o) => o.id)).toContain(orderId);
    expect(all.items.find((o) => o.id === orderId)).toMatchObject({ paymentStatus: 'PENDING', customerPhone: '+25*******678' });

    const byPrefix = await body<{ items: { id: string }[] }>(await asAdmin(`/orders?q=${orderId.slice(0, 8)}`));
    expect(byPrefix.items.map((o) => o.id)).toEqual([orderId]);
    // The order number as customers quote it, and the phone in the ways Kenyans write it.
    for (const q of [
      `Order #${orderId.slice(0, 8)}`,
      `#${orderId.slice(0, 8).toUpperCase()}`,
      '0712345678',
      '+254 712 345 678',
      '712 345 678',
    ]) {
      const found = await body<{ items: { id: string }[] }>(await asAdmin(`/orders?q=${encodeURIComponent(q)}`));
      expect(
        found.items.map((o) => o.id),
        q,
      ).toContain(orderId);
    }
    const otherPhone = await body<{ items: { id: string }[] }>(await asAdmin(`/orders?q=${encodeURIComponent('0799 000 111')}`));
    expect(otherPhone.items.map((o) => o.id)).not.toContain(orderId);
    const byEmail = await body<{ items: { id: string }[] }>(await asAdmin(`/orders?q=${encodeURIComponent(s.customer.email)}`));
    expect(byEmail.items.map((o) => o.id)).toContain(orderId);
    const completedOnly = await body<{ items: { id: string }[] }>(await asAdmin('/orders?status=completed'));
    expect(completedOnly.items.map((o) => o.id)).not.toContain(orderId);
    const byPayment = await body<{ items: { id: string }[] }>(await asAdmin('/orders?paymentStatus=PENDING'));
    expect(byPayment.items.map((o) => o.id)).toContain(orderId);
    const future = await body<{ items: unknown[] }>(await asAdmin('/orders?from=2099-01-01'));
    expect(future.items).toEqual([]);
    expect((await asAdmin('/orders?from=2025-02-30')).status).toBe(400);
    expect((await asAdmin('/orders?from=2025-03-05&to=2025-03-01')).status).toBe(400);

    const d = await detail(orderId);
    // The point the customer chose (placeOrder sends it with the server's place token, so it is believed).
    expect(d.order.mapUrl).toBe('https://www.google.com/maps/dir/?api=1&destination=-1.2676%2C36.8108');
    expect(d.order.deliveryZoneName).toMatch(/^Zone/);
    const [stored] = await s.t.ctx.db.select().from(orders).where(eq(orders.id, orderId));
    expect(d.order).toMatchObject({
      subtotalCents: 100000,
      vatCents: 16000,
      deliveryFeeCents: stored!.deliveryFee,
      deliveryDistanceKm: Number(stored!.deliveryDistanceKm),
      totalCents: stored!.totalAmount,
    });
    expect(d.order.deliveryDistanceKm).toBeGreaterThan(0);
    expect(d.order.totalCents).toBe(d.order.subtotalCents + d.order.vatCents + d.order.deliveryFeeCents);
    expect(d.items).toEqual([expect.objectContaining({ productName: 'Admin Test Tilapia', quantity: 2 })]);
    expect(d.payments[0]?.phone).toBe('+25*******678');
    expect(d.timeline.map((e) => e.title)).toEqual(expect.arrayContaining(['Order placed', 'Stock reserved: Admin Test Tilapia -2']));
    expect(d.actions).toEqual({ fulfilmentSteps: [], cancel: 'release', restockOnRefund: true, resolve: false });
  });

  it('fulfils only paid orders, forward only, and records each step', async () => {
    const { orderId, trackingId } = await placeOrder(s, [{ productId, quantity: 1 }]);
    const step = (status: string) => asAdmin(`/orders/${orderId}/fulfilment`, { method: 'POST', json: { status } });
    const unpaid = await step('processing');
    expect(unpaid.status).toBe(409);
    expect((await body<{ error: { message: string } }>(unpaid)).error.message).toBe('Only paid (completed) orders can be fulfilled.');

    await payByCard(s, trackingId);
    expect((await detail(orderId)).actions.fulfilmentSteps).toEqual(['processing', 'out_for_delivery', 'delivered']);
    expect((await step('processing')).status).toBe(200);
    expect((await step('out_for_delivery')).status).toBe(200);
    const back = await step('processing');
    expect(back.status).toBe(409);
    expect((await body<{ error: { message: string } }>(back)).error.message).toBe(
      'An order only moves forward: this one is already out for delivery.',
    );
    expect((await step('delivered')).status).toBe(200);
    const [row] = await s.t.ctx.db.select({ f: orders.fulfilmentStatus }).from(orders).where(eq(orders.id, orderId));
    expect(row?.f).toBe('delivered');
    // The customer reads the step from their own orders (what /orders shows).
    const mine = await body<{ id: string; fulfilmentStatus: string }>(
      await s.t.request(`/api/orders/${orderId}`, { cookie: s.customer.cookie }),
    );
    expect(mine).toMatchObject({ id: orderId, fulfilmentStatus: 'delivered' });
    const list = await body<{ orders: { id: string; fulfilmentStatus: string }[] }>(
      await s.t.request('/api/orders', { cookie: s.customer.cookie }),
    );
    expect(list.orders.find((o) => o.id === orderId)?.fulfilmentStatus).toBe('delivered');
    const steps = await auditRows(s.t, 'ORDER_FULFILMENT', orderId);
    expect(steps.map((a) => (a.details as { to: string }).to).sort()).toEqual(['delivered', 'out_for_delivery', 'processing']);
    expect((await detail(orderId)).actions.fulfilmentSteps).toEqual([]);
  });

  it('cancels a pending order: the reserved stock comes back and the Pesapal page is cancelled', async () => {
    const before = await stockOf(s.t, productId);
    const { orderId, trackingId } = await placeOrder(s, [{ productId, quantity: 3 }]);
    expect(await stockOf(s.t, productId)).toBe(before - 3);

    const noReason = await asAdmin(`/orders/${orderId}/cancel`, { method: 'POST', json: { reason: '' } });
    expect(noReason.status).toBe(400);
    const res = await asAdmin(`/orders/${orderId}/cancel`, { method: 'POST', json: { reason: 'Customer called to cancel' } });
    expect(res.status).toBe(200);
    expect(await body(res)).toEqual({ kind: 'released', releasedLines: 1 });

    expect(await stockOf(s.t, productId)).toBe(before);
    const [order] = await s.t.ctx.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ status: 'cancelled', cancelledReason: 'Customer called to cancel' });
    const releases = await s.t.ctx.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.orderId, orderId), eq(stockMovements.kind, 'release')));
    expect(releases).toMatchObject([{ quantity: 3, stockAfter: before }]);
    expect(s.t.ctx.integrations.pesapalSimulator?.state.orders.get(trackingId)?.cancelled).toBe(true);
    const [payment] = await s.t.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, orderId));
    expect(payment?.status).toBe('FAILED');
    expect(await auditRows(s.t, 'ORDER_CANCEL', orderId)).toHaveLength(1);

    const again = await asAdmin(`/orders/${orderId}/cancel`, { method: 'POST', json: { reason: 'twice' } });
    expect(again.status).toBe(409);
    expect(await stockOf(s.t, productId)).toBe(before);
  });

  it('cancels a paid order with a refund through Pesapal, recorded with its outcome, and restocks', async () => {
    const { orderId, trackingId } = await placeOrder(s, [{ productId, quantity: 2 }]);
    await payByCard(s, trackingId);
    const paidStock = await stockOf(s.t, productId);
    const d = await detail(orderId);
    expect(d.order.status).toBe('completed');
    expect(d.actions.cancel).toBe('refund');

    const res = await asAdmin(`/orders/${orderId}/cancel`, { method: 'POST', json: { reason: 'Out of fresh stock today' } });
    expect(res.status).toBe(200);
    expect(await body(res)).toEqual({ kind: 'refund_requested', refundMessage: 'Refund request successfully', restocksWhenRefunded: true });
    // Asked for, not made: the stock waits for Pesapal's reversal.
    expect(await stockOf(s.t, productId)).toBe(paidStock);
    expect((await detail(orderId)).order.status).toBe('refund_requested');

    const sim = s.t.ctx.integrations.pesapalSimulator!;
    const simOrder = sim.state.orders.get(trackingId);
    expect(simOrder?.refund).toMatchObject({
      amountCents: d.order.totalCents,
      username: s.admin.email,
      remarks: 'Out of fresh stock today',
    });

    const [payment] = await s.t.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, orderId));
    const refunds = await s.t.ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.transactionId, payment!.id));
    expect(refunds).toMatchObject([
      { accepted: true, message: 'Refund request successfully', requestedBy: s.admin.id, remarks: 'Out of fresh stock today' },
    ]);

    // The merchant approves it in Pesapal's dashboard: the reversal refunds the order and restocks,
    // without flagging it as a reversal nobody asked for; a late repeat of the notice changes nothing.
    await decideRefund(s, trackingId, 'approve');
    await payByCardRefreshOnly(trackingId);
    const [order] = await s.t.ctx.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ status: 'cancelled', cancelledReason: 'Out of fresh stock today', needsAttention: false });
    expect(await stockOf(s.t, productId)).toBe(paidStock + 2);
    expect(await s.t.ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.transactionId, payment!.id))).toMatchObject([
      { status: 'refunded' },
    ]);

    const after = await detail(orderId);
    expect(after.refunds).toMatchObject([{ accepted: true, message: 'Refund request successfully', amountCents: d.order.totalCents }]);
    expect(after.actions.cancel).toBeNull();
    const titles = after.timeline.map((e) => e.title);
    expect(titles).toEqual(
      expect.arrayContaining(['Order placed', 'Payment started at Pesapal', 'Refund requested from Pesapal (accepted)']),
    );
    // Pesapal's notifications (the payment's IPN, then the reversal's) are on the timeline too: one
    // entry for the tracking id, saying how many came.
    const ipns = after.timeline.filter((e) => e.title.startsWith('Pesapal notification (ipn'));
    expect(ipns).toHaveLength(1);
    expect(ipns[0]!.detail).toMatch(/; received 2 times, the last at \d{4}-/);
    expect(await auditRows(s.t, 'ORDER_REFUND', orderId)).toHaveLength(1);

    const again = await asAdmin(`/orders/${orderId}/cancel`, { method: 'POST', json: { reason: 'twice' } });
    expect(again.status).toBe(409);
  });

  it.each(['out_for_delivery', 'delivered'])('refunds an order %s without putting its goods back into stock', async (step) => {
    const { orderId, trackingId } = await placeOrder(s, [{ productId, quantity: 2 }]);
    await payByCard(s, trackingId);
    expect((await asAdmin(`/orders/${orderId}/fulfilment`, { method: 'POST', json: { status: step } })).status).toBe(200);
    expect((await detail(orderId)).actions).toMatchObject({ cancel: 'refund', restockOnRefund: false });
    const stockBefore = await stockOf(s.t, productId);
    const movements = () => s.t.ctx.db.select().from(stockMovements).where(eq(stockMovements.productId, productId));
    const ledgerBefore = await movements();

    const res = await asAdmin(`/orders/${orderId}/cancel`, { method: 'POST', json: { reason: 'Fish arrived spoiled' } });
    expect(res.status).toBe(200);
    expect(await body(res)).toMatchObject({ kind: 'refund_requested', restocksWhenRefunded: false });
    await decideRefund(s, trackingId, 'approve');

    expect(await stockOf(s.t, productId)).toBe(stockBefore);
    expect(await movements()).toEqual(ledgerBefore);
    const [order] = await s.t.ctx.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ status: 'cancelled', cancelledReason: 'Fish arrived spoiled', fulfilmentStatus: step });
    const [payment] = await s.t.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, orderId));
    expect(await s.t.ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.transactionId, payment!.id))).toMatchObject([
      { accepted: true },
    ]);
    const label = step === 'delivered' ? 'delivered' : 'out for delivery';
    expect(await auditRows(s.t, 'ORDER_REFUNDED', orderId)).toMatchObject([
      {
        userId: null,
        details: {
          restocked: false,
          restockedLines: 0,
          fulfilment: step,
          notRestocked: `The goods had left the shop (${label}), so they were not put back into stock; adjust stock by hand if they come back.`,
        },
      },
    ]);
    // A late repeat of the reversal notice changes nothing either.
    await s.t.ctx.integrations.pesapalSimulator!.idle();
    await payByCardRefreshOnly(trackingId);
    expect(await stockOf(s.t, productId)).toBe(stockBefore);
    const after = await detail(orderId);
    expect(after.timeline.filter((e) => e.title.startsWith('Stock put back'))).toEqual([]);
    expect(after.actions.cancel).toBeNull();
  });

  it('records a refund Pesapal refuses, and leaves the order paid', async () => {
    const { orderId, trackingId } = await placeOrder(s, [{ productId, quantity: 1 }]);
    await payByCard(s, trackingId);
    const stock = await stockOf(s.t, productId);
    // Make Pesapal refuse: the confirmation code no longer matches a payment it knows.
    await s.t.ctx.db.update(paymentTransactions).set({ confirmationCode: 'UNKNOWN-CODE' }).where(eq(paymentTransactions.orderId, orderId));
    const res = await asAdmin(`/orders/${orderId}/cancel`, { method: 'POST', json: { reason: 'Try refund' } });
    expect(res.status).toBe(502);
    expect((await body<{ error: { message: string } }>(res)).error.message).toBe(
      'The refund was not accepted: Invalid confirmation code provided.',
    );
    const d = await detail(orderId);
    expect(d.order.status).toBe('completed');
    expect(d.refunds).toMatchObject([{ accepted: false, message: 'Invalid confirmation code provided.' }]);
    expect(await stockOf(s.t, productId)).toBe(stock);
  });

  it('records a refund that could not reach Pesapal, and says so', async () => {
    const { orderId, trackingId } = await placeOrder(s, [{ productId, quantity: 1 }]);
    await payByCard(s, trackingId);
    const refund = vi.spyOn(s.t.ctx.integrations.pesapal, 'refund').mockRejectedValueOnce(new Error('connect ECONNREFUSED'));
    const res = await asAdmin(`/orders/${orderId}/cancel`, { method: 'POST', json: { reason: 'Try refund' } });
    refund.mockRestore();
    expect(res.status).toBe(502);
    expect((await body<{ error: { message: string } }>(res)).error.message).toBe('Pesapal could not be reached. Please try again.');
    const d = await detail(orderId);
    expect(d.order.status).toBe('completed');
    expect(d.refunds).toMatchObject([{ accepted: false, message: 'Pesapal could not be reached (connect ECONNREFUSED)' }]);
    expect(d.actions.cancel).toBe('refund');
    expect(await auditRows(s.t, 'ORDER_REFUND', orderId)).toMatchObject([{ details: { accepted: false } }]);
  });

  it('checks the payment status at Pesapal on request', async () => {
    const { orderId, trackingId } = await placeOrder(s, [{ productId, quantity: 1 }]);
    const sim = s.t.ctx.integrations.pesapalSimulator!;
    sim.switches.dropIpn = true;
    await sim.complete(trackingId, 'card');
    await sim.idle();
    sim.switches.dropIpn = false;
    expect((await detail(orderId)).order.status).toBe('pending');
    const res = await asAdmin(`/orders/${orderId}/check-payment`, { method: 'POST' });
    expect(await body(res)).toEqual({ checked: 1, changed: 1, error: null });
    expect((await detail(orderId)).order.status).toBe('completed');
    expect(await auditRows(s.t, 'PAYMENT_STATUS_CHECK', orderId)).toHaveLength(1);
  });

  it('checks a payment Pesapal reported failed, which the customer then paid on the same page', async () => {
    const { orderId, trackingId } = await placeOrder(s, [{ productId, quantity: 1 }]);
    const sim = s.t.ctx.integrations.pesapalSimulator!;
    // Pesapal refuses to cancel the failed page (a payment in flight), so it can still be paid.
    const real = s.t.ctx.integrations.pesapal;
    s.t.ctx.integrations.pesapal = { ...real, cancelOrder: async () => ({ cancelled: false, message: 'in flight' }) };
    try {
      await sim.complete(trackingId, 'fail');
      await sim.idle();
      expect((await detail(orderId)).order.status).toBe('failed');
      sim.switches.dropIpn = true;
      await sim.complete(trackingId, 'card');
      await sim.idle();
      sim.switches.dropIpn = false;
      expect((await detail(orderId)).order.status).toBe('failed');
      const res = await asAdmin(`/orders/${orderId}/check-payment`, { method: 'POST' });
      expect(await body(res)).toEqual({ checked: 1, changed: 1, error: null });
      expect((await detail(orderId)).order.status).toBe('completed');
    } finally {
      s.t.ctx.integrations.pesapal = real;
    }
  });

  async function payByCardRefreshOnly(trackingId: string) {
    const { refreshPayment } = await import('../../src/server/features/payments/payment-refresh.service');
    await refreshPayment(s.t.ctx, trackingId);
  }
});
