// Stock reported to KRA (the built-in eTIMS simulator): each movement of goods is declared with a
// stock IO under the next sarNo and then a stock master with what is left, in order, a sale's after
// its invoice; a sale KRA holds no stock for is refused, set aside and sent again once the stock is
// declared; the merchant's causes reach KRA as its in/out types.
import { and, asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { etimsItems, etimsStockMoves } from '../../src/server/db/schema';
import { SIMULATOR_DEVICE } from '../../src/server/etims-config';
import { sendDueTaxInvoices, taxInvoicesIdle } from '../../src/server/features/tax-invoices/tax-invoice-sender';
import { outboxRetryDelayMs } from '../../src/server/infra/outbox/outbox';
import { dbKinds } from '../support/test-database';
import { productBySlug } from './checkout-support';
import { approveRefund, createTaxShop, disposeTaxShop, invoiceOf, payOrder, type TaxShop } from './etims-support';

describe.each(dbKinds(import.meta.url))('stock reported to KRA eTIMS, on %s', (kind) => {
  let shop: TaxShop;
  beforeEach(async () => {
    shop = await createTaxShop(kind);
    // The seeded products' opening stock goes first (as on a new shop's first round).
    await sendDueTaxInvoices(shop.ctx);
  });
  afterEach(() => disposeTaxShop(shop));

  const admin = (path: string, init: { method?: string; json?: unknown } = {}) =>
    shop.request(`/api/admin${path}`, { ...init, cookie: shop.admin.cookie });
  const changeStock = (productId: string, json: Record<string, unknown>) => admin(`/products/${productId}/stock`, { method: 'POST', json });
  const declarations = () => shop.ctx.db.select().from(etimsStockMoves).orderBy(asc(etimsStockMoves.sarNo));
  const kra = () => shop.etimsSim.stock(SIMULATOR_DEVICE.tin, SIMULATOR_DEVICE.bhfId);
  const ops = () => shop.etimsSim.requestLog.map((r) => r.op);
  async function itemCodeOf(productId: string): Promise<string> {
    const [item] = await shop.ctx.db
      .select({ itemCd: etimsItems.itemCd })
      .from(etimsItems)
      .where(and(eq(etimsItems.itemKey, `product:${productId}`)));
    if (!item) throw new Error('the product was never registered at KRA');
    return item.itemCd;
  }

  it('declares a restock and a sale: stock IO then stock master, gap-free sarNo, the stock-out after the signed sale', async () => {
    const tilapia = await productBySlug(shop, 'fresh-whole-tilapia');
    const seeded = (await declarations()).length;
    const kraBefore = kra().accepted.length;
    expect(seeded).toBeGreaterThan(0);

    const restocked = await changeStock(tilapia.id, {
      kind: 'restock',
      cause: 'purchase',
      quantity: 10,
      reason: 'Morning catch delivered',
    });
    expect(restocked.status, await restocked.clone().text()).toBe(201);
    const orderId = await payOrder(shop, [{ slug: 'fresh-whole-tilapia', quantity: 2 }]);
    await taxInvoicesIdle(shop.ctx);

    const itemCd = await itemCodeOf(tilapia.id);
    const onShelf = (await productBySlug(shop, 'fresh-whole-tilapia')).stock;
    expect(onShelf).toBe(tilapia.stock + 8);
    expect(kra().accepted.slice(kraBefore)).toEqual([
      { op: 'insertStockIO', sarNo: seeded + 1, sarTyCd: '02', itemCd, qty: 10 },
      { op: 'saveStockMaster', itemCd, rsdQty: tilapia.stock + 10 },
      { op: 'insertStockIO', sarNo: seeded + 2, sarTyCd: '11', itemCd, qty: 2 },
      { op: 'saveStockMaster', itemCd, rsdQty: onShelf },
    ]);
    expect(kra().held.get(itemCd)).toBe(onShelf);
    // KRA signed the sale before it was told the goods went out.
    expect(await invoiceOf(shop, orderId, 'sale')).toMatchObject({ status: 'sent' });
    expect(ops().lastIndexOf('saveSale')).toBeLessThan(ops().lastIndexOf('insertStockIO'));
    // The delivery fee is a service: invoiced, never stocked.
    expect(shop.etimsSim.sales(SIMULATOR_DEVICE.tin, SIMULATOR_DEVICE.bhfId)[0]?.request.itemList.map((l) => l.itemCd.slice(0, 3))).toEqual(
      ['KE2', 'KE3'],
    );
    expect(kra().accepted.filter((e) => !e.itemCd.startsWith('KE2'))).toEqual([]);

    const rows = await declarations();
    expect(rows.map((r) => r.sarNo)).toEqual(Array.from({ length: seeded + 2 }, (_, i) => i + 1));
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['sent']));
    expect(rows.slice(-2).map((r) => [r.sarTyCd, r.quantity, r.rsdQty, r.orderId, r.remark])).toEqual([
      ['02', 10, tilapia.stock + 10, null, 'Morning catch delivered'],
      ['11', 2, onShelf, orderId, null],
    ]);
    expect(rows.at(-1)?.request).toMatchObject({
      sarNo: seeded + 2,
      sarTyCd: '11',
      regTyCd: 'A',
      itemList: [{ itemCd, qty: 2, qtyUnitCd: 'NO' }],
    });
  });

  it('has a sale KRA holds no stock for refused and set aside, goes on with the next, and sends it once the stock is declared', async () => {
    shop.etimsSim.switches.stockDown = true;
    const created = await admin('/products', {
      method: 'POST',
      json: { name: 'Nile Perch Fillet', category: 'fish', priceCents: 90_000, stock: 5 },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const perch = ((await created.json()) as { product: { id: string; slug: string } }).product;
    const short = await payOrder(shop, [{ slug: perch.slug, quantity: 2 }]);
    const next = await payOrder(shop);
    await taxInvoicesIdle(shop.ctx);

    // What the merchant sees: KRA's reason, and that the shop will send it again itself.
    const listed = (await (await admin('/tax-invoices?status=refused')).json()) as {
      invoices: { orderId: string; kraMessage: string; error: string }[];
    };
    expect(listed.invoices.map((i) => i.orderId)).toEqual([short]);
    expect(listed.invoices[0]?.kraMessage).toContain('do not exist in your stock');
    expect(listed.invoices[0]?.error).toContain('it is sent again when the stock is declared');
    expect(await invoiceOf(shop, next, 'sale')).toMatchObject({ status: 'sent', invcNo: 1 });
    // The perch's opening stock waits for KRA, and every declaration after it.
    expect((await declarations()).filter((r) => r.status !== 'sent').map((r) => [r.sarTyCd, r.status, r.orderId])).toEqual([
      ['06', 'failed', null],
      ['11', 'queued', short],
      ['11', 'queued', next],
    ]);

    shop.etimsSim.switches.stockDown = false;
    shop.clock.advance(outboxRetryDelayMs(1));
    expect(await sendDueTaxInvoices(shop.ctx)).toEqual({ sent: 1 });

    expect(await invoiceOf(shop, short, 'sale')).toMatchObject({ status: 'sent', invcNo: 2, error: null, resultCode: '000' });
    const itemCd = await itemCodeOf(perch.id);
    expect(kra().accepted.filter((e) => e.itemCd === itemCd)).toEqual([
      { op: 'insertStockIO', sarNo: expect.any(Number), sarTyCd: '06', itemCd, qty: 5 },
      { op: 'saveStockMaster', itemCd, rsdQty: 5 },
      { op: 'insertStockIO', sarNo: expect.any(Number), sarTyCd: '11', itemCd, qty: 2 },
      { op: 'saveStockMaster', itemCd, rsdQty: 3 },
    ]);
    const rows = await declarations();
    expect(rows.map((r) => r.sarNo)).toEqual(Array.from({ length: rows.length }, (_, i) => i + 1));
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['sent']));
  });

  it("puts a refunded order's goods back as a return (03), declared after its credit note", async () => {
    const orderId = await payOrder(shop);
    await taxInvoicesIdle(shop.ctx);
    const kraBefore = kra().accepted.length;
    const res = await admin(`/orders/${orderId}/cancel`, { method: 'POST', json: { reason: 'Customer changed their mind' } });
    expect(res.status, await res.clone().text()).toBe(200);
    // The goods come back, and KRA hears of it, once Pesapal has made the refund (decision 046).
    await approveRefund(shop, orderId);
    await taxInvoicesIdle(shop.ctx);

    const tilapia = await productBySlug(shop, 'fresh-whole-tilapia');
    const itemCd = await itemCodeOf(tilapia.id);
    expect(await invoiceOf(shop, orderId, 'credit_note')).toMatchObject({ status: 'sent' });
    expect(kra().accepted.slice(kraBefore)).toEqual([
      { op: 'insertStockIO', sarNo: expect.any(Number), sarTyCd: '03', itemCd, qty: 2 },
      { op: 'saveStockMaster', itemCd, rsdQty: tilapia.stock },
    ]);
    expect(ops().lastIndexOf('saveSale')).toBeLessThan(ops().lastIndexOf('insertStockIO'));
    expect((await declarations()).at(-1)).toMatchObject({ sarTyCd: '03', orderId, remark: 'Order cancelled and refunded', status: 'sent' });
  });

  it("tells KRA the merchant's causes as its types, and refuses a cause that cannot move stock that way with a clear message", async () => {
    const tilapia = await productBySlug(shop, 'fresh-whole-tilapia');
    const wrongWay = await changeStock(tilapia.id, { kind: 'adjustment', cause: 'spoiled', quantity: 3, reason: 'Rotten' });
    expect(wrongWay.status).toBe(400);
    expect(((await wrongWay.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      quantity: 'Spoiled or thrown away cannot add stock: enter a negative quantity or choose another cause',
    });
    const wrongKind = await changeStock(tilapia.id, { kind: 'restock', cause: 'count', quantity: 3, reason: 'Recount' });
    expect(wrongKind.status).toBe(400);
    expect(((await wrongKind.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      cause: 'A restock is a delivery or goods that came back',
    });
    const before = (await declarations()).length;

    for (const json of [
      { kind: 'adjustment', cause: 'spoiled', quantity: -3, reason: 'Rotten in the heat' },
      { kind: 'adjustment', cause: 'count', quantity: 2, reason: 'Found in the cold room' },
      { kind: 'adjustment', quantity: -1, reason: 'Miscounted' },
      { kind: 'restock', cause: 'returned', quantity: 1, reason: 'Came back from a market stall' },
    ]) {
      const res = await changeStock(tilapia.id, json);
      expect(res.status, await res.clone().text()).toBe(201);
    }
    await sendDueTaxInvoices(shop.ctx);
    const rows = (await declarations()).slice(before);
    expect(rows.map((r) => [r.sarTyCd, r.quantity, r.rsdQty, r.status])).toEqual([
      ['15', 3, tilapia.stock - 3, 'sent'],
      ['06', 2, tilapia.stock - 1, 'sent'],
      ['16', 1, tilapia.stock - 2, 'sent'],
      ['03', 1, tilapia.stock - 1, 'sent'],
    ]);
    expect(rows.map((r) => (r.request as { regTyCd: string }).regTyCd)).toEqual(['M', 'M', 'M', 'M']);
    expect(kra().held.get(await itemCodeOf(tilapia.id))).toBe((await productBySlug(shop, 'fresh-whole-tilapia')).stock);
  });
  it('tells the back office what stock waits for KRA, warns once it waited longer than the setting, and names the declaration holding the rest', async () => {
    const status = async () => {
      const res = await admin('/tax-invoices/status');
      expect(res.status, await res.clone().text()).toBe(200);
      return ((await res.json()) as { stock: unknown }).stock;
    };
    expect(await status()).toEqual({ waiting: 0, failed: 0, oldestWaitingSince: null, late: 0, heldBy: null });

    const tilapia = await productBySlug(shop, 'fresh-whole-tilapia');
    shop.etimsSim.switches.mode = 'down'; // KRA away
    const restocked = await changeStock(tilapia.id, { kind: 'restock', cause: 'purchase', quantity: 4, reason: 'Morning catch delivered' });
    expect(restocked.status, await restocked.clone().text()).toBe(201);
    await taxInvoicesIdle(shop.ctx);
    await sendDueTaxInvoices(shop.ctx);
    const [waiting] = (await declarations()).filter((d) => d.status !== 'sent');
    const since = waiting?.createdAt.toISOString();
    const held = { sarNo: waiting?.sarNo, error: `Stock declaration ${waiting?.sarNo}: KRA eTIMS insertStockIO answered HTTP 503` };
    expect(await status()).toEqual({ waiting: 1, failed: 1, oldestWaitingSince: since, late: 0, heldBy: held });

    shop.clock.advance(16 * 60_000); // KRA still away, past ETIMS_LATE_AFTER_MINUTES (15)
    expect(await status()).toEqual({ waiting: 1, failed: 1, oldestWaitingSince: since, late: 1, heldBy: held });

    shop.etimsSim.switches.mode = 'up';
    shop.clock.advance(outboxRetryDelayMs(waiting?.attempts ?? 1));
    await sendDueTaxInvoices(shop.ctx);
    expect(await status()).toEqual({ waiting: 0, failed: 0, oldestWaitingSince: null, late: 0, heldBy: null });
  });
});
