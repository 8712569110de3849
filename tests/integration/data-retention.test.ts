// The retention job, with the shop's clock moved 200 days on: expired sign-in codes, long-expired
// sessions, sent SMS and mail, idle carts go and old log entries lose their details; recent rows and
// any message not yet sent stay. Two instances running it at once delete each row once.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../../src/server/app';
import type { ServerContext } from '../../src/server/context';
import type { Database } from '../../src/server/db/client';
import { LOCKS } from '../../src/server/db/locks';
import { deletedEmail } from '../../src/domain/account-deletion';
import { auditLogs, orders, outboundMail, outboundSms, savedCarts, session, user, verification } from '../../src/server/db/schema';
import { pruneExpiredData, type RetentionCounts } from '../../src/server/features/privacy/data-retention.service';
import { createUser } from '../support/test-app';
import { dbKinds, openSecondHandle } from '../support/test-database';
import { createShop, disposeShop, type Shop } from './checkout-support';
import { insertOrder } from './orders-fixtures';

const DAY = 24 * 60 * 60 * 1000;

describe.each(dbKinds(import.meta.url))('the retention job on %s', (kind) => {
  let shop: Shop;
  let secondDatabase: Database | undefined;
  let second: ServerContext;

  beforeAll(async () => {
    shop = await createShop(kind);
    if (kind === 'postgres') {
      secondDatabase = await openSecondHandle(shop.testDb.url!);
      const { env, logger, mailer, integrations } = shop.ctx;
      second = createContext({ env, logger, mailer, database: secondDatabase, now: shop.clock.now, integrations });
    } else second = shop.ctx;
  });
  afterAll(async () => {
    await secondDatabase?.close();
    await disposeShop(shop);
  });

  /** One of each kind of row, written at the shop's current time; `tag` names them. */
  async function rowsAt(tag: string, userId: string) {
    const at = shop.clock.now();
    const db = shop.ctx.db;
    await db
      .insert(verification)
      .values({ id: `v-${tag}`, identifier: `phone-${tag}`, value: '123456', expiresAt: new Date(at.getTime() + 10 * 60_000) });
    await db.insert(session).values({
      id: `s-${tag}`,
      token: `token-${tag}`,
      userId,
      expiresAt: new Date(at.getTime() + 30 * DAY),
      createdAt: at,
      updatedAt: at,
    });
    const sms = { to: '+254700000001', message: 'Your order is on its way', createdAt: at };
    await db.insert(outboundSms).values([
      { ...sms, step: 'paid', dedupeKey: `sent-${tag}`, status: 'sent', sentAt: at },
      { ...sms, step: 'paid', dedupeKey: `queued-${tag}`, status: 'queued', nextAttemptAt: at },
      { ...sms, step: 'paid', dedupeKey: `failed-${tag}`, status: 'failed', nextAttemptAt: at },
    ]);
    const mail = { to: 'someone@example.test', from: 'shop@example.test', subject: 'Receipt', text: 'Thank you', createdAt: at };
    await db.insert(outboundMail).values([
      { ...mail, dedupeKey: `sent-${tag}`, status: 'sent', sentAt: at },
      { ...mail, dedupeKey: `queued-${tag}`, status: 'queued', nextAttemptAt: at },
    ]);
    await db.insert(savedCarts).values({ userId, lines: [], value: 0, updatedAt: at });
  }

  async function sizes() {
    const db = shop.ctx.db;
    return {
      sessions: (await db.select({ id: session.id }).from(session)).length,
      sms: (await db.select({ id: outboundSms.id }).from(outboundSms)).length,
      mail: (await db.select({ id: outboundMail.id }).from(outboundMail)).length,
      savedCarts: (await db.select({ id: savedCarts.userId }).from(savedCarts)).length,
    };
  }

  const total = (counts: (RetentionCounts | null)[]) =>
    counts.reduce<Record<string, number>>((sum, c) => {
      for (const [k, v] of Object.entries(c ?? {})) sum[k] = (sum[k] ?? 0) + v;
      return sum;
    }, {});

  it('deletes what is past its period once, keeps recent rows and every message not yet sent', async () => {
    const [oldUser, newUser] = [await createUser(shop), await createUser(shop)];
    await rowsAt('old', oldUser.id);
    await shop.ctx.db.insert(auditLogs).values([
      {
        action: 'order.note',
        tableName: 'orders',
        recordId: 'r-old',
        details: { phone: '0712 345 678' },
        ipAddress: '10.0.0.1',
        createdAt: new Date(shop.clock.now().getTime() - 3 * 365 * DAY),
      },
      {
        action: 'order.note',
        tableName: 'orders',
        recordId: 'r-new',
        details: { phone: '0712 345 678' },
        ipAddress: '10.0.0.1',
        createdAt: shop.clock.now(),
      },
    ]);
    shop.clock.advance(200 * DAY);
    await rowsAt('new', newUser.id);

    const before = await sizes();
    // Two instances at once, each under the job's lock: every row is deleted by one of them.
    const runs = await Promise.all([
      shop.ctx.database.withTryLock(LOCKS.dataRetention, () => pruneExpiredData(shop.ctx)),
      second.database.withTryLock(LOCKS.dataRetention, () => pruneExpiredData(second)),
    ]);
    const after = await sizes();
    const done = total(runs);
    expect(done).toMatchObject({ verifications: 1, sms: 1, mail: 1, savedCarts: 1, auditDetails: 1 });
    // What the two runs say they deleted is what is gone: no row counted twice.
    expect({ sessions: done.sessions, sms: done.sms, mail: done.mail, savedCarts: done.savedCarts }).toEqual({
      sessions: before.sessions - after.sessions,
      sms: before.sms - after.sms,
      mail: before.mail - after.mail,
      savedCarts: before.savedCarts - after.savedCarts,
    });
    expect(total([await pruneExpiredData(shop.ctx)])).toMatchObject({
      verifications: 0,
      sessions: 0,
      sms: 0,
      mail: 0,
      savedCarts: 0,
      auditDetails: 0,
    });

    const db = shop.ctx.db;
    expect(
      (
        await db
          .select({ id: verification.id })
          .from(verification)
          .where(inArray(verification.id, ['v-old', 'v-new']))
      ).map((r) => r.id),
    ).toEqual(['v-new']);
    expect(
      (
        await db
          .select({ id: session.id })
          .from(session)
          .where(inArray(session.id, ['s-old', 's-new']))
      ).map((r) => r.id),
    ).toEqual(['s-new']);
    expect((await db.select({ k: outboundSms.dedupeKey }).from(outboundSms)).map((r) => r.k).sort()).toEqual(
      ['failed-new', 'failed-old', 'queued-new', 'queued-old', 'sent-new'].sort(),
    );
    expect(
      (
        await db
          .select({ k: outboundMail.dedupeKey })
          .from(outboundMail)
          .where(inArray(outboundMail.dedupeKey, ['sent-old', 'queued-old', 'sent-new', 'queued-new']))
      )
        .map((r) => r.k)
        .sort(),
    ).toEqual(['queued-new', 'queued-old', 'sent-new'].sort());
    expect((await db.select({ u: savedCarts.userId }).from(savedCarts)).map((r) => r.u)).toEqual([newUser.id]);
    const audit = await db
      .select()
      .from(auditLogs)
      .where(inArray(auditLogs.recordId, ['r-old', 'r-new']));
    expect(audit.find((a) => a.recordId === 'r-old')).toMatchObject({ action: 'order.note', details: null, ipAddress: null });
    expect(audit.find((a) => a.recordId === 'r-new')).toMatchObject({ details: { phone: '0712 345 678' }, ipAddress: '10.0.0.1' });
  });

  it("removes a deleted customer's business PIN and address from orders past the tax records' period, and from no one else's", async () => {
    const [gone, active] = [await createUser(shop), await createUser(shop)];
    await shop.ctx.db
      .update(user)
      .set({ email: deletedEmail(gone.id), name: 'Deleted customer' })
      .where(eq(user.id, gone.id));
    const sixYearsAgo = new Date(shop.clock.now().getTime() - 6 * 365 * DAY);
    const fourYearsAgo = new Date(shop.clock.now().getTime() - 4 * 365 * DAY);
    const old = await insertOrder(shop.ctx.db, {
      userId: gone.id,
      status: 'completed',
      fulfilmentStatus: 'delivered',
      createdAt: sixYearsAgo,
    });
    const recent = await insertOrder(shop.ctx.db, {
      userId: gone.id,
      status: 'completed',
      fulfilmentStatus: 'delivered',
      createdAt: fourYearsAgo,
    });
    const others = await insertOrder(shop.ctx.db, {
      userId: active.id,
      status: 'completed',
      fulfilmentStatus: 'delivered',
      createdAt: sixYearsAgo,
    });
    const ids = [old.orderId, recent.orderId, others.orderId];
    await shop.ctx.db
      .update(orders)
      .set({ buyerKraPin: 'P051234567X', buyerBusinessName: 'Kamau Traders Ltd' })
      .where(inArray(orders.id, ids));
    const totals = async () =>
      (await shop.ctx.db.select({ id: orders.id, total: orders.totalAmount }).from(orders).where(inArray(orders.id, ids))).sort((a, b) =>
        a.id.localeCompare(b.id),
      );
    const before = await totals();

    expect((await pruneExpiredData(shop.ctx)).taxRecords).toBe(1);
    const rows = await shop.ctx.db.select().from(orders).where(inArray(orders.id, ids));
    const byId = (id: string) => rows.find((r) => r.id === id);
    expect(byId(old.orderId)).toMatchObject({ buyerKraPin: null, buyerBusinessName: null, deliveryAddress: 'Address removed' });
    expect(byId(recent.orderId)).toMatchObject({ buyerKraPin: 'P051234567X', deliveryAddress: 'Westlands, Nairobi' });
    expect(byId(others.orderId)).toMatchObject({ buyerKraPin: 'P051234567X', deliveryAddress: 'Westlands, Nairobi' });
    expect(await totals()).toEqual(before);
  });
});
