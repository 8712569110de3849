// Inlined in every page's <head> by the build (scripts/vite-boot-script.ts): from the first byte of
// the page, a tap on a button or a form submit is held until the boot script runs. The boot script is
// a module script, which runs only once the whole page is parsed and its file has arrived; on a slow
// phone a customer can tap Add to Cart well before that, and the button does nothing by itself.
import { EARLY_TAPS_KEY, heldTapTarget, type EarlyTap, type EarlyTaps } from './lib/held-taps';

const taps: EarlyTap[] = [];

function hold(event: Event) {
  const el = heldTapTarget(event);
  if (!el) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  taps.push({ el, type: event.type === 'submit' ? 'submit' : 'click' });
}

document.addEventListener('click', hold, true);
document.addEventListener('submit', hold, true);

const early: EarlyTaps = {
  taps,
  stop() {
    document.removeEventListener('click', hold, true);
    document.removeEventListener('submit', hold, true);
  },
};
(window as unknown as Record<string, EarlyTaps>)[EARLY_TAPS_KEY] = early;
