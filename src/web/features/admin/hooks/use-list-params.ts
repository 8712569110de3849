// A list's page, search and filters live in the URL: a reload, the back button or a shared link
// shows the same list. Changing a filter goes back to page 1.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export function useListParams<K extends string>(keys: readonly K[]) {
  const [search, setSearch] = useSearchParams();
  const values = useMemo(() => {
    const out = {} as Record<K, string>;
    for (const key of keys) out[key] = search.get(key) ?? '';
    return out;
  }, [search, keys]);
  const page = Math.max(1, Number(search.get('page')) || 1);

  const setFilters = useCallback(
    (changes: Partial<Record<K, string>>) => {
      setSearch((prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(changes) as [K, string | undefined][]) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        next.delete('page');
        return next;
      });
    },
    [setSearch],
  );

  /** `replace` swaps the history entry (a correction, such as leaving a page past the end). */
  const setPage = useCallback(
    (p: number, opts: { replace?: boolean } = {}) => {
      setSearch(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (p > 1) next.set('page', String(p));
          else next.delete('page');
          return next;
        },
        { replace: opts.replace },
      );
    },
    [setSearch],
  );

  return { values, page, setFilters, setPage };
}
