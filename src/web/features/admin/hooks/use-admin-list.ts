// A back-office list: its filters and page from the URL, and the query that loads that page (the
// previous page stays on screen while the next one loads).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useListParams } from './use-list-params';

export function useAdminList<K extends string, T>(
  name: string,
  keys: readonly K[],
  load: (params: Record<K, string> & { page: number }) => Promise<T>,
  options: { refetchInterval?: number } = {},
) {
  const params = useListParams(keys);
  const { values, page } = params;
  const query = useQuery({
    queryKey: ['admin', name, values, page],
    queryFn: () => load({ ...values, page }),
    placeholderData: keepPreviousData,
    ...options,
  });
  /** Whether any filter is set (the empty state then suggests changing them). */
  const filtered = keys.some((k) => values[k] !== '');
  return { ...params, query, filtered };
}
