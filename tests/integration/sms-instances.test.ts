// Two server instances on one PostgreSQL database: the merchant's clicks race on both, both SMS jobs
// run, one instance dies while sending. Each order step still reaches the customer exactly once.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, createContext } from '../../src/server/app';
import type { ServerContext } from '../../src/server/context';
import type { Database } from '../../src/server/db/client';
import { outboundMail, outboundSms } from '../../src/server/db/schema';
import { queueOrderUpdate } from '../../src/server/features/orders/order-updates.service';
import { createMailer } from '../../src/server/infra/mail/mailer';
import { createSmsOutbox } from '../../src/server/infra/sms/sms-outbox';
import { HAS_POSTGRES, openSecondHandle } from '../support/test-database';
import { TEST_ORIGIN } from '../support/test-app';
import { CUSTOMER_PHONE, createSmsShop, placePaidOrder, ref, smsRows, type SmsShop } from './sms-support';

describe.runIf(HAS_POSTGRES)('order updates with two instances on PostgreSQL', () => {
  let s: SmsShop;
  let secondDatabase: Database;
  let second: ServerContext;
  let secondApp: ReturnType<typeof createApp>;

  beforeAll(async () => {
    s = await createSmsShop('postgres', { poolSize: 20 });
    secondDatabase = await openSecondHandle(s.t.testDb.url!);
    const { env, logger } = s.t.ctx;
    second = createContext({
      env,
      logger,
      database: secondDatabase,
      mailer: createMailer({ db: secondDatabase.db, from: 'Shop <shop@example.test>' }),
      now: s.clock.now,
    });
    secondApp = createApp(second);
  });
  afterAll(async () => {
    await secondDatabase?.close();
    await s?.dispose();
  });

  const onSecond = (path: string, json: unknown) =>
    secondApp.request(`${TEST_ORIGIN}/api/admin${path}`, {
      method: 'POST',
      headers: { Origin: TEST_ORIGIN, Cookie: s.admin.cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify(json),
    });

  it('sends one SMS per step when both instances mark the order at once and both jobs run', async () => {
    const { orderId } = await placePaidOrder(s);
    const body = { status: 'out_for_delivery' };
    const answers = await Promise.all([
      s.asAdmin(`/orders/${orderId}/fulfilment`, { method: 'POST', json: body }),
      onSecond(`/orders/${orderId}/fulfilment`, body),
      s.asAdmin(`/orders/${orderId}/fulfilment`, { method: 'POST', json: body }),
      onSecond(`/orders/${orderId}/fulfilment`, body),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    await Promise.all([s.t.ctx.sms.deliverDue(), second.sms.deliverDue(), s.t.ctx.sms.deliverDue(), second.sms.deliverDue()]);
    const texts = s.double
      .messagesTo(CUSTOMER_PHONE)
      .filter((m) => m.message.includes(ref(orderId)))
      .map((m) => m.message);
    expect(texts).toEqual([expect.stringContaining(' received for order '), expect.stringContaining('is out for delivery')]);
    expect((await smsRows(s, orderId)).map((r) => r.step).sort()).toEqual(['out_for_delivery', 'paid']);
  });

  it('queues a step once even when both instances try it in their own transactions', async () => {
    const { orderId } = await placePaidOrder(s);
    const queued = await Promise.all(
      [s.t.ctx, second, s.t.ctx, second].map((ctx) => ctx.db.transaction((tx) => queueOrderUpdate(ctx, tx, orderId, 'delivered'))),
    );
    expect(queued.filter((q) => q.smsId !== null)).toHaveLength(1);
    expect(queued.filter((q) => q.mailId !== null)).toHaveLength(1);
    expect((await smsRows(s, orderId)).filter((r) => r.step === 'delivered')).toHaveLength(1);
    const mail = await s.t.ctx.db
      .select()
      .from(outboundMail)
      .where(eq(outboundMail.dedupeKey, `${orderId}:delivered`));
    expect(mail).toHaveLength(1);
    await Promise.all([s.t.ctx.sms.deliverDue(), second.sms.deliverDue()]);
    expect(s.double.messagesTo(CUSTOMER_PHONE).filter((m) => m.message.includes(`Order ${ref(orderId)} has been delivered.`))).toHaveLength(
      1,
    );
  });

  it('sends an SMS once after the instance sending it died (kill -9): the other takes it when the lease ends', async () => {
    const { orderId } = await placePaidOrder(s);
    // The first instance's gateway call never returns: the process is gone mid-send.
    const dying = createSmsOutbox({
      db: s.t.ctx.db,
      gateway: { description: 'dead', send: () => new Promise(() => {}) },
      now: s.clock.now,
    });
    const queued = await s.t.ctx.db.transaction((tx) => queueOrderUpdate({ ...s.t.ctx, sms: dying }, tx, orderId, 'out_for_delivery'));
    expect(queued.smsId).not.toBeNull();
    void dying.deliver(queued.smsId!);
    const leased = async () => (await s.t.ctx.db.select().from(outboundSms).where(eq(outboundSms.id, queued.smsId!)))[0];
    await expect.poll(async () => (await leased())?.attempts).toBe(1);
    const before = s.double.messages.length;
    // While the lease holds, the other instance leaves it alone.
    expect(await second.sms.deliverDue()).toEqual({ sent: 0, failed: 0 });
    s.clock.advance(5 * 60_000 + 1);
    const [a, b] = await Promise.all([second.sms.deliverDue(), second.sms.deliverDue()]);
    expect(a.sent + b.sent).toBe(1);
    expect(s.double.messages.length).toBe(before + 1);
    expect(s.double.messages.at(-1)?.message).toContain(`Order ${ref(orderId)} is out for delivery.`);
    expect(await leased()).toMatchObject({ status: 'sent', attempts: 2 });
  });
});
