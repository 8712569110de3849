// Checkout's English catalogue says the form rules' messages word for word (the server and the
// browser tests read the domain's), and a message of the server's is shown as it came.
import { describe, expect, it } from 'vitest';
import { checkoutText } from '@/web/i18n/checkout-text';
import { KNOWN_CHECKOUT_MESSAGES, shownErrors, shownMessage } from './checkout-messages';

describe("checkout's form messages", () => {
  it.each(KNOWN_CHECKOUT_MESSAGES)('reads in English as the domain says: %s', (message) => {
    expect(shownMessage(message, checkoutText)).toBe(message);
  });

  it("leaves a message it does not know (the server's) as it is", () => {
    expect(shownMessage('Enter a Kenyan phone number.', checkoutText)).toBe('Enter a Kenyan phone number.');
    expect(shownErrors({ phone: 'Enter a Kenyan phone number.', email: 'Please enter a valid email address' }, checkoutText)).toEqual({
      phone: 'Enter a Kenyan phone number.',
      email: 'Please enter a valid email address',
    });
  });
});
