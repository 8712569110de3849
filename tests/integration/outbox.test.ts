// The one outbox, run for each kind it sends (mail over SMTP, SMS through Africa's Talking) against
// their real servers: a message goes out once however many senders race for it, also from two
// instances on one PostgreSQL database; a failed send is tried again after a doubling pause; a
// sender that died frees its message when the lease ends; after the last try the message is given up.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { outboundSms } from '../../src/server/db/schema';
import {
  MAX_OUTBOX_ATTEMPTS,
  SENDING_LEASE_MS,
  createOutbox,
  outboxRetryDelayMs,
  type OutboxTable,
} from '../../src/server/infra/outbox/outbox';
import { dbKinds, HAS_POSTGRES, createTestDatabase, openSecondHandle, type DbKind, type TestDatabase } from '../support/test-database';
import { insertOrderForSms, mailSender, smsSender, type Sender, type SmsSender } from './outbox-senders';

const START = new Date('2026-11-23T09:00:00Z');

describe('the outbox’s retry pause', () => {
  it.each([
    [1, 60_000],
    [2, 120_000],
    [3, 240_000],
    [7, 64 * 60_000],
    [8, 2 * 60 * 60_000],
    [20, 2 * 60 * 60_000],
  ])('after try %i waits %i ms', (attempts, ms) => {
    expect(outboxRetryDelayMs(attempts)).toBe(ms);
  });
});

/** A fresh database with an order for SMS to be about, both kinds' servers, and a movable clock. */
function outboxFixture(dbKind: DbKind) {
  const f = {
    testDb: undefined as unknown as TestDatabase,
    mail: undefined as unknown as Sender,
    sms: undefined as unknown as SmsSender,
    clock: START,
    now: () => f.clock,
    advance(ms: number) {
      f.clock = new Date(f.clock.getTime() + ms);
    },
    db: () => f.testDb.database.db,
    sender: (name: KindName): Sender<OutboxTable> => (name === 'mail' ? f.mail : f.sms),
  };
  let orderId = '';
  beforeAll(async () => {
    f.testDb = await createTestDatabase(dbKind);
    orderId = await insertOrderForSms(f.db());
    f.mail = await mailSender();
    f.sms = await smsSender(() => orderId);
  });
  afterAll(async () => {
    await f.mail?.close();
    await f.sms?.close();
    await f.testDb?.dispose();
  });
  afterEach(async () => {
    f.clock = START;
    await f.mail.clear(f.db());
    await f.sms.clear(f.db());
  });
  return f;
}

type KindName = 'mail' | 'SMS';
const KIND_NAMES: KindName[] = ['mail', 'SMS'];

describe.each(dbKinds(import.meta.url))('the outbox on %s', (dbKind) => {
  const f = outboxFixture(dbKind);
  const { now, advance, db } = f;

  describe.each(KIND_NAMES)('for %s', (name) => {
    const sender = () => f.sender(name);
    const outboxOn = () => createOutbox({ db: db(), kind: sender().kind(), now });

    it('sends a queued message once when the request and the job both try it', async () => {
      const s = sender();
      const outbox = outboxOn();
      const id = await s.queue(db(), 1);
      const [byRequest, byJob, byRetry] = await Promise.all([outbox.deliver(id), outbox.deliverDue(), outbox.deliver(id)]);
      expect(Number(byRequest) + byJob.sent + Number(byRetry)).toBe(1);
      expect(s.received()).toEqual([s.recipient(1)]);
      expect(await s.row(db(), id)).toMatchObject({ status: 'sent', attempts: 1, error: null, nextAttemptAt: null, sentAt: now() });
      expect(await outbox.deliverDue()).toEqual({ sent: 0, failed: 0 });
    });

    it('keeps a message the server refused and tries again after 1, then 2 minutes', async () => {
      const s = sender();
      const outbox = outboxOn();
      const id = await s.queue(db(), 1);
      await s.down();
      expect(await outbox.deliver(id)).toBe(false);
      const failed = await s.row(db(), id);
      expect(failed).toMatchObject({ status: 'failed', attempts: 1, sentAt: null, nextAttemptAt: new Date(now().getTime() + 60_000) });
      expect(failed?.error).toBeTruthy();

      advance(60_000 - 1);
      expect(await outbox.deliverDue()).toEqual({ sent: 0, failed: 0 }); // the pause is not over yet
      advance(1);
      expect(await outbox.deliverDue()).toEqual({ sent: 0, failed: 1 });
      expect(await s.row(db(), id)).toMatchObject({ status: 'failed', attempts: 2, nextAttemptAt: new Date(now().getTime() + 2 * 60_000) });

      await s.up();
      advance(2 * 60_000);
      expect(await outbox.deliverDue()).toEqual({ sent: 1, failed: 0 });
      expect(await s.row(db(), id)).toMatchObject({ status: 'sent', attempts: 3, error: null, nextAttemptAt: null, sentAt: now() });
      expect(s.received()).toEqual([s.recipient(1)]);
    });

    it('gives a message up after the last try and never sends it again', async () => {
      const s = sender();
      const outbox = outboxOn();
      const id = await s.queue(db(), 1);
      await s.down();
      for (let attempt = 1; attempt < MAX_OUTBOX_ATTEMPTS; attempt++) {
        expect(await outbox.deliverDue()).toEqual({ sent: 0, failed: 1 });
        expect(await s.row(db(), id)).toMatchObject({
          status: 'failed',
          attempts: attempt,
          nextAttemptAt: new Date(now().getTime() + outboxRetryDelayMs(attempt)),
        });
        advance(outboxRetryDelayMs(attempt));
      }
      expect(await outbox.deliverDue()).toEqual({ sent: 0, failed: 1 });
      expect(await s.row(db(), id)).toMatchObject({
        status: 'abandoned',
        attempts: MAX_OUTBOX_ATTEMPTS,
        nextAttemptAt: null,
        sentAt: null,
      });

      await s.up();
      advance(24 * 60 * 60_000);
      expect(await outbox.deliverDue()).toEqual({ sent: 0, failed: 0 });
      expect(await outbox.deliver(id)).toBe(false);
      expect(s.received()).toEqual([]);
    });

    it('leaves a message to the sender holding its lease, and takes it when a dead sender’s lease ends', async () => {
      const s = sender();
      // This instance's send never returns: the process died mid-send.
      const dying = createOutbox({ db: db(), kind: { ...s.kind(), send: () => new Promise<never>(() => {}) }, now });
      const outbox = outboxOn();
      const id = await s.queue(db(), 1);
      void dying.deliver(id);
      await expect.poll(async () => (await s.row(db(), id))?.attempts).toBe(1);

      advance(SENDING_LEASE_MS - 1);
      expect(await outbox.deliverDue()).toEqual({ sent: 0, failed: 0 });
      expect(await outbox.deliver(id)).toBe(false);
      advance(1);
      const [a, b] = await Promise.all([outbox.deliverDue(), outbox.deliverDue()]);
      expect(a.sent + b.sent).toBe(1);
      expect(s.received()).toEqual([s.recipient(1)]);
      expect(await s.row(db(), id)).toMatchObject({ status: 'sent', attempts: 2 });
    });
  });

  it('gives an SMS up at once when the gateway will never accept its number, and keeps what it answered for one it sent', async () => {
    const outbox = createOutbox({ db: db(), kind: f.sms.kind(), now });
    const refused = await f.sms.queue(db(), 1);
    const accepted = await f.sms.queue(db(), 2);
    f.sms.double.invalidNumbers.add(f.sms.recipient(1));
    try {
      expect(await outbox.deliverDue()).toEqual({ sent: 1, failed: 1 });
    } finally {
      f.sms.double.invalidNumbers.clear();
    }
    const gaveUp = await f.sms.row(db(), refused);
    expect(gaveUp).toMatchObject({ status: 'abandoned', attempts: 1, nextAttemptAt: null });
    expect(gaveUp?.error).toContain('InvalidPhoneNumber');
    expect(f.sms.double.messages.map((m) => m.to)).toEqual([f.sms.recipient(2)]);
    const [row] = await db().select().from(outboundSms).where(eq(outboundSms.id, accepted));
    expect(row).toMatchObject({
      status: 'sent',
      providerMessageId: f.sms.double.messages[0]?.messageId,
      providerStatus: 'Success',
      cost: 'KES 0.8000',
    });
  });
});

describe.runIf(HAS_POSTGRES)('the outbox with two instances on one PostgreSQL database', () => {
  const f = outboxFixture('postgres');
  let secondDatabase: Database;
  beforeAll(async () => {
    secondDatabase = await openSecondHandle(f.testDb.url!);
  });
  afterAll(async () => {
    await secondDatabase?.close();
  });

  it.each(KIND_NAMES)('sends every %s once when both instances’ jobs and requests race for them', async (name) => {
    const s = f.sender(name);
    const first = createOutbox({ db: f.db(), kind: s.kind(), now: f.now });
    const second = createOutbox({ db: secondDatabase.db, kind: s.kind(), now: f.now });
    const numbers = [1, 2, 3, 4, 5, 6];
    const ids = await Promise.all(numbers.map((n) => s.queue(f.db(), n)));
    const [firstJob, secondJob, ...requests] = await Promise.all([
      first.deliverDue(),
      second.deliverDue(),
      ...ids.flatMap((id) => [first.deliver(id), second.deliver(id)]),
    ]);
    expect(firstJob.sent + secondJob.sent + requests.filter(Boolean).length).toBe(numbers.length);
    expect([...s.received()].sort()).toEqual(numbers.map((n) => s.recipient(n)).sort());
    for (const id of ids) expect(await s.row(f.db(), id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await Promise.all([first.deliverDue(), second.deliverDue()])).toEqual([
      { sent: 0, failed: 0 },
      { sent: 0, failed: 0 },
    ]);
  });
});
