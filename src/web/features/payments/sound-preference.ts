// Whether live payment notices play a tone: a customer setting kept in this browser, shared by its tabs.
import { useSyncExternalStore } from 'react';

const SOUND_STORAGE_KEY = 'payment-sounds';

type Listener = () => void;
const listeners = new Set<Listener>();

function read(): boolean {
  try {
    return localStorage.getItem(SOUND_STORAGE_KEY) !== 'off';
  } catch {
    return true;
  }
}

let enabled = typeof window !== 'undefined' ? read() : true;

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key !== SOUND_STORAGE_KEY && e.key !== null) return;
    enabled = read();
    for (const l of listeners) l();
  });
}

export const soundPreference = {
  isEnabled: (): boolean => enabled,
  set(next: boolean): void {
    enabled = next;
    try {
      localStorage.setItem(SOUND_STORAGE_KEY, next ? 'on' : 'off');
    } catch {
      // Storage blocked: the choice holds for this tab only.
    }
    for (const l of listeners) l();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useSoundEnabled(): boolean {
  return useSyncExternalStore(soundPreference.subscribe, soundPreference.isEnabled, () => true);
}
