import { catalogue, i18nFor } from './catalogue';
import en from './catalogues/payments.en.json';
import { currentLocale } from './locale-store';

export type PaymentsKey = keyof typeof en;

/** Paying: Pesapal's modal, the M-Pesa waiting screen, the payment notices and the order's status after paying. */
export const usePaymentsText = catalogue('payments', en, () => import('./catalogues/payments.sw.json'));

/** The same words outside a component (a notice the live events bring), in the page's language now. */
export const paymentsText = (key: PaymentsKey, values?: Record<string, string | number>): string =>
  i18nFor(currentLocale())._(`payments.${key}`, values);
