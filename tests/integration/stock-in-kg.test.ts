// Stock kept in kg for fish sold by the kilo (decision 050): the owner switches the tilapia to kg
// beside its price per kg and every variant's pieces become grams (pieces × weight), audited; the
// storefront still sells whole pieces (floor(grams / weight)); checkout reserves grams, a sale and a
// refund move grams, each ledger row saying its unit; the stock screen, its history and its CSV show
// kg; a switch is refused while unpaid orders hold stock, and back to pieces rounds down with the
// rest adjusted away; KRA gets the kg product as a KG item, its stock and its sale in kg.
import { and, asc, desc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLogs, etimsItems, etimsStockMoves, products, productVariants, stockMovements } from '../../src/server/db/schema';
import { SIMULATOR_DEVICE } from '../../src/server/etims-config';
import { sendDueTaxInvoices, taxInvoicesIdle } from '../../src/server/features/tax-invoices/tax-invoice-sender';
import { itOnOneDatabase } from '../support/one-database';
import { dbKinds } from '../support/test-database';
import { movementsOf, orderRow, payOnSimulator, placePaidOrderAttempt, postOrder, orderBody } from './checkout-support';
import { approveRefund, createTaxShop, declared, disposeTaxShop, invoiceOf, type TaxShop } from './etims-support';

type ErrorBody = { error: { message: string; fields?: Record<string, string> } };
interface Variant {
  id: string;
  name: string;
  stock: number;
  weightGrams: number | null;
}
interface View {
  stockUnit: 'piece' | 'kg';
  pricePerKgCents: number | null;
  variants: Variant[];
}

const LARGE = 'Large, Scaled & gutted'; // 700 g, 6 in stock
const SEEDED = { 'Small, Whole': 6, 'Medium, Whole': 8, [LARGE]: 6, 'Jumbo, Whole': 3 } as const;

describe.each(dbKinds(import.meta.url))('stock kept in kg on %s', (kind) => {
  const once = itOnOneDatabase(kind);
  let shop: TaxShop;
  let tilapiaId: string;
  beforeEach(async () => {
    shop = await createTaxShop(kind);
    const [row] = await shop.ctx.db.select({ id: products.id }).from(products).where(eq(products.slug, 'tilapia'));
    tilapiaId = row!.id;
  });
  afterEach(() => disposeTaxShop(shop));

  const admin = (path: string, init: { method?: string; json?: unknown } = {}) =>
    shop.request(`/api/admin${path}`, { ...init, cookie: shop.admin.cookie });
  const view = async () => (await (await admin(`/products/${tilapiaId}/variants`)).json()) as View;
  const variant = async (name: string) => (await view()).variants.find((v) => v.name === name)!;
  const setUnit = (stockUnit: unknown) => admin(`/products/${tilapiaId}/stock-unit`, { method: 'PUT', json: { stockUnit } });
  const sellByTheKilo = async () => {
    const res = await admin(`/products/${tilapiaId}/price-per-kg`, { method: 'PUT', json: { pricePerKgCents: 190_000 } });
    expect(res.status, await res.clone().text()).toBe(200);
  };
  const inKg = async () => {
    await sellByTheKilo();
    const res = await setUnit('kg');
    expect(res.status, await res.clone().text()).toBe(200);
  };
  /** What the storefront's product page sells of each variant (whole pieces). */
  const onSale = async (): Promise<Record<string, number>> => {
    shop.clock.advance(2_000); // past the public answers' second
    const page = (await (await shop.request('/api/catalog/products/by-slug/tilapia')).json()) as {
      product: { stock: number };
      variants: { name: string; stock: number }[];
    };
    return { total: page.product.stock, ...Object.fromEntries(page.variants.map((v) => [v.name, v.stock])) };
  };
  const ledger = async (variantId: string) =>
    shop.ctx.db
      .select({
        kind: stockMovements.kind,
        quantity: stockMovements.quantity,
        stockAfter: stockMovements.stockAfter,
        unit: stockMovements.unit,
      })
      .from(stockMovements)
      .where(eq(stockMovements.variantId, variantId))
      .orderBy(asc(stockMovements.createdAt));
  const adjust = (variantId: string, json: Record<string, unknown>) =>
    admin(`/products/${tilapiaId}/stock`, { method: 'POST', json: { variantId, reason: 'Weighed the cold room', ...json } });

  once('switches to kg beside the price per kg: pieces × weight, audited; the shop still sells whole pieces', async () => {
    const refused = await setUnit('kg');
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as ErrorBody).error.message).toBe('Stock can be kept in kg only for a product sold by the kilo.');
    expect((await view()).stockUnit).toBe('piece');
    expect((await setUnit('litres')).status).toBe(400);

    await inKg();
    const kg = await view();
    expect(kg.stockUnit).toBe('kg');
    const stocks = Object.fromEntries(kg.variants.map((v) => [v.name, v.stock]));
    expect(stocks).toMatchObject({ 'Small, Whole': 1_800, 'Medium, Whole': 4_000, [LARGE]: 4_200, 'Jumbo, Whole': 3_600 });
    const [product] = await shop.ctx.db.select().from(products).where(eq(products.id, tilapiaId));
    expect(product).toMatchObject({ stockUnit: 'kg', lowStockThreshold: 6_000 }); // 5 pieces of the 1.2 kg jumbo
    const large = kg.variants.find((v) => v.name === LARGE)!;
    expect(await ledger(large.id)).toEqual([
      { kind: 'restock', quantity: 6, stockAfter: 6, unit: 'piece' },
      { kind: 'adjustment', quantity: -6, stockAfter: 0, unit: 'piece' },
      { kind: 'adjustment', quantity: 4_200, stockAfter: 4_200, unit: 'kg' },
    ]);
    const [audit] = await shop.ctx.db.select().from(auditLogs).where(eq(auditLogs.action, 'PRODUCT_STOCK_UNIT'));
    expect(audit).toMatchObject({ recordId: tilapiaId, tableName: 'products' });
    expect(audit?.details).toMatchObject({
      stockUnit: { from: 'piece', to: 'kg' },
      lowStockThreshold: { from: 5, to: 6_000 },
      variants: expect.arrayContaining([{ variant: LARGE, from: '6', to: '4.2 kg' }]),
    });
    expect(await onSale()).toMatchObject({ total: 49, ...SEEDED });

    // Restocks and counts are grams (typed in kg); the shop sells the whole pieces they make.
    const restocked = await adjust(large.id, { kind: 'restock', quantity: 650, unit: 'kg' });
    expect(restocked.status, await restocked.clone().text()).toBe(201);
    expect(await restocked.json()).toEqual({ stock: 4_850 });
    expect((await onSale())[LARGE]).toBe(6); // 4.85 kg of 700 g fish
    expect((await adjust(large.id, { kind: 'adjustment', cause: 'count', quantity: 750, unit: 'kg' })).status).toBe(201);
    expect((await onSale())[LARGE]).toBe(8); // 5.6 kg
    // A form still in pieces is refused rather than read as grams.
    const stale = await adjust(large.id, { kind: 'restock', quantity: 2, unit: 'piece' });
    expect(stale.status).toBe(400);
    expect(((await stale.json()) as ErrorBody).error.message).toBe(
      'This product’s stock is now kept in kg: reload the page and enter the change again.',
    );
    const below = await adjust(large.id, { kind: 'adjustment', cause: 'spoiled', quantity: -6_000, unit: 'kg' });
    expect(((await below.json()) as ErrorBody).error.message).toBe('Stock cannot go below zero (5.6 kg in stock).');
    expect((await variant(LARGE)).stock).toBe(5_600);

    // The stock screen's history and its spreadsheet say each row's unit.
    const history = (await (await admin(`/products/${tilapiaId}/stock?variantId=${large.id}`)).json()) as {
      items: { kind: string; quantity: number; stockAfter: number; unit: string }[];
    };
    expect(history.items.slice(0, 2).map((m) => [m.kind, m.quantity, m.stockAfter, m.unit])).toEqual([
      ['adjustment', 750, 5_600, 'kg'],
      ['restock', 650, 4_850, 'kg'],
    ]);
    const csv = (await (await admin(`/products/${tilapiaId}/stock.csv?variantId=${large.id}`)).text()).split('\r\n');
    expect(csv[0]).toBe('When (Nairobi),Variant,SKU,Change,Quantity,Stock after,Unit,Reason,Order,By');
    expect(csv.slice(1, -1).map((line) => line.split(',').slice(5, 9))).toEqual([
      ['restock', '6', '6', 'pieces'],
      ['adjustment', '-6', '0', 'pieces'],
      ['adjustment', '4.2', '4.2', 'kg'],
      ['restock', '0.65', '4.85', 'kg'],
      ['adjustment', '0.75', '5.6', 'kg'],
    ]);
    // The threshold is kg too: 5.6 kg is under 6 kg.
    const list = (await (await admin('/products?state=low_stock&pageSize=100')).json()) as { items: { id: string; stockUnit: string }[] };
    expect(list.items.find((p) => p.id === tilapiaId)?.stockUnit).toBe('kg');
  });

  once('reserves grams at checkout, sells them, releases a cancelled order and puts a refunded one back, in grams', async () => {
    await inKg();
    const large = await variant(LARGE);
    const buyer = shop.buyer;
    const tooMany = await postOrder(shop, buyer, orderBody([{ productId: tilapiaId, variantId: large.id, quantity: 7 }]));
    expect(tooMany.status).toBe(409);
    expect(tooMany.json.error?.message).toBe('Only 6 of Tilapia — Large, Scaled & gutted left in stock (you asked for 7).');

    // Placed, not paid, cancelled: its grams come back.
    const unpaid = await placePaidOrderAttempt(shop, buyer, [{ productId: tilapiaId, variantId: large.id, quantity: 1 }]);
    expect((await variant(LARGE)).stock).toBe(3_500);
    expect((await onSale())[LARGE]).toBe(5);
    const cancelled = await admin(`/orders/${unpaid.orderId}/cancel`, { method: 'POST', json: { reason: 'Changed their mind' } });
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    expect((await movementsOf(shop, unpaid.orderId)).map((m) => [m.kind, m.quantity, m.unit]).sort()).toEqual([
      ['release', 700, 'kg'],
      ['reservation', -700, 'kg'],
    ]);
    expect((await variant(LARGE)).stock).toBe(4_200);

    // Paid: the reservation of 1.4 kg is the sale; refunded: 1.4 kg back on the shelf.
    const paid = await placePaidOrderAttempt(shop, buyer, [{ productId: tilapiaId, variantId: large.id, quantity: 2 }]);
    await payOnSimulator(shop, paid.trackingId, 'card');
    expect((await orderRow(shop, paid.orderId)).paymentStatus).toBe('COMPLETED');
    expect((await movementsOf(shop, paid.orderId)).map((m) => [m.kind, m.quantity, m.unit]).sort()).toEqual([
      ['reservation', -1_400, 'kg'],
      ['sale', 0, 'kg'],
    ]);
    expect((await variant(LARGE)).stock).toBe(2_800);
    expect((await admin(`/orders/${paid.orderId}/cancel`, { method: 'POST', json: { reason: 'Out of ice' } })).status).toBe(200);
    await approveRefund(shop, paid.orderId);
    const [restock] = await movementsOf(shop, paid.orderId, 'restock');
    expect(restock).toMatchObject({ quantity: 1_400, stockAfter: 4_200, unit: 'kg' });
    expect((await variant(LARGE)).stock).toBe(4_200);
  });

  once('refuses a switch while unpaid orders hold stock; back to pieces rounds down, the rest adjusted away', async () => {
    await inKg();
    const large = await variant(LARGE);
    const held = await placePaidOrderAttempt(shop, shop.buyer, [{ productId: tilapiaId, variantId: large.id, quantity: 1 }]);
    const refused = await setUnit('piece');
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ErrorBody).error.message).toBe(
      'Customers’ unpaid orders hold some of this product’s stock: change the unit once they are paid or released.',
    );
    expect((await view()).stockUnit).toBe('kg');
    expect((await variant(LARGE)).stock).toBe(3_500);
    // Selling by the kilo cannot stop while stock is kept in kg.
    const noPerKg = await admin(`/products/${tilapiaId}/price-per-kg`, { method: 'PUT', json: { pricePerKgCents: null } });
    expect(noPerKg.status).toBe(400);
    expect(((await noPerKg.json()) as ErrorBody).error.message).toBe(
      'This product’s stock is kept in kg: keep it in pieces before it stops being sold by the kilo.',
    );

    await admin(`/orders/${held.orderId}/cancel`, { method: 'POST', json: { reason: 'Changed their mind' } });
    expect((await adjust(large.id, { kind: 'adjustment', cause: 'count', quantity: -100, unit: 'kg' })).status).toBe(201);
    shop.clock.advance(60_000);
    const back = await setUnit('piece');
    expect(back.status, await back.clone().text()).toBe(200);
    expect((await variant(LARGE)).stock).toBe(5); // 4.1 kg of 700 g: 5 whole fish, 600 g left over
    expect((await ledger(large.id)).slice(-3)).toEqual([
      { kind: 'adjustment', quantity: -600, stockAfter: 3_500, unit: 'kg' },
      { kind: 'adjustment', quantity: -3_500, stockAfter: 0, unit: 'kg' },
      { kind: 'adjustment', quantity: 5, stockAfter: 5, unit: 'piece' },
    ]);
    const [product] = await shop.ctx.db.select().from(products).where(eq(products.id, tilapiaId));
    expect(product).toMatchObject({ stockUnit: 'piece', lowStockThreshold: 5 });
    expect(await onSale()).toMatchObject({ [LARGE]: 5, 'Small, Whole': 6 });
  });

  it('never moves a checkout in a unit its product has just left: a switch and an order at once', async () => {
    await sellByTheKilo();
    const large = await variant(LARGE);
    const [switched, placed] = await Promise.all([
      setUnit('kg'),
      postOrder(shop, shop.buyer, orderBody([{ productId: tilapiaId, variantId: large.id, quantity: 1 }])),
    ]);
    expect(placed.status, JSON.stringify(placed.json)).toBe(200);
    const [reservation] = await movementsOf(shop, placed.json.orderId!, 'reservation');
    const now = await variant(LARGE);
    if (switched.status === 200) {
      // The switch went first: the order took 700 g of the 4.2 kg.
      expect(reservation).toMatchObject({ quantity: -700, unit: 'kg', stockAfter: 3_500 });
      expect(now.stock).toBe(3_500);
    } else {
      // The order went first: its piece is held, so the switch waits for it.
      expect(switched.status).toBe(409);
      expect(reservation).toMatchObject({ quantity: -1, unit: 'piece', stockAfter: 5 });
      expect(now.stock).toBe(5);
    }
  });

  once('registers the kg product at KRA as a KG item, moves its stock there and declares its sale in kg at the price of a kg', async () => {
    await sendDueTaxInvoices(shop.ctx); // the seeded opening stock first
    // Prices include VAT: a kg of tilapia is KES 1,900 on the invoice, as on the shelf.
    expect((await admin('/shop-details/prices-include-vat', { method: 'PUT', json: { on: true } })).status).toBe(200);
    await inKg();
    const large = await variant(LARGE);
    const order = await placePaidOrderAttempt(shop, shop.buyer, [{ productId: tilapiaId, variantId: large.id, quantity: 2 }]);
    await payOnSimulator(shop, order.trackingId, 'card');
    await taxInvoicesIdle(shop.ctx);

    const items = await shop.ctx.db.select().from(etimsItems).where(eq(etimsItems.productId, tilapiaId));
    const inPieces = items.find((i) => i.itemKey === `product:${tilapiaId}`)!;
    const byKg = items.find((i) => i.itemKey === `product:${tilapiaId}:kg`)!;
    expect(inPieces.qtyUnitCd).toBe('NO');
    expect(byKg).toMatchObject({ qtyUnitCd: 'KG', itemCd: expect.stringMatching(/^KE2NTKG\d{7}$/) });
    expect(byKg.registeredAt).not.toBeNull();

    // KRA holds nothing more of the fish in pieces and 49 fish' weight less the 1.4 kg sold, in kg.
    const kra = shop.etimsSim.stock(SIMULATOR_DEVICE.tin, SIMULATOR_DEVICE.bhfId);
    const totalGrams = (await view()).variants.reduce((sum, v) => sum + v.stock, 0);
    expect(kra.held.get(inPieces.itemCd)).toBe(0);
    expect(kra.held.get(byKg.itemCd)).toBeCloseTo(totalGrams / 1000, 9);
    const sold = kra.accepted.filter((e) => e.op === 'insertStockIO' && e.itemCd === byKg.itemCd && e.sarTyCd === '11');
    expect(sold).toEqual([{ op: 'insertStockIO', sarNo: expect.any(Number), sarTyCd: '11', itemCd: byKg.itemCd, qty: 1.4 }]);
    const rows = await shop.ctx.db
      .select()
      .from(etimsStockMoves)
      .where(and(eq(etimsStockMoves.productId, tilapiaId), eq(etimsStockMoves.unit, 'kg')))
      .orderBy(desc(etimsStockMoves.sarNo));
    expect(rows[0]).toMatchObject({ sarTyCd: '11', quantity: 1_400, unitPrice: 190_000, status: 'sent', orderId: order.orderId });

    // The sale: 1.4 kg at KES 1,900 a kg, the line what the customer paid for it.
    expect(await invoiceOf(shop, order.orderId, 'sale')).toMatchObject({ status: 'sent' });
    const sale = declared(shop).at(-1)!.request;
    const line = sale.itemList.find((l) => l.itemCd === byKg.itemCd)!;
    expect(line).toMatchObject({ qtyUnitCd: 'KG', qty: 1.4, prc: 1_900, splyAmt: 2_660, totAmt: 2_660 });
    expect(sale.totAmt).toBe((await orderRow(shop, order.orderId)).totalAmount / 100);
    const [check] = await shop.ctx.db
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.id, large.id));
    expect(check?.stock).toBe(2_800);
  });
});
