// What the customer is told when one of their payments settles. The same toast ids are used by the
// live notices and by order tracking, so a change seen by both shows once.
import { toast } from '../../lib/toast';
import { cartStore } from '../cart/cart-store';

const NOTICE_MS = 5_000;

export function announcePaymentCompleted(orderId: string): void {
  toast.success('Payment Successful! 🎉', {
    id: `payment-completed-${orderId}`,
    description: 'Your payment has been processed successfully.',
    duration: NOTICE_MS,
  });
}

export function announcePaymentFailed(orderId: string): void {
  toast.error('Payment Failed', {
    id: `payment-failed-${orderId}`,
    description: 'Your payment could not be processed. Please try again.',
    duration: NOTICE_MS,
  });
}

/** Cart clearing: the paid cart is emptied (in this tab; other tabs do the same on their event). */
export function clearCartAfterPayment(orderId: string): void {
  cartStore.clear();
  toast.success('Payment completed! Cart cleared.', { id: `cart-cleared-${orderId}`, duration: NOTICE_MS });
}

const RETURN_CLEARED_KEY = 'cart-cleared-on-return';

/**
 * Pesapal sends the whole window back to /order-success, reloading the app: the live event that
 * clears the cart may have arrived just before the reload (its toasts vanished with the old page),
 * or been missed. A customer arriving back from paying whose payment is COMPLETED is told once per
 * order (not on every reload), and the cart is cleared if the live event has not done it already.
 */
export function clearCartOnReturnFromPayment(orderId: string): void {
  try {
    const done = new Set((sessionStorage.getItem(RETURN_CLEARED_KEY) ?? '').split(',').filter(Boolean));
    if (done.has(orderId)) return;
    done.add(orderId);
    sessionStorage.setItem(RETURN_CLEARED_KEY, [...done].slice(-20).join(','));
  } catch {
    // Storage blocked: clearing twice is harmless.
  }
  announcePaymentCompleted(orderId);
  if (cartStore.getSnapshot().length > 0) clearCartAfterPayment(orderId);
}
