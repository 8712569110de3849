// The customer hears about each step of their order by SMS (Africa's Talking, here a local double
// that checks the request format) and by mail: one message per step, retried after the gateway
// fails, none when the customer said no, delivery reports recorded, failures shown in the back
// office with 'Send again'.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, outboundSms, paymentTransactions, profiles } from '../../src/server/db/schema';
import { MAX_OUTBOX_ATTEMPTS } from '../../src/server/infra/outbox/outbox';
import { createMailer } from '../../src/server/infra/mail/mailer';
import { freePort } from '../e2e/support/shop-server';
import { startSmtpServer, type TestSmtpServer } from '../e2e/support/smtp';
import { LOOPBACK_BINDINGS } from '../support/test-app';
import { dbKinds } from '../support/test-database';
import { auditRows, body, decideRefund, placeOrderPaidTwice } from './admin-helpers';
import { productBySlug } from './checkout-support';
import {
  CUSTOMER_PHONE,
  createSmsShop,
  mailRows,
  markFulfilment,
  placeOrderWith,
  placePaidOrder,
  ref,
  smsRows,
  type SmsShop,
} from './sms-support';

interface MessageView {
  id: string;
  channel: 'sms' | 'mail';
  step: string | null;
  status: string;
  error: string | null;
  deliveryStatus: string | null;
  deliveryFailureReason: string | null;
  canResend: boolean;
  attempts: number;
}

describe.each(dbKinds(import.meta.url))('order updates by SMS and mail on %s', (kind) => {
  let s: SmsShop;
  beforeAll(async () => {
    s = await createSmsShop(kind);
  });
  afterAll(async () => {
    await s?.dispose();
  });

  it('sends one SMS and one mail per step, to the order phone, in the documented request format', async () => {
    const { orderId } = await placePaidOrder(s);
    expect(s.double.refused).toEqual([]);
    let sms = s.double.messagesTo(CUSTOMER_PHONE).filter((m) => m.message.includes(ref(orderId)));
    expect(sms.map((m) => m.message)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Lake Victoria Aquaculture: Payment of KES [\\d,]+\\.\\d\\d received for order ${ref(orderId)}\\. Delivery: (Mon|Tue|Wed|Thu|Fri|Sat|Sun) \\d{1,2} [A-Z][a-z]{2}, \\d\\d:\\d\\d-\\d\\d:\\d\\d\\.`,
        ),
      ),
    ]);
    // The order's own page, by its short reference.
    expect(sms[0]?.message).toMatch(new RegExp(` http://localhost:3000/orders/${ref(orderId).slice(1)}$`));

    // The delivery list gives the rider the full number of a paid order still to deliver, and only then.
    const listed = async () =>
      (await body<{ items: { id: string; customerPhone: string; deliveryPhone: string | null }[] }>(await s.asAdmin('/orders'))).items.find(
        (o) => o.id === orderId,
      );
    expect(await listed()).toMatchObject({ customerPhone: '+25*******678', deliveryPhone: CUSTOMER_PHONE });

    expect((await markFulfilment(s, orderId, 'processing')).status).toBe(200);
    expect((await markFulfilment(s, orderId, 'out_for_delivery')).status).toBe(200);
    expect((await markFulfilment(s, orderId, 'delivered')).status).toBe(200);
    expect(await listed()).toMatchObject({ customerPhone: '+25*******678', deliveryPhone: null });
    // A step already taken is refused and sends nothing more.
    expect((await markFulfilment(s, orderId, 'delivered')).status).toBe(409);

    sms = s.double.messagesTo(CUSTOMER_PHONE).filter((m) => m.message.includes(ref(orderId)));
    expect(sms.map((m) => m.message)).toEqual([
      expect.stringContaining(' received for order '),
      expect.stringContaining(`Order ${ref(orderId)} is out for delivery.`),
      expect.stringContaining(`Order ${ref(orderId)} has been delivered.`),
    ]);
    for (const m of sms) expect(m.message.length).toBeLessThanOrEqual(160);

    const rows = await smsRows(s, orderId);
    expect(rows.map((r) => [r.step, r.status, r.attempts]).sort()).toEqual([
      ['delivered', 'sent', 1],
      ['out_for_delivery', 'sent', 1],
      ['paid', 'sent', 1],
    ]);
    expect(rows.every((r) => r.providerMessageId?.startsWith('ATXid_') && r.cost === 'KES 0.8000')).toBe(true);

    const mail = await mailRows(s, orderId);
    expect(mail.map((m) => m.dedupeKey).sort()).toEqual([`${orderId}:delivered`, `${orderId}:out_for_delivery`, `${orderId}:paid`]);
    expect(mail.find((m) => m.dedupeKey?.endsWith(':out_for_delivery'))?.subject).toBe(
      `Order ${ref(orderId)} is out for delivery - Lake Victoria Aquaculture`,
    );
    expect(mail.every((m) => m.to === s.customer.email)).toBe(true);
  });

  it('tells the customer of a cancelled order and of a refund, with the amount in KES', async () => {
    const pending = await placeOrderWith(s);
    const cancel = await s.asAdmin(`/orders/${pending.orderId}/cancel`, { method: 'POST', json: { reason: 'Customer called to cancel' } });
    expect(cancel.status).toBe(200);
    const [order] = await s.t.ctx.db.select().from(orders).where(eq(orders.id, pending.orderId));
    const total = (order!.totalAmount / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
    expect(
      s.double
        .messagesTo(CUSTOMER_PHONE)
        .filter((m) => m.message.includes(ref(pending.orderId)))
        .map((m) => m.message),
    ).toEqual([expect.stringContaining(`Order ${ref(pending.orderId)} (KES ${total}) has been cancelled.`)]);

    const paid = await placePaidOrder(s);
    const refund = await s.asAdmin(`/orders/${paid.orderId}/cancel`, { method: 'POST', json: { reason: 'Out of tilapia today' } });
    expect(refund.status).toBe(200);
    // Asked for, not made: the customer hears of it once Pesapal returns the money.
    expect(await smsRows(s, paid.orderId)).toMatchObject([{ step: 'paid' }]);
    await decideRefund(s, paid.trackingId, 'approve');
    const texts = s.double
      .messagesTo(CUSTOMER_PHONE)
      .filter((m) => m.message.includes(ref(paid.orderId)))
      .map((m) => m.message);
    expect(texts).toEqual([
      expect.stringContaining(' received for order '),
      expect.stringMatching(new RegExp(`Order ${ref(paid.orderId)} is cancelled; KES [\\d,]+\\.\\d\\d has been refunded to you\\.`)),
    ]);
    expect((await mailRows(s, paid.orderId)).map((m) => m.dedupeKey).sort()).toEqual([`${paid.orderId}:paid`, `${paid.orderId}:refunded`]);
  });

  it('tells the customer once when a payment the order did not need is refunded, and the order goes on', async () => {
    const product = await productBySlug(s.t, 'fresh-whole-tilapia');
    const { orderId, extraTrackingId } = await placeOrderPaidTwice(s, [{ productId: product.id, quantity: 1 }]);
    const [extra] = await s.t.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.pesapalTrackingId, extraTrackingId));
    const refund = await s.asAdmin(`/orders/${orderId}/payments/${extra!.id}/refund`, { method: 'POST', json: { reason: 'Paid twice' } });
    expect(refund.status).toBe(200);
    expect((await smsRows(s, orderId)).map((m) => m.step)).toEqual(['paid']);
    await decideRefund(s, extraTrackingId, 'approve');
    const amount = (extra!.amount / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
    const texts = s.double
      .messagesTo(CUSTOMER_PHONE)
      .filter((m) => m.message.includes(ref(orderId)))
      .map((m) => m.message);
    expect(texts).toEqual([
      expect.stringContaining(' received for order '),
      expect.stringContaining(`You paid twice for order ${ref(orderId)}: the extra KES ${amount} has been refunded to you.`),
    ]);
    expect((await mailRows(s, orderId)).map((m) => m.dedupeKey).sort()).toEqual([
      `${orderId}:paid`,
      `${orderId}:payment_refunded:${extra!.id}`,
    ]);
    const [order] = await s.t.ctx.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe('completed');
  });

  it('sends no SMS when the customer said no at checkout, but still mails, and keeps the choice with its time', async () => {
    const before = s.double.messages.length;
    const { orderId } = await placePaidOrder(s, { smsUpdates: false });
    expect((await markFulfilment(s, orderId, 'out_for_delivery')).status).toBe(200);
    expect(s.double.messages.length).toBe(before);
    expect(await smsRows(s, orderId)).toEqual([]);
    expect((await mailRows(s, orderId)).map((m) => m.dedupeKey).sort()).toEqual([`${orderId}:out_for_delivery`, `${orderId}:paid`]);
    const [order] = await s.t.ctx.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.smsUpdates).toBe(false);
    expect(order?.smsUpdatesAt).toBeInstanceOf(Date);
    // The checkout's choice is the customer's latest: the profile says no too.
    const session = await body<{ profile: { smsUpdates: boolean; smsUpdatesAt: string | null } }>(
      await s.t.request('/api/account/session', { cookie: s.customer.cookie }),
    );
    expect(session.profile.smsUpdates).toBe(false);
    expect(session.profile.smsUpdatesAt).not.toBeNull();

    // Back to yes on the profile: the next order is texted again.
    const patch = await s.t.request('/api/account/profile', {
      method: 'PATCH',
      cookie: s.customer.cookie,
      json: { fullName: 'Kamau Customer', phone: '0712345678', address: 'Westlands, Nairobi', smsUpdates: true },
    });
    expect(patch.status).toBe(200);
    const [profile] = await s.t.ctx.db.select().from(profiles).where(eq(profiles.id, s.customer.id));
    expect(profile?.smsUpdates).toBe(true);
    const again = await placePaidOrder(s, { smsUpdates: true });
    expect(s.double.messagesTo(CUSTOMER_PHONE).some((m) => m.message.includes(ref(again.orderId)))).toBe(true);
  });

  it('refuses a choice that is not on or off, changing nothing', async () => {
    const patch = await s.t.request('/api/account/profile', {
      method: 'PATCH',
      cookie: s.customer.cookie,
      json: { fullName: 'Kamau Customer', phone: '0712345678', address: 'Westlands, Nairobi', smsUpdates: 'maybe' },
    });
    expect(patch.status).toBe(400);
    expect(JSON.stringify(await patch.json())).toContain("'Send me SMS updates' must be on or off.");
    const [profile] = await s.t.ctx.db.select().from(profiles).where(eq(profiles.id, s.customer.id));
    expect(profile?.smsUpdates).toBe(true);
  });

  it('retries after the gateway answers 500, with a growing pause, and sends once', async () => {
    const { orderId } = await placePaidOrder(s);
    s.double.failNext(2);
    const before = s.double.messages.length;
    expect((await markFulfilment(s, orderId, 'out_for_delivery')).status).toBe(200);
    const row = async () => (await smsRows(s, orderId)).find((r) => r.step === 'out_for_delivery');
    expect(await row()).toMatchObject({ status: 'failed', attempts: 1, error: expect.stringContaining('HTTP 500') });
    // Not due yet: the job leaves it.
    expect(await s.t.ctx.sms.deliverDue()).toEqual({ sent: 0, failed: 0 });
    s.clock.advance(61_000);
    expect(await s.t.ctx.sms.deliverDue()).toEqual({ sent: 0, failed: 1 });
    const second = await row();
    expect(second).toMatchObject({ status: 'failed', attempts: 2 });
    expect(second!.nextAttemptAt!.getTime() - s.clock.now().getTime()).toBe(2 * 60_000);
    s.clock.advance(2 * 60_000);
    expect(await s.t.ctx.sms.deliverDue()).toEqual({ sent: 1, failed: 0 });
    expect(await row()).toMatchObject({ status: 'sent', attempts: 3, error: null });
    expect(s.double.messages.length).toBe(before + 1);
    expect(s.double.messages.at(-1)?.message).toContain(`Order ${ref(orderId)} is out for delivery.`);
  });

  it('gives up after the last try, shows the failure in the back office, and sends it again on request', async () => {
    const { orderId } = await placePaidOrder(s);
    s.double.failNext(MAX_OUTBOX_ATTEMPTS);
    expect((await markFulfilment(s, orderId, 'out_for_delivery')).status).toBe(200);
    for (let i = 1; i < MAX_OUTBOX_ATTEMPTS; i++) {
      s.clock.advance(3 * 60 * 60_000);
      await s.t.ctx.sms.deliverDue();
    }
    const [abandoned] = (await smsRows(s, orderId)).filter((r) => r.step === 'out_for_delivery');
    expect(abandoned).toMatchObject({ status: 'abandoned', attempts: MAX_OUTBOX_ATTEMPTS, nextAttemptAt: null });

    const list = await body<{ messages: MessageView[] }>(await s.asAdmin(`/orders/${orderId}/messages`));
    const shown = list.messages.find((m) => m.id === abandoned!.id);
    expect(shown).toMatchObject({
      channel: 'sms',
      step: 'out_for_delivery',
      status: 'abandoned',
      canResend: true,
      error: expect.stringContaining('HTTP 500'),
    });
    expect(
      list.messages
        .filter((m) => m.channel === 'mail')
        .map((m) => m.step)
        .sort(),
    ).toEqual(['out_for_delivery', 'paid']);

    // Only an admin may send again.
    const asCustomer = await s.t.request(`/api/admin/orders/${orderId}/messages/sms/${abandoned!.id}/resend`, {
      method: 'POST',
      cookie: s.customer.cookie,
    });
    expect(asCustomer.status).toBe(403);
    const resend = await s.asAdmin(`/orders/${orderId}/messages/sms/${abandoned!.id}/resend`, { method: 'POST' });
    expect(resend.status).toBe(200);
    expect((await body<{ message: MessageView }>(resend)).message).toMatchObject({ status: 'sent', attempts: 1, canResend: false });
    expect(s.double.messages.at(-1)?.message).toContain(`Order ${ref(orderId)} is out for delivery.`);
    expect(await auditRows(s.t, 'ORDER_MESSAGE_RESEND', orderId)).toHaveLength(1);
    // A sent message cannot be sent again; a made-up id is not found.
    expect((await s.asAdmin(`/orders/${orderId}/messages/sms/${abandoned!.id}/resend`, { method: 'POST' })).status).toBe(409);
    expect(
      (await s.asAdmin(`/orders/${orderId}/messages/sms/00000000-0000-0000-0000-000000000000/resend`, { method: 'POST' })).status,
    ).toBe(404);
    expect((await s.asAdmin(`/orders/${orderId}/messages/fax/${abandoned!.id}/resend`, { method: 'POST' })).status).toBe(400);
  });

  it('mails each step over SMTP once the server is back, and sends a failed mail again on request', async () => {
    const port = await freePort();
    const realMailer = s.t.ctx.mailer;
    s.t.ctx.mailer = createMailer({
      db: s.t.ctx.db,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Shop <shop@example.test>',
      now: s.clock.now,
    });
    let smtp: TestSmtpServer | null = null;
    try {
      const { orderId } = await placePaidOrder(s);
      expect((await markFulfilment(s, orderId, 'out_for_delivery')).status).toBe(200);
      const mail = (await mailRows(s, orderId)).find((m) => m.dedupeKey === `${orderId}:out_for_delivery`);
      expect(mail).toMatchObject({ status: 'failed', attempts: 1 });
      const list = await body<{ messages: MessageView[] }>(await s.asAdmin(`/orders/${orderId}/messages`));
      expect(list.messages.find((m) => m.id === mail!.id)).toMatchObject({
        channel: 'mail',
        step: 'out_for_delivery',
        status: 'failed',
        canResend: true,
      });

      smtp = await startSmtpServer(port);
      const resend = await s.asAdmin(`/orders/${orderId}/messages/mail/${mail!.id}/resend`, { method: 'POST' });
      expect(resend.status).toBe(200);
      expect((await body<{ message: MessageView }>(resend)).message).toMatchObject({ status: 'sent', attempts: 1, canResend: false });
      const received = await smtp.waitForMail(s.customer.email, { subject: /is out for delivery/ });
      expect(received.subject).toBe(`Order ${ref(orderId)} is out for delivery - Lake Victoria Aquaculture`);
      // The mail job has nothing left of that step to send: it went once.
      s.clock.advance(3 * 60 * 60_000);
      await s.t.ctx.mailer.deliverDue();
      expect(smtp.mails.filter((m) => m.subject.includes(`Order ${ref(orderId)} is out for delivery`))).toHaveLength(1);
    } finally {
      s.t.ctx.mailer = realMailer;
      await smtp?.stop();
    }
  });

  it('gives up at once on a number the gateway will never accept', async () => {
    const { orderId } = await placePaidOrder(s);
    s.double.invalidNumbers.add(CUSTOMER_PHONE);
    try {
      expect((await markFulfilment(s, orderId, 'out_for_delivery')).status).toBe(200);
    } finally {
      s.double.invalidNumbers.delete(CUSTOMER_PHONE);
    }
    const [row] = (await smsRows(s, orderId)).filter((r) => r.step === 'out_for_delivery');
    expect(row).toMatchObject({ status: 'abandoned', attempts: 1, error: expect.stringContaining('InvalidPhoneNumber') });
  });

  it('lists the texts in the development SMS box, for one phone however its number is written', async () => {
    const { orderId } = await placePaidOrder(s);
    const box = async (query: string) => (await s.t.app.request(`http://localhost:3000/dev/sms${query}`, {}, LOOPBACK_BINDINGS)).text();
    const all = await box('');
    expect(all).toContain(`received for order ${ref(orderId)}.`);
    for (const query of ['?to=+254712345678', '?to=%2B254712345678', '?to=0712345678']) {
      const html = await box(query);
      expect(html, query).toContain(`SMS to ${CUSTOMER_PHONE}`);
      expect(html, query).toContain(`received for order ${ref(orderId)}.`);
    }
    expect(await box('?to=%2B254700000009')).toContain('No SMS yet.');
  });

  it('records delivery reports on the SMS they name, and ignores unknown or malformed ones', async () => {
    const { orderId } = await placePaidOrder(s);
    const [sent] = await smsRows(s, orderId);
    const report = (fields: Record<string, string>) =>
      s.t.app.request('http://localhost:3000/api/sms/delivery-reports', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
    const res = await report({
      id: sent!.providerMessageId!,
      status: 'Failed',
      phoneNumber: CUSTOMER_PHONE,
      networkCode: '63902',
      failureReason: 'AbsentSubscriber',
      retryCount: '0',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ recorded: true });
    const [after] = await s.t.ctx.db.select().from(outboundSms).where(eq(outboundSms.id, sent!.id));
    expect(after).toMatchObject({ deliveryStatus: 'Failed', deliveryFailureReason: 'AbsentSubscriber', status: 'sent' });

    expect(await (await report({ id: 'ATXid_unknown', status: 'Success', phoneNumber: CUSTOMER_PHONE })).json()).toEqual({
      recorded: false,
    });
    // The right id with another number is not about this SMS.
    expect(await (await report({ id: sent!.providerMessageId!, status: 'Success', phoneNumber: '+254700000001' })).json()).toEqual({
      recorded: false,
    });
    const bad = await report({ id: sent!.providerMessageId!, status: '<script>' });
    expect(bad.status).toBe(400);
    expect((await body<{ error: { message: string } }>(bad)).error.message).toContain('A delivery report needs an id and a status');
    const [unchanged] = await s.t.ctx.db
      .select()
      .from(outboundSms)
      .where(and(eq(outboundSms.id, sent!.id)));
    expect(unchanged?.deliveryStatus).toBe('Failed');

    // The back office shows the failure and may send it again.
    const list = await body<{ messages: MessageView[] }>(await s.asAdmin(`/orders/${orderId}/messages`));
    expect(list.messages.find((m) => m.id === sent!.id)).toMatchObject({
      deliveryStatus: 'Failed',
      deliveryFailureReason: 'AbsentSubscriber',
      canResend: true,
    });
  });
});
