// The header's animated 'Processing' badge: shown for 3 s after one of the customer's payments
// changes to PENDING (the header badge).
import { useSyncExternalStore } from 'react';

const PROCESSING_BADGE_MS = 3_000;

type Listener = () => void;
const listeners = new Set<Listener>();
let processing = false;
let timer: ReturnType<typeof setTimeout> | undefined;

function set(next: boolean): void {
  processing = next;
  for (const l of listeners) l();
}

export function showProcessingBadge(): void {
  clearTimeout(timer);
  set(true);
  timer = setTimeout(() => set(false), PROCESSING_BADGE_MS);
}

export function useProcessingBadge(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => processing,
    () => false,
  );
}
