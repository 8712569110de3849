// 'Cancel and refund' of an order paid by M-Pesa Express, with an API operator set: the shop asks
// Daraja's Reversal API (the built-in simulator) and waits for its result. ResultCode 0 cancels the
// order as Pesapal's reversal would (stock back, credit note, one refund); a failure, a refusal, or
// a result that never comes leaves it to the owner to send by hand; a result that overtakes the
// request's answer, repeats, or comes late is applied once; a wrong secret changes nothing.
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { paymentNotifications, paymentRefunds, taxInvoices } from '../../src/server/db/schema';
import type { MpesaSimulator } from '../../src/server/dev/mpesa/mpesa-simulator';
import { reversalResultBody } from '../../src/server/dev/mpesa/mpesa-simulator-core';
import { receiveReversalResult } from '../../src/server/features/payments/mpesa/mpesa-reversal-callback';
import { watchSilentReversals } from '../../src/server/features/payments/mpesa/mpesa-reversal.service';
import { DarajaError } from '../../src/server/integrations/daraja/daraja-types';
import { mpesaCallbackToken } from '../../src/server/mpesa-config';
import { dbKinds } from '../support/test-database';
import { createUser, type TestUser } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import {
  createShop,
  customer,
  disposeShop,
  orderBody,
  orderRow,
  postOrder,
  productBySlug,
  stockOf,
  transactionsOf,
  type Shop,
} from './checkout-support';

const OPERATOR = { MPESA_INITIATOR_NAME: 'shopapi', MPESA_SECURITY_CREDENTIAL: 'c2ltdWxhdG9yLWVuY3J5cHRlZC1wYXNzd29yZA==' };

describe.each(dbKinds(import.meta.url))('M-Pesa Express refunds by reversal on %s', (kind) => {
  let shop: Shop;
  let mpesa: MpesaSimulator;
  let owner: TestUser;
  beforeEach(async () => {
    shop = await createShop(kind, { env: { MPESA_ENV: 'simulator', ...OPERATOR } });
    mpesa = shop.ctx.integrations.mpesaSimulator!;
    // The tests send what is due themselves (tick), so each one sees results in the order it chooses.
    mpesa.stop();
    owner = await createUser(shop, { role: 'owner', name: 'Amina Owner' });
    // Prices that hold their VAT make whole-shilling totals, which M-Pesa can take.
    const set = await shop.request('/api/admin/shop-details/prices-include-vat', {
      method: 'PUT',
      json: { on: true },
      cookie: owner.cookie,
    });
    expect(set.status).toBe(200);
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await disposeShop(shop);
  });

  /** An order paid by M-Pesa Express, with the stock before it was placed. */
  async function paidByMpesa() {
    const tilapia = await productBySlug(shop, 'fresh-whole-tilapia');
    const stockBefore = await stockOf(shop, tilapia.id);
    const { status, json } = await postOrder(
      shop,
      await customer(shop),
      orderBody([{ productId: tilapia.id, quantity: 1 }], {
        idempotencyKey: `key-${crypto.randomUUID()}`,
        payment: { method: 'mpesa', mpesaPhone: '0712 345 678' },
      }),
    );
    expect(status).toBe(200);
    const orderId = json.orderId!;
    const { checkoutRequestId } = (json as typeof json & { mpesa: { checkoutRequestId: string } }).mpesa;
    expect(mpesa.core.resolve(checkoutRequestId, '0')).not.toBeNull();
    await mpesa.core.tick();
    await waitFor('the order paid', async () => (await orderRow(shop, orderId)).status === 'completed');
    const [payment] = await transactionsOf(shop, orderId);
    expect(payment).toMatchObject({ provider: 'mpesa', status: 'COMPLETED' });
    expect(payment!.confirmationCode).toMatch(/^[A-Z0-9]{10}$/);
    return { orderId, productId: tilapia.id, stockBefore, payment: payment!, receipt: payment!.confirmationCode! };
  }

  const cancel = (orderId: string) =>
    shop.request(`/api/admin/orders/${orderId}/cancel`, {
      method: 'POST',
      json: { reason: 'Customer called to cancel' },
      cookie: owner.cookie,
    });

  const refundsOf = async (transactionId: string) =>
    shop.ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.transactionId, transactionId));

  const creditNotes = async (orderId: string) =>
    shop.ctx.db
      .select({ refundId: taxInvoices.refundId })
      .from(taxInvoices)
      .where(and(eq(taxInvoices.orderId, orderId), eq(taxInvoices.kind, 'credit_note')));

  const resultUrl = () => `/api/payments/mpesa/reversal/${mpesaCallbackToken(shop.ctx.env)}`;

  it('asks M-Pesa to reverse the payment, and cancels the order once the result says it is reversed', async () => {
    const { orderId, productId, stockBefore, payment, receipt } = await paidByMpesa();
    const pesapalRefunds = shop.sim.waitingRefunds().length;
    const res = await cancel(orderId);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ kind: 'refund_requested', by: 'mpesa', restocksWhenRefunded: true });

    const [reversal, ...more] = mpesa.core.reversals.values();
    expect(more).toEqual([]);
    const order = await orderRow(shop, orderId);
    expect(reversal).toMatchObject({ receipt, amount: order.totalAmount / 100, initiator: 'shopapi' });
    const [refund] = await refundsOf(payment.id);
    expect(refund).toMatchObject({
      status: 'requested',
      method: 'mpesa_reversal',
      accepted: true,
      kind: 'whole',
      amount: order.totalAmount,
      mpesaConversationId: reversal!.conversationId,
    });
    expect(order).toMatchObject({ status: 'refund_requested', needsAttention: false });
    expect(shop.sim.waitingRefunds()).toHaveLength(pesapalRefunds);
    // Nothing is declared or restocked before the money moves.
    expect(await creditNotes(orderId)).toEqual([]);

    await mpesa.core.tick();
    await waitFor('the order cancelled', async () => (await orderRow(shop, orderId)).status === 'cancelled');
    expect((await refundsOf(payment.id))[0]).toMatchObject({ status: 'refunded', method: 'mpesa_reversal', settledAt: expect.any(Date) });
    expect(await creditNotes(orderId)).toEqual([{ refundId: refund!.id }]);
    expect(await stockOf(shop, productId)).toBe(stockBefore);
    const [stored] = await shop.ctx.db
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.trackingId, reversal!.conversationId));
    expect(stored).toMatchObject({ source: 'mpesa', notificationType: 'REVERSAL_RESULT', outcome: 'refunded' });

    // A second cancel is refused, and the same result again changes nothing.
    expect((await cancel(orderId)).status).toBe(409);
    const again = await shop.request(resultUrl(), { method: 'POST', json: reversalResultBody(reversal!) });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    await waitFor('the repeat processed', async () => {
      const rows = await shop.ctx.db
        .select()
        .from(paymentNotifications)
        .where(eq(paymentNotifications.trackingId, reversal!.conversationId));
      return rows.length === 2 && rows.every((r) => r.processedAt !== null);
    });
    expect(await refundsOf(payment.id)).toHaveLength(1);
    expect(await creditNotes(orderId)).toHaveLength(1);
    expect(await stockOf(shop, productId)).toBe(stockBefore);
    expect(mpesa.core.reversals.size).toBe(1);
    expect((await orderRow(shop, orderId)).status).toBe('cancelled');
  });

  it('leaves a failed reversal to the owner (R000001: reversed already), who then records the refund by hand', async () => {
    const { orderId, payment, receipt } = await paidByMpesa();
    const order = await orderRow(shop, orderId);
    // Someone reversed it at the org portal: M-Pesa answers the shop's request with R000001.
    await shop.ctx.integrations.mpesa!.reversal({
      receipt,
      amountShillings: order.totalAmount / 100,
      resultUrl: 'http://elsewhere.test/result',
      queueTimeoutUrl: 'http://elsewhere.test/timeout',
      remarks: 'By the portal',
      occasion: 'portal',
    });
    expect((await cancel(orderId)).status).toBe(200);
    await mpesa.core.tick();
    await waitFor('the refund left to the owner', async () => (await refundsOf(payment.id))[0]?.status === 'manual_needed');
    const [refund] = await refundsOf(payment.id);
    expect(refund).toMatchObject({ method: 'mpesa_reversal', accepted: false });
    expect(refund!.message).toBe(
      `M-Pesa says payment ${receipt} was already reversed (R000001), but the shop has no reversal of it on record: check the M-Pesa org portal. If the money went back, record that reversal's code here; if not, send it by M-Pesa and record its code.`,
    );
    expect(await orderRow(shop, orderId)).toMatchObject({
      status: 'refund_requested',
      needsAttention: true,
      attentionReason: `Refund KES ${(order.totalAmount / 100).toLocaleString('en-KE', { minimumFractionDigits: 2 })} by M-Pesa by hand and record its code.`,
    });
    expect(await creditNotes(orderId)).toEqual([]);

    const recorded = await shop.request(`/api/admin/orders/${orderId}/refunds/${refund!.id}/manual`, {
      method: 'POST',
      json: { mpesaCode: 'UKR7Q2M9XA' },
      cookie: owner.cookie,
    });
    expect(recorded.status, await recorded.clone().text()).toBe(200);
    expect(await recorded.json()).toMatchObject({ status: 'refunded', orderStatus: 'cancelled' });
    expect(await orderRow(shop, orderId)).toMatchObject({ status: 'cancelled', needsAttention: false });
    expect(await creditNotes(orderId)).toEqual([{ refundId: refund!.id }]);
    expect((await refundsOf(payment.id))[0]).toMatchObject({ status: 'refunded', method: 'manual', mpesaCode: 'UKR7Q2M9XA' });
  });

  it('leaves a request Daraja refuses to the owner, with its reason, and one that gets no answer with a warning', async () => {
    const daraja = shop.ctx.integrations.mpesa!;
    vi.spyOn(daraja, 'reversal').mockRejectedValueOnce(
      new DarajaError('rejected', 'Bad Request - Invalid ReceiverParty', '400.002.02', 400),
    );
    const first = await paidByMpesa();
    const res = await cancel(first.orderId);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      kind: 'manual_needed',
      refundMessage:
        'M-Pesa refused the reversal request (Bad Request - Invalid ReceiverParty). Send the money back by M-Pesa and record it here.',
    });
    expect((await refundsOf(first.payment.id))[0]).toMatchObject({ status: 'manual_needed', method: 'mpesa_reversal', accepted: false });
    expect(await orderRow(shop, first.orderId)).toMatchObject({ status: 'refund_requested', needsAttention: true });

    vi.spyOn(daraja, 'reversal').mockRejectedValueOnce(new DarajaError('unavailable', 'M-Pesa did not answer. Please try again.'));
    const second = await paidByMpesa();
    expect((await cancel(second.orderId)).status).toBe(200);
    expect((await refundsOf(second.payment.id))[0]?.message).toBe(
      `M-Pesa did not answer the reversal request, so it may still be made: check the M-Pesa org portal for a reversal of ${second.receipt} before sending the money by hand, and record the code here.`,
    );
    expect(mpesa.core.reversals.size).toBe(0);
  });

  it('a result that never comes leaves the refund to the owner after an hour; a late success still settles it once', async () => {
    const { orderId, payment, receipt } = await paidByMpesa();
    mpesa.core.switches.reversalCallback = 'lost';
    expect((await cancel(orderId)).status).toBe(200);
    await mpesa.core.tick();
    shop.clock.advance(59 * 60_000);
    expect(await watchSilentReversals(shop.ctx)).toEqual({ leftToOwner: 0 });
    shop.clock.advance(2 * 60_000);
    expect(await watchSilentReversals(shop.ctx)).toEqual({ leftToOwner: 1 });
    expect((await refundsOf(payment.id))[0]).toMatchObject({ status: 'manual_needed' });
    expect((await refundsOf(payment.id))[0]?.message).toContain(`check the M-Pesa org portal for a reversal of ${receipt}`);
    expect(await orderRow(shop, orderId)).toMatchObject({ status: 'refund_requested', needsAttention: true });

    // M-Pesa did reverse it, and its result comes after all: the refund is made by the reversal, not owed by hand.
    const [reversal] = mpesa.core.reversals.values();
    const late = await receiveReversalResult(shop.ctx, {
      token: mpesaCallbackToken(shop.ctx.env)!,
      address: '127.0.0.1',
      text: JSON.stringify(reversalResultBody(reversal!)),
      timeout: false,
    });
    await late.applied;
    expect((await refundsOf(payment.id))[0]).toMatchObject({ status: 'refunded', method: 'mpesa_reversal' });
    expect(await orderRow(shop, orderId)).toMatchObject({ status: 'cancelled', needsAttention: false, attentionReason: null });
    expect(await creditNotes(orderId)).toHaveLength(1);
  });

  it('applies a result that comes before the request’s answer is recorded, once', async () => {
    const { orderId, payment } = await paidByMpesa();
    const daraja = shop.ctx.integrations.mpesa!;
    const reversal = daraja.reversal.bind(daraja);
    vi.spyOn(daraja, 'reversal').mockImplementationOnce(async (input) => {
      const accepted = await reversal(input);
      // The result reaches the shop while the answer is still on its way.
      const r = mpesa.core.reversals.get(accepted.conversationId)!;
      const early = await receiveReversalResult(shop.ctx, {
        token: mpesaCallbackToken(shop.ctx.env)!,
        address: '127.0.0.1',
        text: JSON.stringify({ ...reversalResultBody(r) }),
        timeout: false,
      });
      await early.applied;
      return accepted;
    });
    const res = await cancel(orderId);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ kind: 'refunded', by: 'mpesa', restocked: true });
    expect((await refundsOf(payment.id))[0]).toMatchObject({ status: 'refunded', method: 'mpesa_reversal' });
    expect((await orderRow(shop, orderId)).status).toBe('cancelled');
    expect(await creditNotes(orderId)).toHaveLength(1);
  });

  it('a result at a wrong secret is a plain 404, and a reversal cannot be marked rejected: nothing changes', async () => {
    const { orderId, payment } = await paidByMpesa();
    mpesa.core.switches.reversalCallback = 'lost';
    expect((await cancel(orderId)).status).toBe(200);
    const [reversal] = mpesa.core.reversals.values();
    const forged = await shop.request('/api/payments/mpesa/reversal/not-the-secret-token-at-all', {
      method: 'POST',
      json: reversalResultBody(reversal!),
    });
    expect(forged.status).toBe(404);
    const timeout = await shop.request('/api/payments/mpesa/reversal/not-the-secret-token-at-all/timeout', {
      method: 'POST',
      json: reversalResultBody(reversal!),
    });
    expect(timeout.status).toBe(404);
    const stored = await queryRows<{ n: number }>(
      shop.ctx.db,
      sql`select count(*)::int as n from payment_notifications where notification_type like 'REVERSAL%'`,
    );
    expect(stored).toEqual([{ n: 0 }]);
    expect((await refundsOf(payment.id))[0]).toMatchObject({ status: 'requested' });
    expect((await orderRow(shop, orderId)).status).toBe('refund_requested');
    // Nor can the owner mark it rejected as if Pesapal's: M-Pesa's result decides it.
    const [refund] = await refundsOf(payment.id);
    const rejected = await shop.request(`/api/admin/orders/${orderId}/refunds/${refund!.id}/rejected`, {
      method: 'POST',
      json: { note: 'Seen in the dashboard' },
      cookie: owner.cookie,
    });
    expect(rejected.status).toBe(409);
    expect((await refundsOf(payment.id))[0]).toMatchObject({ status: 'requested' });
  });
});
