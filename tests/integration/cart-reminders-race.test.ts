// Two instances running the cart reminder job at the same moment remind each abandoned cart once:
// the cart's row is claimed by a conditional update in the transaction that queues the SMS. On
// PostgreSQL the second instance is a second connection pool; on PGlite both runs share the one
// connection, as two instances of the embedded database would.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../../src/server/app';
import type { ServerContext } from '../../src/server/context';
import type { Database } from '../../src/server/db/client';
import { outboundSms, profiles, savedCarts } from '../../src/server/db/schema';
import { sendCartReminders } from '../../src/server/features/carts/cart-reminders.service';
import { createUser } from '../support/test-app';
import { dbKinds, openSecondHandle } from '../support/test-database';
import { createShop, disposeShop, productBySlug, type Shop } from './checkout-support';

describe.each(dbKinds(import.meta.url))('cart reminders with two instances on %s', (kind) => {
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

  it('queues one SMS per cart when both run at once', async () => {
    const tilapia = (await productBySlug(shop, 'fresh-whole-tilapia')).id;
    const customers = await Promise.all(Array.from({ length: 6 }, (_, i) => createUser(shop, { phone: `+25471200040${i}` })));
    for (const c of customers) {
      await shop.ctx.db.update(profiles).set({ cartReminders: true }).where(eq(profiles.id, c.id));
      const res = await shop.request('/api/cart', {
        method: 'PUT',
        cookie: c.cookie,
        json: { lines: [{ productId: tilapia, quantity: 1 }] },
      });
      expect(res.status).toBe(200);
    }
    shop.clock.advance(5 * 60 * 60 * 1000);
    const counts = await Promise.all([sendCartReminders(shop.ctx), sendCartReminders(second), sendCartReminders(shop.ctx)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(6);
    const sms = await shop.ctx.db.select().from(outboundSms).where(eq(outboundSms.step, 'cart_reminder'));
    expect(sms.map((m) => m.to).sort()).toEqual(customers.map((_, i) => `+25471200040${i}`).sort());
    const rows = await shop.ctx.db.select().from(savedCarts);
    expect(rows.every((r) => r.reminderSentAt !== null)).toBe(true);
  });
});
