import { describe, expect, it } from 'vitest';
import { isSafeReturnPath, returnPathSchema, safeReturnPath } from './return-path';

describe('isSafeReturnPath', () => {
  it.each([
    ['/checkout', true],
    ['/profile', true],
    ['/orders?page=2#top', true],
    ['/authors', true],
    ['/auth', false],
    ['/auth/callback', false],
    ['/auth?x=1', false],
    ['https://evil.example', false],
    ['//evil.example/x', false],
    ['/\\evil.example', false],
    ['/\t/evil.example', false],
    ['/\n/evil.example', false],
    ['checkout', false],
    ['', false],
    [`/${'a'.repeat(500)}`, false],
    // Safe as written, another host once a reader decodes the path or resolves its dot segments.
    ['/%2F%2Fx', false],
    ['/%2f%2fevil.example/x', false],
    ['/%5C%5Cx', false],
    ['/%5c/evil.example', false],
    ['/..//x', false],
    ['/./\\x', false],
    ['/shop/../..//x', false],
    ['/%2e%2e//x', false],
    ['/%252F%252Fx', false],
    ['/%25252F%25252Fx', false],
    ['/%2561uth', false],
    ['/%0a/evil.example', false],
    ['/shop%2F..%2F%2Fx', false],
    ['/%E0%A4%A', false],
    // Encoded text a page of the shop really has, in its path or its query.
    ['/shop/sukuma-wiki-%C3%A9', true],
    ['/shop?search=fish%20%26%20chips', true],
    ['/shop?search=100%25%20fresh', true],
    ['/blog/2026/03/fresh-fish', true],
    ['/shop?search=a/../b', true],
  ])('%j → %s', (path, safe) => {
    expect(isSafeReturnPath(path)).toBe(safe);
  });
});

describe('safeReturnPath', () => {
  it.each([
    ['/checkout', '/checkout'],
    ['//evil.example', '/shop'],
    [null, '/shop'],
    [undefined, '/shop'],
  ])('%j → %s', (path, expected) => {
    expect(safeReturnPath(path)).toBe(expected);
  });
});

describe('returnPathSchema', () => {
  it('accepts a path of the shop and refuses another site with the message', () => {
    expect(returnPathSchema.parse('/checkout')).toBe('/checkout');
    const refused = returnPathSchema.safeParse('https://evil.example/');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('The page to return to must be a page of this shop.');
  });
});
