// The back office's editor of a product's options and variants, on both databases: what the API
// answers, what the database then holds (variants, the stock ledger per variant, audit rows) and
// the messages of refused input.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { productOptions, productOptionValues, products, productVariants, stockMovements } from '../../src/server/db/schema';
import { dbKinds } from '../support/test-database';
import { auditRows, body, withAdminApp } from './admin-helpers';

interface View {
  options: { id: string; name: string; position: number; values: { id: string; value: string; position: number; enabled: boolean }[] }[];
  variants: {
    id: string;
    optionValueIds: string[];
    values: string[];
    name: string;
    sku: string | null;
    priceCents: number;
    stock: number;
    weightGrams: number | null;
    enabled: boolean;
  }[];
}
type ErrorBody = { error: { message: string; fields?: Record<string, string> } };

const FISH_OPTIONS = {
  options: [
    { name: 'Size', values: ['Small', 'Large'] },
    { name: 'Preparation', values: ['Whole', 'Filleted'] },
  ],
  variants: [
    { values: ['Small', 'Whole'], priceCents: 40_000, stock: 5, weightGrams: 300 },
    { values: ['Large', 'Whole'], priceCents: 90_000, stock: 2, weightGrams: 800 },
    { values: ['Large', 'Filleted'], priceCents: 110_000, stock: 0, weightGrams: 500 },
  ],
};

describe.each(dbKinds(import.meta.url))('admin options and variants on %s', (kind) => {
  const s = withAdminApp(kind);
  const { asAdmin } = s;
  let counter = 0;

  /** A new product without options, with opening stock. */
  async function newProduct(stock = 4): Promise<string> {
    counter += 1;
    const res = await asAdmin('/products', {
      method: 'POST',
      json: { name: `Variant Test Fish ${counter}`, category: 'fish', priceCents: 50_000, stock },
    });
    expect(res.status).toBe(201);
    return (await body<{ product: { id: string } }>(res)).product.id;
  }

  /** A new product given Size × Preparation with unique SKUs. */
  async function fishWithOptions(): Promise<{ id: string; view: View }> {
    const id = await newProduct();
    const variants = FISH_OPTIONS.variants.map((v) => ({ ...v, sku: `VT${counter}-${v.values.join('-').toUpperCase()}` }));
    const res = await asAdmin(`/products/${id}/options`, { method: 'POST', json: { ...FISH_OPTIONS, variants } });
    expect(res.status).toBe(201);
    return { id, view: await body<View>(res) };
  }

  const productRow = async (id: string) => (await s.t.ctx.db.select().from(products).where(eq(products.id, id)))[0]!;

  it("reads a seeded product's options and variants, and the implicit variant of a product without options", async () => {
    const [tilapia] = await s.t.ctx.db.select({ id: products.id }).from(products).where(eq(products.name, 'Tilapia'));
    const view = await body<View>(await asAdmin(`/products/${tilapia!.id}/variants`));
    expect(view.options.map((o) => [o.name, o.values.map((v) => v.value)])).toEqual([
      ['Size', ['Small', 'Medium', 'Large', 'Jumbo']],
      ['Preparation', ['Whole', 'Scaled & gutted', 'Filleted']],
    ]);
    expect(view.variants).toHaveLength(9);
    expect(view.variants[1]).toMatchObject({
      name: 'Small, Scaled & gutted',
      values: ['Small', 'Scaled & gutted'],
      sku: 'TIL-S-SG',
      priceCents: 48_000,
      stock: 5,
      weightGrams: 300,
      enabled: true,
    });

    const plain = await newProduct(3);
    const single = await body<View>(await asAdmin(`/products/${plain}/variants`));
    expect(single.options).toEqual([]);
    expect(single.variants).toMatchObject([{ name: '', values: [], priceCents: 50_000, stock: 3, enabled: true }]);

    expect((await asAdmin('/products/00000000-0000-4000-8000-000000000001/variants')).status).toBe(404);
    expect((await asAdmin('/products/not-a-uuid/variants')).status).toBe(400);
  });

  it('gives a product options once: variants, opening stock per variant in the ledger, product stock and price, audit', async () => {
    const { id, view } = await fishWithOptions();
    expect(view.variants.map((v) => [v.name, v.priceCents, v.stock])).toEqual([
      ['Small, Whole', 40_000, 5],
      ['Large, Whole', 90_000, 2],
      ['Large, Filleted', 110_000, 0],
    ]);
    // The implicit variant had opening stock (a ledger row), so it is retired, not deleted.
    const rows = await s.t.ctx.db.select().from(productVariants).where(eq(productVariants.productId, id));
    expect(rows).toHaveLength(4);
    expect(rows.find((r) => r.optionValueIds.length === 0)).toMatchObject({ enabled: false });
    expect(await productRow(id)).toMatchObject({ stock: 7, price: 40_000 });
    const ledger = await s.t.ctx.db.select().from(stockMovements).where(eq(stockMovements.productId, id));
    const small = view.variants[0]!;
    expect(ledger.filter((m) => m.variantId === small.id)).toMatchObject([
      { kind: 'restock', quantity: 5, stockAfter: 5, reason: 'Opening stock', actorUserId: s.admin.id },
    ]);
    expect(await auditRows(s.t, 'PRODUCT_OPTIONS_ADD', id)).toMatchObject([
      { userId: s.admin.id, details: { variants: 3, options: FISH_OPTIONS.options } },
    ]);

    const again = await asAdmin(`/products/${id}/options`, { method: 'POST', json: FISH_OPTIONS });
    expect(again.status).toBe(409);
    expect((await body<ErrorBody>(again)).error.message).toBe('This product already has options: add values or variants to them instead');
  });

  it('refuses bad options with a message per field and changes nothing', async () => {
    const id = await newProduct();
    const post = (json: unknown) => asAdmin(`/products/${id}/options`, { method: 'POST', json });
    const bad = await post({
      options: [
        { name: ' ', values: ['Small', 'small'] },
        { name: 'Cut', values: [] },
      ],
      variants: [{ values: ['Small', 'Whole'], priceCents: 0, stock: -1, weightGrams: 0, sku: 'bad sku!' }],
    });
    expect(bad.status).toBe(400);
    expect((await body<ErrorBody>(bad)).error.fields).toEqual({
      'options.0.name': 'Name the option (e.g. Size)',
      'options.0.values.1': 'The values of one option must differ',
      'options.1.values': 'Give each option 1 to 20 values',
      'variants.0.values': 'Each combination names one value of every option',
      'variants.0.priceCents': 'Price must be more than 0',
      'variants.0.stock': 'Stock must be a whole number of 0 or more',
      'variants.0.weightGrams': 'Weight must be a whole number of grams more than 0',
      'variants.0.sku': 'SKU is letters, numbers, dots, dashes or underscores, at most 40',
    });
    const combos = await post({
      options: [{ name: 'Size', values: ['Small', 'small'] }],
      variants: [
        { values: ['Huge'], priceCents: 100 },
        { values: ['Small'], priceCents: 100, sku: 'A1' },
        { values: ['Small'], priceCents: 100, sku: 'a1' },
      ],
    });
    expect((await body<ErrorBody>(combos)).error.fields).toEqual({
      'options.0.values.1': 'The values of one option must differ',
      'variants.0.values': 'Each combination names one value of every option',
      'variants.2.values': 'Each combination is sold once',
      'variants.2.sku': 'Each variant needs its own SKU',
    });
    expect((await body<ErrorBody>(await post({ options: [], variants: [] }))).error.fields).toEqual({
      options: 'Give 1 to 3 options',
      variants: 'Choose at least one combination to sell (at most 100)',
    });
    // A SKU is the shop's one: the seeded Tilapia has TIL-S-W.
    const taken = await post({
      options: [{ name: 'Size', values: ['Small'] }],
      variants: [{ values: ['Small'], priceCents: 100, sku: 'TIL-S-W' }],
    });
    expect(taken.status).toBe(409);
    expect((await body<ErrorBody>(taken)).error.fields).toEqual({ 'variants.0.sku': 'Another variant already uses that SKU' });
    expect(await s.t.ctx.db.select().from(productOptions).where(eq(productOptions.productId, id))).toEqual([]);
    const unknown = await asAdmin('/products/00000000-0000-4000-8000-000000000001/options', { method: 'POST', json: FISH_OPTIONS });
    expect(unknown.status).toBe(404);
  });

  it("edits a variant's price, SKU, weight and sale; stock only through the ledger", async () => {
    const { id, view } = await fishWithOptions();
    const small = view.variants[0]!;
    const patch = (json: unknown, variantId = small.id) => asAdmin(`/products/${id}/variants/${variantId}`, { method: 'PATCH', json });
    const res = await patch({ priceCents: 35_000, sku: ' NEW-SKU-1 ', weightGrams: 250 });
    expect(res.status).toBe(200);
    expect((await body<View>(res)).variants[0]).toMatchObject({ priceCents: 35_000, sku: 'NEW-SKU-1', weightGrams: 250 });
    expect(await productRow(id)).toMatchObject({ price: 35_000 });
    expect(await auditRows(s.t, 'VARIANT_UPDATE', small.id)).toMatchObject([
      {
        details: {
          variant: 'Small, Whole',
          changed: { priceCents: { from: 40_000, to: 35_000 }, sku: { to: 'NEW-SKU-1' }, weightGrams: { from: 300, to: 250 } },
        },
      },
    ]);
    // Not sold any more: its stock leaves the product's total, and the lowest price is the next one.
    expect((await patch({ enabled: false })).status).toBe(200);
    expect(await productRow(id)).toMatchObject({ stock: 2, price: 90_000 });

    const stockOnly = await patch({ stock: 99 });
    expect(stockOnly.status).toBe(400);
    expect((await body<ErrorBody>(stockOnly)).error.message).toBe('Nothing to change');
    expect((await body<ErrorBody>(await patch({ priceCents: 12.5, weightGrams: -3 }))).error.fields).toEqual({
      priceCents: 'Price must be a whole number of cents',
      weightGrams: 'Weight must be a whole number of grams more than 0',
    });
    const taken = await patch({ sku: 'TIL-S-W' });
    expect(taken.status).toBe(409);
    expect((await body<ErrorBody>(taken)).error.fields).toEqual({ sku: 'Another variant already uses that SKU' });
    expect((await patch({ priceCents: 100 }, '00000000-0000-4000-8000-000000000001')).status).toBe(404);
    const [row] = await s.t.ctx.db.select().from(productVariants).where(eq(productVariants.id, small.id));
    expect(row).toMatchObject({ stock: 5, enabled: false, sku: 'NEW-SKU-1' });

    // The product's own price is its variants' lowest: the product form cannot set it apart.
    const productPrice = await asAdmin(`/products/${id}`, { method: 'PATCH', json: { priceCents: 1_000 } });
    expect(productPrice.status).toBe(400);
    expect((await body<ErrorBody>(productPrice)).error.fields).toEqual({
      priceCents: 'This product is priced per variant: change the prices under Options and variants',
    });
    expect((await asAdmin(`/products/${id}`, { method: 'PATCH', json: { priceCents: 90_000, featured: true } })).status).toBe(200);
    expect(await productRow(id)).toMatchObject({ price: 90_000, featured: true });
  });

  it('adds, renames, reorders, disables and enables values; adds a variant for a new combination', async () => {
    const { id, view } = await fishWithOptions();
    const [size, prep] = view.options as [View['options'][number], View['options'][number]];
    const added = await asAdmin(`/products/${id}/options/${size.id}/values`, { method: 'POST', json: { value: ' Jumbo ' } });
    expect(added.status).toBe(201);
    const jumbo = (await body<View>(added)).options[0]!.values.find((v) => v.value === 'Jumbo')!;
    expect(jumbo).toMatchObject({ position: 2, enabled: true });
    const repeated = await asAdmin(`/products/${id}/options/${size.id}/values`, { method: 'POST', json: { value: 'LARGE' } });
    expect(repeated.status).toBe(409);
    expect((await body<ErrorBody>(repeated)).error.fields).toEqual({ value: 'The values of one option must differ' });

    const whole = prep.values[0]!;
    const addVariant = (json: unknown) => asAdmin(`/products/${id}/variants`, { method: 'POST', json });
    const created = await addVariant({
      valueIds: [jumbo.id, whole.id],
      priceCents: 150_000,
      stock: 3,
      weightGrams: 1200,
      sku: `VT${counter}-J-W`,
    });
    expect(created.status).toBe(201);
    const jumboWhole = (await body<View>(created)).variants.find((v) => v.name === 'Jumbo, Whole')!;
    expect(jumboWhole).toMatchObject({ priceCents: 150_000, stock: 3, enabled: true });
    expect(await s.t.ctx.db.select().from(stockMovements).where(eq(stockMovements.variantId, jumboWhole.id))).toMatchObject([
      { kind: 'restock', quantity: 3, reason: 'Opening stock', actorUserId: s.admin.id },
    ]);
    expect(await productRow(id)).toMatchObject({ stock: 10 });
    const again = await addVariant({ valueIds: [jumbo.id, whole.id], priceCents: 1 });
    expect(again.status).toBe(409);
    expect((await body<ErrorBody>(again)).error.message).toBe('That combination is already sold');
    const wrongKind = await addVariant({ valueIds: [whole.id, jumbo.id], priceCents: 1 });
    expect(wrongKind.status).toBe(400);
    expect((await body<ErrorBody>(wrongKind)).error.fields).toEqual({ valueIds: 'Each combination names one value of every option' });

    const renamed = await asAdmin(`/products/${id}/options/${size.id}/values/${jumbo.id}`, {
      method: 'PATCH',
      json: { value: 'Extra large' },
    });
    expect((await body<View>(renamed)).variants.find((v) => v.id === jumboWhole.id)?.name).toBe('Extra large, Whole');
    const order = [jumbo.id, ...size.values.map((v) => v.id)];
    const reordered = await asAdmin(`/products/${id}/options/${size.id}/values/order`, { method: 'PUT', json: { valueIds: order } });
    expect((await body<View>(reordered)).options[0]!.values.map((v) => v.value)).toEqual(['Extra large', 'Small', 'Large']);
    const badOrder = await asAdmin(`/products/${id}/options/${size.id}/values/order`, {
      method: 'PUT',
      json: { valueIds: order.slice(1) },
    });
    expect(badOrder.status).toBe(400);
    expect((await body<ErrorBody>(badOrder)).error.fields).toEqual({ valueIds: 'Give every one of them once, in the new order' });

    // Disabling a value disables its variants: the product's stock no longer counts them.
    const value = (json: unknown) => asAdmin(`/products/${id}/options/${size.id}/values/${jumbo.id}`, { method: 'PATCH', json });
    const disabled = await body<View>(await value({ enabled: false }));
    expect(disabled.variants.find((v) => v.id === jumboWhole.id)).toMatchObject({ enabled: false });
    expect(await productRow(id)).toMatchObject({ stock: 7 });
    const audits = await auditRows(s.t, 'PRODUCT_OPTION_VALUE_UPDATE', jumbo.id);
    expect(audits.map((a) => a.details)).toContainEqual({
      product: expect.any(String),
      option: 'Size',
      value: 'Jumbo',
      renamedTo: 'Extra large',
    });
    expect(audits.find((a) => (a.details as { enabled?: boolean }).enabled === false)?.details).toMatchObject({
      value: 'Extra large',
      enabled: false,
      variantsDisabled: [jumboWhole.id],
    });
    const page = await s.t.request(`/api/catalog/products/by-slug/${(await productRow(id)).slug}`);
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain(jumboWhole.id);

    const enableVariant = () => asAdmin(`/products/${id}/variants/${jumboWhole.id}`, { method: 'PATCH', json: { enabled: true } });
    const refused = await enableVariant();
    expect(refused.status).toBe(409);
    expect((await body<ErrorBody>(refused)).error.message).toBe(
      'Enable the value Extra large first: a variant is sold only when all its values are',
    );
    // Enabling the value again leaves its variants for the merchant to enable.
    expect((await body<View>(await value({ enabled: true }))).variants.find((v) => v.id === jumboWhole.id)?.enabled).toBe(false);
    expect((await enableVariant()).status).toBe(200);
    expect(await productRow(id)).toMatchObject({ stock: 10 });
    expect((await value({})).status).toBe(400);
    expect((await asAdmin(`/products/${id}/options/${prep.id}/values/${jumbo.id}`, { method: 'PATCH', json: { value: 'x' } })).status).toBe(
      404,
    );
  });

  it('renames and reorders option kinds; variants keep their values in the kinds’ order', async () => {
    const { id, view } = await fishWithOptions();
    const [size, prep] = view.options as [View['options'][number], View['options'][number]];
    const renamed = await asAdmin(`/products/${id}/options/${prep.id}`, { method: 'PATCH', json: { name: 'Cut' } });
    expect((await body<View>(renamed)).options.map((o) => o.name)).toEqual(['Size', 'Cut']);
    const clash = await asAdmin(`/products/${id}/options/${prep.id}`, { method: 'PATCH', json: { name: 'size' } });
    expect(clash.status).toBe(409);
    expect((await body<ErrorBody>(clash)).error.fields).toEqual({ name: 'Each option needs its own name' });

    const res = await asAdmin(`/products/${id}/options/order`, { method: 'PUT', json: { optionIds: [prep.id, size.id] } });
    const after = await body<View>(res);
    expect(after.options.map((o) => o.name)).toEqual(['Cut', 'Size']);
    expect(after.variants.map((v) => v.name)).toEqual(['Whole, Small', 'Whole, Large', 'Filleted, Large']);
    const small = view.variants[0]!;
    const [row] = await s.t.ctx.db.select().from(productVariants).where(eq(productVariants.id, small.id));
    expect(row?.optionValueIds).toEqual([...small.optionValueIds].reverse());
    expect(await auditRows(s.t, 'PRODUCT_OPTIONS_REORDER', id)).toMatchObject([{ details: { order: ['Cut', 'Size'] } }]);
    const bad = await asAdmin(`/products/${id}/options/order`, { method: 'PUT', json: { optionIds: [prep.id, prep.id] } });
    expect(bad.status).toBe(400);
    const values = await s.t.ctx.db.select().from(productOptionValues).where(eq(productOptionValues.optionId, size.id));
    expect(values).toHaveLength(2);
  });

  it('counts stock per variant: adjustment names its variant, history filters by it, CSV per variant', async () => {
    const { id, view } = await fishWithOptions();
    const [small, large] = view.variants as [View['variants'][number], View['variants'][number]];
    const adjust = (json: unknown) => asAdmin(`/products/${id}/stock`, { method: 'POST', json });
    const noVariant = await adjust({ kind: 'restock', quantity: 2, reason: 'Catch' });
    expect(noVariant.status).toBe(400);
    expect((await body<ErrorBody>(noVariant)).error.fields).toEqual({ variantId: 'Choose the variant whose stock changes' });
    const ok = await adjust({ variantId: large.id, kind: 'restock', quantity: 4, reason: 'Lake "Victoria", morning' });
    expect(ok.status).toBe(201);
    expect(await body(ok)).toEqual({ stock: 6 });
    const down = await adjust({ variantId: small.id, kind: 'adjustment', quantity: -9, reason: 'Count' });
    expect((await body<ErrorBody>(down)).error.fields).toEqual({ quantity: 'Stock cannot go below zero (5 in stock).' });
    const otherProduct = await newProduct();
    const [implicit] = await s.t.ctx.db.select().from(productVariants).where(eq(productVariants.productId, otherProduct));
    expect((await adjust({ variantId: implicit!.id, kind: 'restock', quantity: 1, reason: 'x' })).status).toBe(404);
    // The retired implicit variant is not counted any more.
    const [retired] = await s.t.ctx.db
      .select()
      .from(productVariants)
      .where(and(eq(productVariants.productId, id), eq(productVariants.enabled, false)));
    expect((await adjust({ variantId: retired!.id, kind: 'restock', quantity: 1, reason: 'x' })).status).toBe(404);
    // A product without options still counts its implicit variant, named or not.
    expect(
      (await asAdmin(`/products/${otherProduct}/stock`, { method: 'POST', json: { kind: 'restock', quantity: 1, reason: 'x' } })).status,
    ).toBe(201);

    const [movement] = await s.t.ctx.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.variantId, large.id), eq(stockMovements.kind, 'restock'), eq(stockMovements.quantity, 4)));
    expect(movement).toMatchObject({ stockAfter: 6, actorUserId: s.admin.id });
    expect(await productRow(id)).toMatchObject({ stock: 11 });
    const [audit] = (await auditRows(s.t, 'STOCK_ADJUST', id)).filter((a) => (a.details as { variantId?: string }).variantId === large.id);
    expect(audit?.details).toMatchObject({ variant: 'Large, Whole', quantity: 4, stockAfter: 6 });

    const history = await body<{ items: { variantId: string; variantName: string; quantity: number }[]; total: number }>(
      await asAdmin(`/products/${id}/stock?variantId=${large.id}`),
    );
    expect(history.total).toBe(2);
    expect(history.items.map((m) => [m.variantName, m.quantity])).toEqual([
      ['Large, Whole', 4],
      ['Large, Whole', 2],
    ]);
    const all = await body<{ total: number }>(await asAdmin(`/products/${id}/stock`));
    expect(all.total).toBe(4);
    expect((await asAdmin(`/products/${id}/stock?variantId=nope`)).status).toBe(400);

    const csv = await asAdmin(`/products/${id}/stock.csv?variantId=${large.id}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toMatch(
      /^attachment; filename="stock-variant-test-fish-\d+-large-whole-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await csv.text()).split('\r\n');
    expect(lines[0]).toBe('When (Nairobi),Variant,SKU,Change,Quantity,Stock after,Unit,Reason,Order,By');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(',"Large, Whole",');
    expect(lines[2]).toContain(',restock,4,6,pieces,"Lake ""Victoria"", morning",,');
    expect((await asAdmin(`/products/${id}/stock.csv?variantId=${implicit!.id}`)).status).toBe(404);
  });

  it('warns of low stock per variant: one variant under the threshold makes the product low, whatever the total', async () => {
    const { id } = await fishWithOptions();
    // Total 7 (5 + 2 + 0), threshold 1: only the sold-out fillet is low; disabled, nothing is.
    await asAdmin(`/products/${id}`, { method: 'PATCH', json: { lowStockThreshold: 1 } });
    const low = async () => {
      const list = await body<{ items: { id: string; lowStock: boolean }[] }>(await asAdmin('/products?state=low_stock&pageSize=100'));
      const one = await body<{ product: { lowStock: boolean } }>(await asAdmin(`/products/${id}`));
      const dashboard = await body<{ lowStockCount: number }>(await asAdmin('/dashboard'));
      const all = await body<{ total: number }>(await asAdmin('/products?state=low_stock'));
      // The dashboard counts what the Low stock list holds.
      expect(dashboard.lowStockCount).toBe(all.total);
      return { listed: list.items.some((p) => p.id === id && p.lowStock), flagged: one.product.lowStock };
    };
    expect(await low()).toEqual({ listed: true, flagged: true });
    const view = await body<View>(await asAdmin(`/products/${id}/variants`));
    const fillet = view.variants.find((v) => v.name === 'Large, Filleted')!;
    expect((await asAdmin(`/products/${id}/variants/${fillet.id}`, { method: 'PATCH', json: { enabled: false } })).status).toBe(200);
    expect(await low()).toEqual({ listed: false, flagged: false });
  });
});
