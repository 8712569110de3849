// Two packers tapping 'Finish packing' on the same order at once: the order's row lock and the
// conditional update let exactly one finish; the other is told it is already finished, and the
// substitute leaves the shelf once, the customer is told once, the audit has one row and packing
// refunds once.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, orders, productVariants, stockMovements } from '../../src/server/db/schema';
import { createUser, type TestUser } from '../support/test-app';
import { dbKinds } from '../support/test-database';
import { disposeShop } from './checkout-support';
import { asStaff, createPackingShop, packingRefundOf, paidOrder, refundRequests, slotOf, smsOf, type PackingShop } from './packing-support';

const RACES = 3;

describe.each(dbKinds(import.meta.url))('two packers finishing one order on %s', (kind) => {
  let shop: PackingShop;
  let second: TestUser;
  beforeAll(async () => {
    shop = await createPackingShop(kind, { pricesIncludeVat: true });
    second = await createUser(shop, { role: 'staff', name: 'Otieno Packer' });
  });
  afterAll(() => disposeShop(shop));

  /** A paid order whose tilapia is replaced by a medium one and whose chicken is packed. */
  async function readyOrder(): Promise<string> {
    const orderId = await paidOrder(shop);
    const { day, slot } = await slotOf(shop, orderId);
    const list = (await (await asStaff(shop, `?day=${day}&slot=${encodeURIComponent(slot)}`)).json()) as {
      orders: { orderId: string; lines: { id: string; name: string }[] }[];
    };
    const lines = list.orders.find((o) => o.orderId === orderId)!.lines;
    const post = (id: string, json: unknown) => asStaff(shop, `/items/${id}`, { method: 'POST', json });
    const tilapia = lines.find((l) => l.name.startsWith('Tilapia'))!;
    const chicken = lines.find((l) => l.name.startsWith('Farm Chicken'))!;
    expect((await post(tilapia.id, { outcome: 'substituted', variantId: shop.variants['Medium, Whole'] })).status).toBe(200);
    expect((await post(chicken.id, { outcome: 'unavailable' })).status).toBe(200);
    return orderId;
  }

  it('lets exactly one of them finish, and everything packing does happens once', async () => {
    const medium = shop.variants['Medium, Whole']!;
    for (let i = 0; i < RACES; i++) {
      const orderId = await readyOrder();
      const [before] = await shop.ctx.db
        .select({ stock: productVariants.stock })
        .from(productVariants)
        .where(eq(productVariants.id, medium));
      const asked = refundRequests(shop);
      const answers = await Promise.all(
        [shop.packer, second].map((who) => asStaff(shop, `/orders/${orderId}/finish`, { method: 'POST' }, who)),
      );
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      const refused = answers.find((r) => r.status === 409)!;
      expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
        `Packing of order #${orderId.slice(0, 8)} is already finished.`,
      );
      const winner = answers[0]!.status === 200 ? shop.packer : second;
      const [order] = await shop.ctx.db.select().from(orders).where(eq(orders.id, orderId));
      expect(order).toMatchObject({ packingFinishedBy: winner.id, packingRefundTotal: 123_000, fulfilmentStatus: 'processing' });
      const audits = await shop.ctx.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'ORDER_PACKED'), eq(auditLogs.recordId, orderId)));
      expect(audits.map((a) => a.userId)).toEqual([winner.id]);
      const moved = await shop.ctx.db
        .select()
        .from(stockMovements)
        .where(and(eq(stockMovements.orderId, orderId), eq(stockMovements.kind, 'substitution')));
      expect(moved.map((m) => m.quantity)).toEqual([-1]);
      const [after] = await shop.ctx.db
        .select({ stock: productVariants.stock })
        .from(productVariants)
        .where(eq(productVariants.id, medium));
      expect(after!.stock).toBe(before!.stock - 1);
      expect(await smsOf(shop, orderId, 'packed')).toHaveLength(1);
      // One packing refund, for exactly what is owed, asked of Pesapal once.
      expect(await packingRefundOf(shop, orderId)).toMatchObject({ amount: 123_000, source: 'packing', status: 'requested' });
      expect(refundRequests(shop) - asked).toBe(1);
    }
  });
});
