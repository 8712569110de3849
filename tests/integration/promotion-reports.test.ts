// The sales report counts what promotions took off: a paid order with FISHFRIDAY shows its discount
// in the day's Discounts, and charged is the goods less the discount plus VAT and the fees.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nairobiDateKey } from '../../src/domain/nairobi-days';
import { dbKinds } from '../support/test-database';
import { orderBody, orderRow, payOnSimulator, postOrder, productBySlug } from './checkout-support';
import { createTaxShop, disposeTaxShop, type TaxShop } from './etims-support';
import { addPromotion } from './promotions-support';

interface ReportTable {
  rows: Record<string, string | number>[];
  total?: Record<string, string | number>;
}

describe.each(dbKinds(import.meta.url))('discounts in the sales report on %s', (kind) => {
  let shop: TaxShop;
  beforeEach(async () => {
    shop = await createTaxShop(kind);
    await addPromotion(shop, { code: 'FISHFRIDAY', value: 10, scope: 'categories', scopeIds: ['fish'], minimumSpend: 100_000 });
  });
  afterEach(() => disposeTaxShop(shop));

  it("shows a paid order's discount in the day's Discounts", async () => {
    const tilapia = await productBySlug(shop, 'fresh-whole-tilapia');
    const placed = await postOrder(
      shop,
      shop.buyer,
      orderBody([{ productId: tilapia.id, quantity: 2 }], { promotionCode: 'FISHFRIDAY', idempotencyKey: `key-${crypto.randomUUID()}` }),
    );
    expect(placed.status, JSON.stringify(placed.json)).toBe(200);
    const order = await orderRow(shop, placed.json.orderId!);
    expect(order.discountTotal).toBe(13_000);
    await payOnSimulator(shop, order.pesapalTransactionId!, 'card');

    const day = nairobiDateKey(shop.clock.now());
    const res = await shop.request(`/api/admin/reports/sales?from=${day}&to=${day}&by=day`, { cookie: shop.admin.cookie });
    expect(res.status).toBe(200);
    const sales = (await res.json()) as ReportTable;
    expect(sales.total).toMatchObject({
      orders: 1,
      goods: 130_000,
      discounts: 13_000,
      charged: (await orderRow(shop, order.id)).totalAmount,
    });
    const total = sales.total!;
    expect(Number(total.goods) - Number(total.discounts) + Number(total.vat) + Number(total.delivery) + Number(total.small)).toBe(
      Number(total.charged),
    );
  });
});
