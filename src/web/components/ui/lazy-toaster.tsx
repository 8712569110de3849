import { lazy, Suspense, useEffect, useState } from 'react';
import { onToasterWanted } from '../../lib/toaster-wanted';

/** Loads a few seconds after start, or at once when the first toast is raised. */
const PRELOAD_AFTER_MS = 4000;

const Toaster = lazy(() => import('./toaster'));

/** sonner's Toaster, fetched off the first-load path (see lib/toast.ts). */
export function LazyToaster() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const want = () => setWanted(true);
    const off = onToasterWanted(want);
    const timer = setTimeout(want, PRELOAD_AFTER_MS);
    return () => {
      off();
      clearTimeout(timer);
    };
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
