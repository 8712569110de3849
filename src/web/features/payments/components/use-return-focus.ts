// Focus after a dialog opened by code closes: back to a given element, else to what had focus.
import { useEffect, useRef, type RefObject } from 'react';

/**
 * When the modal closes (or unmounts with its page's state), focus goes back to `target`, else to
 * whatever had focus when it opened, instead of falling to the top of the page.
 */
export function useReturnFocus(open: boolean, target?: RefObject<HTMLElement | null>): void {
  const opener = useRef<HTMLElement | null>(null);
  if (open && !opener.current && typeof document !== 'undefined' && document.activeElement instanceof HTMLElement) {
    opener.current = document.activeElement === document.body ? null : document.activeElement;
  }
  useEffect(() => {
    if (!open) return;
    return () => {
      // Read at close on purpose: the button is the same element, only enabled again by then.
      focusLater(target, opener);
    };
  }, [open, target]);
}

function focusLater(target: RefObject<HTMLElement | null> | undefined, opener: RefObject<HTMLElement | null>): void {
  const to = target?.current ?? opener.current;
  opener.current = null;
  // After the dialog and its focus trap are gone.
  if (to) requestAnimationFrame(() => to.isConnected && to.focus());
}
