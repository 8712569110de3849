// A back-office list: its filters and page from the URL, and the query that loads that page (the
// previous page stays on screen while the next one loads). A date range the wrong way round is
// not requested: DateRangeFilter explains it under the field.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { datesBackwards } from '../components/filter-bar';
import { useListParams } from './use-list-params';

export function useAdminList<K extends string, T>(
  name: string,
  keys: readonly K[],
  load: (params: Record<K, string> & { page: number }) => Promise<T>,
  options: { refetchInterval?: number; select?: (data: T) => T } = {},
) {
  const params = useListParams(keys);
  const { values, page } = params;
  const query = useQuery({
    queryKey: ['admin', name, values, page],
    queryFn: () => load({ ...values, page }),
    placeholderData: keepPreviousData,
    // The filter explains a backwards date range; the API would only refuse it.
    enabled: !datesBackwards(values),
    ...options,
  });
  /** Whether any filter is set (the empty state then suggests changing them). */
  const filtered = keys.some((k) => values[k] !== '');
  return { ...params, query, filtered };
}
