// Where the window was on each history entry, so Back and Forward return to it. Keyed by the
// router's location.key (one per entry) and kept in sessionStorage, so a reload keeps it too.

export type NavigationKind = 'POP' | 'PUSH' | 'REPLACE';
export type Place = { pathname: string; search: string; hash: string };
export type ScrollAction = 'restore' | 'top' | 'stay';

/**
 * Back/Forward (POP) returns to the entry's remembered position. A new page starts at the top, and
 * so does a new entry of the same page with another query (/blog?page=2, a shop category); a
 * replaced query (refining a search as one types) or a hash change leaves the window where it is.
 * from is null when the layout first mounts (page load, or arriving from the back office).
 */
export function scrollAction(kind: NavigationKind, from: Place | null, to: Place): ScrollAction {
  if (kind === 'POP') return 'restore';
  if (!from) return 'top';
  if (from.pathname !== to.pathname) return 'top';
  if (kind === 'PUSH' && from.search !== to.search) return 'top';
  return 'stay';
}

/**
 * The router calls a page load POP; only a reload or a Back/Forward into the app is one. A fresh
 * visit reuses the first entry's key ('default'), so it must not restore an old visit's position.
 */
export function documentNavigationKind(): NavigationKind {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type === 'reload' || entry?.type === 'back_forward' ? 'POP' : 'PUSH';
}

const STORAGE_KEY = 'scroll-positions';
/** Enough for any real Back chain; older entries are dropped so storage stays small. */
const MAX_ENTRIES = 100;

function load(): Map<string, number> {
  try {
    const data: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    if (!Array.isArray(data)) return new Map();
    return new Map(data.filter((e): e is [string, number] => Array.isArray(e) && typeof e[0] === 'string' && Number.isFinite(e[1])));
  } catch {
    return new Map(); // storage blocked or garbled: remember for this page only
  }
}

// Loaded when first needed (after the page has hydrated), not while the app's code is evaluated:
// a page's first storage access waits on the browser.
let loaded: Map<string, number> | null = null;
const positions = (): Map<string, number> => (loaded ??= typeof window !== 'undefined' ? load() : new Map<string, number>());

export const scrollMemory = {
  get: (key: string): number | undefined => positions().get(key),
  set(key: string, y: number): void {
    const all = positions();
    all.delete(key); // re-inserted last: the newest entries survive the trim
    all.set(key, y);
  },
  persist(): void {
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions()].slice(-MAX_ENTRIES)));
    } catch {
      // Storage full or blocked: positions are kept for this page only.
    }
  },
};
