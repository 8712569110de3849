// The states every screen and list has besides "here is the data": loading, error and empty, and
// QueryState / ListState, which pick the right one for a query so no screen spells them out again.
import { useEffect, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { AlertTriangle, Inbox } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { errorMessage } from '@/web/lib/api';
import type { Page } from '../admin-api';
import { Pager } from './pager';
import { isMissingRecord } from './record-not-found';

export function LoadingRows({ rows = 6, label = 'Loading' }: { rows?: number; label?: string }) {
  return (
    <div role="status" aria-label={label} className="space-y-3 py-2">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center">
      <Inbox aria-hidden="true" className="h-8 w-8 text-slate-500" />
      <p className="font-semibold text-slate-900">{title}</p>
      {children && <div className="text-sm text-slate-600">{children}</div>}
    </div>
  );
}

export function ErrorState({ error, onRetry, what = 'this' }: { error: unknown; onRetry?: () => void; what?: string }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-lg border border-red-200 bg-red-50 px-6 py-8 text-center text-red-800"
    >
      <AlertTriangle aria-hidden="true" className="h-7 w-7" />
      <p className="font-semibold">Could not load {what}.</p>
      <p className="text-sm">{errorMessage(error, 'Something went wrong. Please try again.')}</p>
      {onRetry && (
        <Button variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}

interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  /** What is loading, as in "Loading the orders" and "Could not load the orders." */
  what: string;
  rows?: number;
  /** Shown instead of the error when the record does not exist (404): retrying would not help. */
  notFound?: ReactNode;
  children(data: T): ReactNode;
}

/** Skeleton rows while the query loads, the error with a retry button, else the data. */
export function QueryState<T>({ query, what, rows, notFound, children }: QueryStateProps<T>) {
  // A query held back by its screen (e.g. dates the wrong way round, explained in the filters).
  if (query.isPending && query.fetchStatus === 'idle' && !query.isEnabled)
    return <EmptyState title={`Fix the filters above to see ${what}.`} />;
  if (query.isPending) return <LoadingRows rows={rows} label={`Loading ${what}`} />;
  if (query.isError && notFound && isMissingRecord(query.error)) return <>{notFound}</>;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} what={what} />;
  return <>{children(query.data)}</>;
}

/**
 * A page number beyond the last page (an old link, or the last item of the last page archived):
 * go to the last page, replacing the address, rather than claim the list is empty.
 */
function PastTheEnd({ lastPage, what, onPage }: { lastPage: number; what: string; onPage: PageChange }) {
  useEffect(() => onPage(lastPage, { replace: true }), [lastPage, onPage]);
  return <LoadingRows rows={3} label={`Loading ${what}`} />;
}

/** Shows another page; replace corrects the address without a history entry. */
export type PageChange = (page: number, how?: { replace?: boolean }) => void;

/** A paged list: QueryState, then the empty state or the items followed by the pager. */
export function ListState<P extends Page<unknown>>({
  query,
  what,
  rows,
  empty,
  pagerLabel,
  onPage,
  children,
}: Omit<QueryStateProps<P>, 'children'> & {
  empty: ReactNode;
  pagerLabel: string;
  onPage: PageChange;
  children(items: P['items']): ReactNode;
}) {
  return (
    <QueryState query={query} what={what} rows={rows}>
      {(data) =>
        data.items.length === 0 && data.total > 0 && data.page > data.pageCount ? (
          <PastTheEnd lastPage={data.pageCount} what={what} onPage={onPage} />
        ) : data.items.length === 0 ? (
          empty
        ) : (
          <>
            {children(data.items)}
            <Pager {...data} onPage={onPage} label={pagerLabel} />
          </>
        )
      }
    </QueryState>
  );
}
