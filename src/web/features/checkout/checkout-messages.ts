// The form rules' messages checkout shows in the browser (the domain's English, which the server
// answers with too), in the page's language: each known message has its own catalogue entry. A
// message the server wrote stays as it came.
import { BUSINESS_NAME_MAX, BUYER_TAX_MESSAGES } from '@/domain/buyer-tax-details';
import { MESSAGES } from '@/domain/messages';
import { RIDER_DIRECTION_LIMITS, RIDER_DIRECTION_MESSAGES } from '@/domain/rider-directions';
import type { CheckoutKey } from '@/web/i18n/checkout-text';
import { knownMessages, type KnownMessage } from '@/web/i18n/known-messages';

export type SayCheckout = (key: CheckoutKey, values?: Record<string, string | number>) => string;

const KNOWN: ReadonlyArray<KnownMessage<CheckoutKey>> = [
  [MESSAGES.checkoutRequired, 'checkoutRequired'],
  [MESSAGES.loginRequired, 'loginRequired'],
  [MESSAGES.nameTooLong, 'validation_nameTooLong'],
  [MESSAGES.invalidEmail, 'validation_invalidEmail'],
  [MESSAGES.invalidPhone, 'validation_invalidPhone'],
  [MESSAGES.addressTooLong, 'validation_addressTooLong'],
  [RIDER_DIRECTION_MESSAGES.buildingTooLong, 'validation_buildingTooLong', { limit: RIDER_DIRECTION_LIMITS.building }],
  [RIDER_DIRECTION_MESSAGES.directionsTooLong, 'validation_directionsTooLong', { limit: RIDER_DIRECTION_LIMITS.directions }],
  [RIDER_DIRECTION_MESSAGES.notText, 'validation_deliveryNotText'],
  [BUYER_TAX_MESSAGES.invalidKraPin, 'validation_invalidKraPin'],
  [BUYER_TAX_MESSAGES.businessNameTooLong, 'validation_businessNameTooLong', { limit: BUSINESS_NAME_MAX }],
  [BUYER_TAX_MESSAGES.businessNameWithoutPin, 'validation_businessNameWithoutPin'],
  [BUYER_TAX_MESSAGES.notText, 'validation_taxNotText'],
];
const say = knownMessages(KNOWN);

/** The messages checkCheckout can give, for the test that English says them word for word. */
export const KNOWN_CHECKOUT_MESSAGES: readonly string[] = KNOWN.map(([message]) => message);

/** A form rule's message in the page's language; any other message as it is. */
export function shownMessage(message: string, t: SayCheckout): string {
  return say(message, t);
}

/** Every message of a form's errors, shown as shownMessage says. */
export function shownErrors<F extends string>(errors: Partial<Record<F, string>>, t: SayCheckout): Partial<Record<F, string>> {
  return Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [field, typeof message === 'string' ? shownMessage(message, t) : message]),
  ) as Partial<Record<F, string>>;
}
