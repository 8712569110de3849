import { describe, expect, it } from 'vitest';
import { PAGE_ROUTES, PRIVATE_PAGES, SITEMAP_PAGES } from './route-table';

const covers = (prefix: string, path: string) => path === prefix || path.startsWith(`${prefix}/`);
// An address the pattern matches: a parameter or the rest of the address filled in.
const sample = (pattern: string) => pattern.replace(/:\w+/g, 'x').replace(/\*$/, 'x');

describe('the route table', () => {
  it('gives each page one id and one address', () => {
    const ids = PAGE_ROUTES.map((r) => r.id);
    const paths = PAGE_ROUTES.map((r) => r.path);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path.startsWith('/')).toBe(true);
  });

  it('lists the fixed public pages in the sitemap, and nothing else', () => {
    expect(SITEMAP_PAGES).toEqual(['/', '/shop', '/blog', '/about', '/contact']);
    for (const path of SITEMAP_PAGES) {
      const route = PAGE_ROUTES.find((r) => r.path === path);
      expect(route?.access).toBe('public');
      expect(path).not.toMatch(/[:*]/);
    }
  });

  it('derives the private paths from the private pages, each once', () => {
    expect(PRIVATE_PAGES).toEqual(['/auth', '/cart', '/checkout', '/order-success', '/profile', '/orders', '/delivery', '/admin']);
    for (const route of PAGE_ROUTES.filter((r) => r.access === 'private')) {
      expect(PRIVATE_PAGES.some((p) => covers(p, sample(route.path)))).toBe(true);
    }
    for (const path of PRIVATE_PAGES) {
      expect(PAGE_ROUTES.some((r) => r.access === 'private' && r.path.replace(/\/(\*|:[^/]+)$/, '') === path)).toBe(true);
    }
  });

  it('keeps every public page with an address of its own out of the private paths', () => {
    const fixed = PAGE_ROUTES.filter((r) => r.access === 'public' && !/[:*]/.test(r.path));
    for (const route of fixed) expect(PRIVATE_PAGES.some((p) => covers(p, route.path))).toBe(false);
  });
});
