// Two server instances on one PostgreSQL database both run the background jobs. The advisory lock
// lets one of them reconcile at a time: while one is inside (its Pesapal calls held at a gate), the
// other is refused the lock, and every pending payment is asked about and applied exactly once. A
// run asks about several payments at once (it keeps up with a busy hour), never one twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../../src/server/app';
import type { ServerContext } from '../../src/server/context';
import type { Database } from '../../src/server/db/client';
import { LOCKS } from '../../src/server/db/locks';
import type { PesapalClient } from '../../src/server/integrations/pesapal/pesapal-types';
import { startBackgroundJobs } from '../../src/server/jobs';
import type { TestUser } from '../support/test-app';
import { HAS_POSTGRES, openSecondHandle } from '../support/test-database';
import { waitFor } from '../support/wait-for';
import {
  createShop,
  customer,
  disposeShop,
  movementsOf,
  orderRow,
  payOnSimulator,
  placePaidOrderAttempt,
  productBySlug,
  stockOf,
  type Shop,
} from './checkout-support';

/** Counts, per instance, the reconciliation runs that were refused the advisory lock. */
function countRefusals(database: Database, refusals: { count: number }): void {
  const tryLock = database.withTryLock.bind(database);
  database.withTryLock = async (key, fn) => {
    const result = await tryLock(key, fn);
    if (key === LOCKS.reconciliation && result === null) refusals.count++;
    return result;
  };
}

describe.runIf(HAS_POSTGRES)('payment reconciliation with two instances on PostgreSQL', () => {
  let shop: Shop;
  let secondDatabase: Database;
  let user: TestUser;

  beforeAll(async () => {
    shop = await createShop('postgres');
    secondDatabase = await openSecondHandle(shop.testDb.url!);
    user = await customer(shop);
  });
  afterAll(async () => {
    await secondDatabase?.close();
    await disposeShop(shop);
  });

  it('runs on one instance at a time and applies each payment once', async () => {
    shop.sim.switches.dropIpn = true;
    const productId = (await productBySlug(shop, 'fresh-whole-tilapia')).id;
    const stockBefore = await stockOf(shop, productId);
    const placed: Awaited<ReturnType<typeof placePaidOrderAttempt>>[] = [];
    for (let i = 0; i < 3; i++) placed.push(await placePaidOrderAttempt(shop, user, [{ productId, quantity: 1 }]));
    for (const p of placed) await payOnSimulator(shop, p.trackingId, 'card');
    shop.clock.advance(61_000);

    // One Pesapal (the shared simulator) for both instances; every status call waits at a gate.
    const real = shop.ctx.integrations.pesapal;
    const asked: string[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    const pesapal: PesapalClient = {
      ...real,
      getTransactionStatus: async (trackingId) => {
        asked.push(trackingId);
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        try {
          await gate;
          return await real.getTransactionStatus(trackingId);
        } finally {
          inFlight--;
        }
      },
    };
    shop.ctx.integrations.pesapal = pesapal;
    const { env, logger, mailer } = shop.ctx;
    const second: ServerContext = createContext({
      env,
      logger,
      mailer,
      database: secondDatabase,
      now: shop.clock.now,
      integrations: { ...shop.ctx.integrations, pesapal },
    });

    const refusals = { count: 0 };
    countRefusals(shop.ctx.database, refusals);
    countRefusals(secondDatabase, refusals);
    const intervals = { reconciliationMs: 15, reservationExpiryMs: 600_000 };
    const stopFirst = startBackgroundJobs(shop.ctx, intervals);
    const stopSecond = startBackgroundJobs(second, intervals);
    try {
      await waitFor('a reconciliation run to ask about every payment', () => asked.length === placed.length);
      // The run holding the lock is parked at the gate: every other attempt must be refused.
      await waitFor('the other instance to be refused the lock', () => refusals.count >= 3);
      expect(asked).toHaveLength(placed.length);
      openGate();
      const done = async () => (await Promise.all(placed.map((p) => orderRow(shop, p.orderId)))).every((o) => o.status === 'completed');
      await waitFor('every order to complete', done);
    } finally {
      openGate();
      // Stopping waits for a run already under way.
      await Promise.all([stopFirst(), stopSecond()]);
      shop.ctx.integrations.pesapal = real;
    }

    // One run asked about all three at once; no payment was asked about twice.
    expect(maxInFlight).toBe(placed.length);
    expect([...asked].sort()).toEqual(placed.map((p) => p.trackingId).sort());
    for (const p of placed) expect(await movementsOf(shop, p.orderId, 'sale')).toHaveLength(1);
    expect(await stockOf(shop, productId)).toBe(stockBefore - 3);
  });
});
