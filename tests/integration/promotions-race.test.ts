// 20 customers use a code's last use at the same moment: the promotion's row lock makes counting the
// uses and writing one a single step, so exactly one order gets the discount and the other 19 are
// told the code is used up, with nothing held for them. The use comes back when the unpaid order lapses.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, promotionRedemptions } from '../../src/server/db/schema';
import { expireReservations } from '../../src/server/features/payments/reconciliation.service';
import { RESERVATION_MINUTES } from '../../src/server/features/payments/order-outcomes';
import type { TestUser } from '../support/test-app';
import { dbKinds } from '../support/test-database';
import { createShop, customer, disposeShop, orderBody, postOrder, productBySlug, setStock, stockOf, type Shop } from './checkout-support';
import { addPromotion } from './promotions-support';

describe.each(dbKinds(import.meta.url))('the last use of a code on %s', (kind) => {
  let shop: Shop;
  let buyers: TestUser[];
  beforeAll(async () => {
    shop = await createShop(kind, { poolSize: 25, env: { UNPAID_STOCK_SHARE: '100' } });
    buyers = [];
    for (let i = 0; i < 20; i++) buyers.push(await customer(shop));
  });
  afterAll(() => disposeShop(shop));

  it('goes to exactly one of 20 customers at once; the others are told and hold nothing', async () => {
    const promotion = await addPromotion(shop, { code: 'LASTONE', totalLimit: 5 });
    // Four uses already taken by earlier orders: one is left.
    const product = await productBySlug(shop, 'fresh-whole-tilapia');
    await setStock(shop, product.id, 100);
    for (let i = 0; i < 4; i++) {
      const placed = await postOrder(
        shop,
        buyers[i]!,
        orderBody([{ productId: product.id, quantity: 2 }], { promotionCode: 'lastone', idempotencyKey: `early-${i}-key` }),
      );
      expect(placed.status).toBe(200);
    }
    const answers = await Promise.all(
      buyers.map((buyer, i) =>
        postOrder(
          shop,
          buyer,
          orderBody([{ productId: product.id, quantity: 2 }], { promotionCode: 'LASTONE', idempotencyKey: `race-${i}-key` }),
        ),
      ),
    );
    const accepted = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 422);
    expect(accepted, JSON.stringify(answers.filter((a) => a.status !== 422))).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const r of refused) {
      expect(r.json.error).toMatchObject({
        code: 'PROMOTION_REFUSED',
        message: 'This code has been used up.',
        fields: { promotionCode: 'This code has been used up.' },
      });
    }
    const uses = await shop.ctx.db.select().from(promotionRedemptions).where(eq(promotionRedemptions.promotionId, promotion.id));
    expect(uses).toHaveLength(5);
    // 10% of 2 × KES 650.00 on each order that got it.
    expect(uses.every((u) => u.amount === 13_000)).toBe(true);
    const [winner] = await shop.ctx.db.select().from(orders).where(eq(orders.id, accepted[0]!.json.orderId!));
    expect(winner).toMatchObject({ promotionCode: 'LASTONE', discountTotal: 13_000, subtotal: 130_000 });
    // 4 earlier orders and the winner hold stock; the refused ones hold nothing.
    expect(await stockOf(shop, product.id)).toBe(100 - 5 * 2);
    expect(await shop.ctx.db.select().from(orders)).toHaveLength(5);

    // Unpaid, the orders lapse: their uses come back and the code can be used again.
    shop.clock.advance((RESERVATION_MINUTES + 1) * 60_000);
    expect((await expireReservations(shop.ctx)).expired).toBe(5);
    expect(await shop.ctx.db.select().from(promotionRedemptions).where(eq(promotionRedemptions.promotionId, promotion.id))).toEqual([]);
    const again = await postOrder(
      shop,
      buyers[19]!,
      orderBody([{ productId: product.id, quantity: 2 }], { promotionCode: 'LASTONE', idempotencyKey: 'after-lapse-key' }),
    );
    expect(again.status).toBe(200);
  });
});
