import { useLayoutEffect, useRef, type RefObject } from 'react';

export type DismissedBy = 'escape' | 'outside';

/**
 * While `open`, Escape anywhere or a click outside `inside` calls onDismiss, as people expect of a
 * menu. A menu popped out of it (the account dropdown, portalled to <body>) counts as inside, and
 * an Escape that such a menu already used to close itself (Radix marks it defaultPrevented) is left
 * alone. Click rather than pointerdown: the tap still lands on what was under the finger before
 * the menu folds away and moves the page. A layout effect, so an Escape pressed the moment the
 * menu opens (before the browser paints) already finds the listener.
 */
export function useDismiss(open: boolean, inside: RefObject<HTMLElement | null>[], onDismiss: (by: DismissedBy) => void): void {
  const latest = useRef({ inside, onDismiss });
  latest.current = { inside, onDismiss };
  useLayoutEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) latest.current.onDismiss('escape');
    };
    const onClick = (e: MouseEvent) => {
      // A target the click already removed (a chosen menu item) cannot say where it was.
      const target = e.target instanceof Element && e.target.isConnected ? e.target : null;
      if (!target || target.closest('[role="menu"]')) return;
      if (latest.current.inside.some((ref) => ref.current?.contains(target))) return;
      latest.current.onDismiss('outside');
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onClick);
    };
  }, [open]);
}
