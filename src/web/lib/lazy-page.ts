// A route's page in its own chunk, like React.lazy, that can also be loaded ahead. Once loaded, the
// component renders without suspending: the server renders the whole page in one pass (no
// streamed-in boundaries, whose inline scripts the content policy forbids), and the browser
// hydrates the page it was sent without waiting.
import { lazy, type ComponentType } from 'react';

type PageModule<P> = { default: ComponentType<P> };

export type LazyPage<P> = ComponentType<P> & { preload: () => Promise<unknown> };

export function lazyPage<P extends object>(load: () => Promise<PageModule<P>>): LazyPage<P> {
  let loaded: PageModule<P> | undefined;
  let loading: Promise<PageModule<P>> | undefined;
  const preload = () => (loading ??= load().then((m) => (loaded = m)));
  // React.lazy settles at once when the thenable it gets calls back synchronously.
  const settled = (m: PageModule<P>) => ({ then: (resolve: (value: PageModule<P>) => void) => resolve(m) });
  const Page = lazy(() => (loaded ? (settled(loaded) as unknown as Promise<PageModule<P>>) : preload()));
  return Object.assign(Page, { preload }) as unknown as LazyPage<P>;
}
