// The `route` label of a request: the pattern of the route that answered it, never the address, so
// the series stay few whatever addresses are asked for (/api/catalog/products/by-slug/:slug, not
// each product's). What no route of its own answers is grouped.
import type { Context } from 'hono';
import { matchedRoutes } from 'hono/route';

/** A page the server rendered (or its shell). */
const PAGE_ROUTE = 'page';
/** A file of the built web app (/assets/…, /favicon.ico). */
const ASSET_ROUTE = 'asset';
/** A product photo (/media/:id). */
const MEDIA_ROUTE = 'media';
/** An address nothing in the shop has: the API's 404, a file that is not there, a page that does not exist. */
const UNMATCHED_ROUTE = 'unmatched';

/** Middleware (app.use) is registered for every method; a route for its own method(s). */
const MIDDLEWARE_METHOD = 'ALL';
/** The last part of the address has a file extension. */
const FILE_NAME = /\.[a-z0-9]+$/i;

export function routeLabel(c: Context): string {
  const routes = matchedRoutes(c);
  // The route that answered, or, when a middleware answered before it (a refused write, a body too
  // large), the route the request was for.
  for (let i = c.req.routeIndex; i < routes.length; i++) {
    const route = routes[i];
    if (route && route.method !== MIDDLEWARE_METHOD) return route.path.startsWith('/media/') ? MEDIA_ROUTE : route.path;
  }
  // No route of its own: the built app's files and the rendered pages are middleware, and the API's
  // catch-all (app.all('/api/*')) only says 404.
  if (c.res.status === 404) return UNMATCHED_ROUTE;
  const path = c.req.path;
  if (path.startsWith('/api/')) return UNMATCHED_ROUTE;
  if (path.startsWith('/assets/') || (FILE_NAME.test(path) && !path.endsWith('.html'))) return ASSET_ROUTE;
  return PAGE_ROUTE;
}
