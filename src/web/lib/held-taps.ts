// What the page holds while React has not taken a server-rendered element yet: taps on buttons and
// form submits (links work on their own). Shared by the inline script in <head>, which holds them
// from the first byte of the page, and the boot script, which takes them over once it runs.

/** The elements a tap is held for: React gives them their behaviour. */
const HELD_TAP_TARGETS = 'button, [role="button"], input[type="checkbox"], input[type="radio"], input[type="submit"]';

/** A tap or submit held before the boot script ran, in the order the customer made them. */
export interface EarlyTap {
  el: HTMLElement;
  type: 'click' | 'submit';
}

/** What the inline <head> script leaves on window for the boot script. */
export interface EarlyTaps {
  taps: EarlyTap[];
  /** Stops holding (the boot script holds from then on). */
  stop(): void;
}

export const EARLY_TAPS_KEY = '__shopEarlyTaps';

/** Marks the inline script, so the server can allow exactly it in its Content-Security-Policy. */
export const EARLY_TAPS_ATTRIBUTE = 'data-early-taps';

/**
 * The element a held tap belongs to, or null when the page does not hold it: outside the
 * server-rendered root (or on a client-rendered screen, an empty root), or on something that is
 * not a button or a form.
 */
export function heldTapTarget(event: Event): HTMLElement | null {
  const target = event.target;
  const root = document.getElementById('root');
  if (!(target instanceof Element) || !root?.firstElementChild || !root.contains(target)) return null;
  return event.type === 'submit' ? (target as HTMLFormElement) : target.closest<HTMLElement>(HELD_TAP_TARGETS);
}
