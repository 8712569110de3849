import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  CONTENT_MESSAGES,
  DELIVERY_MESSAGES,
  PRODUCT_MESSAGES,
  STOCK_MESSAGES,
  cancelOrderSchema,
  createContentSchema,
  createProductSchema,
  editProductFormSchema,
  feePreviewSchema,
  imageFileProblem,
  newProductFormSchema,
  originFormSchema,
  originSchema,
  refundPaymentSchema,
  resolveAttentionSchema,
  stockAdjustmentFormSchema,
  stockAdjustmentFormSchemaFor,
  stockAdjustmentSchema,
  updateProductSchema,
  zoneFormSchema,
  zoneSchema,
  zoneTableProblems,
} from './back-office-forms';
import { STOCK_UNIT_MESSAGES } from './stock-units';

/** The message per field of a failed parse ({} when it passes). */
function fieldMessages(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

const product = { name: 'Tilapia', category: 'fish', price: '450' };

describe('newProductFormSchema (the price typed in KES)', () => {
  it.each([
    ['a name of spaces', { ...product, name: '   ' }, { name: PRODUCT_MESSAGES.nameRequired }],
    ['a script-only name', { ...product, name: '<script>x</script>' }, { name: PRODUCT_MESSAGES.nameRequired }],
    ['an upper-case category with spaces', { ...product, category: 'Sea Food' }, { category: PRODUCT_MESSAGES.category }],
    ['three decimals', { ...product, price: '12.345' }, { price: PRODUCT_MESSAGES.price }],
    ['a price with letters', { ...product, price: 'KES 12' }, { price: PRODUCT_MESSAGES.price }],
    ['a thousands separator out of its place', { ...product, price: '1,10' }, { price: PRODUCT_MESSAGES.price }],
    ['a zero price', { ...product, price: '0.00' }, { price: PRODUCT_MESSAGES.pricePositive }],
    ['a price over a million', { ...product, price: '1000000.01' }, { price: PRODUCT_MESSAGES.priceTooHigh }],
    ['negative stock', { ...product, stock: '-1' }, { stock: PRODUCT_MESSAGES.stock }],
    ['fractional stock', { ...product, stock: '1.5' }, { stock: PRODUCT_MESSAGES.stock }],
    ['stock in words', { ...product, stock: 'abc' }, { stock: PRODUCT_MESSAGES.stock }],
    ['stock over the ceiling', { ...product, stock: '100001' }, { stock: PRODUCT_MESSAGES.stockTooHigh }],
    ['an emptied threshold', { ...product, lowStockThreshold: '' }, { lowStockThreshold: PRODUCT_MESSAGES.threshold }],
    ['a threshold in words', { ...product, lowStockThreshold: 'abc' }, { lowStockThreshold: PRODUCT_MESSAGES.threshold }],
    ['a fractional threshold', { ...product, lowStockThreshold: '1.5' }, { lowStockThreshold: PRODUCT_MESSAGES.threshold }],
    ['a good product', product, {}],
  ])('%s', (_, value, expected) => {
    expect(fieldMessages(newProductFormSchema, value)).toEqual(expected);
  });

  it('gives the API body: the price in cents as priceCents, text trimmed and lowercased', () => {
    const body = newProductFormSchema.parse({ name: '  Nile Perch ', category: ' FISH ', price: '1234.5', stock: '3' });
    expect(body).toEqual({
      name: 'Nile Perch',
      description: '',
      searchKeywords: '',
      category: 'fish',
      priceCents: 123450,
      stock: 3,
      lowStockThreshold: 5,
      published: true,
      featured: false,
    });
    expect(createProductSchema.parse(body)).toEqual(body);
  });

  it("takes a KRA item class from the select: '' is the category's (left out new, cleared on an edit)", () => {
    expect(newProductFormSchema.parse({ ...product, etimsItemClass: '' })).not.toHaveProperty('etimsItemClass', expect.anything());
    expect(newProductFormSchema.parse({ ...product, etimsItemClass: '50121500' })).toMatchObject({ etimsItemClass: '50121500' });
    expect(editProductFormSchema.parse({ ...product, etimsItemClass: '' })).toMatchObject({ etimsItemClass: null });
    expect(fieldMessages(newProductFormSchema, { ...product, etimsItemClass: 'fish' })).toEqual({
      etimsItemClass: PRODUCT_MESSAGES.itemClass,
    });
    expect(fieldMessages(updateProductSchema, { etimsItemClass: '12345678901' })).toEqual({ etimsItemClass: PRODUCT_MESSAGES.itemClass });
    expect(updateProductSchema.parse({ etimsItemClass: null })).toMatchObject({ etimsItemClass: null });
  });

  it('reads a price typed with thousands separators, as the shop writes its prices', () => {
    expect(newProductFormSchema.parse({ ...product, price: '1,100' })).toMatchObject({ priceCents: 110000 });
    expect(newProductFormSchema.parse({ ...product, price: ' 12,500.50 ' })).toMatchObject({ priceCents: 1250050 });
  });

  it('reads the typed numbers with spaces around them, and an empty opening stock as none', () => {
    expect(newProductFormSchema.parse({ ...product, stock: ' 5 ', lowStockThreshold: ' 2 ' })).toMatchObject({
      stock: 5,
      lowStockThreshold: 2,
    });
    expect(newProductFormSchema.parse({ ...product, stock: ' ', lowStockThreshold: '5' })).toMatchObject({
      stock: 0,
      lowStockThreshold: 5,
    });
  });

  it('edits with the web address and no opening stock', () => {
    expect(editProductFormSchema.parse({ ...product, slug: ' Tilapia-Fillet ', stock: '9' })).toEqual({
      name: 'Tilapia',
      description: '',
      searchKeywords: '',
      category: 'fish',
      priceCents: 45000,
      slug: 'tilapia-fillet',
      lowStockThreshold: 5,
      published: true,
      featured: false,
    });
  });
});

describe('createProductSchema (the API body)', () => {
  const body = { name: 'Tilapia', category: 'fish', priceCents: 45000 };
  it.each([
    ['a price in cents', body, {}],
    ['the price as KES text', { name: 'Tilapia', category: 'fish', price: '450' }, { priceCents: PRODUCT_MESSAGES.priceCents }],
    ['a fraction of a cent', { ...body, priceCents: 450.5 }, { priceCents: PRODUCT_MESSAGES.priceCents }],
    ['a price in cents as text', { ...body, priceCents: '45000' }, { priceCents: PRODUCT_MESSAGES.priceCents }],
    ['a zero price', { ...body, priceCents: 0 }, { priceCents: PRODUCT_MESSAGES.pricePositive }],
    ['a price over a million KES', { ...body, priceCents: 100_000_001 }, { priceCents: PRODUCT_MESSAGES.priceTooHigh }],
    ['stock and threshold as numbers', { ...body, stock: 3, lowStockThreshold: 2 }, {}],
  ])('%s', (_, value, expected) => {
    expect(fieldMessages(createProductSchema, value)).toEqual(expected);
  });

  // Numbers travel as JSON numbers: text, a boolean or null is refused with the field's message, not read as a number.
  it.each(['5', '', true, null])('refuses stock and threshold of %j', (wrong) => {
    expect(fieldMessages(createProductSchema, { ...body, stock: wrong, lowStockThreshold: wrong })).toEqual({
      stock: PRODUCT_MESSAGES.stock,
      lowStockThreshold: PRODUCT_MESSAGES.threshold,
    });
    expect(fieldMessages(updateProductSchema, { lowStockThreshold: wrong })).toEqual({ lowStockThreshold: PRODUCT_MESSAGES.threshold });
  });

  it('gives a missing stock and threshold their defaults', () => {
    expect(createProductSchema.parse(body)).toMatchObject({ stock: 0, lowStockThreshold: 5 });
  });
});

describe('stockAdjustmentSchema', () => {
  it.each([
    [{ kind: 'restock', quantity: 5, reason: 'Delivery' }, {}],
    [{ kind: 'adjustment', quantity: -2, reason: 'Spoiled' }, {}],
    [{ kind: 'restock', quantity: -2, reason: 'Delivery' }, { quantity: STOCK_MESSAGES.restockPositive }],
    [{ kind: 'adjustment', quantity: 0, reason: 'x' }, { quantity: STOCK_MESSAGES.quantity }],
    [{ kind: 'adjustment', quantity: 1, reason: '  ' }, { reason: STOCK_MESSAGES.reasonRequired }],
    [{ kind: 'sale', quantity: 1, reason: 'x' }, { kind: STOCK_MESSAGES.kind }],
  ])('%j', (value, expected) => {
    expect(fieldMessages(stockAdjustmentSchema, value)).toEqual(expected);
  });

  it.each(['5', '', true, null])('refuses a quantity of %j', (quantity) => {
    expect(fieldMessages(stockAdjustmentSchema, { kind: 'restock', quantity, reason: 'Delivery' })).toEqual({
      quantity: STOCK_MESSAGES.quantity,
    });
  });
});

describe('stockAdjustmentFormSchema (the quantity as typed)', () => {
  const typed = { kind: 'adjustment', reason: 'Spoiled' };
  it.each([
    ['', { quantity: STOCK_MESSAGES.quantity }],
    ['abc', { quantity: STOCK_MESSAGES.quantity }],
    ['1.5', { quantity: STOCK_MESSAGES.quantity }],
    ['0', { quantity: STOCK_MESSAGES.quantity }],
    ['-100001', { quantity: STOCK_MESSAGES.changeTooLarge }],
  ])('%j', (quantity, expected) => {
    expect(fieldMessages(stockAdjustmentFormSchema, { ...typed, quantity })).toEqual(expected);
  });

  it('gives the API body: the quantity as a number', () => {
    const body = stockAdjustmentFormSchema.parse({ ...typed, quantity: ' -5 ' });
    expect(body).toEqual({ kind: 'adjustment', quantity: -5, reason: 'Spoiled', unit: 'piece' });
    expect(stockAdjustmentSchema.parse(body)).toEqual(body);
    expect(fieldMessages(stockAdjustmentFormSchema, { kind: 'restock', quantity: '-2', reason: 'x' })).toEqual({
      quantity: STOCK_MESSAGES.restockPositive,
    });
  });
});

describe('stockAdjustmentFormSchemaFor kg (the change typed in kg)', () => {
  const kg = stockAdjustmentFormSchemaFor('kg');
  const typed = { kind: 'adjustment', reason: 'Weighed the cold room' };
  it.each([
    ['', { quantity: STOCK_UNIT_MESSAGES.kgChange }],
    ['abc', { quantity: STOCK_UNIT_MESSAGES.kgChange }],
    ['1.2345', { quantity: STOCK_UNIT_MESSAGES.kgChange }],
    ['0', { quantity: STOCK_UNIT_MESSAGES.kgChange }],
    ['-100000.001', { quantity: STOCK_MESSAGES.changeTooLargeKg }],
  ])('%j', (quantity, expected) => {
    expect(fieldMessages(kg, { ...typed, quantity })).toEqual(expected);
  });

  it('gives the API body: the change in grams, said to be in kg', () => {
    const body = kg.parse({ ...typed, quantity: ' -0.75 ' });
    expect(body).toEqual({ kind: 'adjustment', quantity: -750, reason: 'Weighed the cold room', unit: 'kg' });
    expect(stockAdjustmentSchema.parse(body)).toEqual(body);
    expect(kg.parse({ kind: 'restock', quantity: '12.5', reason: 'Catch' }).quantity).toBe(12_500);
    expect(fieldMessages(stockAdjustmentSchema, { kind: 'restock', quantity: 100_000_001, reason: 'x', unit: 'kg' })).toEqual({
      quantity: STOCK_MESSAGES.changeTooLargeKg,
    });
  });
});

describe('createContentSchema', () => {
  it.each([
    [{ title: 'Hello' }, {}],
    [{ title: '' }, { title: CONTENT_MESSAGES.titleRequired }],
    [{ title: 'Hello', slug: 'Not a slug' }, { slug: CONTENT_MESSAGES.slug }],
    [{ title: 'Hello', slug: 'double--dash' }, { slug: CONTENT_MESSAGES.slug }],
    [{ title: 'Hello', slug: 'fine-slug-2' }, {}],
    [{ title: 'Hello', metaDescription: 'x'.repeat(301) }, { metaDescription: CONTENT_MESSAGES.metaTooLong }],
  ])('%j', (value, expected) => {
    expect(fieldMessages(createContentSchema, value)).toEqual(expected);
  });

  it('keeps an empty meta description as null', () => {
    expect(createContentSchema.parse({ title: 'T', metaDescription: '  ' }).metaDescription).toBeNull();
  });
});

describe('zoneFormSchema, zoneSchema and originSchema', () => {
  const zone = { name: 'Zone 1', minKm: '0', maxKm: '5', baseFee: '60', perKmRate: '5.50', estimatedMinutes: '25' };
  it.each([
    [zone, {}],
    [{ ...zone, minKm: '1.234' }, { minKm: DELIVERY_MESSAGES.km }],
    [{ ...zone, minKm: '' }, { minKm: DELIVERY_MESSAGES.km }],
    [{ ...zone, maxKm: 'far' }, { maxKm: DELIVERY_MESSAGES.km }],
    [{ ...zone, maxKm: '1000.01' }, { maxKm: DELIVERY_MESSAGES.km }],
    [{ ...zone, baseFee: '-1' }, { baseFee: DELIVERY_MESSAGES.fee }],
    [{ ...zone, estimatedMinutes: '12.5' }, { estimatedMinutes: DELIVERY_MESSAGES.minutes }],
    [{ ...zone, estimatedMinutes: '' }, { estimatedMinutes: DELIVERY_MESSAGES.minutes }],
    [{ ...zone, estimatedMinutes: 'abc' }, { estimatedMinutes: DELIVERY_MESSAGES.minutes }],
  ])('zone form %j', (value, expected) => {
    expect(fieldMessages(zoneFormSchema, value)).toEqual(expected);
  });

  it('gives the API zone: fees typed in KES as baseFeeCents and perKmRateCents', () => {
    const body = zoneFormSchema.parse({ ...zone, minKm: ' 0 ', maxKm: ' 5.25 ', estimatedMinutes: ' 25 ' });
    expect(body).toEqual({
      name: 'Zone 1',
      minKm: 0,
      maxKm: 5.25,
      baseFeeCents: 6000,
      perKmRateCents: 550,
      estimatedMinutes: 25,
      active: true,
      smallOrderRule: 'none',
      minimumOrderCents: 0,
      smallOrderFeeCents: 0,
      payOnDelivery: 'off',
    });
    expect(zoneSchema.parse(body)).toEqual(body);
  });

  it("gives the zone's small-order rule with its amounts typed in KES, empty as 0", () => {
    const body = zoneFormSchema.parse({ ...zone, smallOrderRule: 'fee', minimumOrder: '1,500', smallOrderFee: '100' });
    expect(body).toMatchObject({ smallOrderRule: 'fee', minimumOrderCents: 150_000, smallOrderFeeCents: 10_000 });
    expect(zoneFormSchema.parse({ ...zone, smallOrderRule: 'minimum', minimumOrder: '1500', smallOrderFee: ' ' })).toMatchObject({
      minimumOrderCents: 150_000,
      smallOrderFeeCents: 0,
    });
    expect(fieldMessages(zoneFormSchema, { ...zone, smallOrderRule: 'often' })).toEqual({
      smallOrderRule: DELIVERY_MESSAGES.smallOrderRule,
    });
    expect(fieldMessages(zoneFormSchema, { ...zone, minimumOrder: 'lots' })).toEqual({ minimumOrder: DELIVERY_MESSAGES.fee });
  });

  it('needs the minimum for a rule, and the fee for the fee rule, before the zones are saved', () => {
    const wireZone = {
      name: 'Far',
      minKm: 0,
      maxKm: 5,
      baseFeeCents: 6000,
      perKmRateCents: 550,
      estimatedMinutes: 25,
      active: true,
      payOnDelivery: 'off' as const,
    };
    const rules = (smallOrderRule: 'none' | 'minimum' | 'fee', minimumOrderCents: number, smallOrderFeeCents: number) =>
      zoneTableProblems([{ ...wireZone, smallOrderRule, minimumOrderCents, smallOrderFeeCents }]);
    expect(rules('none', 0, 0)).toEqual([]);
    expect(rules('minimum', 150_000, 0)).toEqual([]);
    expect(rules('fee', 150_000, 10_000)).toEqual([]);
    expect(rules('minimum', 0, 0)).toEqual([DELIVERY_MESSAGES.minimumNeeded('Far')]);
    expect(rules('fee', 150_000, 0)).toEqual([DELIVERY_MESSAGES.feeNeeded('Far')]);
  });

  const wire = { name: 'Zone 1', minKm: 0, maxKm: 5, baseFeeCents: 6000, perKmRateCents: 550, estimatedMinutes: 25 };
  it.each([
    [wire, {}],
    [{ ...wire, baseFeeCents: '60' }, { baseFeeCents: DELIVERY_MESSAGES.feeCents }],
    [{ ...wire, perKmRateCents: 5.5 }, { perKmRateCents: DELIVERY_MESSAGES.feeCents }],
    [{ ...wire, baseFeeCents: -1 }, { baseFeeCents: DELIVERY_MESSAGES.feeCents }],
    [{ ...wire, minKm: 1.234 }, { minKm: DELIVERY_MESSAGES.km }],
    [{ ...wire, estimatedMinutes: 12.5 }, { estimatedMinutes: DELIVERY_MESSAGES.minutes }],
  ])('API zone %j', (value, expected) => {
    expect(fieldMessages(zoneSchema, value)).toEqual(expected);
  });

  it.each(['5', '', true, null])('API zone refuses distances and minutes of %j', (wrong) => {
    expect(fieldMessages(zoneSchema, { ...wire, minKm: wrong, maxKm: wrong, estimatedMinutes: wrong })).toEqual({
      minKm: DELIVERY_MESSAGES.km,
      maxKm: DELIVERY_MESSAGES.km,
      estimatedMinutes: DELIVERY_MESSAGES.minutes,
    });
  });

  it.each([
    [{ lat: -1.3, lng: 36.8, label: 'Shop' }, {}],
    [{ lat: 91, lng: 36.8, label: 'Shop' }, { lat: DELIVERY_MESSAGES.lat }],
    [
      { lat: -1.3, lng: 'east', label: '' },
      { lng: DELIVERY_MESSAGES.lng, label: DELIVERY_MESSAGES.label },
    ],
  ])('origin %j', (value, expected) => {
    expect(fieldMessages(originSchema, value)).toEqual(expected);
  });

  it.each(['-1.3', '', true, null])('API origin refuses coordinates of %j', (wrong) => {
    expect(fieldMessages(originSchema, { lat: wrong, lng: wrong, label: 'Shop' })).toEqual({
      lat: DELIVERY_MESSAGES.lat,
      lng: DELIVERY_MESSAGES.lng,
    });
  });

  it.each([
    [{ lat: '', lng: '36.8', label: 'Shop' }, { lat: DELIVERY_MESSAGES.lat }],
    [{ lat: '-1.3', lng: 'abc', label: 'Shop' }, { lng: DELIVERY_MESSAGES.lng }],
    [
      { lat: '-91', lng: '181', label: 'Shop' },
      { lat: DELIVERY_MESSAGES.lat, lng: DELIVERY_MESSAGES.lng },
    ],
  ])('origin form %j', (value, expected) => {
    expect(fieldMessages(originFormSchema, value)).toEqual(expected);
  });

  it('gives the API origin: the coordinates as numbers', () => {
    const body = originFormSchema.parse({ lat: ' -1.2921 ', lng: '36.8219', label: ' City Market ' });
    expect(body).toEqual({ lat: -1.2921, lng: 36.8219, label: 'City Market' });
    expect(originSchema.parse(body)).toEqual(body);
  });
});

describe('zoneTableProblems', () => {
  const band = (name: string, minKm: number, maxKm: number, active = true) =>
    zoneSchema.parse({ name, minKm, maxKm, baseFeeCents: 6000, perKmRateCents: 500, estimatedMinutes: 30, active });
  it.each([
    ['touching bands', [band('A', 0, 5), band('B', 5, 10)], []],
    ['overlapping bands', [band('A', 0, 6), band('B', 5, 10)], ['Zones "A" and "B" overlap']],
    ['an inactive band may overlap', [band('A', 0, 6), band('B', 5, 10, false)], []],
    ['a band that runs backwards', [band('A', 5, 5)], ['Zone "A": minimum distance must be less than maximum distance']],
    ['no active zone', [band('A', 0, 5, false)], [DELIVERY_MESSAGES.noActiveZone]],
    ['an empty table', [], [DELIVERY_MESSAGES.noActiveZone]],
    ['a gap where a middle zone was removed', [band('A', 0, 5), band('C', 10, 15)], [DELIVERY_MESSAGES.gap(5, 10, 'C')]],
    ['a gap left by an inactive zone', [band('A', 0, 5), band('B', 5, 10, false), band('C', 10, 15)], [DELIVERY_MESSAGES.gap(5, 10, 'C')]],
    ['bands in any order', [band('B', 5, 10), band('A', 0, 5)], []],
    ['a first zone that does not start at 0', [band('B', 2, 10)], [DELIVERY_MESSAGES.startAtZero('B')]],
  ])('%s', (_name, zones, expected) => {
    expect(zoneTableProblems(zones)).toEqual(expected);
  });
});

describe('feePreviewSchema', () => {
  it.each([
    ['7.5', 7.5],
    [' 0 ', 0],
    ['1000', 1000],
  ])('reads %j as %j km', (km, expected) => {
    expect(feePreviewSchema.parse({ km })).toEqual({ km: expected });
  });
  it.each(['', '-1', 'far', '1000.5', '1e3'])('refuses %j', (km) => {
    expect(fieldMessages(feePreviewSchema, { km })).toEqual({ km: DELIVERY_MESSAGES.previewKm });
  });
});

describe('cancelOrderSchema', () => {
  it('needs a reason', () => {
    expect(fieldMessages(cancelOrderSchema, { reason: ' ' })).toEqual({ reason: 'Give a reason for cancelling (the customer may see it)' });
    expect(cancelOrderSchema.parse({ reason: ' Out of stock ' })).toEqual({ reason: 'Out of stock' });
  });
});

describe('refundPaymentSchema and resolveAttentionSchema', () => {
  it('need a reason or a note, sanitised and within their limits', () => {
    expect(fieldMessages(refundPaymentSchema, { reason: '' })).toEqual({ reason: 'Give a reason for the refund (it is sent to Pesapal)' });
    expect(refundPaymentSchema.parse({ reason: ' Paid twice <script>x</script>' })).toEqual({ reason: 'Paid twice' });
    expect(fieldMessages(resolveAttentionSchema, { note: '  ' })).toEqual({ note: 'Say how it was resolved (kept in the audit log)' });
    expect(fieldMessages(resolveAttentionSchema, { note: 'x'.repeat(501) })).toEqual({ note: 'Note must be 500 characters or fewer' });
    expect(resolveAttentionSchema.parse({ note: ' Refunded the second payment ' })).toEqual({ note: 'Refunded the second payment' });
  });
});

describe('imageFileProblem', () => {
  it.each([
    [null, 'Choose an image to upload.'],
    [{ size: 0, type: 'image/png' }, 'Choose an image to upload.'],
    [{ size: 5 * 1024 * 1024 + 1, type: 'image/png' }, 'Images must be 5 MB or smaller.'],
    [{ size: 10, type: 'application/pdf' }, 'Only image files (JPEG, PNG, WebP, GIF…) can be uploaded.'],
    [{ size: 5 * 1024 * 1024, type: 'image/jpeg' }, null],
  ])('%j → %j', (file, problem) => {
    expect(imageFileProblem(file)).toBe(problem);
  });
});
