// The page's toaster (components/ui/lazy-toaster.tsx) is fetched a few seconds after start, or at
// once when the first toast is raised: lib/toast.ts says so through here, so neither the toasts'
// queue nor sonner is part of the first download.
const listeners = new Set<() => void>();
let wanted = false;

/** A toast is waiting: the toaster should come now. */
export function wantToaster(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

/** Calls `listener` once a toast is waiting (at once if one already is). */
export function onToasterWanted(listener: () => void): () => void {
  if (wanted) listener();
  listeners.add(listener);
  return () => listeners.delete(listener);
}
