import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter, matchRoutes, useRoutes } from 'react-router';
import { Providers } from './app/providers';
import { RouteBoundary } from './app/route-error';
import { appRoutes, preloadPages } from './app/router';
import { preloadServerRendered } from './lib/lazy-page';
import { loadCatalogues } from './i18n/catalogue';
import { currentLocale } from './i18n/locale-store';
import { queryClient } from './lib/query-client';
import { parseQueryState, QUERY_STATE_ELEMENT_ID } from './lib/query-state';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// A server-rendered page brings the answers it was rendered from: the first render in the browser
// then matches the HTML, and no query is asked twice.
const state = document.getElementById(QUERY_STATE_ELEMENT_ID);
if (state?.textContent) hydrate(queryClient, parseQueryState(state.textContent));

// The component router renders the same route objects the server's static handler matched, and
// the same markup: the browser needs none of the data router's loaders (the data came with the page).
function AppRoutes() {
  return useRoutes(appRoutes);
}

const app = (
  <StrictMode>
    <RouteBoundary>
      <Providers>
        {/* A new address renders at once (its skeleton while its chunk loads), never behind a pending
            transition that a later update (sign-out clearing the session) could overtake. */}
        <BrowserRouter useTransitions={false}>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </RouteBoundary>
  </StrictMode>
);

// Public pages arrive rendered. What their HTML shows is loaded before hydrating (the page's chunk,
// the footer, the home page's testimonials): hydration is then one pass. A part still waiting for
// its code when an update arrives would have its server HTML dropped and drawn anew, and with it a
// tap or text the customer had just given it. The exception, parts marked 'when-loaded' (the home
// page's products), are rendered from an element made once, which no update reaches (lazy-page.ts).
// Until React has an element, the boot script (src/web/boot.ts) holds what is done to it.
// Signed-in and back-office screens arrive empty and render here.
if (root.firstElementChild) {
  // A chunk that fails to load fails the render too, where the route's error boundary handles it.
  const matched = matchRoutes(appRoutes, window.location)?.map((m) => m.route.id ?? '') ?? [];
  // In a task of its own: asking for the page's chunks costs a slow phone tens of milliseconds,
  // which would otherwise come on top of evaluating this module in one long task.
  // Nothing awaits the boot; a failed hydration still shows as an unhandled rejection in the console.
  void nextTask()
    // The page's chunk and the footer's at once (each then brings its own dependencies), then the
    // parts the page's chunk declares (the home page's testimonials).
    .then(() => Promise.all([preloadPages(matched), preloadServerRendered('before-hydration')]))
    .then(() => preloadServerRendered('before-hydration'))
    // Parts hydrated on their own (the home page's products) are asked for now and not waited for:
    // React keeps their server HTML until their code is here, then hydrates them.
    .then(() => void preloadServerRendered('when-loaded').catch(() => undefined))
    // The shell's own words (the header's, the footer's) in the page's language, as the server wrote them.
    .then(() => loadCatalogues(currentLocale()))
    .catch(() => undefined)
    // In a transition, hydration yields to the browser every few milliseconds instead of holding the
    // main thread for the whole page: a slow phone stays responsive (scrolling, the boot script's
    // held taps) while React takes over.
    .then(() => startTransition(() => void hydrateRoot(root, app)));
} else {
  // A screen the browser renders itself starts in the page's language too (English needs nothing),
  // with the header's icons already drawn.
  void Promise.all([loadCatalogues(currentLocale()), preloadServerRendered('when-loaded')])
    .catch(() => undefined)
    .then(() => createRoot(root).render(app));
}
