import { describe, expect, it } from 'vitest';
import { optionCombinations, updateVariantSchema, variantRowFormSchema } from './variant-forms';

describe('optionCombinations', () => {
  it('gives every combination, the first kind varying slowest', () => {
    expect(
      optionCombinations([
        ['Small', 'Large'],
        ['Whole', 'Filleted'],
      ]),
    ).toEqual([
      ['Small', 'Whole'],
      ['Small', 'Filleted'],
      ['Large', 'Whole'],
      ['Large', 'Filleted'],
    ]);
    expect(optionCombinations([['Parts']])).toEqual([['Parts']]);
  });

  it('gives none without kinds or with a kind without values', () => {
    expect(optionCombinations([])).toEqual([]);
    expect(optionCombinations([['Small'], []])).toEqual([]);
  });
});

describe('variantRowFormSchema', () => {
  it('reads a typed row into the API fields', () => {
    expect(variantRowFormSchema.parse({ price: '450.50', stock: '', weight: ' 700 ', sku: ' TIL-L-W ' })).toEqual({
      priceCents: 45_050,
      stock: 0,
      weightGrams: 700,
      sku: 'TIL-L-W',
    });
    expect(variantRowFormSchema.parse({ price: '1', stock: '3', weight: '', sku: '' })).toMatchObject({ weightGrams: null, sku: null });
  });

  it('gives a message per field', () => {
    const result = variantRowFormSchema.safeParse({ price: '0', stock: '-1', weight: '1.5', sku: 'a b' });
    expect(result.success).toBe(false);
    expect(Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]))).toEqual({
      price: 'Price must be more than 0',
      stock: 'Stock must be a whole number of 0 or more',
      weight: 'Weight must be a whole number of grams more than 0',
      sku: 'SKU is letters, numbers, dots, dashes or underscores, at most 40',
    });
  });
});

describe('updateVariantSchema', () => {
  it('takes no stock and asks for something to change', () => {
    expect(updateVariantSchema.safeParse({ stock: 4 }).error?.issues[0]?.message).toBe('Nothing to change');
    expect(updateVariantSchema.parse({ sku: '' })).toEqual({ sku: null });
  });
});
