import { describe, expect, it } from 'vitest';
import { asc, eq, sum } from 'drizzle-orm';
import sharp from 'sharp';
import { media, orderItems, products, productVariants, stockMovements } from '../../src/server/db/schema';
import { dbKinds } from '../support/test-database';
import { auditRows, body, placeOrder, withAdminApp } from './admin-helpers';

interface ProductBody {
  product: {
    id: string;
    name: string;
    slug: string;
    priceCents: number;
    stock: number;
    imageUrl: string | null;
    archivedAt: string | null;
  };
}

describe.each(dbKinds(import.meta.url))('admin products on %s', (kind) => {
  const s = withAdminApp(kind);
  const { asAdmin } = s;

  async function create(json: Record<string, unknown>) {
    const res = await asAdmin('/products', { method: 'POST', json });
    expect(res.status).toBe(201);
    return (await body<ProductBody>(res)).product;
  }

  /** What the product sells: its variants' price and stock, which alone are written. */
  const variantsOf = (productId: string) =>
    s.t.ctx.db
      .select({ optionValueIds: productVariants.optionValueIds, price: productVariants.price, stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.productId, productId))
      .orderBy(asc(productVariants.position));
  const productRow = async (productId: string) =>
    (await s.t.ctx.db.select({ price: products.price, stock: products.stock }).from(products).where(eq(products.id, productId)))[0];
  /** Every unit the ledger explains: the sum of the product's movements. */
  const ledgerUnits = async (productId: string) =>
    Number(
      (
        await s.t.ctx.db
          .select({ units: sum(stockMovements.quantity) })
          .from(stockMovements)
          .where(eq(stockMovements.productId, productId))
      )[0]?.units ?? 0,
    );

  it('lists the seeded products with paging, search, category and state filters', async () => {
    const all = await body<{ items: { name: string }[]; total: number; pageCount: number; categories: string[] }>(
      await asAdmin('/products?pageSize=5'),
    );
    expect(all.total).toBeGreaterThanOrEqual(12);
    expect(all.items).toHaveLength(5);
    expect(all.pageCount).toBe(Math.ceil(all.total / 5));
    expect(all.categories).toEqual(expect.arrayContaining(['fish', 'chicken']));

    const tilapia = await body<{ items: { name: string }[] }>(await asAdmin('/products?q=tilapia'));
    expect(tilapia.items.length).toBeGreaterThan(0);
    expect(tilapia.items.every((p) => /tilapia/i.test(p.name))).toBe(true);

    const chicken = await body<{ items: { category: string }[] }>(await asAdmin('/products?category=chicken&pageSize=100'));
    expect(chicken.items.length).toBeGreaterThan(0);
    expect(chicken.items.every((p) => p.category === 'chicken')).toBe(true);

    const out = await body<{ items: { stock: number }[] }>(await asAdmin('/products?state=out_of_stock'));
    expect(out.items.length).toBeGreaterThanOrEqual(1);
    expect(out.items.every((p) => p.stock === 0)).toBe(true);

    const bad = await asAdmin('/products?state=sideways');
    expect(bad.status).toBe(400);
  });

  it('refuses a bad product with a message per field', async () => {
    const res = await asAdmin('/products', { method: 'POST', json: { name: '  ', category: 'Fish Stuff', priceCents: 1234.5, stock: -1 } });
    expect(res.status).toBe(400);
    const { error } = await body<{ error: { message: string; fields: Record<string, string> } }>(res);
    expect(error.fields).toEqual({
      name: 'Name is required',
      category: 'Category must start with a letter and use lowercase letters, numbers or dashes (e.g. fish)',
      priceCents: 'Price must be a whole number of cents',
      stock: 'Stock must be a whole number of 0 or more',
    });
    const fieldsOf = async (json: Record<string, unknown>) =>
      (await body<{ error: { fields: Record<string, string> } }>(await asAdmin('/products', { method: 'POST', json }))).error.fields;
    expect(await fieldsOf({ name: 'Free fish', category: 'fish', priceCents: 0 })).toEqual({ priceCents: 'Price must be more than 0' });
    // Money travels as integer cents only: a KES amount (text or number) is refused, not guessed at.
    expect(await fieldsOf({ name: 'Old fish', category: 'fish', price: '450' })).toEqual({
      priceCents: 'Price must be a whole number of cents',
    });
    expect(await fieldsOf({ name: 'Old fish', category: 'fish', priceCents: '45000' })).toEqual({
      priceCents: 'Price must be a whole number of cents',
    });
    expect(await s.t.ctx.db.select().from(products).where(eq(products.name, 'Old fish'))).toEqual([]);
  });

  it('creates a product with a unique slug, its opening stock in the ledger and an audit row', async () => {
    const first = await create({ name: 'Smoked Catfish', description: 'Oak smoked', category: 'fish', priceCents: 85050, stock: 7 });
    const second = await create({ name: 'Smoked Catfish', category: 'fish', priceCents: 90000 });
    expect(first).toEqual({
      id: expect.any(String),
      name: 'Smoked Catfish',
      slug: 'smoked-catfish',
      description: 'Oak smoked',
      searchKeywords: '',
      category: 'fish',
      priceCents: 85050,
      compareAtPriceCents: null,
      taxBand: 'B',
      etimsItemClass: null,
      stock: 7,
      stockUnit: 'piece',
      lowStockThreshold: 5,
      lowStock: false,
      imageUrl: null,
      published: true,
      featured: false,
      archivedAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(second.slug).toBe('smoked-catfish-2');
    expect(second.priceCents).toBe(90000);
    const [row] = await s.t.ctx.db.select().from(products).where(eq(products.id, first.id));
    expect(row).toMatchObject({ price: 85_050, stock: 7, published: true, archivedAt: null });
    const ledger = await s.t.ctx.db.select().from(stockMovements).where(eq(stockMovements.productId, first.id));
    expect(ledger).toMatchObject([{ kind: 'restock', quantity: 7, stockAfter: 7, reason: 'Opening stock', actorUserId: s.admin.id }]);
    // Price and opening stock are its implicit variant's; the product shows them.
    expect(await variantsOf(first.id)).toEqual([{ optionValueIds: [], price: 85_050, stock: 7 }]);
    expect(await variantsOf(second.id)).toEqual([{ optionValueIds: [], price: 90_000, stock: 0 }]);
    const audit = await auditRows(s.t, 'PRODUCT_CREATE', first.id);
    expect(audit).toMatchObject([{ userId: s.admin.id, tableName: 'products' }]);
  });

  it('edits a product without touching its stock and records what changed', async () => {
    const p = await create({ name: 'Kienyeji Chicken', category: 'chicken', priceCents: 120000, stock: 3 });
    const res = await asAdmin(`/products/${p.id}`, { method: 'PATCH', json: { priceCents: 135000, featured: true, stock: 999 } });
    expect(res.status).toBe(200);
    const { product } = await body<ProductBody>(res);
    expect(product.priceCents).toBe(135000);
    expect(product.stock).toBe(3);
    const [audit] = await auditRows(s.t, 'PRODUCT_UPDATE', p.id);
    expect(audit?.details).toMatchObject({ changed: { priceCents: { from: 120000, to: 135000 }, featured: { from: false, to: true } } });
  });

  it('keeps every field an edit leaves out: a PATCH of the name alone changes only the name', async () => {
    const p = await create({
      name: 'Smoked Catfish Fillet',
      category: 'fish',
      priceCents: 95000,
      description: 'Cold smoked over acacia.',
      searchKeywords: 'kambare',
      published: false,
      featured: true,
      lowStockThreshold: 12,
    });
    const res = await asAdmin(`/products/${p.id}`, { method: 'PATCH', json: { name: 'Smoked Catfish Fillets' } });
    expect(res.status).toBe(200);
    const [row] = await s.t.ctx.db.select().from(products).where(eq(products.id, p.id));
    expect(row).toMatchObject({
      name: 'Smoked Catfish Fillets',
      description: 'Cold smoked over acacia.',
      searchKeywords: 'kambare',
      published: false,
      featured: true,
      lowStockThreshold: 12,
      price: 95_000,
    });
    const [audit] = await auditRows(s.t, 'PRODUCT_UPDATE', p.id);
    expect(audit?.details).toEqual({ changed: { name: { from: 'Smoked Catfish Fillet', to: 'Smoked Catfish Fillets' } } });
  });

  it("writes the form's price to the product's variant, which the product shows and checkout charges", async () => {
    const p = await create({ name: 'Smoked Omena', category: 'fish', priceCents: 30000, stock: 5 });
    const res = await asAdmin(`/products/${p.id}`, { method: 'PATCH', json: { priceCents: 32550 } });
    expect(res.status).toBe(200);
    expect((await body<ProductBody>(res)).product).toMatchObject({ priceCents: 32550, stock: 5 });
    expect(await variantsOf(p.id)).toEqual([{ optionValueIds: [], price: 32_550, stock: 5 }]);
    expect(await productRow(p.id)).toEqual({ price: 32_550, stock: 5 });
    const shop = await body<{ products: { id: string; priceCents: number; stock: number }[] }>(
      await s.t.request('/api/catalog/products?search=Smoked%20Omena'),
    );
    expect(shop.products.find((i) => i.id === p.id)).toMatchObject({ priceCents: 32550, stock: 5 });
    const { orderId } = await placeOrder(s, [{ productId: p.id, quantity: 2 }]);
    const [line] = await s.t.ctx.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(line).toMatchObject({ unitPrice: 32_550, quantity: 2, lineTotal: 65_100 });
    // The sale took the variant's stock; the product follows and the ledger explains every unit.
    expect(await variantsOf(p.id)).toEqual([{ optionValueIds: [], price: 32_550, stock: 3 }]);
    expect(await productRow(p.id)).toEqual({ price: 32_550, stock: 3 });
    expect(await ledgerUnits(p.id)).toBe(3);

    // A refused price changes neither the variant nor the product.
    expect((await asAdmin(`/products/${p.id}`, { method: 'PATCH', json: { priceCents: 0, featured: true } })).status).toBe(400);
    expect(await variantsOf(p.id)).toEqual([{ optionValueIds: [], price: 32_550, stock: 3 }]);
    expect(await productRow(p.id)).toEqual({ price: 32_550, stock: 3 });
    expect(await auditRows(s.t, 'PRODUCT_UPDATE', p.id)).toHaveLength(1);
  });

  it('keeps search keywords the shop finds the product by, audits their change, and refuses too many', async () => {
    const p = await create({ name: 'Lake Trout Kebab', category: 'fish', priceCents: 40000, searchKeywords: '  mishkaki ya samaki ' });
    expect(p).toMatchObject({ searchKeywords: 'mishkaki ya samaki' });
    const shop = async (search: string) =>
      (await body<{ products: { id: string }[] }>(await s.t.request(`/api/catalog/products?search=${search}`))).products.map((i) => i.id);
    expect(await shop('MISHKAKI')).toEqual([p.id]);

    const res = await asAdmin(`/products/${p.id}`, { method: 'PATCH', json: { searchKeywords: 'nyama choma ya samaki' } });
    expect(res.status).toBe(200);
    const [audit] = await auditRows(s.t, 'PRODUCT_UPDATE', p.id);
    expect(audit?.details).toEqual({ changed: { searchKeywords: { from: 'mishkaki ya samaki', to: 'nyama choma ya samaki' } } });
    expect(await shop('choma')).toEqual([p.id]);

    const tooLong = await asAdmin(`/products/${p.id}`, { method: 'PATCH', json: { searchKeywords: 'samaki '.repeat(80) } });
    expect(tooLong.status).toBe(400);
    expect((await body<{ error: { fields: Record<string, string> } }>(tooLong)).error.fields).toEqual({
      searchKeywords: 'Search keywords must be 500 characters or fewer',
    });
    const [row] = await s.t.ctx.db.select({ k: products.searchKeywords }).from(products).where(eq(products.id, p.id));
    expect(row?.k).toBe('nyama choma ya samaki');
  });

  it('uploads an image as WebP no wider than 1280 px and links it to the product', async () => {
    const p = await create({ name: 'Nile Perch Fillet', category: 'fish', priceCents: 99000 });
    const png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#0e7490' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('image', new File([new Uint8Array(png)], 'perch.png', { type: 'image/png' }));
    const res = await asAdmin(`/products/${p.id}/image`, { method: 'POST', body: form });
    expect(res.status).toBe(200);
    const { product } = await body<ProductBody>(res);
    expect(product.imageUrl).toMatch(/^\/media\/[0-9a-f-]{36}$/);
    const id = product.imageUrl!.slice('/media/'.length);
    const [stored] = await s.t.ctx.db.select().from(media).where(eq(media.id, id));
    expect(stored).toMatchObject({ contentType: 'image/webp', width: 1280, height: 640, createdBy: s.admin.id });
    const meta = await sharp(stored!.bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(await auditRows(s.t, 'PRODUCT_IMAGE_UPLOAD', p.id)).toHaveLength(1);

    // Served as WebP with long-lived caching (a new upload gets a new address), and revalidated by ETag.
    const served = await s.t.request(product.imageUrl!);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(1280);
    const again = await s.t.request(product.imageUrl!, { headers: { 'If-None-Match': served.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('refuses uploads that are not images, too large, or unreadable', async () => {
    const p = await create({ name: 'Test Upload Fish', category: 'fish', priceCents: 1000 });
    const send = async (file: File | null) => {
      const form = new FormData();
      if (file) form.set('image', file);
      const res = await asAdmin(`/products/${p.id}/image`, { method: 'POST', body: form });
      expect(res.status).toBe(400);
      return (await body<{ error: { message: string } }>(res)).error.message;
    };
    expect(await send(null)).toBe('Choose an image to upload.');
    expect(await send(new File(['hello'], 'notes.txt', { type: 'text/plain' }))).toBe(
      'Only image files (JPEG, PNG, WebP, GIF…) can be uploaded.',
    );
    expect(await send(new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }))).toBe(
      'Images must be 5 MB or smaller.',
    );
    expect(await send(new File(['not really a png'], 'fake.png', { type: 'image/png' }))).toBe('This file could not be read as an image.');
  });

  it('archives instead of deleting: it leaves the shop, old orders keep their lines, and it can be restored', async () => {
    const p = await create({ name: 'Seasonal Trout', category: 'fish', priceCents: 70000, stock: 5 });
    const { orderId } = await placeOrder(s, [{ productId: p.id, quantity: 1 }]);
    const archived = await body<ProductBody>(await asAdmin(`/products/${p.id}/archive`, { method: 'POST' }));
    expect(archived.product.archivedAt).not.toBeNull();
    expect(await s.t.ctx.db.select({ id: products.id }).from(products).where(eq(products.id, p.id))).toHaveLength(1);

    const shop = await body<{ products: { id: string; name: string }[] }>(await s.t.request('/api/catalog/products'));
    expect(shop.products.length).toBeGreaterThan(0);
    expect(shop.products.map((i) => i.id)).not.toContain(p.id);
    const order = await body<{ items: { productName: string; quantity: number; productArchived: boolean }[] }>(
      await asAdmin(`/orders/${orderId}`),
    );
    expect(order.items).toEqual([expect.objectContaining({ productName: 'Seasonal Trout', quantity: 1, productArchived: true })]);

    const active = await body<{ items: { id: string }[] }>(await asAdmin('/products?q=Seasonal%20Trout'));
    expect(active.items).toHaveLength(0);
    const inArchive = await body<{ items: { id: string }[] }>(await asAdmin('/products?state=archived&q=Seasonal'));
    expect(inArchive.items.map((i) => i.id)).toEqual([p.id]);
    const restored = await body<ProductBody>(await asAdmin(`/products/${p.id}/restore`, { method: 'POST' }));
    expect(restored.product.archivedAt).toBeNull();
    expect(await auditRows(s.t, 'PRODUCT_ARCHIVE', p.id)).toHaveLength(1);
    expect(await auditRows(s.t, 'PRODUCT_RESTORE', p.id)).toHaveLength(1);
  });

  it('keeps a stock ledger: restock, signed adjustment, never below 0', async () => {
    const p = await create({ name: 'Ledger Tilapia', category: 'fish', priceCents: 50000, stock: 4 });
    const adjust = (json: unknown) => asAdmin(`/products/${p.id}/stock`, { method: 'POST', json });

    expect((await adjust({ kind: 'restock', quantity: 6, reason: 'Morning catch' })).status).toBe(201);
    const down = await adjust({ kind: 'adjustment', quantity: -3, reason: 'Spoiled in transit' });
    expect(await body(down)).toEqual({ stock: 7 });

    const tooMuch = await adjust({ kind: 'adjustment', quantity: -8, reason: 'Miscount' });
    expect(tooMuch.status).toBe(400);
    expect((await body<{ error: { message: string } }>(tooMuch)).error.message).toBe('Stock cannot go below zero (7 in stock).');
    const negativeRestock = await adjust({ kind: 'restock', quantity: -1, reason: 'x' });
    expect((await body<{ error: { fields: Record<string, string> } }>(negativeRestock)).error.fields.quantity).toBe(
      'A restock adds stock: enter a positive quantity',
    );
    // The ceiling is on the stock, not only on one change: 7 + 100,000 is refused and changes nothing.
    const overCeiling = await adjust({ kind: 'restock', quantity: 100_000, reason: 'Typo' });
    expect((await body<{ error: { fields: Record<string, string> } }>(overCeiling)).error.fields.quantity).toBe(
      'Stock would be 100,007: it must be 100,000 or less',
    );
    const hugeChange = await adjust({ kind: 'adjustment', quantity: -100_001, reason: 'Typo' });
    expect((await body<{ error: { fields: Record<string, string> } }>(hugeChange)).error.fields.quantity).toBe(
      'One change can add or remove at most 100,000',
    );
    const noReason = await adjust({ kind: 'adjustment', quantity: 1, reason: ' ' });
    expect((await body<{ error: { fields: Record<string, string> } }>(noReason)).error.fields.reason).toBe('Give a reason for the change');

    const [row] = await s.t.ctx.db.select({ stock: products.stock }).from(products).where(eq(products.id, p.id));
    expect(row?.stock).toBe(7);
    expect(await variantsOf(p.id)).toEqual([{ optionValueIds: [], price: 50_000, stock: 7 }]);
    expect(await ledgerUnits(p.id)).toBe(7);
    const history = await body<{
      items: { kind: string; quantity: number; stockAfter: number; reason: string; actorEmail: string }[];
      total: number;
    }>(await asAdmin(`/products/${p.id}/stock`));
    expect(history.total).toBe(3);
    expect(history.items.map((m) => [m.kind, m.quantity, m.stockAfter, m.reason])).toEqual([
      ['adjustment', -3, 7, 'Spoiled in transit'],
      ['restock', 6, 10, 'Morning catch'],
      ['restock', 4, 4, 'Opening stock'],
    ]);
    expect(history.items[0]?.actorEmail).toBe(s.admin.email);
    expect(await auditRows(s.t, 'STOCK_ADJUST', p.id)).toHaveLength(2);
  });

  it('takes numbers as JSON numbers only: a quantity or stock sent as text, true or null is refused with the field message', async () => {
    const p = await create({ name: 'Typed Tilapia', category: 'fish', priceCents: 50000, stock: 4 });
    for (const quantity of ['5', true, null]) {
      const res = await asAdmin(`/products/${p.id}/stock`, {
        method: 'POST',
        json: { kind: 'restock', quantity, reason: 'Morning catch' },
      });
      expect(res.status).toBe(400);
      expect((await body<{ error: { fields: Record<string, string> } }>(res)).error.fields).toEqual({
        quantity: 'Quantity must be a whole number other than 0',
      });
    }
    const [row] = await s.t.ctx.db.select({ stock: products.stock }).from(products).where(eq(products.id, p.id));
    expect(row?.stock).toBe(4);
    expect(await s.t.ctx.db.select().from(stockMovements).where(eq(stockMovements.productId, p.id))).toHaveLength(1);

    const textStock = await asAdmin('/products', {
      method: 'POST',
      json: { name: 'Text Stock Fish', category: 'fish', priceCents: 50000, stock: '3', lowStockThreshold: '' },
    });
    expect(textStock.status).toBe(400);
    expect((await body<{ error: { fields: Record<string, string> } }>(textStock)).error.fields).toEqual({
      stock: 'Stock must be a whole number of 0 or more',
      lowStockThreshold: 'Low-stock threshold must be a whole number of 0 or more',
    });
    expect(await s.t.ctx.db.select().from(products).where(eq(products.name, 'Text Stock Fish'))).toEqual([]);
  });

  it('concurrent adjustments never take stock below 0', async () => {
    const p = await create({ name: 'Race Fish', category: 'fish', priceCents: 10000, stock: 5 });
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        asAdmin(`/products/${p.id}/stock`, { method: 'POST', json: { kind: 'adjustment', quantity: -1, reason: 'Race' } }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    expect(results.filter((r) => r.status === 400)).toHaveLength(3);
    const [row] = await s.t.ctx.db.select({ stock: products.stock }).from(products).where(eq(products.id, p.id));
    expect(row?.stock).toBe(0);
    const ledger = await s.t.ctx.db.select().from(stockMovements).where(eq(stockMovements.productId, p.id));
    expect(ledger.map((m) => m.stockAfter).sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('answers 400 for an id that is not a UUID and 404 for an unknown one', async () => {
    expect((await asAdmin('/products/not-an-id')).status).toBe(400);
    expect((await asAdmin('/products/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});
