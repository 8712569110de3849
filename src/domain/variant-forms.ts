// The back office's rules for a product's options and variants, shared by the browser's forms and
// the API (the server checks again). Money travels as integer cents (priceCents); a form's typed
// text goes through the same rules as the API's numbers.
import { z } from 'zod';
import { kesAmount, PRODUCT_MESSAGES, priceLimits, requiredText, stockRule, typedNumber } from './back-office-forms';
import { STOCK_LIMITS } from './stock-units';
import { compareAtCentsRule, compareAtFits, typedCompareAt, WAS_PRICE_MESSAGES } from './was-price-form';

export const VARIANT_LIMITS = { optionKinds: 3, valuesPerKind: 20, variants: 100, text: 40, maxWeightGrams: 1_000_000 } as const;

export const VARIANT_MESSAGES = {
  optionName: 'Name the option (e.g. Size)',
  optionNameTooLong: 'An option name is 40 characters or fewer',
  optionNameRepeated: 'Each option needs its own name',
  optionCount: 'Give 1 to 3 options',
  value: 'Type the value (e.g. Large)',
  valueTooLong: 'A value is 40 characters or fewer',
  valueCount: 'Give each option 1 to 20 values',
  valueRepeated: 'The values of one option must differ',
  variantsRequired: 'Choose at least one combination to sell (at most 100)',
  variantValues: 'Each combination names one value of every option',
  variantRepeated: 'Each combination is sold once',
  sku: 'SKU is letters, numbers, dots, dashes or underscores, at most 40',
  skuRepeated: 'Each variant needs its own SKU',
  skuTaken: 'Another variant already uses that SKU',
  weight: 'Weight must be a whole number of grams more than 0',
  weightTooHigh: 'Weight must be 1,000,000 grams or less',
  order: 'Give every one of them once, in the new order',
  nothingToChange: 'Nothing to change',
  hasOptions: 'This product already has options: add values or variants to them instead',
  noOptions: 'This product has no options yet: give it options first',
  combinationTaken: 'That combination is already sold',
  enableValueFirst: (value: string) => `Enable the value ${value} first: a variant is sold only when all its values are`,
} as const;

const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

const optionNameRule = requiredText(VARIANT_MESSAGES.optionName, VARIANT_LIMITS.text, VARIANT_MESSAGES.optionNameTooLong);
const valueRule = requiredText(VARIANT_MESSAGES.value, VARIANT_LIMITS.text, VARIANT_MESSAGES.valueTooLong);

/** A SKU as typed: trimmed; empty means none (null). */
const skuRule = z
  .string({ error: VARIANT_MESSAGES.sku })
  .nullable()
  .transform((v) => (v === null || v.trim() === '' ? null : v.trim()))
  .pipe(
    z.string().max(VARIANT_LIMITS.text, { error: VARIANT_MESSAGES.sku }).regex(SKU_PATTERN, { error: VARIANT_MESSAGES.sku }).nullable(),
  );

const weightRule = z
  .number({ error: VARIANT_MESSAGES.weight })
  .int({ error: VARIANT_MESSAGES.weight })
  .min(1, { error: VARIANT_MESSAGES.weight })
  .max(VARIANT_LIMITS.maxWeightGrams, { error: VARIANT_MESSAGES.weightTooHigh })
  .nullable();

const priceCentsRule = priceLimits(z.number({ error: PRODUCT_MESSAGES.priceCents }));

const variantFields = {
  priceCents: priceCentsRule,
  stock: stockRule.default(0),
  weightGrams: weightRule.default(null),
  sku: skuRule.default(null),
};

const sameText = (a: string, b: string) => a.toLocaleLowerCase('en') === b.toLocaleLowerCase('en');

/** The index of each entry that repeats an earlier one (compared without case). */
function repeats(texts: readonly string[]): number[] {
  return texts.flatMap((t, i) => (texts.slice(0, i).some((u) => sameText(t, u)) ? [i] : []));
}

/** POST /api/admin/products/:id/options: the kinds with their values, and the combinations sold. */
export const newOptionsSchema = z
  .object({
    options: z
      .array(
        z.object({
          name: optionNameRule,
          values: z
            .array(valueRule, { error: VARIANT_MESSAGES.valueCount })
            .min(1, { error: VARIANT_MESSAGES.valueCount })
            .max(VARIANT_LIMITS.valuesPerKind, { error: VARIANT_MESSAGES.valueCount }),
        }),
        { error: VARIANT_MESSAGES.optionCount },
      )
      .min(1, { error: VARIANT_MESSAGES.optionCount })
      .max(VARIANT_LIMITS.optionKinds, { error: VARIANT_MESSAGES.optionCount }),
    variants: z
      .array(z.object({ values: z.array(valueRule, { error: VARIANT_MESSAGES.variantValues }), ...variantFields }), {
        error: VARIANT_MESSAGES.variantsRequired,
      })
      .min(1, { error: VARIANT_MESSAGES.variantsRequired })
      .max(VARIANT_LIMITS.variants, { error: VARIANT_MESSAGES.variantsRequired }),
  })
  .superRefine(({ options, variants }, ctx) => {
    for (const i of repeats(options.map((o) => o.name))) {
      ctx.addIssue({ code: 'custom', message: VARIANT_MESSAGES.optionNameRepeated, path: ['options', i, 'name'] });
    }
    options.forEach((o, i) => {
      for (const j of repeats(o.values)) {
        ctx.addIssue({ code: 'custom', message: VARIANT_MESSAGES.valueRepeated, path: ['options', i, 'values', j] });
      }
    });
    const seen = new Set<string>();
    variants.forEach((v, k) => {
      const known = v.values.length === options.length && v.values.every((value, i) => options[i]!.values.includes(value));
      const key = JSON.stringify(v.values);
      if (!known) ctx.addIssue({ code: 'custom', message: VARIANT_MESSAGES.variantValues, path: ['variants', k, 'values'] });
      else if (seen.has(key)) ctx.addIssue({ code: 'custom', message: VARIANT_MESSAGES.variantRepeated, path: ['variants', k, 'values'] });
      seen.add(key);
    });
    const skus = variants.map((v) => v.sku ?? '');
    for (const k of repeats(skus)) {
      if (skus[k] !== '') ctx.addIssue({ code: 'custom', message: VARIANT_MESSAGES.skuRepeated, path: ['variants', k, 'sku'] });
    }
  });
export type NewOptionsInput = z.infer<typeof newOptionsSchema>;

/** PATCH /api/admin/products/:id/options/:optionId: renames an option kind. */
export const renameOptionSchema = z.object({ name: optionNameRule });

const idList = (max: number) =>
  z
    .array(z.uuid({ error: VARIANT_MESSAGES.order }), { error: VARIANT_MESSAGES.order })
    .min(1, { error: VARIANT_MESSAGES.order })
    .max(max, { error: VARIANT_MESSAGES.order });

/** PUT /api/admin/products/:id/options/order: every kind of the product once, first to last. */
export const optionOrderSchema = z.object({ optionIds: idList(VARIANT_LIMITS.optionKinds) });

/** PUT .../options/:optionId/values/order: every value of the kind once, first to last. */
export const valueOrderSchema = z.object({ valueIds: idList(VARIANT_LIMITS.valuesPerKind) });

/** POST .../options/:optionId/values: a new value, offered last. */
export const newValueSchema = z.object({ value: valueRule });

/** PATCH .../options/:optionId/values/:valueId: renames, disables or enables a value. */
export const updateValueSchema = z
  .object({ value: valueRule, enabled: z.boolean({ error: 'Enabled is true or false' }) })
  .partial()
  .refine((v) => v.value !== undefined || v.enabled !== undefined, { error: VARIANT_MESSAGES.nothingToChange });
export type UpdateValueInput = z.infer<typeof updateValueSchema>;

/**
 * POST /api/admin/products/:id/variants: a new combination (one value id per kind, in kind order).
 * Its opening stock is in the product's unit: pieces, or grams for stock kept in kg (the server
 * holds each unit to its own limit).
 */
export const newVariantSchema = z.object({
  valueIds: z
    .array(z.uuid({ error: VARIANT_MESSAGES.variantValues }), { error: VARIANT_MESSAGES.variantValues })
    .min(1, { error: VARIANT_MESSAGES.variantValues })
    .max(VARIANT_LIMITS.optionKinds, { error: VARIANT_MESSAGES.variantValues }),
  ...variantFields,
  stock: z
    .number({ error: PRODUCT_MESSAGES.stock })
    .int({ error: PRODUCT_MESSAGES.stock })
    .min(0, { error: PRODUCT_MESSAGES.stock })
    .max(STOCK_LIMITS.kg, { error: PRODUCT_MESSAGES.stockTooHigh })
    .default(0),
});
export type NewVariantInput = z.infer<typeof newVariantSchema>;

/** PATCH /api/admin/products/:id/variants/:variantId (stock changes only through the ledger). */
export const updateVariantSchema = z
  .object({
    priceCents: priceCentsRule,
    /** The 'was' price shown struck through; null takes it away. */
    compareAtPriceCents: compareAtCentsRule,
    sku: skuRule,
    weightGrams: weightRule,
    enabled: z.boolean({ error: 'Enabled is true or false' }),
  })
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: VARIANT_MESSAGES.nothingToChange });
export type UpdateVariantInput = z.infer<typeof updateVariantSchema>;

/** A variant row as typed on the back office's forms: price in KES, stock and weight as text. */
export const variantRowFormSchema = z
  .object({
    price: kesAmount(PRODUCT_MESSAGES.price).pipe(priceCentsRule),
    stock: typedNumber(PRODUCT_MESSAGES.stock, 0).pipe(stockRule),
    weight: z
      .string()
      .transform((v, ctx) => {
        const text = v.trim();
        if (text === '') return null;
        if (!/^\d+$/.test(text)) {
          ctx.addIssue({ code: 'custom', message: VARIANT_MESSAGES.weight });
          return z.NEVER;
        }
        return Number(text);
      })
      .pipe(weightRule),
    sku: skuRule,
    /** Left out (the add-variant form), the variant has none. */
    compareAt: typedCompareAt.optional(),
  })
  .refine((v) => typeof v.price !== 'number' || compareAtFits(v.price, v.compareAt ?? null), {
    error: WAS_PRICE_MESSAGES.notMore,
    path: ['compareAt'],
  })
  .transform(({ price, weight, compareAt, ...rest }) => ({
    ...rest,
    priceCents: price,
    weightGrams: weight,
    ...(compareAt !== undefined && { compareAtPriceCents: compareAt }),
  }));

/** Every combination of one value per kind, in the kinds' order (the first kind varies slowest). */
export function optionCombinations(kinds: readonly (readonly string[])[]): string[][] {
  if (kinds.length === 0) return [];
  return kinds.reduce<string[][]>((rows, values) => rows.flatMap((row) => values.map((value) => [...row, value])), [[]]);
}
