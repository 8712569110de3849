// A part of a page in its own chunk, like React.lazy, that can also be loaded ahead. Once loaded, the
// component renders without suspending: the server renders the whole page in one pass (no
// streamed-in boundaries, whose inline scripts the content policy forbids), and the browser
// hydrates the page it was sent without waiting. Below-the-fold parts use it with `serverRendered`:
// the server loads them before rendering. The browser loads the footer and the home page's
// testimonials before hydrating (src/web/main.tsx); a part marked 'when-loaded' (the home page's
// products) is hydrated on its own once its code is here, so the first download does not carry it.
import { lazy, type ComponentType } from 'react';
import { loadCatalogues } from '../i18n/catalogue';
import { currentLocale } from '../i18n/locale-store';

type PageModule<P> = { default: ComponentType<P> };

export type LazyPage<P> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * When the browser hydrates a server-rendered part: with the page ('before-hydration'), or after it
 * ('when-loaded'). React then keeps the part's server HTML until its code is here; the boot script
 * holds taps on it meanwhile. Render such a part from an element made once (a module constant), so
 * that no re-render of the page reaches it first: React would drop its HTML and draw it anew.
 */
export type ServerRendered = 'before-hydration' | 'when-loaded';

/** Parts the server must load before rendering a page that shows them, by when the browser hydrates them. */
const serverRendered = new Map<LazyPage<never>, ServerRendered>();

/** The parts hydrated on their own, once loaded. */
const partsLoaded = () => preloadServerRendered('when-loaded');

export function lazyPage<P extends object>(
  load: () => Promise<PageModule<P>>,
  opts: { serverRendered?: ServerRendered } = {},
): LazyPage<P> {
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
  // A page reached by a link waits for the parts it shows, so it appears whole; a part, only for itself.
  const Page = lazy(() => {
    if (loaded) return settled(loaded) as unknown as Promise<PageModule<P>>;
    return opts.serverRendered ? preload() : preload().then(async (m) => (await partsLoaded(), m));
  });
  const page = Object.assign(Page, { preload }) as unknown as LazyPage<P>;
  if (opts.serverRendered) serverRendered.set(page as LazyPage<never>, opts.serverRendered);
  return page;
}

/**
 * Loads every server-rendered part known so far (or only those hydrated `when`), and those the
 * loaded chunks declare.
 */
export async function preloadServerRendered(when?: ServerRendered): Promise<void> {
  const parts = () => [...serverRendered].filter(([, w]) => !when || w === when).map(([part]) => part);
  let known = -1;
  while (known !== parts().length) {
    known = parts().length;
    await Promise.all(parts().map((p) => p.preload()));
  }
}
