import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Header } from './layout/header';
import { PageSkeleton } from '../components/ui/page-skeleton';
import { LiveNotifications } from '../features/payments/components/live-notifications';
import { lazyPage } from '../lib/lazy-page';
import { ScrollRestoration } from './scroll-restoration';
import { useShellText } from '../i18n/shell-text';

/**
 * The footer is below the fold: its code comes in its own chunk. The server renders it, and the
 * browser loads the chunk before hydrating the page (src/web/main.tsx).
 */
const Footer = lazyPage(() => import('./layout/footer'), { serverRendered: 'before-hydration' });

/**
 * Starts the first API read of /, /shop and /blog while the page's own code is still downloading
 * (the page asks only once its chunk has run, and the LCP picture on /shop and /blog comes from
 * that answer). The queries are the pages' own, so the pages find the answer waiting. Their code
 * is fetched after the first page has hydrated (that page came with its data), not with the app.
 */
const loadPrefetch = () => import('./page-data-prefetch');

function PrefetchPageData() {
  const { pathname, search } = useLocation();
  const queryClient = useQueryClient();
  useEffect(() => {
    void loadPrefetch()
      .then((m) => m.prefetchPageData(queryClient, pathname, search))
      .catch(() => undefined); // a failed prefetch leaves the page to ask for itself
  }, [pathname, search, queryClient]);
  return null;
}

export function RootLayout() {
  const t = useShellText();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        {t('skipToContent')}
      </a>
      <ScrollRestoration />
      <PrefetchPageData />
      <LiveNotifications />
      <Header />
      {/* At least a screen tall, so the footer never starts in view and jumps when a page loads (CLS).
          Focusable for the skip link and a new view (scroll-restoration.tsx); no ring round the whole page. */}
      <main id="main" className="min-h-[100svh] flex-1 focus-visible:outline-none" tabIndex={-1}>
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
    </div>
  );
}
