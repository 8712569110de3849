import { describe, expect, it } from 'vitest';
import { NAIROBI_NEIGHBOURHOODS, suggestNeighbourhoods } from './neighbourhoods';

describe('NAIROBI_NEIGHBOURHOODS', () => {
  it('is the fixed list of 20 in order', () => {
    expect(NAIROBI_NEIGHBOURHOODS).toEqual([
      'Westlands',
      'Kilimani',
      'Kileleshwa',
      'Lavington',
      'Karen',
      'Langata',
      'Parklands',
      'Upper Hill',
      'South B',
      'South C',
      'Nairobi West',
      'Madaraka',
      'Hurlingham',
      'Runda',
      'Muthaiga',
      'Gigiri',
      'Eastleigh',
      'Embakasi',
      'Kasarani',
      'Donholm',
    ]);
  });
});

describe('suggestNeighbourhoods', () => {
  it.each<[string, number | undefined, string[]]>([
    ['', undefined, []],
    ['   ', undefined, []],
    ['kil', undefined, ['Kilimani', 'Kileleshwa']],
    ['KIL', undefined, ['Kilimani', 'Kileleshwa']],
    ['south', undefined, ['South B', 'South C']],
    ['west', undefined, ['Westlands', 'Nairobi West']],
    [' karen ', undefined, ['Karen']],
    ['zzz', undefined, []],
    ['a', undefined, ['Westlands', 'Kilimani', 'Kileleshwa', 'Lavington', 'Karen', 'Langata', 'Parklands', 'Nairobi West']],
    ['a', 3, ['Westlands', 'Kilimani', 'Kileleshwa']],
    ['a', 0, []],
  ])('%j (max %s) → %j', (input, max, expected) => {
    expect(max === undefined ? suggestNeighbourhoods(input) : suggestNeighbourhoods(input, max)).toEqual(expected);
  });
});
