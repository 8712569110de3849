import { describe, expect, it } from 'vitest';
import { editProductFormSchema } from './back-office-forms';
import { variantRowFormSchema } from './variant-forms';
import { WAS_PRICE_MESSAGES } from './was-price-form';
import { wasPriceLabel, wasPriceShown } from './was-price';

const product = { name: 'Tilapia', category: 'fish', price: '1200', lowStockThreshold: '5' };
const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe("the 'was' price on the back office's forms", () => {
  it('is sent in cents when more than the price, null when emptied, and left out when not on the form', () => {
    expect(editProductFormSchema.parse({ ...product, compareAtPrice: '1,500' })).toMatchObject({
      priceCents: 120_000,
      compareAtPriceCents: 150_000,
    });
    expect(editProductFormSchema.parse({ ...product, compareAtPrice: '' })).toMatchObject({ compareAtPriceCents: null });
    expect(editProductFormSchema.parse(product)).not.toHaveProperty('compareAtPriceCents');
  });

  it('is refused, with its message, when not more than the price or not an amount', () => {
    expect(issues(editProductFormSchema.safeParse({ ...product, compareAtPrice: '1200' }))).toEqual({
      compareAtPrice: WAS_PRICE_MESSAGES.notMore,
    });
    expect(issues(editProductFormSchema.safeParse({ ...product, compareAtPrice: 'soon' }))).toEqual({
      compareAtPrice: WAS_PRICE_MESSAGES.typed,
    });
    const row = { price: '900', stock: '', weight: '', sku: '' };
    expect(issues(variantRowFormSchema.safeParse({ ...row, compareAt: '800' }))).toEqual({ compareAt: WAS_PRICE_MESSAGES.notMore });
    expect(variantRowFormSchema.parse({ ...row, compareAt: '1000' })).toMatchObject({ priceCents: 90_000, compareAtPriceCents: 100_000 });
  });

  it('is shown only when higher than the price, read as "Was KES …"', () => {
    expect(wasPriceShown(120_000, 150_000)).toBe(150_000);
    expect(wasPriceShown(120_000, 120_000)).toBeNull();
    expect(wasPriceShown(120_000, null)).toBeNull();
    expect(wasPriceLabel(150_000)).toBe('Was KES 1,500.00');
  });
});
