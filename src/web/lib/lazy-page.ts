// A part of a page in its own chunk, like React.lazy, that can also be loaded ahead. Once loaded, the
// component renders without suspending: the server renders the whole page in one pass (no
// streamed-in boundaries, whose inline scripts the content policy forbids), and the browser
// hydrates the page it was sent without waiting. Below-the-fold parts (the footer, the home page's
// testimonials) use it with `serverRendered`: the server loads them before rendering, and the
// browser loads them before hydrating (src/web/main.tsx).
import { lazy, type ComponentType } from 'react';
import { loadCatalogues } from '../i18n/catalogue';
import { currentLocale } from '../i18n/locale-store';

type PageModule<P> = { default: ComponentType<P> };

export type LazyPage<P> = ComponentType<P> & { preload: () => Promise<unknown> };

/** Parts the server must load before rendering a page that shows them. */
const serverRendered = new Set<LazyPage<never>>();

export function lazyPage<P extends object>(load: () => Promise<PageModule<P>>, opts: { serverRendered?: boolean } = {}): LazyPage<P> {
  let loaded: PageModule<P> | undefined;
  let loading: Promise<PageModule<P>> | undefined;
  // A page is ready when its words are: the chunk declares its catalogues, which then load in the
  // browser's language before the page renders (nothing to load in English).
  const preload = () =>
    (loading ??= load().then(async (m) => {
      await loadCatalogues(currentLocale());
      return (loaded = m);
    }));
  // React.lazy settles at once when the thenable it gets calls back synchronously.
  const settled = (m: PageModule<P>) => ({ then: (resolve: (value: PageModule<P>) => void) => resolve(m) });
  const Page = lazy(() => (loaded ? (settled(loaded) as unknown as Promise<PageModule<P>>) : preload()));
  const page = Object.assign(Page, { preload }) as unknown as LazyPage<P>;
  if (opts.serverRendered) serverRendered.add(page as LazyPage<never>);
  return page;
}

/** Loads every server-rendered part known so far, and those the loaded chunks declare. */
export async function preloadServerRendered(): Promise<void> {
  let known = -1;
  while (known !== serverRendered.size) {
    known = serverRendered.size;
    await Promise.all([...serverRendered].map((p) => p.preload()));
  }
}
