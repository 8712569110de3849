// 'Was' prices: the owner sets a simple product's (on its product) or a variant's compare-at price,
// refused unless it is more than the price; the shop's cards and product page get it only when it
// is higher than the price, and each change is in the audit log.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { WAS_PRICE_MESSAGES } from '../../src/domain/was-price-form';
import { productVariants } from '../../src/server/db/schema';
import { dbKinds } from '../support/test-database';
import { auditRows, body, withAdminApp } from './admin-helpers';

interface ErrorBody {
  error: { message: string; fields?: Record<string, string> };
}
interface CatalogProduct {
  id: string;
  slug: string;
  priceCents: number;
  compareAtCents?: number;
}

describe.each(dbKinds(import.meta.url))("'was' prices on %s", (kind) => {
  const s = withAdminApp(kind);

  async function newProduct(name: string) {
    const res = await s.asAdmin('/products', { method: 'POST', json: { name, category: 'fish', priceCents: 120_000, stock: 5 } });
    return (await body<{ product: { id: string; slug: string } }>(res)).product;
  }
  // The shop's public answers are kept a second: each read is asked again until it shows the change.
  const shopCard = async (id: string) =>
    (await body<{ products: CatalogProduct[] }>(await s.t.request('/api/catalog/products?category=fish'))).products.find(
      (p) => p.id === id,
    );

  it("sets a simple product's 'was' price, shows it on its card and page, and takes it away", async () => {
    const product = await newProduct('Was-price tilapia');
    const patch = (json: unknown) => s.asAdmin(`/products/${product.id}`, { method: 'PATCH', json });

    const refused = await patch({ compareAtPriceCents: 120_000 });
    expect(refused.status).toBe(400);
    expect((await body<ErrorBody>(refused)).error.fields).toEqual({ compareAtPriceCents: WAS_PRICE_MESSAGES.notMore });
    const [untouched] = await s.t.ctx.db.select().from(productVariants).where(eq(productVariants.productId, product.id));
    expect(untouched?.compareAtPrice).toBeNull();

    const saved = await patch({ compareAtPriceCents: 150_000 });
    expect(saved.status).toBe(200);
    expect((await body<{ product: { compareAtPriceCents: number } }>(saved)).product.compareAtPriceCents).toBe(150_000);
    const [audit] = await auditRows(s.t, 'PRODUCT_UPDATE', product.id);
    expect(audit?.details).toMatchObject({ changed: { compareAtPriceCents: { from: null, to: 150_000 } } });
    await expect.poll(() => shopCard(product.id), { timeout: 5_000 }).toMatchObject({ priceCents: 120_000, compareAtCents: 150_000 });
    const page = await body<{ product: CatalogProduct }>(await s.t.request(`/api/catalog/products/by-slug/${product.slug}`));
    expect(page.product.compareAtCents).toBe(150_000);

    // A price raised to it: the card no longer shows a saving.
    expect((await patch({ priceCents: 150_000 })).status).toBe(200);
    await expect.poll(async () => (await shopCard(product.id))?.compareAtCents, { timeout: 5_000 }).toBeUndefined();

    expect((await patch({ compareAtPriceCents: null })).status).toBe(200);
    const [cleared] = await s.t.ctx.db.select().from(productVariants).where(eq(productVariants.productId, product.id));
    expect(cleared?.compareAtPrice).toBeNull();
  });

  it("sets a variant's 'was' price, refused when not above the variant's price", async () => {
    const product = await newProduct('Was-price sizes');
    await s.asAdmin(`/products/${product.id}/options`, {
      method: 'POST',
      json: {
        options: [{ name: 'Size', values: ['Small', 'Large'] }],
        variants: [
          { values: ['Small'], priceCents: 90_000 },
          { values: ['Large'], priceCents: 130_000 },
        ],
      },
    });
    const view = await body<{ variants: { id: string; name: string; priceCents: number }[] }>(
      await s.asAdmin(`/products/${product.id}/variants`),
    );
    const small = view.variants.find((v) => v.name === 'Small');
    expect(small).toBeDefined();
    const patch = (json: unknown) => s.asAdmin(`/products/${product.id}/variants/${small!.id}`, { method: 'PATCH', json });
    const refused = await patch({ compareAtPriceCents: 80_000 });
    expect(refused.status).toBe(400);
    expect((await body<ErrorBody>(refused)).error.fields).toEqual({ compareAtPriceCents: WAS_PRICE_MESSAGES.notMore });
    const saved = await body<{ variants: { id: string; compareAtPriceCents: number | null }[] }>(
      await patch({ compareAtPriceCents: 110_000 }),
    );
    expect(saved.variants.find((v) => v.id === small!.id)?.compareAtPriceCents).toBe(110_000);
    expect((await auditRows(s.t, 'VARIANT_UPDATE', small!.id))[0]?.details).toMatchObject({
      changed: { compareAtPriceCents: { from: null, to: 110_000 } },
    });
    // The card's price is the lowest variant's (Small): its 'was' price goes with it.
    await expect.poll(() => shopCard(product.id), { timeout: 5_000 }).toMatchObject({ priceCents: 90_000, compareAtCents: 110_000 });
    const page = await body<{ variants: { id: string; compareAtPriceCents: number | null }[] }>(
      await s.t.request(`/api/catalog/products/by-slug/${product.slug}`),
    );
    expect(page.variants.find((v) => v.id === small!.id)?.compareAtPriceCents).toBe(110_000);
  });
});
