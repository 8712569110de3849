// What a page shows instead of going blank when it throws while rendering, or when its code cannot
// be downloaded (a new version was deployed while the page was open: the old chunk is gone). The
// latter reloads the page once, which fetches the new version; a second failure shows the message.
import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { Container } from '../components/ui/container';
import { buttonClasses } from '../components/ui/button-classes';
import { APP_LIVE_ATTRIBUTE } from '../lib/app-entry';
import { isChunkLoadError, reloadOnceFor } from '../lib/chunk-reload';

interface State {
  error: unknown;
  /** The address the error happened on: moving to another page clears it. */
  path: string | null;
}

/** An error boundary around one route's page (and one around the whole app). */
export class RouteBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, path: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, path: window.location.pathname };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (isChunkLoadError(error) && reloadOnceFor(window.location.pathname)) return;
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    const { error, path } = this.state;
    if (error === null || path !== window.location.pathname) return this.props.children;
    return <RouteError chunk={isChunkLoadError(error)} />;
  }
}

function RouteError({ chunk }: { chunk: boolean }) {
  return (
    <Container className="py-24 text-center">
      {/* The error is what the page shows: it is live (its Reload and Home work). */}
      <MarkPageLive />
      <div role="alert">
        <h1 className="text-2xl font-bold">Something went wrong</h1>
        <p className="mt-2 text-slate-600">
          {chunk
            ? 'This page could not be loaded. Please check your connection and reload the page.'
            : 'Sorry, this page could not be shown. Please reload the page or go back home.'}
        </p>
      </div>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <button type="button" className={buttonClasses('default', 'default')} onClick={() => window.location.reload()}>
          Reload page
        </button>
        <a href="/" className={buttonClasses('outline', 'default')}>
          Go back home
        </a>
      </div>
    </Container>
  );
}

/**
 * Marks the document once the page itself (not only the header around it) is live: the page's part
 * of the server's HTML hydrates when its chunk is there, and until then a tap inside it does nothing.
 */
export function MarkPageLive() {
  useEffect(() => {
    document.documentElement.setAttribute(APP_LIVE_ATTRIBUTE, 'true');
  }, []);
  return null;
}
