import { describe, expect, it } from 'vitest';
import { distinctCategories, matchesProductFilter, normalizeSearch, type ProductFilter } from './product-filter';

const fillets = { name: 'Tilapia Fillets (500 g)', description: 'Skinless, boneless fillets.', category: 'fish' };
const wings = { name: 'Chicken Wings (1 kg)', description: 'Great on the grill.', category: 'chicken' };

describe('matchesProductFilter', () => {
  it.each<[string, typeof fillets, ProductFilter, boolean]>([
    ['no filter', fillets, {}, true],
    ['empty strings', fillets, { category: '', search: '' }, true],
    ['matching category', fillets, { category: 'fish' }, true],
    ['other category', fillets, { category: 'chicken' }, false],
    ['category in any case', fillets, { category: 'FISH' }, true],
    ['search in name, any case', fillets, { search: 'TILAPIA' }, true],
    ['search in description', fillets, { search: 'boneless' }, true],
    ['search matches category word', wings, { search: 'chicken' }, true],
    ['all words must match', fillets, { search: 'tilapia fillet' }, true],
    ['one word missing', fillets, { search: 'tilapia wings' }, false],
    ['extra spaces ignored', fillets, { search: '  tilapia   fillets ' }, true],
    ['no match', wings, { search: 'perch' }, false],
    ['category and search both apply', wings, { category: 'fish', search: 'wings' }, false],
    ['regex characters are plain text', fillets, { search: '(500' }, true],
  ])('%s', (_label, product, filter, expected) => {
    expect(matchesProductFilter(product, filter)).toBe(expected);
  });
});

describe('normalizeSearch', () => {
  it.each<[string | undefined, string]>([
    [undefined, ''],
    ['   ', ''],
    [' Fresh  Tilapia ', 'fresh tilapia'],
  ])('%j → %j', (input, expected) => {
    expect(normalizeSearch(input)).toBe(expected);
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
