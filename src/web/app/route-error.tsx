// What a page shows instead of going blank when it throws while rendering, or when its code cannot
// be downloaded (a new version was deployed while the page was open: the old chunk is gone). The
// latter reloads the page once, which fetches the new version; a second failure shows the message.
import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Container } from '../components/layout/container';
import { buttonClasses } from '../components/ui/button';
import { isChunkLoadError, reloadOnceFor } from '../lib/chunk-reload';

export function RouteError() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  const reloading = chunk && reloadOnceFor(typeof window === 'undefined' ? '' : window.location.pathname);
  useEffect(() => {
    if (!chunk) console.error(error);
  }, [chunk, error]);
  if (reloading) return null;
  const status = isRouteErrorResponse(error) ? error.status : null;
  return (
    <Container className="py-24 text-center">
      <div role="alert">
        <h1 className="text-2xl font-bold">{status === 404 ? 'Page Not Found' : 'Something went wrong'}</h1>
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
        <Link to="/" reloadDocument className={buttonClasses('outline', 'default')}>
          Go back home
        </Link>
      </div>
    </Container>
  );
}
