import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { appRoutes, preloadPages } from './app/router';
import { watchClickFlood } from './lib/click-flood';
import { queryClient } from './lib/query-client';
import { parseQueryState, QUERY_STATE_ELEMENT_ID } from './lib/query-state';
import './styles.css';

watchClickFlood();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// A server-rendered page brings the answers it was rendered from: the first render in the browser
// then matches the HTML, and no query is asked twice.
const state = document.getElementById(QUERY_STATE_ELEMENT_ID);
if (state?.textContent) hydrate(queryClient, parseQueryState(state.textContent));

const router = createBrowserRouter(appRoutes);
const app = (
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>
);

// Public pages arrive rendered: their page's code is loaded first, so hydrating does not suspend.
// Signed-in and back-office screens arrive empty and render here.
if (root.firstElementChild) {
  const matched = matchRoutes(appRoutes, window.location)?.map((m) => m.route.id ?? '') ?? [];
  void preloadPages(matched).finally(() => hydrateRoot(root, app));
} else {
  createRoot(root).render(app);
}
