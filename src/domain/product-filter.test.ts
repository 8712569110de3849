import { describe, expect, it } from 'vitest';
import { distinctCategories, LAST_SHOP_PAGE, normalizeSearch, shopPageNumber } from './product-filter';

describe('normalizeSearch', () => {
  it.each<[string | undefined, string]>([
    [undefined, ''],
    ['   ', ''],
    [' Fresh  Tilapia ', 'fresh tilapia'],
    ['NGEGE', 'ngege'],
    ['Crème Brûlée', 'creme brulee'],
    ['ÉLEVAGE Ñandú', 'elevage nandu'],
    // A decomposed accent (e + combining acute) is the same letter.
    ['Cafe\u0301', 'cafe'],
  ])('%j → %j', (input, expected) => {
    expect(normalizeSearch(input)).toBe(expected);
  });
});

describe('shopPageNumber', () => {
  it.each<[string | null | undefined, number]>([
    [undefined, 1],
    [null, 1],
    ['', 1],
    ['0', 1],
    ['-3', 1],
    ['2.5', 1],
    ['abc', 1],
    ['2', 2],
    ['40', 40],
    ['99999999', LAST_SHOP_PAGE],
  ])('%j → %i', (input, expected) => {
    expect(shopPageNumber(input)).toBe(expected);
  });
});

describe('distinctCategories', () => {
  it.each<[string, { category: string }[], string[]]>([
    ['none', [], []],
    ['sorted and unique', [{ category: 'fish' }, { category: 'chicken' }, { category: 'fish' }], ['chicken', 'fish']],
  ])('%s', (_label, products, expected) => {
    expect(distinctCategories(products)).toEqual(expected);
  });
});
