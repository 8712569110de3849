// A signed-in customer's cart, kept in step with the server's saved cart (/api/cart) so it follows
// her from one device to the next. Only signed-in customers load this code (the signed-in header
// chunk starts it), so a visitor's first download does not carry it.
// - At sign-in (this browser last agreed with nobody, with someone else, or she signed out since)
//   the browser's cart is merged into the saved one on the server (a line in both keeps the larger
//   quantity) and the answer becomes the browser's cart.
// - At a later page load, a saved cart changed elsewhere (another device, or a browser that emptied
//   it) replaces the browser's; else a browser change not saved yet is saved.
// - After that every change is saved, a moment after the last one.
import { useEffect } from 'react';
import { cartLineKey, lineLimit, type CartLine } from '@/domain/cart';
import type { SavedCartLine } from '@/domain/saved-cart';
import { toast } from '@/web/lib/toast';
import { api, call } from '../../lib/api-client';
import { cartStore } from './cart-store';
import { cartText } from '../../i18n/cart-text';

type SavedCart = Awaited<ReturnType<typeof getSaved>>['cart'];

/** Which customer, and which saved version, this browser's cart last agreed with. */
const AGREED_KEY = 'cart-saved-for';
const SAVE_AFTER_MS = 700;

const getSaved = () => call(api.cart.$get());
const putSaved = (lines: SavedCartLine[]) => call(api.cart.$put({ json: { lines } }));
const mergeSaved = (lines: SavedCartLine[]) => call(api.cart.merge.$post({ json: { lines } }));

function readAgreed(): { userId: string; updatedAt: string | null } | null {
  try {
    const v = JSON.parse(localStorage.getItem(AGREED_KEY) ?? 'null') as unknown;
    return v && typeof v === 'object' && 'userId' in v && typeof v.userId === 'string'
      ? { userId: v.userId, updatedAt: 'updatedAt' in v && typeof v.updatedAt === 'string' ? v.updatedAt : null }
      : null;
  } catch {
    return null;
  }
}

function writeAgreed(userId: string, updatedAt: string | null): void {
  try {
    localStorage.setItem(AGREED_KEY, JSON.stringify({ userId, updatedAt }));
  } catch {
    // Storage blocked: the next page load merges again, which changes nothing.
  }
}

function forgetAgreed(): void {
  try {
    localStorage.removeItem(AGREED_KEY);
  } catch {
    // Storage blocked: nothing was remembered either.
  }
}

const asSaved = (lines: readonly CartLine[]): SavedCartLine[] =>
  lines.map((l) => ({ productId: l.productId, ...(l.variantId !== undefined && { variantId: l.variantId }), quantity: l.quantity }));

const sameLines = (a: readonly SavedCartLine[], b: readonly SavedCartLine[]) =>
  a.length === b.length &&
  a.every((l, i) => cartLineKey(l).toLowerCase() === cartLineKey(b[i]!).toLowerCase() && l.quantity === b[i]!.quantity);

/** The saved cart as browser cart lines (today's names, prices and stock; no more than the stock). */
function toCartLines(cart: SavedCart): CartLine[] {
  return cart.lines
    .map(({ available: _available, quantity, ...product }) => ({ ...product, quantity: Math.min(quantity, lineLimit(product.stock)) }))
    .filter((l) => l.quantity > 0);
}

let running: { userId: string; holders: number; stop: () => void } | null = null;

function start(userId: string): () => void {
  let stopped = false;
  let applying = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let ready = false;

  const apply = (cart: SavedCart) => {
    applying = true;
    try {
      cartStore.replace(toCartLines(cart));
    } finally {
      applying = false;
    }
    writeAgreed(userId, cart.updatedAt);
  };

  const save = async () => {
    if (stopped) return;
    try {
      const { cart } = await putSaved(asSaved(cartStore.getSnapshot()));
      if (!stopped) writeAgreed(userId, cart.updatedAt);
    } catch {
      // Not saved (offline, or the cart names a product the shop no longer has): the next change or page load tries again.
    }
  };

  const first = async () => {
    const agreed = readAgreed();
    const browser = cartStore.getSnapshot();
    if (agreed?.userId !== userId) {
      // Signed in here: the browser's cart joins the saved one.
      let sent = browser;
      let { cart } = await mergeSaved(asSaved(sent)).catch(() => mergeSaved([]));
      // A line added while the answer was on its way (a quick tap right after signing in) is not in
      // it: merged again, so the answer never takes away what she just put in.
      while (!stopped && cartStore.getSnapshot() !== sent) {
        sent = cartStore.getSnapshot();
        ({ cart } = await mergeSaved(asSaved(sent)));
      }
      if (stopped) return;
      const kept = new Set(cart.lines.map((l) => cartLineKey(l).toLowerCase()));
      const removed = sent.filter((line) => !kept.has(cartLineKey(line).toLowerCase()));
      apply(cart);
      for (const line of removed) void cartText('noticeUnavailable', { name: line.name }).then((text) => toast.info(text));
      return;
    }
    const { cart } = await getSaved();
    if (stopped) return;
    // Changed here while the saved cart was on its way: this browser's cart is the newer one.
    if (cartStore.getSnapshot() !== browser) await save();
    else if (cart.updatedAt !== agreed.updatedAt) apply(cart);
    else if (!sameLines(asSaved(browser), cart.lines)) await save();
  };

  const unsubscribe = cartStore.subscribe(() => {
    if (applying || !ready || stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      void save();
    }, SAVE_AFTER_MS);
  });
  void first()
    .catch(() => undefined)
    .finally(() => {
      ready = true;
    });
  return () => {
    stopped = true;
    unsubscribe();
    // Signed out (or gone to the back office): what the browser's cart becomes meanwhile is merged,
    // not overwritten, when she is back.
    forgetAgreed();
    // A change waiting to be saved is saved now rather than lost with the page's last render.
    if (timer !== undefined) {
      clearTimeout(timer);
      void putSaved(asSaved(cartStore.getSnapshot())).catch(() => undefined);
    }
  };
}

function hold(userId: string): () => void {
  if (running?.userId !== userId) {
    running?.stop();
    running = { userId, holders: 0, stop: start(userId) };
  }
  const mine = running;
  mine.holders += 1;
  return () => {
    mine.holders -= 1;
    if (mine.holders === 0 && running === mine) {
      running = null;
      mine.stop();
    }
  };
}

/** Keeps the cart in step with the signed-in customer's saved cart while mounted. */
export function useSavedCartSync(userId: string | undefined): void {
  useEffect(() => (userId ? hold(userId) : undefined), [userId]);
}
