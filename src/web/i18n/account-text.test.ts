// The account's English catalogue says the domain's messages word for word: the forms' own checks
// and the notices the screens show are translated by key, so their English must not drift apart.
import { describe, expect, it } from 'vitest';
import { CONSENT_LABELS } from '@/domain/consents';
import { EMAIL_VERIFICATION_MESSAGES } from '@/domain/email-verification';
import { PASSWORD_RESET_MESSAGES } from '@/domain/password-reset';
import { NO_EMAIL_NOTE, PHONE_CODE_LENGTH, PHONE_SIGN_IN_MESSAGES, UNCONFIRMED_EMAIL } from '@/domain/phone-sign-in';
import { SIGN_IN_LINK_MESSAGES } from '@/domain/sign-in-link';
import { FORM_MESSAGE_KEYS } from '@/web/features/account/components/form-errors';
import { type AccountKey } from './account-text';
import { i18nFor } from './catalogue';

const english = (key: AccountKey, values?: Record<string, string | number>) => i18nFor('en')._(`account.${key}`, values);

describe('the account catalogue in English', () => {
  it("says each form rule's message as the domain does", () => {
    for (const [message, key, values] of FORM_MESSAGE_KEYS) expect(english(key, values), key).toBe(message);
  });

  it('says the notices the screens show as the domain does', () => {
    const said: [AccountKey, string, Record<string, number>?][] = [
      ['phoneSignIn_invalidPhone', PHONE_SIGN_IN_MESSAGES.invalidPhone],
      ['phoneSignIn_invalidCode', PHONE_SIGN_IN_MESSAGES.invalidCode, { length: PHONE_CODE_LENGTH }],
      ['phoneSignIn_signedIn', PHONE_SIGN_IN_MESSAGES.signedIn],
      ['phoneSignIn_noEmailNote', NO_EMAIL_NOTE],
      ['phoneSignIn_unconfirmedEmail', UNCONFIRMED_EMAIL],
      ['passwordReset_changed', PASSWORD_RESET_MESSAGES.changed],
      ['passwordReset_linkInvalid', PASSWORD_RESET_MESSAGES.linkInvalid],
      ['emailVerification_invalid', EMAIL_VERIFICATION_MESSAGES.invalid],
      ['emailVerification_verified', EMAIL_VERIFICATION_MESSAGES.verified],
      ['signInLink_invalid', SIGN_IN_LINK_MESSAGES.invalid],
      ['consents_order_sms', CONSENT_LABELS.order_sms],
      ['consents_cart_reminders', CONSENT_LABELS.cart_reminders],
      ['consents_newsletter', CONSENT_LABELS.newsletter],
    ];
    for (const [key, message, values] of said) expect(english(key, values), key).toBe(message);
  });
});
