// Two server instances on one PostgreSQL database: a change made through either instance's database
// handle reaches the browsers connected to the other, and still only its owner's.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, createContext } from '../../src/server/app';
import type { Database } from '../../src/server/db/client';
import { createTestApp, createUser, TEST_ORIGIN, type TestApp, type TestUser } from '../support/test-app';
import { HAS_POSTGRES, openSecondHandle } from '../support/test-database';
import { insertOrder, setPaymentStatus } from './orders-fixtures';
import { openEventStream } from './realtime-fixtures';

describe.runIf(HAS_POSTGRES)('live events across two instances on PostgreSQL', () => {
  let first: TestApp;
  let secondDatabase: Database;
  let secondApp: ReturnType<typeof createApp>;
  let amina: TestUser;
  let brian: TestUser;

  /** The same request helper as the first instance's, against the second instance. */
  const requestSecond = (path: string, init: RequestInit & { cookie?: string } = {}) => {
    const { cookie, headers, ...rest } = init;
    const h = new Headers(headers);
    h.set('Origin', TEST_ORIGIN);
    if (cookie) h.set('Cookie', cookie);
    return Promise.resolve(secondApp.request(`${TEST_ORIGIN}${path}`, { ...rest, headers: h }));
  };

  beforeAll(async () => {
    first = await createTestApp('postgres', { seed: true });
    secondDatabase = await openSecondHandle(first.testDb.url!);
    const { env, logger, mailer } = first.ctx;
    secondApp = createApp(createContext({ env, logger, mailer, database: secondDatabase }));
    amina = await createUser(first);
    brian = await createUser(first);
  });
  afterAll(async () => {
    await secondDatabase?.close();
    await first?.dispose();
  });

  it('an update through one instance reaches a stream opened on the other', async () => {
    const aminaOnSecond = await openEventStream(requestSecond, amina.cookie);
    const brianOnFirst = await openEventStream(first.request, brian.cookie);
    try {
      // Written through the first instance's handle, watched on the second.
      const aminaOrder = await insertOrder(first.ctx.db, { userId: amina.id, payments: ['PENDING'] });
      await setPaymentStatus(first.ctx.db, aminaOrder.transactionIds[0]!, 'COMPLETED');
      // And the other way round.
      const brianOrder = await insertOrder(secondDatabase.db, { userId: brian.id, payments: ['PENDING'] });
      await setPaymentStatus(secondDatabase.db, brianOrder.transactionIds[0]!, 'FAILED');

      // Amina's last change comes after Brian's: once it arrived, Brian's had been offered too.
      const aminaLast = await insertOrder(secondDatabase.db, { userId: amina.id });

      await aminaOnSecond.waitFor((e) => e.orderId === aminaLast.orderId);
      await brianOnFirst.waitFor((e) => e.kind === 'payment' && e.status === 'FAILED');
      expect(aminaOnSecond.events.map((e) => e.orderId)).toEqual([...Array(3).fill(aminaOrder.orderId), aminaLast.orderId]);
      expect(aminaOnSecond.events[2]).toEqual({ kind: 'payment', orderId: aminaOrder.orderId, status: 'COMPLETED', oldStatus: 'PENDING' });
      expect(brianOnFirst.events.map((e) => e.orderId)).toEqual(Array(3).fill(brianOrder.orderId));
      expect(brianOnFirst.events[2]).toEqual({ kind: 'payment', orderId: brianOrder.orderId, status: 'FAILED', oldStatus: 'PENDING' });
    } finally {
      aminaOnSecond.close();
      brianOnFirst.close();
    }
  });

  it('ends the open streams when the listening connections drop, and the reconnected streams get events again', async () => {
    const before = [await openEventStream(requestSecond, amina.cookie), await openEventStream(first.request, brian.cookie)];
    // Both instances lose their LISTEN connection (as in a database failover).
    await first.ctx.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`,
    );
    // Events may have been lost meanwhile: each stream ends, so its browser reconnects and refetches.
    await Promise.all(before.map((s) => s.ended));

    // The browsers reconnect (EventSource does by itself), once each instance listens again.
    const after = async (request: typeof requestSecond, user: TestUser) => {
      for (;;) {
        const stream = await openEventStream(request, user.cookie);
        const probe = await insertOrder(first.ctx.db, { userId: user.id });
        const got = await stream.waitFor((e) => e.orderId === probe.orderId, 2_000).catch(() => null);
        if (got) return stream;
        stream.close();
      }
    };
    const aminaOnSecond = await after(requestSecond, amina);
    const brianOnFirst = await after(first.request, brian);
    try {
      const aminaOrder = await insertOrder(secondDatabase.db, { userId: amina.id, payments: ['PENDING'] });
      const brianOrder = await insertOrder(first.ctx.db, { userId: brian.id, payments: ['PENDING'] });
      await aminaOnSecond.waitFor((e) => e.orderId === aminaOrder.orderId && e.kind === 'payment');
      await brianOnFirst.waitFor((e) => e.orderId === brianOrder.orderId && e.kind === 'payment');
      expect(aminaOnSecond.events.some((e) => e.orderId === brianOrder.orderId)).toBe(false);
      expect(brianOnFirst.events.some((e) => e.orderId === aminaOrder.orderId)).toBe(false);
    } finally {
      aminaOnSecond.close();
      brianOnFirst.close();
    }
  });
});
