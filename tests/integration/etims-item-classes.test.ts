// Item classes per product: the back office offers KRA's list (as the shop cached it from
// selectItemClsList), a product takes one of its classes or its category's default, a class KRA does
// not list is refused with nothing changed, and the class chosen is the one the item is registered
// under at KRA (a changed class registers the item again, under the same item code).
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { etimsItems, products } from '../../src/server/db/schema';
import { SIMULATOR_DEVICE } from '../../src/server/etims-config';
import { refreshEtimsCodes } from '../../src/server/features/tax-invoices/etims-device.service';
import { productItemKey } from '../../src/server/features/tax-invoices/order-invoice-lines';
import { taxInvoicesIdle } from '../../src/server/features/tax-invoices/tax-invoice-sender';
import { createUser } from '../support/test-app';
import { dbKinds } from '../support/test-database';
import { auditRows } from './admin-helpers';
import { productBySlug } from './checkout-support';
import { createTaxShop, disposeTaxShop, payOrder, type TaxShop } from './etims-support';

const TILAPIA = 'fresh-whole-tilapia';

describe.each(dbKinds(import.meta.url))('KRA item classes per product, on %s', (kind) => {
  let shop: TaxShop;
  beforeEach(async () => {
    shop = await createTaxShop(kind);
  });
  afterEach(() => disposeTaxShop(shop));

  const patch = (id: string, json: unknown) =>
    shop.request(`/api/admin/products/${id}`, { method: 'PATCH', cookie: shop.admin.cookie, json });
  const classes = async (cookie = shop.admin.cookie) => {
    const res = await shop.request('/api/admin/tax-invoices/item-classes', { cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as {
      classes: { code: string; name: string; taxBand: string | null }[];
      defaults: Record<string, string>;
      refreshedAt: string | null;
      missing: string | null;
    };
  };
  const storedClass = async (id: string) =>
    (await shop.ctx.db.select({ c: products.etimsItemClass }).from(products).where(eq(products.id, id)))[0]?.c;
  const registered = async (productId: string) => {
    const [row] = await shop.ctx.db
      .select()
      .from(etimsItems)
      .where(eq(etimsItems.itemKey, productItemKey(productId)));
    return { row, atKra: row ? shop.etimsSim.items(SIMULATOR_DEVICE.tin, SIMULATOR_DEVICE.bhfId).get(row.itemCd) : undefined };
  };

  it("offers KRA's list once the shop fetched it, and refuses a class before then, changing nothing", async () => {
    const tilapia = await productBySlug(shop, TILAPIA);
    const before = await classes();
    expect(before.classes).toEqual([]);
    expect(before.missing).toMatch(/has not been fetched yet/);
    expect(before.defaults).toMatchObject({ fish: '50121500', chicken: '50112000', delivery: '78102200' });

    const early = await patch(tilapia.id, { etimsItemClass: '50121500' });
    expect(early.status).toBe(400);
    expect(await early.json()).toMatchObject({
      error: { message: expect.stringMatching(/has not been fetched yet/), fields: { etimsItemClass: expect.any(String) } },
    });
    expect(await storedClass(tilapia.id)).toBeNull();

    await refreshEtimsCodes(shop.ctx); // what the hourly job does
    const after = await classes();
    expect(after.missing).toBeNull();
    expect(after.refreshedAt).not.toBeNull();
    expect(after.classes).toContainEqual({ code: '50121500', name: 'Fish, fresh', taxBand: 'B' });
    expect(after.classes).toContainEqual({ code: '50112000', name: 'Poultry, fresh', taxBand: 'B' });
    expect(after.classes).toContainEqual({ code: '78102200', name: 'Courier and delivery services', taxBand: 'B' });
    // Staff see the product form (read only) and so its list.
    const staff = await createUser(shop, { role: 'staff' });
    expect((await classes(staff.cookie)).classes.length).toBe(after.classes.length);
  });

  it('refuses a class not in the list with a clear message, and saves one that is', async () => {
    await refreshEtimsCodes(shop.ctx);
    const tilapia = await productBySlug(shop, TILAPIA);

    const unknown = await patch(tilapia.id, { etimsItemClass: '12345678', name: 'Renamed tilapia' });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({
      error: {
        message: "KRA's list has no item class 12345678. Choose one from the list, or leave the category default.",
        fields: { etimsItemClass: "KRA's list has no item class 12345678. Choose one from the list, or leave the category default." },
      },
    });
    const malformed = await patch(tilapia.id, { etimsItemClass: 'fish' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({
      error: { fields: { etimsItemClass: "A KRA item class is a code of up to 10 digits from KRA's list, e.g. 50121500" } },
    });
    const [row] = await shop.ctx.db.select().from(products).where(eq(products.id, tilapia.id));
    expect(row).toMatchObject({ etimsItemClass: null, name: tilapia.name });
    expect(await auditRows(shop, 'PRODUCT_UPDATE', tilapia.id)).toHaveLength(0);

    const created = await shop.request('/api/admin/products', {
      method: 'POST',
      cookie: shop.admin.cookie,
      json: { name: 'Smoked catfish', category: 'fish', priceCents: 90000, etimsItemClass: '11111111' },
    });
    expect(created.status).toBe(400);
    expect((await shop.ctx.db.select().from(products).where(eq(products.name, 'Smoked catfish'))).length).toBe(0);

    const ok = await patch(tilapia.id, { etimsItemClass: '99010000' });
    expect(ok.status, await ok.clone().text()).toBe(200);
    expect(((await ok.json()) as { product: { etimsItemClass: string } }).product.etimsItemClass).toBe('99010000');
    expect(await storedClass(tilapia.id)).toBe('99010000');
    const [audit] = await auditRows(shop, 'PRODUCT_UPDATE', tilapia.id);
    expect(audit?.details).toMatchObject({ changed: { etimsItemClass: { from: null, to: '99010000' } } });
  });

  it('registers the item under the chosen class, and again under the default when the choice is cleared', async () => {
    const tilapia = await productBySlug(shop, TILAPIA);
    await payOrder(shop); // registered under its category's class
    await taxInvoicesIdle(shop.ctx);
    const first = await registered(tilapia.id);
    expect(first.row?.itemClsCd).toBe('50121500');
    expect(first.atKra?.itemClsCd).toBe('50121500');

    expect((await patch(tilapia.id, { etimsItemClass: '99010000' })).status).toBe(200);
    await payOrder(shop);
    await taxInvoicesIdle(shop.ctx);
    const chosen = await registered(tilapia.id);
    expect(chosen.row).toMatchObject({ itemCd: first.row?.itemCd, itemClsCd: '99010000' });
    expect(chosen.atKra?.itemClsCd).toBe('99010000');
    const [sale] = shop.etimsSim.sales(SIMULATOR_DEVICE.tin, SIMULATOR_DEVICE.bhfId).slice(-1);
    expect(sale?.request.itemList.find((l) => l.itemCd === first.row?.itemCd)?.itemClsCd).toBe('99010000');

    expect((await patch(tilapia.id, { etimsItemClass: null })).status).toBe(200);
    await payOrder(shop);
    await taxInvoicesIdle(shop.ctx);
    expect((await registered(tilapia.id)).atKra?.itemClsCd).toBe('50121500');
    const [delivery] = await shop.ctx.db
      .select()
      .from(etimsItems)
      .where(and(eq(etimsItems.itemKey, 'delivery')));
    expect(delivery?.itemClsCd).toBe('78102200');
  });
});
