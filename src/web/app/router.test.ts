import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LAYOUT_ROUTE_ID, PAGE_ROUTES } from '@/domain/route-table';
import { PAGE_HANDLES, pageHandle } from './page-handles';
import { appRoutes } from './router';

const ids = (routes: RouteObject[]): string[] => routes.flatMap((r) => [r.id ?? '', ...ids(r.children ?? [])]);
const deepestId = (pathname: string) => matchRoutes(appRoutes, pathname)?.at(-1)?.route.id;

describe('routes and server-rendered pages from the route table', () => {
  it('builds one route per page of the table, inside the storefront layout unless it has its own', () => {
    expect(ids(appRoutes).sort()).toEqual([LAYOUT_ROUTE_ID, ...PAGE_ROUTES.map((r) => r.id)].sort());
    expect(appRoutes.map((r) => r.id)).toEqual(['admin', LAYOUT_ROUTE_ID]);
  });

  it('matches each address to its page', () => {
    expect(deepestId('/')).toBe('home');
    expect(deepestId('/shop/tilapia')).toBe('product');
    expect(deepestId('/faq')).toBe('content-faq');
    expect(deepestId('/privacy')).toBe('content-privacy');
    expect(deepestId('/page/delivery')).toBe('content-page');
    expect(deepestId('/delivery')).toBe('content-slug');
    expect(deepestId('/auth/callback')).toBe('auth-callback');
    expect(deepestId('/admin/orders/42')).toBe('admin');
    expect(deepestId('/no/such/page')).toBe('not-found');
  });

  it('gives every public page a handle, and none to a private page or an id outside the table', () => {
    const publicIds = PAGE_ROUTES.filter((r) => r.access === 'public').map((r) => r.id);
    expect(Object.keys(PAGE_HANDLES).sort()).toEqual([LAYOUT_ROUTE_ID, ...publicIds].sort());
    for (const route of PAGE_ROUTES.filter((r) => r.access === 'private')) expect(pageHandle(route.id)).toBeUndefined();
    expect(pageHandle('toString')).toBeUndefined();
    expect(pageHandle(undefined)).toBeUndefined();
  });
});
