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
