// A route's code that fails to download is almost always a deploy that replaced the old chunks
// while the page was open: one reload fetches the new version. Only one per address per minute,
// so a phone that is really offline sees the message instead of reloading in a loop.
const KEY = 'chunk-reload';
const ONCE_PER_MS = 60_000;

const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_FAILURE.test(error.message);
}

/** Starts a reload and returns true, unless this address was reloaded for this within the minute. */
export function reloadOnceFor(path: string, now = Date.now()): boolean {
  if (typeof window === 'undefined') return false;
  try {
    const last = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as { path: string; at: number } | null;
    if (last && last.path === path && now - last.at < ONCE_PER_MS) return false;
    sessionStorage.setItem(KEY, JSON.stringify({ path, at: now }));
  } catch {
    return false; // storage blocked: no way to know we already tried, so do not loop
  }
  window.location.reload();
  return true;
}
