import { describe, expect, it } from 'vitest';
import { scrollAction, type NavigationKind, type Place, type ScrollAction } from './scroll-memory';

const at = (path: string, hash = ''): Place => {
  const [pathname = '/', search = ''] = path.split(/(?=\?)/);
  return { pathname, search, hash };
};

describe('scrollAction', () => {
  it.each<[string, NavigationKind, Place | null, Place, ScrollAction]>([
    ['Back to the shop', 'POP', at('/faq'), at('/shop'), 'restore'],
    ['Forward to a blog page', 'POP', at('/blog'), at('/blog?page=2'), 'restore'],
    ['a reload or Back into the app', 'POP', null, at('/shop'), 'restore'],
    ['a link to another page', 'PUSH', at('/shop'), at('/faq'), 'top'],
    ['a redirect to another page', 'REPLACE', at('/checkout'), at('/auth'), 'top'],
    ['the next blog page', 'PUSH', at('/blog'), at('/blog?page=2'), 'top'],
    ['a shop category', 'PUSH', at('/shop'), at('/shop?category=fish'), 'top'],
    ['refining the search as one types', 'REPLACE', at('/shop?search=ti'), at('/shop?search=tila'), 'stay'],
    ['a hash on the same page', 'PUSH', at('/faq'), at('/faq', '#delivery'), 'stay'],
    ['a fresh visit or arriving from the back office', 'PUSH', null, at('/shop'), 'top'],
  ])('%s', (_label, kind, from, to, expected) => {
    expect(scrollAction(kind, from, to)).toBe(expected);
  });
});
