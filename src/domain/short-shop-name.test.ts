import { describe, expect, it } from 'vitest';
import { shortShopName } from './short-shop-name';

describe('shortShopName', () => {
  it('keeps the first two words of a longer name', () => {
    expect(shortShopName('Lake Victoria Aquaculture')).toBe('Lake Victoria');
    expect(shortShopName('  Fresh   Catch Fish Shop ')).toBe('Fresh Catch');
  });
  it('leaves a name of one or two words as it is', () => {
    expect(shortShopName('Samaki')).toBe('Samaki');
    expect(shortShopName('Samaki Bora')).toBe('Samaki Bora');
  });
});
