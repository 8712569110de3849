// A promotion code priced by the server: the checkout's preview and the placed order take 10% off
// the fish lines only, VAT is charged on what is left, the tax invoice states each line's discount
// with every band equal to what the order charged, and a refund gives back at most what was paid.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orderItems, orderTaxBands, outboundMail, promotionRedemptions } from '../../src/server/db/schema';
import { lineTexts, readPdf } from '../support/pdf-reader';
import { taxInvoicesIdle } from '../../src/server/features/tax-invoices/tax-invoice-sender';
import { dbKinds } from '../support/test-database';
import { orderBody, orderRow, payOnSimulator, postOrder, productBySlug } from './checkout-support';
import { cents, createTaxShop, declared, disposeTaxShop, type TaxShop } from './etims-support';
import { addPromotion } from './promotions-support';

interface Preview {
  promotion: {
    code: string | null;
    label: string;
    discountCents: number;
    freeDelivery: boolean;
    lines: { productId: string; discountCents: number }[];
  } | null;
  message: string | null;
}

describe.each(dbKinds(import.meta.url))('promotion codes on %s', (kind) => {
  let shop: TaxShop;
  beforeEach(async () => {
    shop = await createTaxShop(kind);
    await addPromotion(shop, { code: 'FISHFRIDAY', value: 10, scope: 'categories', scopeIds: ['fish'], minimumSpend: 100_000 });
  });
  afterEach(() => disposeTaxShop(shop));

  async function cart() {
    const tilapia = await productBySlug(shop, 'fresh-whole-tilapia');
    const chicken = await productBySlug(shop, 'whole-broiler-chicken');
    return {
      tilapia,
      chicken,
      items: [
        { productId: tilapia.id, quantity: 2 },
        { productId: chicken.id, quantity: 1 },
      ],
    };
  }
  const preview = async (body: unknown) => {
    const res = await shop.request('/api/checkout/promotion', { method: 'POST', json: body, cookie: shop.buyer.cookie });
    expect(res.status).toBe(200);
    return (await res.json()) as Preview;
  };

  it('previews the discount on the fish lines only, and says why a code is refused', async () => {
    const { tilapia, chicken, items } = await cart();
    const shown = await preview({ promotionCode: ' fishfriday ', items });
    expect(shown.message).toBeNull();
    expect(shown.promotion).toMatchObject({
      code: 'FISHFRIDAY',
      label: 'Discount (FISHFRIDAY)',
      discountCents: 13_000,
      freeDelivery: false,
    });
    expect(shown.promotion?.lines).toEqual([
      { productId: tilapia.id, variantId: null, discountCents: 13_000 },
      { productId: chicken.id, variantId: null, discountCents: 0 },
    ]);
    expect(await preview({ promotionCode: 'NOSUCH', items })).toEqual({ promotion: null, message: 'We do not know this code.' });
    expect(await preview({ promotionCode: 'FISHFRIDAY', items: [{ productId: tilapia.id, quantity: 1 }] })).toEqual({
      promotion: null,
      message: 'This code needs a minimum order of KES 1,000.00.',
    });
    expect(await preview({ promotionCode: 'FISHFRIDAY', items: [{ productId: chicken.id, quantity: 2 }] })).toEqual({
      promotion: null,
      message: 'This code does not apply to anything in your cart.',
    });
  });

  it('refuses an order with a code it cannot have, holding nothing', async () => {
    const { tilapia } = await cart();
    const refused = await postOrder(shop, shop.buyer, orderBody([{ productId: tilapia.id, quantity: 1 }], { promotionCode: 'FISHFRIDAY' }));
    expect(refused.status).toBe(422);
    expect(refused.json.error).toMatchObject({ code: 'PROMOTION_REFUSED', message: 'This code needs a minimum order of KES 1,000.00.' });
    expect(await shop.ctx.db.select().from(promotionRedemptions)).toEqual([]);
  });

  it('charges VAT on the discounted lines, declares each discount to KRA, and refunds at most what was paid', async () => {
    const { tilapia, items } = await cart();
    const placed = await postOrder(
      shop,
      shop.buyer,
      orderBody(items, { promotionCode: 'FishFriday', idempotencyKey: `key-${crypto.randomUUID()}` }),
    );
    expect(placed.status, JSON.stringify(placed.json)).toBe(200);
    const orderId = placed.json.orderId!;
    const order = await orderRow(shop, orderId);
    // 2 × 650.00 tilapia less 10%, 750.00 chicken; VAT 16% on 1,920.00; the delivery fee carries no VAT.
    expect(order).toMatchObject({
      subtotal: 205_000,
      discountTotal: 13_000,
      vat: 30_720,
      promotionCode: 'FISHFRIDAY',
      promotionName: 'Fish Friday',
    });
    expect(order.totalAmount).toBe(205_000 - 13_000 + 30_720 + order.deliveryFee);
    const lines = await shop.ctx.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(lines.map((l) => [l.productId, l.lineTotal, l.discount]).sort()).toEqual(
      [
        [tilapia.id, 130_000, 13_000],
        [(await cart()).chicken.id, 75_000, 0],
      ].sort(),
    );
    const bands = await shop.ctx.db.select().from(orderTaxBands).where(eq(orderTaxBands.orderId, orderId));
    expect(bands.reduce((s, b) => s + b.totalAmount, 0)).toBe(order.totalAmount);

    await payOnSimulator(shop, order.pesapalTransactionId!, 'card');
    await taxInvoicesIdle(shop.ctx);
    // The customer's order page, receipt (print view and PDF) and confirmation mail show the discount.
    const detail = (await (await shop.request(`/api/orders/${orderId}`, { cookie: shop.buyer.cookie })).json()) as Record<string, unknown>;
    expect(detail).toMatchObject({ discountCents: 13_000, discountLabel: 'Discount (FISHFRIDAY)' });
    const receipt = await (await shop.request(`/api/orders/${orderId}/receipt`, { cookie: shop.buyer.cookie })).text();
    expect(receipt).toMatch(/Discount \(FISHFRIDAY\)<\/t[hd]>\s*<td[^>]*>−KES 130\.00/);
    const pdf = await shop.request(`/api/orders/${orderId}/receipt.pdf`, { cookie: shop.buyer.cookie });
    const pdfLines = (await readPdf(new Uint8Array(await pdf.arrayBuffer()))).flatMap((p) => lineTexts(p));
    expect(pdfLines.some((l) => l.includes('Discount (FISHFRIDAY)') && l.includes('KES 130.00'))).toBe(true);
    const mail = (await shop.ctx.db.select().from(outboundMail)).find((m) => m.subject.includes(orderId.slice(0, 8)));
    expect(mail?.text).toContain('Discount (FISHFRIDAY)');
    expect(mail?.text).toContain('−KES 130.00');

    const [sale, ...more] = declared(shop);
    expect(more).toEqual([]);
    const req = sale!.request;
    const fish = req.itemList.find((l) => l.itemNm.startsWith(tilapia.name));
    // 130.00 off before VAT is 150.80 with it, 10% of the line's 1,508.00.
    expect(fish).toMatchObject({ qty: 2, prc: 754, splyAmt: 1508, dcRt: 10, dcAmt: 150.8, totAmt: 1357.2 });
    const b = bands.find((x) => x.band === 'B')!;
    expect(cents(req.taxblAmtB)).toBe(b.taxableAmount);
    expect(cents(req.taxAmtB)).toBe(b.taxAmount);
    expect(cents(req.totAmt)).toBe(order.totalAmount);

    // The tilapia line was paid 1,357.20: a refund of more is refused, of exactly that accepted.
    const tilapiaLine = lines.find((l) => l.productId === tilapia.id)!;
    const refund = (amountCents: number) =>
      shop.request(`/api/admin/orders/${orderId}/partial-refund`, {
        method: 'POST',
        cookie: shop.admin.cookie,
        json: { lines: [{ orderItemId: tilapiaLine.id, amountCents, restockQuantity: 0 }], reason: 'Smaller fish than ordered' },
      });
    const tooMuch = await refund(135_721);
    expect(tooMuch.status).toBeGreaterThanOrEqual(400);
    expect(tooMuch.status).toBeLessThan(500);
    expect(((await tooMuch.json()) as { error: { message: string } }).error.message).toBe(
      `You can refund at most KES 1,357.20 more for ${tilapiaLine.productName}.`,
    );
    expect((await refund(135_720)).status).toBe(200);
  });
});
