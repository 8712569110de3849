// Server rendering of the public pages: react-router's static handler matches the address and runs
// the pages' data reads (page-handles.ts) into a fresh query cache, React renders the page to HTML
// as a stream, and the cache travels with the HTML (dehydrated) so the browser hydrates the same
// tree without asking again. Built by `vite build --ssr` into dist/ssr; the server loads it.
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
// React's build for web-standard servers: the same renderer and output, without the Node build's
// AsyncLocalStorage, whose first use turns on async hooks for the whole process and costs every
// later request about a microsecond, cached reads included (docs/decisions/080-logging-as-bytes-and-the-render-without-async-hooks.md).
import { renderToReadableStream } from 'react-dom/server.edge';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider, type RouteObject } from 'react-router';
import type { PageHead } from '../domain/page-head';
import type { PageRenderer, PageRenderOptions, RenderAdmission, RenderedPage } from '../server/infra/http/page-render-contract';
import { pageHandle, type PageContext, type PageHandle } from './app/page-handles';
import { Providers } from './app/providers';
import { RouteBoundary } from './app/route-error';
import { appRoutes, preloadPages } from './app/router';
import { serializeQueryState } from './lib/query-state';
import { setApiTransport } from './lib/api';
import { preloadServerRendered } from './lib/lazy-page';
import { setShopName } from './lib/document-title';
import { localeFromAcceptLanguage } from '../domain/locale';
import { loadCatalogues } from './i18n/catalogue';

interface LoadContext {
  queryClient: QueryClient;
  page: Omit<PageContext, 'params' | 'url'>;
}

/** The app's routes with, for public pages, a loader that fills the query cache first. */
function withLoaders(routes: RouteObject[]): RouteObject[] {
  return routes.map((route): RouteObject => {
    const handle = pageHandle(route.id);
    const children = route.children ? withLoaders(route.children) : undefined;
    const loader = handle?.prefetch
      ? async ({ request, params, context }: { request: Request; params: PageContext['params']; context?: unknown }) => {
          const { queryClient, page } = context as LoadContext;
          const moved = await handle.prefetch!(queryClient, { ...page, params, url: new URL(request.url) });
          if (moved) throw new Response(null, { status: 301, headers: { Location: moved.redirect } });
          return null;
        }
      : undefined;
    return { ...route, loader, handle, ...(children ? { children } : {}) } as RouteObject;
  });
}

/**
 * How long one render of a route's not-found page is reused for every other missing address on that
 * route (/shop/{any unknown slug}): its HTML does not depend on the address, only its head does.
 */
const NOT_FOUND_REUSE_MS = 10_000;

export function pageOf(pathname: string): string | undefined {
  return matchRoutes(appRoutes, pathname)?.at(-1)?.route.id;
}

export function createPageRenderer(options: PageRenderOptions): PageRenderer {
  setApiTransport(options.apiFetch);
  setShopName(options.shopName);
  const handler = createStaticHandler(withLoaders(appRoutes));
  const notFoundPages = new Map<string, { html: string; expires: number }>();

  return async function renderPage(request: Request, admit?: RenderAdmission): Promise<RenderedPage> {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    const url = new URL(request.url);
    // The server asks each render in one language, already chosen (page-renderer.ts).
    const locale = localeFromAcceptLanguage(request.headers.get('accept-language'));
    const page = { origin: options.origin, shopName: options.shopName };
    const context = await handler.query(request, { requestContext: { queryClient, page } as never });
    if (context instanceof Response) {
      return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
    }
    const deepest = [...context.matches].reverse().find((m) => m.route.handle);
    const handle = deepest?.route.handle as PageHandle | undefined;
    const head: PageHead = handle
      ? handle.head(queryClient, { ...page, params: deepest!.params, url })
      : { title: null, description: '', canonicalPath: url.pathname };

    const status = context.statusCode !== 200 ? context.statusCode : (head.status ?? 200);
    const state = () => serializeQueryState(dehydrate(queryClient, { shouldDehydrateQuery: (q) => q.state.status !== 'pending' }));
    // A missing product, post or page (no query: nothing in the address but the slug) looks the same
    // whatever the slug: the first such render is reused, with this address's head and data.
    const reuseKey = status === 404 && !url.search ? (context.matches.at(-1)?.route.id ?? '') : null;
    const kept = reuseKey === null ? undefined : notFoundPages.get(reuseKey);
    if (kept && kept.expires > Date.now()) return { kind: 'page', status, html: kept.html, head, state: state() };

    const release = admit ? admit() : () => {};
    if (!release) return { kind: 'refused', status, head };
    let html: string;
    let renderError: unknown = null;
    try {
      await preloadPages(context.matches.map((m) => m.route.id));
      await preloadServerRendered();
      await loadCatalogues(locale);
      const router = createStaticRouter(handler.dataRoutes, context);
      const stream = await renderToReadableStream(
        <StrictMode>
          <RouteBoundary>
            <Providers client={queryClient} locale={locale}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </Providers>
          </RouteBoundary>
        </StrictMode>,
        {
          // A large finished boundary would otherwise be sent after the shell with an inline script
          // to move it into place, and the content policy allows no inline scripts.
          progressiveChunkSize: Number.POSITIVE_INFINITY,
          onError(error) {
            renderError = error;
          },
        },
      );
      // Crawlers and link previews read the whole page: send it complete, not piece by piece.
      await stream.allReady;
      html = await new Response(stream).text();
    } finally {
      release();
    }
    if (renderError) return { kind: 'failed', error: renderError };
    if (reuseKey !== null) notFoundPages.set(reuseKey, { html, expires: Date.now() + NOT_FOUND_REUSE_MS });
    return { kind: 'page', status, html, head, state: state() };
  };
}
