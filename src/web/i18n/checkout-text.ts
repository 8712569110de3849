import { catalogue, i18nFor } from './catalogue';
import en from './catalogues/checkout.en.json';
import { currentLocale } from './locale-store';

export type CheckoutKey = keyof typeof en;

/** Checkout's words: contact details, delivery or pick-up, the summary, how to pay. */
export const useCheckoutText = catalogue('checkout', en, () => import('./catalogues/checkout.sw.json'));

/** The same words outside a component (a toast once a request answers), in the page's language now. */
export const checkoutText = (key: CheckoutKey, values?: Record<string, string | number>): string =>
  i18nFor(currentLocale())._(`checkout.${key}`, values);
