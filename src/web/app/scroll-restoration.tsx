import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType, type Location } from 'react-router';
import { documentNavigationKind, scrollAction, scrollMemory, type NavigationKind } from '../lib/scroll-memory';

/** How long a restore waits for a returning page to grow tall enough (data, pictures). */
const RESTORE_FOR_MS = 2000;
const USER_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
/** The document's own load is judged once, by how the browser arrived (see documentNavigationKind). */
let loadKind: NavigationKind | null = documentNavigationKind();

/** Scrolls to y, retrying each frame while the page is still too short; the visitor's own scroll wins. */
function restoreTo(y: number): () => void {
  const until = performance.now() + RESTORE_FOR_MS;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of USER_SCROLL_EVENTS) window.removeEventListener(type, stop);
  };
  const attempt = () => {
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) <= 1 || performance.now() > until) stop();
    else frame = requestAnimationFrame(attempt);
  };
  for (const type of USER_SCROLL_EVENTS) window.addEventListener(type, stop, { passive: true });
  attempt();
  return stop;
}

/**
 * A focused link left far below (the blog's 'Older posts') would make Chrome scroll back down to it
 * once the page re-renders, so focus moves to the start of the new view, <main>.
 */
function scrollToTop(): void {
  window.scrollTo(0, 0);
  const active = document.activeElement;
  const main = document.getElementById('main');
  if (!main || !(active instanceof HTMLElement) || active === main || !main.contains(active)) return;
  const { top, bottom } = active.getBoundingClientRect();
  if (bottom > 0 && top < window.innerHeight) return; // still on screen (a shop category button): keep it
  main.focus({ preventScroll: true });
}

/**
 * Back and Forward return to where the visitor was on that entry; a new page starts at the top.
 * The app uses a component router, so react-router's <ScrollRestoration> is not available.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const kind = useNavigationType();
  const previous = useRef<Location | null>(null);
  const currentKey = useRef(location.key);

  useEffect(() => {
    // The browser's own restore would fire before the returning page has rendered.
    window.history.scrollRestoration = 'manual';
    const save = () => scrollMemory.set(currentKey.current, window.scrollY);
    const persist = () => scrollMemory.persist();
    // The visitor may have scrolled before the app started (it starts after the first paint).
    save();
    window.addEventListener('scroll', save, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', save);
      window.removeEventListener('pagehide', persist);
    };
  }, []);

  // A layout effect runs before the browser paints or fires scroll events for the new page, so
  // the entry's remembered position is read before a shorter page could clamp it.
  useLayoutEffect(() => {
    currentKey.current = location.key;
    const documentLoad = loadKind !== null;
    const action = scrollAction(loadKind ?? kind, previous.current, location);
    loadKind = null;
    previous.current = location;
    // A page just loaded is where the browser put it, at the top or where the visitor has
    // scrolled to since (the app starts after the first paint): never yank it back up.
    if (action === 'top' && !documentLoad) scrollToTop();
    if (action !== 'restore') return undefined;
    const remembered = scrollMemory.get(location.key);
    // Back into a page that was left before the app had started: the browser puts it back itself.
    if (remembered === undefined && documentLoad) return undefined;
    // An entry with nothing remembered was never scrolled (or belongs to the back office): top.
    return restoreTo(remembered ?? 0);
  }, [location, kind]);

  return null;
}
