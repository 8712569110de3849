// Renders a page or component for a component test as the app renders it: the app's providers
// (query cache, toasts) around a router at the given address. Data comes from the fake API
// (fake-api.ts), which a test sets up before rendering.
import type { ReactElement } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, type Location } from 'react-router';
import type { Locale } from '@/domain/locale';
import { Providers } from '../app/providers';
import { queryClient as appQueryClient } from '../lib/query-client';

export interface RenderedPage extends RenderResult {
  user: UserEvent;
  /** Replaces a field's text at once, as a browser test's fill() did (typing key by key is slow). */
  fill(field: HTMLElement, text: string): Promise<void>;
  /** Where the router is now (a link followed, a navigate()). */
  location(): Location;
}

export interface PageOptions {
  /** The route pattern the page is mounted at ('/blog/:slug'). */
  path?: string;
  /** The address opened ('/blog/some-post', or with router state); `path` by default. */
  at?: string | { pathname: string; search?: string; state?: unknown };
  /** In the layout's <main> landmark, as a page is (true); false for what the layout puts outside it (the footer). */
  inMain?: boolean;
  /** The page's language (English by default); a test of Kiswahili loads its catalogues first (loadCatalogues('sw')). */
  locale?: Locale;
}

/**
 * No StrictMode: the browser journeys ran the production build, where effects (and the requests
 * they start) run once.
 */
export function renderPage(page: ReactElement, { path = '/', at = path, inMain = true, locale }: PageOptions = {}): RenderedPage {
  // A fresh cache per test with the app's query defaults (its retry count too); a retry is not
  // made to wait, so a failing query shows its error at once.
  const defaults = appQueryClient.getDefaultOptions();
  const client = new QueryClient({ defaultOptions: { ...defaults, queries: { ...defaults.queries, retryDelay: 0 } } });
  const seen: { current?: Location } = {};
  const result = render(
    <Providers client={client} locale={locale}>
      <MemoryRouter initialEntries={[at]} useTransitions={false}>
        <TrackLocation into={seen} />
        <Routes>
          <Route path={path} element={inMain ? <main>{page}</main> : page} />
          {/* Anywhere else the page leads to: nothing shown, the address kept for location(). */}
          <Route path="*" element={null} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
  const user = userEvent.setup();
  return {
    ...result,
    user,
    fill: async (field, text) => {
      // Into the field, as a person would: clear() alone leaves the focus where it was when the field is empty.
      await user.click(field);
      await user.clear(field);
      await user.paste(text);
    },
    location: () => {
      if (!seen.current) throw new Error('The router has not rendered');
      return seen.current;
    },
  };
}

function TrackLocation({ into }: { into: { current?: Location } }) {
  into.current = useLocation();
  return null;
}
