// Fish sold by the kilo: the owner sets the tilapia's price per kg and every size is priced from its
// weight (KES 1,900/kg × 700 g = KES 1,330), to the whole shilling while prices include VAT; a
// weighed variant's price changes only with the per-kg price or its weight; the storefront and the
// cart check say the product is sold by weight; checkout charges the computed price.
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLogs, orderItems, products, productVariants } from '../../src/server/db/schema';
import { createUser, type TestUser } from '../support/test-app';
import { dbKinds } from '../support/test-database';
import { createShop, customer, disposeShop, placePaidOrderAttempt, type Shop } from './checkout-support';

interface View {
  pricePerKgCents: number | null;
  variants: { id: string; name: string; priceCents: number; weightGrams: number | null }[];
}
type ErrorBody = { error: { message: string; fields?: Record<string, string> } };

describe.each(dbKinds(import.meta.url))('priced by the kilo on %s', (kind) => {
  let shop: Shop;
  let owner: TestUser;
  let tilapiaId: string;
  beforeEach(async () => {
    shop = await createShop(kind);
    owner = await createUser(shop, { role: 'owner' });
    const [row] = await shop.ctx.db.select({ id: products.id }).from(products).where(eq(products.slug, 'tilapia'));
    tilapiaId = row!.id;
  });
  afterEach(() => disposeShop(shop));

  const asOwner = (path: string, init: { method?: string; json?: unknown } = {}) =>
    shop.request(`/api/admin${path}`, { ...init, cookie: owner.cookie });
  const setPerKg = (pricePerKgCents: unknown) =>
    asOwner(`/products/${tilapiaId}/price-per-kg`, { method: 'PUT', json: { pricePerKgCents } });
  const prices = async () =>
    Object.fromEntries(
      ((await (await asOwner(`/products/${tilapiaId}/variants`)).json()) as View).variants.map((v) => [v.name, v.priceCents]),
    );

  it('prices every size from the price per kg and its weight, audited, and tells the storefront and the cart', async () => {
    const res = await setPerKg(190_000);
    expect(res.status, await res.clone().text()).toBe(200);
    const view = (await res.json()) as View;
    expect(view.pricePerKgCents).toBe(190_000);
    expect(await prices()).toMatchObject({
      'Small, Whole': 57_000, // 300 g
      'Medium, Whole': 95_000, // 500 g
      'Large, Scaled & gutted': 133_000, // 700 g
      'Large, Filleted': 76_000, // 400 g
      'Jumbo, Whole': 228_000, // 1.2 kg
    });
    const [audit] = await shop.ctx.db.select().from(auditLogs).where(eq(auditLogs.action, 'PRODUCT_PRICE_PER_KG'));
    expect(audit?.details).toMatchObject({ pricePerKgCents: { from: null, to: 190_000 } });

    const page = (await (await shop.request('/api/catalog/products/by-slug/tilapia')).json()) as {
      product: { pricePerKgCents?: number; priceCents: number };
      variants: { name: string; priceCents: number }[];
    };
    expect(page.product.pricePerKgCents).toBe(190_000);
    expect(page.product.priceCents).toBe(57_000); // the lowest variant's
    const large = view.variants.find((v) => v.name === 'Large, Scaled & gutted')!;
    const check = await shop.request('/api/catalog/cart-check', {
      method: 'POST',
      json: { items: [{ productId: tilapiaId, variantId: large.id, quantity: 1 }] },
    });
    expect(((await check.json()) as { items: unknown[] }).items[0]).toMatchObject({ priceCents: 133_000, pricePerKgCents: 190_000 });

    // Checkout charges what the weight gives.
    const buyer = await customer(shop);
    const placed = await placePaidOrderAttempt(shop, buyer, [{ productId: tilapiaId, variantId: large.id, quantity: 1 }]);
    const [line] = await shop.ctx.db.select().from(orderItems).where(eq(orderItems.orderId, placed.orderId));
    expect(line?.unitPrice).toBe(133_000);
  });

  it("follows a variant's weight, and refuses a price typed for a weighed variant", async () => {
    const view = (await (await setPerKg(190_000)).json()) as View;
    const large = view.variants.find((v) => v.name === 'Large, Filleted')!;
    const edit = (json: unknown) => asOwner(`/products/${tilapiaId}/variants/${large.id}`, { method: 'PATCH', json });

    const refused = await edit({ priceCents: 99_900 });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as ErrorBody).error.message).toBe(
      'This product is sold by the kilo: change its price per kg, or the variant’s weight.',
    );
    expect((await prices())['Large, Filleted']).toBe(76_000);

    const heavier = await edit({ weightGrams: 450, priceCents: 76_000 }); // the row's form sends its price as it was
    expect(heavier.status, await heavier.clone().text()).toBe(200);
    expect((await prices())['Large, Filleted']).toBe(85_500);
    const noWeight = await edit({ weightGrams: null });
    expect(noWeight.status).toBe(400);
    expect(((await noWeight.json()) as ErrorBody).error.message).toBe('A product sold by the kilo needs each variant’s weight.');
  });

  it('prices a new size from its weight, and refuses one without a weight', async () => {
    await setPerKg(190_000);
    const options = (
      (await (await asOwner(`/products/${tilapiaId}/variants`)).json()) as {
        options: { values: { id: string; value: string }[] }[];
      }
    ).options;
    const valueIds = [options[0]!.values.find((v) => v.value === 'Small')!.id, options[1]!.values.find((v) => v.value === 'Filleted')!.id];
    const add = (weightGrams: number | null) =>
      asOwner(`/products/${tilapiaId}/variants`, {
        method: 'POST',
        json: { valueIds, priceCents: 1_000, stock: 2, weightGrams, sku: null },
      });
    const refused = await add(null);
    expect(refused.status).toBe(400);
    const added = await add(200);
    expect(added.status, await added.clone().text()).toBe(201);
    expect((await prices())['Small, Filleted']).toBe(38_000);
  });

  it('prices to the whole shilling while prices include VAT, repricing when the setting changes', async () => {
    await setPerKg(123_456); // KES 1,234.56 a kg
    expect((await prices())['Small, Whole']).toBe(37_037); // 300 g: 370.368 → 370.37
    const on = await asOwner('/shop-details/prices-include-vat', { method: 'PUT', json: { on: true } });
    expect(on.status).toBe(200);
    expect((await prices())['Small, Whole']).toBe(37_000);
    await setPerKg(190_050);
    expect((await prices())['Medium, Whole']).toBe(95_000); // 950.25 → 950
  });

  it('refuses a price per kg that is not a positive amount of cents, and a product whose sizes lack a weight, changing nothing', async () => {
    const before = await prices();
    for (const bad of [0, -100, 1.5, 'abc']) {
      const res = await setPerKg(bad);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('Enter the price of one kg in KES');
    }
    await shop.ctx.db
      .update(productVariants)
      .set({ weightGrams: null })
      .where(and(eq(productVariants.productId, tilapiaId), eq(productVariants.sku, 'TIL-J-W')));
    const res = await setPerKg(190_000);
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.message).toBe('Give every variant its weight before selling by the kilo.');
    expect(await prices()).toEqual(before);
    const [row] = await shop.ctx.db.select({ pricePerKg: products.pricePerKg }).from(products).where(eq(products.id, tilapiaId));
    expect(row?.pricePerKg).toBeNull();
  });

  it('cleared, the variants keep their prices and take typed prices again', async () => {
    await setPerKg(190_000);
    const view = (await (await setPerKg(null)).json()) as View;
    expect(view.pricePerKgCents).toBeNull();
    const large = view.variants.find((v) => v.name === 'Large, Filleted')!;
    expect(large.priceCents).toBe(76_000);
    const typed = await asOwner(`/products/${tilapiaId}/variants/${large.id}`, { method: 'PATCH', json: { priceCents: 80_000 } });
    expect(typed.status).toBe(200);
    expect((await prices())['Large, Filleted']).toBe(80_000);
  });
});
