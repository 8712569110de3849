// The first script of every page, tiny and without dependencies. A page the server rendered is
// already readable, so it paints first and only then downloads the app: the first screen never
// waits on the app's download. Until React has taken over an element, taps on buttons, form
// submits and typed text there are held here and handed over once it has, so nothing a customer
// does in that moment is lost. Links work on their own (the server renders every public page).
// Client-rendered screens (an empty #root) load the app at once.
import { FULL_STYLESHEET_ATTRIBUTE } from '../domain/page-styles';
import { APP_ENTRY_ATTRIBUTE, APP_LIVE_ATTRIBUTE } from './lib/app-entry';
import { watchClickFlood } from './lib/click-flood';
import { EARLY_TAPS_KEY, heldTapTarget, type EarlyTaps } from './lib/held-taps';

type Held = { el: HTMLElement; replay: () => void };
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const POLL_MS = 50;
/** Counted from when the app is live: an element React never takes (its part failed) is let go. */
const GIVE_UP_AFTER_MS = 60_000;

const root = document.getElementById('root');
const entry = document.querySelector(`script[${APP_ENTRY_ATTRIBUTE}]`)?.getAttribute(APP_ENTRY_ATTRIBUTE);
const held: Held[] = [];
let replaying = false;
/** Each field changed before React reached it, with its latest value (hydration may reset a select). */
const typed = new Map<Field, string>();

/**
 * React has an element once the page's render is committed (the app marks <html>) and the element
 * is one React knows: it marks each DOM node it hydrated or rendered with a property of its own
 * (__reactFiber$…). The mark alone is not enough: React sets it while hydrating, before the
 * commit, and an event given to a part not yet committed can be dropped.
 */
const byReact = (el: Element) =>
  document.documentElement.hasAttribute(APP_LIVE_ATTRIBUTE) && Object.keys(el).some((key) => key.startsWith('__reactFiber$'));

function hold(event: Event) {
  const target = event.target;
  if (!(target instanceof Element) || !root?.contains(target)) return;
  if (event.type === 'input') {
    const field = target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
    // Once in the map, every change is kept: the hand-over gives React the latest text, not the
    // text from before React reached the field (a customer may still be typing then).
    if (field && (typed.has(target) || !byReact(target))) typed.set(target, target.value);
  } else {
    const el = heldTapTarget(event);
    // A tap on a part React already has still waits while anything before it is held, or while
    // text typed before React listened has not been handed over (Enter right after typing).
    // React must have what the finger landed on too: an icon hydrated after its button (its own
    // chunk) is still the server's drawing, and React drops a tap on it; held, the tap is given to
    // the button itself.
    if (!el || replaying || (byReact(el) && byReact(target) && !held.length && !typed.size)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    holdTap(el, event.type);
  }
  watch();
}

function holdTap(el: HTMLElement, type: string) {
  held.push({ el, replay: type === 'submit' ? () => (el as HTMLFormElement).requestSubmit() : () => el.click() });
}

/**
 * Takes over what the inline script in <head> held before this script ran (taps made while the page
 * was still arriving), in order, and ends its holding: from here on this script holds.
 */
function takeEarlyTaps() {
  const early = (window as unknown as Partial<Record<string, EarlyTaps>>)[EARLY_TAPS_KEY];
  if (!early) return;
  early.stop();
  for (const tap of early.taps.splice(0)) holdTap(tap.el, tap.type);
  if (held.length) watch();
}

/** Gives React text typed (or an option chosen) before it listened. */
function handOverTyped(el: Field, value: string) {
  if (el instanceof HTMLSelectElement) {
    el.value = value;
    el.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  // React's value tracker must see the text as a change, or it would not report it.
  const nativeSetter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el) as object, 'value')?.set;
  el.value = el.defaultValue; // through React's tracker, which then holds the old value
  nativeSetter?.call(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

function handOver() {
  let gave = false;
  for (const [el, value] of [...typed]) {
    if (!el.isConnected || byReact(el)) {
      typed.delete(el);
      if (el.isConnected) handOverTyped(el, value);
      gave = true;
    }
  }
  // Taps wait for all the text, and a round more after it was handed over, so the page has drawn
  // it first (the quantity chosen before Add to Cart). In order: a tap on a part React has not
  // reached yet waits, and so does everything after it.
  if (gave || typed.size) return;
  while (held[0] && (!held[0].el.isConnected || byReact(held[0].el))) {
    const next = held.shift();
    if (!next?.el.isConnected) continue;
    replaying = true;
    try {
      next.replay();
    } finally {
      replaying = false;
    }
  }
}

/** The option the server's HTML selected: the last marked selected, else the first. */
function defaultIndex(select: HTMLSelectElement): number {
  let index = 0;
  [...select.options].forEach((option, i) => {
    if (option.defaultSelected) index = i;
  });
  return index;
}

const TEXT_LESS = new Set(['checkbox', 'radio', 'file', 'hidden', 'submit', 'button', 'reset', 'image']);

/**
 * This script runs once the HTML is parsed; on a slow phone the customer may already have chosen
 * a quantity or typed a word by then, without any listener seeing it. Every field whose value is no
 * longer the server's is kept as if it had been typed with the script listening.
 */
function keepEarlierInput(within: HTMLElement) {
  for (const el of within.querySelectorAll<Field>('input, textarea, select')) {
    const changed =
      el instanceof HTMLSelectElement
        ? !el.multiple && el.options.length > 0 && el.selectedIndex !== defaultIndex(el)
        : !(el instanceof HTMLInputElement && TEXT_LESS.has(el.type)) && el.value !== el.defaultValue;
    if (changed) typed.set(el, el.value);
  }
  if (typed.size) watch();
}

let timer = 0;
let since = 0;
function watch() {
  if (timer) return;
  since ||= Date.now();
  timer = window.setTimeout(() => {
    timer = 0;
    // However long the app takes to arrive on a slow connection, what was held waits for it.
    if (!document.documentElement.hasAttribute(APP_LIVE_ATTRIBUTE)) since = Date.now();
    handOver();
    if ((held.length || typed.size) && Date.now() - since < GIVE_UP_AFTER_MS) watch();
  }, POLL_MS);
}

function loadApp() {
  if (entry) void import(/* @vite-ignore */ entry);
}

/**
 * A server-rendered page arrives with only the styles its own HTML uses, inline. The whole
 * stylesheet comes after the first paint, before the app starts: what the app draws later (a menu
 * opened, the next page) is styled from its first frame. The app downloads meanwhile.
 */
function loadStylesheetThenApp(href: string) {
  if (entry) {
    const preload = document.createElement('link');
    preload.rel = 'modulepreload';
    preload.href = entry;
    document.head.append(preload);
  }
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  // A stylesheet that fails to arrive leaves the page as it was painted; the app still starts.
  link.onload = link.onerror = loadApp;
  document.head.append(link);
}

// From the first moment, before the app: the boot script runs on every page.
watchClickFlood();

if (root?.firstElementChild) {
  for (const type of ['click', 'submit', 'input']) document.addEventListener(type, hold, true);
  takeEarlyTaps();
  keepEarlierInput(root);
  // After the first paint (its entry comes once the frame is on screen). A hidden tab paints
  // nothing, so it loads at once; the timer covers a browser that never reports the paint.
  let started = false;
  const fullStylesheet = document.querySelector(`style[${FULL_STYLESHEET_ATTRIBUTE}]`)?.getAttribute(FULL_STYLESHEET_ATTRIBUTE);
  const start = () => {
    if (started) return;
    started = true;
    if (fullStylesheet) loadStylesheetThenApp(fullStylesheet);
    else loadApp();
  };
  if (document.visibilityState === 'hidden' || !('PerformanceObserver' in window)) start();
  else {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length) {
        observer.disconnect();
        start();
      }
    }).observe({ type: 'paint', buffered: true });
    window.setTimeout(start, 1_000);
  }
} else {
  // A client-rendered screen holds nothing; the inline script's holding ends here too.
  takeEarlyTaps();
  loadApp();
}
