// Server rendering of the public pages: react-router's static handler matches the address and runs
// the pages' data reads (page-handles.ts) into a fresh query cache, React renders the page to HTML
// as a stream, and the cache travels with the HTML (dehydrated) so the browser hydrates the same
// tree without asking again. Built by `vite build --ssr` into dist/ssr; the server loads it.
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from 'react-router';
import type { PageHead } from '../domain/page-head';
import type { PageRenderer, PageRenderOptions, RenderedPage } from '../server/infra/http/page-render-contract';
import { pageHandle, type PageContext, type PageHandle } from './app/page-handles';
import { Providers } from './app/providers';
import { RouteBoundary } from './app/route-error';
import { appRoutes, preloadPages } from './app/router';
import { serializeQueryState } from './lib/query-state';
import { setApiTransport } from './lib/api';
import { preloadServerRendered } from './lib/lazy-page';
import { setShopName } from './lib/document-title';

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

export function createPageRenderer(options: PageRenderOptions): PageRenderer {
  setApiTransport(options.apiFetch);
  setShopName(options.shopName);
  const handler = createStaticHandler(withLoaders(appRoutes));

  return async function renderPage(request: Request): Promise<RenderedPage> {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    const url = new URL(request.url);
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

    await preloadPages(context.matches.map((m) => m.route.id));
    await preloadServerRendered();
    const router = createStaticRouter(handler.dataRoutes, context);
    let renderError: unknown = null;
    const stream = await renderToReadableStream(
      <StrictMode>
        <RouteBoundary>
          <Providers client={queryClient}>
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
    const html = await new Response(stream).text();
    if (renderError) return { kind: 'failed', error: renderError };
    const status = context.statusCode !== 200 ? context.statusCode : (head.status ?? 200);
    return {
      kind: 'page',
      status,
      html,
      head,
      state: serializeQueryState(dehydrate(queryClient, { shouldDehydrateQuery: (q) => q.state.status !== 'pending' })),
    };
  };
}
