import { useSyncExternalStore } from 'react';

const never = () => () => {};

/** False on the server and while the page hydrates, true after: for output only a browser can make. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
