// A partial refund's credit note credits exactly its lines, each at its amount in the band its line
// was sold in (the delivery fee in the fee's band), in either price mode, and names the sale. The
// sale less its credit notes is what the customer paid less what came back: the order page's and
// the receipt's 'Total after refunds'. Goods that came back are declared after their credit note.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { splitInclusive } from '../../src/domain/etims-invoice';
import { formatKES } from '../../src/domain/money';
import { etimsStockMoves, products } from '../../src/server/db/schema';
import { dbKinds } from '../support/test-database';
import { orderRow } from './checkout-support';
import { cents, createTaxShop, declared, disposeTaxShop, invoicesOf, type TaxShop } from './etims-support';
import { decideRefund, paidOrder, refundPart } from './partial-refund-support';

describe.each(dbKinds(import.meta.url))('partial refunds’ credit notes on %s', (kind) => {
  let shop: TaxShop;
  beforeEach(async () => {
    shop = await createTaxShop(kind);
    // Two bands: omena exempt (A), tilapia at 16 % (B); the fee carries no VAT (D).
    await shop.ctx.db.update(products).set({ taxBand: 'A' }).where(eq(products.slug, 'omena-dagaa'));
  });
  afterEach(() => disposeTaxShop(shop));

  describe.each([
    { mode: 'VAT added on top', on: false, tilapiaPaid: 150_800 },
    { mode: 'prices including VAT', on: true, tilapiaPaid: 130_000 },
  ])('$mode', ({ on, tilapiaPaid }) => {
    beforeEach(async () => {
      const res = await shop.request('/api/admin/shop-details/prices-include-vat', {
        method: 'PUT',
        cookie: shop.admin.cookie,
        json: { on },
      });
      expect(res.status).toBe(200);
    });

    it('credits each line at its amount in its own band, the fee in the fee’s, and totals exactly', async () => {
      const order = await paidOrder(shop);
      const row = await orderRow(shop, order.orderId);
      expect(row.pricesIncludeVat).toBe(on);
      expect(row.deliveryFee).toBeGreaterThan(0);
      const tilapia = order.items['fresh-whole-tilapia']!;
      const omena = order.items['omena-dagaa']!;
      const [sale] = declared(shop);
      // What each line was sold for, as the sale declared it.
      expect(sale!.request.itemList.map((l) => [l.itemNm, l.taxTyCd, cents(l.totAmt)])).toEqual([
        ['Fresh Whole Tilapia (1 kg)', 'B', tilapiaPaid],
        ['Omena / Dagaa (500 g)', 'A', 45_000],
        [expect.stringMatching(/^Delivery/), 'D', row.deliveryFee],
      ]);

      const res = await refundPart(
        shop,
        order.orderId,
        [
          { orderItemId: tilapia.id, amountCents: 9_500, restockQuantity: 0 },
          { orderItemId: omena.id, amountCents: 45_000, restockQuantity: 1 },
          { orderItemId: null, amountCents: row.deliveryFee, restockQuantity: 0 },
        ],
        'Tilapia light, omena returned, delivery late',
      );
      expect(res.status, await res.clone().text()).toBe(200);
      await decideRefund(shop, order.trackingId);

      const notes = declared(shop);
      expect(notes.map((d) => d.request.rcptTyCd)).toEqual(['S', 'R']);
      const credit = notes[1]!.request;
      expect(credit.orgInvcNo).toBe(sale!.request.invcNo);
      expect(credit.itemList.map((l) => [l.itemNm, l.qty, l.taxTyCd, cents(l.prc), cents(l.totAmt)])).toEqual([
        ['Fresh Whole Tilapia (1 kg)', 1, 'B', 9_500, 9_500],
        ['Omena / Dagaa (500 g)', 1, 'A', 45_000, 45_000],
        [expect.stringMatching(/^Delivery/), 1, 'D', row.deliveryFee, row.deliveryFee],
      ]);
      // Each band's taxable amount and tax as KRA splits them, to the cent.
      const b = splitInclusive(9_500, 1600);
      expect([cents(credit.taxblAmtB), cents(credit.taxAmtB)]).toEqual([b.taxableCents, b.taxCents]);
      expect([b.taxableCents, b.taxCents]).toEqual([8_190, 1_310]);
      expect([cents(credit.taxblAmtA), cents(credit.taxAmtA)]).toEqual([45_000, 0]);
      expect([cents(credit.taxblAmtD), cents(credit.taxAmtD)]).toEqual([row.deliveryFee, 0]);
      const credited = 9_500 + 45_000 + row.deliveryFee;
      expect(cents(credit.totAmt)).toBe(credited);
      expect(cents(credit.totTaxAmt)).toBe(1_310);

      // Stored, listed in the back office with its amount, and adding up: sale − credit note = paid − refunded.
      const invoices = (await invoicesOf(shop)).filter((t) => t.orderId === order.orderId);
      expect(invoices.map((t) => [t.kind, t.total, t.status])).toEqual([
        ['sale', row.totalAmount, 'sent'],
        ['credit_note', credited, 'sent'],
      ]);
      const list = (await (await shop.request('/api/admin/tax-invoices', { cookie: shop.admin.cookie })).json()) as {
        invoices: { kind: string; totalCents: number; orderId: string }[];
      };
      expect(list.invoices.filter((i) => i.orderId === order.orderId).map((i) => [i.kind, i.totalCents])).toEqual([
        ['credit_note', credited],
        ['sale', row.totalAmount],
      ]);
      const after = row.totalAmount - credited;
      const detail = (await (await shop.request(`/api/admin/orders/${order.orderId}`, { cookie: shop.admin.cookie })).json()) as {
        order: { totalAfterRefundsCents: number };
      };
      expect(detail.order.totalAfterRefundsCents).toBe(after);
      const receipt = await (await shop.request(`/api/orders/${order.orderId}/receipt`, { cookie: shop.buyer.cookie })).text();
      expect(receipt).toContain(`<tr class="total"><td colspan="3">Total after refunds</td><td class="n">${formatKES(after)}</td></tr>`);

      // The omena that came back is declared to KRA as a return, after its credit note.
      const [omenaProduct] = await shop.ctx.db.select().from(products).where(eq(products.slug, 'omena-dagaa'));
      const moves = await shop.ctx.db.select().from(etimsStockMoves).where(eq(etimsStockMoves.productId, omenaProduct!.id));
      expect(moves.map((m) => [m.orderId, m.quantity, m.status])).toContainEqual([order.orderId, 1, 'sent']);
    });
  });
});
