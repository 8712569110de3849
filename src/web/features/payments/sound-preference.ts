// Whether live notices play a tone: a setting kept in this browser, shared by its tabs. The
// storefront's payment notices and the back office's order notices each have their own switch.
import { useSyncExternalStore } from 'react';

type Listener = () => void;

export interface SoundPreference {
  isEnabled(): boolean;
  set(next: boolean): void;
  subscribe(listener: Listener): () => void;
}

/** A switch kept in localStorage under `storageKey` ('off' or anything else: on). */
export function createSoundPreference(storageKey: string): SoundPreference {
  const listeners = new Set<Listener>();
  const read = (): boolean => {
    try {
      return localStorage.getItem(storageKey) !== 'off';
    } catch {
      return true;
    }
  };
  let enabled = typeof window !== 'undefined' ? read() : true;

  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (e) => {
      if (e.key !== storageKey && e.key !== null) return;
      enabled = read();
      for (const l of listeners) l();
    });
  }

  return {
    isEnabled: () => enabled,
    set(next) {
      enabled = next;
      try {
        localStorage.setItem(storageKey, next ? 'on' : 'off');
      } catch {
        // Storage blocked: the choice holds for this tab only.
      }
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const soundPreference = createSoundPreference('payment-sounds');

export function useSoundSwitch(preference: SoundPreference): boolean {
  return useSyncExternalStore(preference.subscribe, preference.isEnabled, () => true);
}

export function useSoundEnabled(): boolean {
  return useSoundSwitch(soundPreference);
}
