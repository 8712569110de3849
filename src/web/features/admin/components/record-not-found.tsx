// A record's screen for an id the shop does not have: there is nothing to retry, so it says so
// and offers the way back to the list instead of "Could not load … Try again".
import { Link } from '../../../components/ui/link';
import { ApiError } from '@/web/lib/api';
import { PageHeader } from './page-header';

/** 404, or 400 for a path id that is not an id at all (the API checks ids before looking). */
export function isMissingRecord(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/** For useQuery's retry: a missing record stays missing, anything else is tried once more. */
export function retryUnlessMissing(failureCount: number, error: Error): boolean {
  return !isMissingRecord(error) && failureCount < 1;
}

export function RecordNotFound({ title, backTo, backLabel }: { title: string; backTo: string; backLabel: string }) {
  return (
    <PageHeader
      title={title}
      description={
        <Link to={backTo} className="font-semibold text-brand-700 hover:underline">
          {backLabel}
        </Link>
      }
    />
  );
}
