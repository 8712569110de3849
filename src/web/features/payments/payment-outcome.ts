// The one place a payment's outcome is announced in this tab: paid (the success notice, the cart
// emptied and said so), failed (the failure notice) or cancelled (the cancel notice), with the tone
// when sound is on. Every road that learns an outcome comes here: the live event (live-listener.tsx),
// and a screen's usePaymentOutcome (polling, the live event, Pesapal's return). Each attempt's outcome
// is announced once per tab, whichever road brings it first and however late the others follow;
// the record is kept for the tab's session, so a reload (Pesapal sending the whole tab back) does
// not announce it again.
import { toast } from '../../lib/toast';
import { paymentsText } from '../../i18n/payments-text';
import { cartStore } from '../cart/cart-store';
import { FAILURE_TONE_HZ, playToneOnce, SUCCESS_TONE_HZ } from './payment-sound';
import { soundPreference } from './sound-preference';

export type PaymentOutcome = 'paid' | 'failed' | 'cancelled';

const NOTICE_MS = 5_000;
const ANNOUNCED_KEY = 'payment-outcomes-announced';
const REMEMBERED = 20;

/** Order id → the outcome announced for its current attempt. */
type Announced = Record<string, PaymentOutcome>;
let memory: Announced = {};

function readAnnounced(): Announced {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(ANNOUNCED_KEY) ?? '{}');
    if (typeof value === 'object' && value !== null) return value as Announced;
  } catch {
    // Storage blocked or spoilt: this page's memory still holds.
  }
  return memory;
}

function writeAnnounced(next: Announced): void {
  memory = Object.fromEntries(Object.entries(next).slice(-REMEMBERED));
  try {
    sessionStorage.setItem(ANNOUNCED_KEY, JSON.stringify(memory));
  } catch {
    // Storage blocked: remembered for this page only.
  }
}

/** A new payment attempt of the order started: its outcome is news again. */
export function paymentAttemptStarted(orderId: string): void {
  const announced = readAnnounced();
  if (!(orderId in announced)) return;
  delete announced[orderId];
  writeAnnounced(announced);
}

/** An order confirmed to be paid on delivery: nothing to pay now, so its cart is done with. */
export function announceConfirmedOnDelivery(orderId: string): void {
  cartStore.clear();
  toast.success(paymentsText('orderConfirmedCartCleared'), { id: `order-confirmed-${orderId}`, duration: NOTICE_MS });
}

/** Announces the outcome of the order's current attempt, unless this tab already did. */
export function announcePaymentOutcome(orderId: string, outcome: PaymentOutcome): void {
  const announced = readAnnounced();
  if (announced[orderId] === outcome) return;
  // Re-inserted, so the oldest orders are the ones forgotten.
  delete announced[orderId];
  writeAnnounced({ ...announced, [orderId]: outcome });
  if (outcome === 'paid') {
    toast.success(paymentsText('paymentSuccessful'), {
      id: `payment-completed-${orderId}`,
      description: paymentsText('paymentProcessed'),
      duration: NOTICE_MS,
    });
    // The paid cart is emptied (in this tab; other tabs do the same on their own event).
    cartStore.clear();
    toast.success(paymentsText('paymentCompletedCartCleared'), { id: `cart-cleared-${orderId}`, duration: NOTICE_MS });
  } else if (outcome === 'failed') {
    toast.error(paymentsText('paymentFailedTitle'), {
      id: `payment-failed-${orderId}`,
      description: paymentsText('paymentNotProcessed'),
      duration: NOTICE_MS,
    });
  } else {
    announceCancelled();
  }
  if (outcome !== 'cancelled' && soundPreference.isEnabled()) {
    playToneOnce(`${orderId}:${outcome}`, outcome === 'paid' ? SUCCESS_TONE_HZ : FAILURE_TONE_HZ);
  }
}

/** Pesapal's Cancel brought the whole tab back before the order is known (use-cancelled-return.ts). */
export function announceCancelled(): void {
  toast(paymentsText('paymentCancelled'), { id: 'payment-cancelled' });
}
