// The mail outbox against a real SMTP server: a mail that cannot be sent is kept and sent later,
// a mail recorded in a rolled-back transaction is never sent, and two senders send it once.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { outboundMail } from '../../src/server/db/schema';
import { createMailer, type Mailer } from '../../src/server/infra/mail/mailer';
import { MAX_OUTBOX_ATTEMPTS, outboxRetryDelayMs } from '../../src/server/infra/outbox/outbox';
import { freePort } from '../e2e/support/shop-server';
import { startSmtpServer, type TestSmtpServer } from '../e2e/support/smtp';
import { dbKinds, createTestDatabase, type TestDatabase } from '../support/test-database';

const MESSAGE = { to: 'amina@example.test', subject: 'Order #1234abcd confirmed', text: 'Thank you for your order.' };

describe.each(dbKinds(import.meta.url))('the mail outbox on %s', (kind) => {
  let testDb: TestDatabase;
  let port: number;
  let smtp: TestSmtpServer | null = null;
  let clock = new Date('2026-11-23T09:00:00Z');
  let mailer: Mailer;

  const rows = () => testDb.database.db.select().from(outboundMail);
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await testDb.dispose();
  });
  afterEach(async () => {
    await smtp?.stop();
    smtp = null;
    await testDb.database.db.delete(outboundMail);
  });
  const setUp = async (opts: { smtpUp: boolean }) => {
    port = await freePort();
    if (opts.smtpUp) smtp = await startSmtpServer(port);
    mailer = createMailer({
      db: testDb.database.db,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Shop <shop@example.test>',
      now: () => clock,
    });
  };

  it('keeps a mail SMTP refused and sends it once the server is back and the pause is over', async () => {
    await setUp({ smtpUp: false });
    await expect(mailer.send(MESSAGE)).resolves.toBeUndefined();
    const [failed] = await rows();
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, sentAt: null });
    expect(failed?.error).toBeTruthy();
    expect(failed?.nextAttemptAt?.getTime()).toBe(clock.getTime() + outboxRetryDelayMs(1));

    smtp = await startSmtpServer(port);
    expect(await mailer.deliverDue()).toEqual({ sent: 0, failed: 0 }); // the pause is not over yet
    expect(smtp.mails).toHaveLength(0);

    advance(outboxRetryDelayMs(1));
    expect(await mailer.deliverDue()).toEqual({ sent: 1, failed: 0 });
    expect((await smtp.waitForMail(MESSAGE.to)).subject).toBe(MESSAGE.subject);
    const [sent] = await rows();
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, error: null, nextAttemptAt: null });
    expect(await mailer.deliverDue()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.mails).toHaveLength(1);
  });

  it('gives up after the last try and keeps the mail as abandoned', async () => {
    await setUp({ smtpUp: false });
    await mailer.send(MESSAGE);
    for (let attempt = 2; attempt <= MAX_OUTBOX_ATTEMPTS; attempt++) {
      advance(outboxRetryDelayMs(attempt - 1));
      expect(await mailer.deliverDue()).toEqual({ sent: 0, failed: 1 });
    }
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'abandoned', attempts: MAX_OUTBOX_ATTEMPTS, nextAttemptAt: null });
    advance(24 * 60 * 60_000);
    expect(await mailer.deliverDue()).toEqual({ sent: 0, failed: 0 });
  });

  it('never sends a mail recorded in a transaction that rolled back', async () => {
    await setUp({ smtpUp: true });
    await expect(
      testDb.database.db.transaction(async (tx) => {
        await mailer.enqueue(tx, MESSAGE);
        throw new Error('the order could not be saved');
      }),
    ).rejects.toThrow('the order could not be saved');
    expect(await rows()).toHaveLength(0);
    expect(await mailer.deliverDue()).toEqual({ sent: 0, failed: 0 });
    expect(smtp?.mails).toHaveLength(0);
  });

  it('sends a queued mail once when the request and the mail job both try it', async () => {
    await setUp({ smtpUp: true });
    const id = await mailer.enqueue(testDb.database.db, MESSAGE);
    if (!id) throw new Error('a mail without a dedupe key is always queued');
    await Promise.all([mailer.deliver(id), mailer.deliverDue(), mailer.deliver(id)]);
    await smtp?.waitForMail(MESSAGE.to);
    expect(smtp?.mails).toHaveLength(1);
    const [row] = await testDb.database.db.select().from(outboundMail).where(eq(outboundMail.id, id));
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('queues nothing for a customer without an address: an empty one, or the stand-in of an account made by phone', async () => {
    await setUp({ smtpUp: true });
    await mailer.send({ ...MESSAGE, to: '' });
    expect(await mailer.enqueue(testDb.database.db, { ...MESSAGE, to: '254711555666@phone.invalid' })).toBeNull();
    expect(await rows()).toEqual([]);
    expect(smtp?.mails).toHaveLength(0);
  });
});
