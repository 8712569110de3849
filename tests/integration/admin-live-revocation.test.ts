// The back office's live stream tells every order's changes, so it lasts only as long as the right
// to see them: a demotion, a sign-out or a revoked session ends an open stream within seconds (the
// check runs every ADMIN_LIVE_RECHECK_MS), and the reconnect meets the admin gate again.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, session } from '../../src/server/db/schema';
import { createUser, type TestUser } from '../support/test-app';
import { dbKinds, type DbKind } from '../support/test-database';
import { createShop, customer, disposeShop, placePaidOrderAttempt, productBySlug, type Shop } from './checkout-support';
import { openEventStream, type StreamReader } from './realtime-fixtures';

/** Far above the check's interval: the stream must end well within this. */
const ENDS_WITHIN_MS = 20_000;

async function endsWithin(stream: StreamReader, ms = ENDS_WITHIN_MS): Promise<'ended' | 'still open'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'still open'>((resolve) => (timer = setTimeout(() => resolve('still open'), ms)));
  try {
    return await Promise.race([stream.ended.then(() => 'ended' as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function revocationSuite(kind: DbKind) {
  let shop: Shop;
  let owner: TestUser;
  let buyer: TestUser;
  let productId: string;
  const live = (who: TestUser) => openEventStream(shop.request, who.cookie, '/api/admin/live');

  beforeAll(async () => {
    shop = await createShop(kind, { env: { ADMIN_LIVE_RECHECK_MS: '100' } });
    owner = await createUser(shop, { role: 'owner', name: 'Wanjiru Owner' });
    buyer = await customer(shop);
    productId = (await productBySlug(shop, 'fresh-whole-tilapia')).id;
  });
  afterAll(async () => {
    await disposeShop(shop);
  });

  it('ends a staff member’s open stream when the owner takes the role away, and the reconnect is refused', async () => {
    const staff = await createUser(shop, { role: 'staff', name: 'Wanjiku Staff' });
    const stream = await live(staff);
    try {
      expect(stream.status).toBe(200);
      const demoted = await shop.request(`/api/admin/customers/${staff.id}/role`, {
        method: 'POST',
        cookie: owner.cookie,
        json: { role: 'customer' },
      });
      expect(demoted.status).toBe(200);
      expect(await endsWithin(stream)).toBe('ended');
      const [row] = await shop.ctx.db.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, staff.id));
      expect(row?.role).toBe('customer');
      const again = await shop.request('/api/admin/live', { cookie: staff.cookie });
      expect(again.status).toBe(403);
      expect(await again.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'Only shop administrators can do this.' } });
    } finally {
      stream.close();
    }
  });

  it('ends a stream when its person becomes a rider (riders do not see the live feed)', async () => {
    const staff = await createUser(shop, { role: 'staff', name: 'Kiprop Staff' });
    const stream = await live(staff);
    try {
      await shop.ctx.db.update(profiles).set({ role: 'rider' }).where(eq(profiles.id, staff.id));
      expect(await endsWithin(stream)).toBe('ended');
    } finally {
      stream.close();
    }
  });

  it('ends a stream when its session signs out', async () => {
    const staff = await createUser(shop, { role: 'staff', name: 'Atieno Staff' });
    const stream = await live(staff);
    try {
      const out = await shop.request('/api/auth/sign-out', { method: 'POST', json: {}, cookie: staff.cookie });
      expect(out.status).toBe(200);
      expect(await endsWithin(stream)).toBe('ended');
      expect(await shop.ctx.db.select().from(session).where(eq(session.userId, staff.id))).toEqual([]);
      expect((await shop.request('/api/admin/live', { cookie: staff.cookie })).status).toBe(401);
    } finally {
      stream.close();
    }
  });

  it('ends a stream when its session is deleted, and keeps the streams still allowed open and told', async () => {
    const staff = await createUser(shop, { role: 'staff', name: 'Mutua Staff' });
    const revoked = await live(staff);
    const kept = await live(owner);
    try {
      await shop.ctx.db.delete(session).where(eq(session.userId, staff.id));
      expect(await endsWithin(revoked)).toBe('ended');

      // The owner's stream went through the same checks and still hears a new order.
      const placed = await placePaidOrderAttempt(shop, buyer, [{ productId, quantity: 1 }]);
      await kept.waitFor((e) => e.orderId === placed.orderId);
      expect(await endsWithin(kept, 0)).toBe('still open');
      expect(revoked.events.some((e) => e.orderId === placed.orderId)).toBe(false);
    } finally {
      revoked.close();
      kept.close();
    }
  });
}

describe.each(dbKinds(import.meta.url))('back office live stream ends with the right to see it, on %s', (kind) => revocationSuite(kind));
