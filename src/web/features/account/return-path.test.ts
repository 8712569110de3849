import { describe, expect, it } from 'vitest';
import { returnPathFrom } from './return-path';

describe('returnPathFrom', () => {
  it.each([
    [null, '/shop'],
    [{}, '/shop'],
    [{ from: { pathname: '/checkout', search: '', hash: '' } }, '/checkout'],
    [{ from: { pathname: '/orders', search: '?page=2', hash: '#top' } }, '/orders?page=2#top'],
    [{ from: { pathname: '//evil.example/x' } }, '/shop'],
    [{ from: { pathname: '/auth' } }, '/shop'],
    [{ from: { pathname: 42 } }, '/shop'],
  ])('%j → %s', (state, path) => {
    expect(returnPathFrom(state)).toBe(path);
  });
});
