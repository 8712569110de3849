// Signing in (or up) with a 6-digit code sent by SMS to a Kenyan phone number: the rules the browser
// and the server share. How codes are kept and throttled: docs/decisions/030-phone-sign-in.md.
import { z } from 'zod';
import type { Locale } from './locale';
import { domainCatalogue } from './i18n/domain-text';
import accountSmsEn from './i18n/catalogues/account-sms.en.json';
import accountSmsSw from './i18n/catalogues/account-sms.sw.json';
import { SMS_MAX_LENGTH, toGsm7 } from './order-sms';
import { formatPhone, toE164Phone } from './phone';
import { emailSchema } from './validation';

export const PHONE_CODE_LENGTH = 6;
export const PHONE_CODE_MINUTES = 10;
/** Wrong entries a code survives; the next one ends it. */
export const PHONE_CODE_TRIES = 5;

/** The outbound SMS step of a sign-in code (it belongs to no order). */
export const SIGN_IN_CODE_STEP = 'sign_in_code';

/**
 * better-auth needs an email on every account. A phone-only account gets this stand-in (the .invalid
 * top-level domain never receives mail): it is never shown and nothing is ever mailed to it.
 */
const PHONE_ONLY_EMAIL_DOMAIN = '@phone.invalid';

export const phoneOnlyEmail = (e164: string) => `${e164.replace(/^\+/, '')}${PHONE_ONLY_EMAIL_DOMAIN}`;
export const isPhoneOnlyEmail = (email: string) => email.toLowerCase().endsWith(PHONE_ONLY_EMAIL_DOMAIN);

/**
 * How the back office names an account: its email, or for a phone-only account its phone number
 * (the stand-in address is never shown); null for an account no longer in the shop.
 */
export function accountIdentity(email: string | null | undefined, phoneNumber: string | null | undefined): string | null {
  if (!email) return null;
  if (!isPhoneOnlyEmail(email)) return email;
  return formatPhone(phoneNumber ?? `+${email.slice(0, -PHONE_ONLY_EMAIL_DOMAIN.length)}`);
}

export const PHONE_SIGN_IN_MESSAGES = {
  invalidPhone: 'Please enter a Kenyan mobile number, like 0712 345 678.',
  invalidCode: `Please enter the ${PHONE_CODE_LENGTH}-digit code from the SMS.`,
  /** The same answer whether or not the number has an account. */
  sent: (phone: string) => `We sent a ${PHONE_CODE_LENGTH}-digit code by SMS to ${phone}. It works for ${PHONE_CODE_MINUTES} minutes.`,
  wrongCode: (left: number) => `That code is not right. You can try ${left === 1 ? 'once more' : `${left} more times`}.`,
  noTriesLeft: 'That code was entered wrongly too many times and no longer works. Please ask for a new code.',
  expired: `That code has expired (codes work for ${PHONE_CODE_MINUTES} minutes). Please ask for a new code.`,
  noCode: 'That code has already been used or has expired. Please ask for a new code.',
  tooManyCodes: (wait: string) => `Too many codes requested. Please wait ${wait} and try again.`,
  tooManyWrongCodes: (wait: string) => `Too many wrong codes. Please wait ${wait} and try again.`,
  /** The shop's hourly or daily ceiling of codes is reached. */
  codesPaused: (wait: string) =>
    `Sign-in codes by SMS are paused because of unusually many requests. Please try again in ${wait}, or sign in with your email.`,
  tooManyFromNetwork: (wait: string) => `Too many codes requested from your network. Please wait ${wait} and try again.`,
  /** The number's daily cap of codes or of wrong entries is reached. */
  numberCapped: (wait: string) =>
    `Too many codes or wrong entries for this number today. Please wait ${wait} and try again, or sign in with your email.`,
  unavailable: 'Sign-in with a code by SMS is not available at the moment. Please sign in with your email.',
  signedIn: 'Signed in successfully!',
} as const;

/** On the profile of an account made with a code by SMS, while it has no email. */
export const NO_EMAIL_NOTE =
  'This account has no email yet, and receipts by mail need one. The SMS about each order carries its receipt link, and the email you give at checkout gets that order’s receipt.';

/** A phone-only account adding its email: the address, confirmed by a mailed link. */
export const addEmailSchema = z.object({ email: emailSchema });
export type AddEmailValues = z.infer<typeof addEmailSchema>;

/** The code of the link that confirms an added email (/profile?confirm-email=<code>). */
export const confirmEmailSchema = z.object({
  token: z.string({ error: 'This link is invalid or has expired. Add your email again on your profile.' }).min(1).max(200),
});

/** The query parameter of that link on /profile. */
export const CONFIRM_EMAIL_PARAM = 'confirm-email';

export const ADD_EMAIL_MESSAGES = {
  /** The same answer whether or not the address already has an account (its owner is mailed instead). */
  sent: (email: string) => `We sent a link to ${email}. Open it to confirm your email; receipts are mailed there from then on.`,
  taken: 'An account with this email already exists. Sign in with that email, or give another one.',
  hasEmail: 'This account already has an email.',
  confirmed: (email: string) => `Your email ${email} is confirmed. Receipts are mailed there from now on.`,
  linkInvalid: 'This link is invalid or has expired. Add your email again on your profile.',
  otherAccount:
    'This link confirms an email for another account. Sign in with the phone number that asked for it, then open the link again.',
  tooMany: (wait: string) => `Too many emails added. Please wait ${wait} and try again.`,
  tooManyLinks: (wait: string) => `Too many invalid links. Please wait ${wait} and try again.`,
} as const;

/** Beside an added email on the profile until its link is used. */
export const UNCONFIRMED_EMAIL = 'not confirmed yet: open the link we mailed you while signed in here';

/** In the back office, where a phone-only account's email would be. */
export const NO_EMAIL_IN_LIST = 'No email (signs in with a code by SMS)';

/** An order placed without an email, where its email would be in the back office. */
export const NO_ORDER_EMAIL = 'None given (receipts by SMS)';

/** At checkout, the email field of such an account: its label and the line under it. */
export const CHECKOUT_OPTIONAL_EMAIL_LABEL = 'Email (optional, for receipts by mail)';
export const CHECKOUT_EMAIL_HINT = 'The SMS about your order carries its receipt link; an email here gets the receipt by mail too.';

/** A Kenyan number however it is typed ('0712 345 678', '+254712345678', '712345678'), as E.164. */
export function kenyanPhone(input: string): string | null {
  const e164 = toE164Phone(input);
  return e164?.startsWith('+254') ? e164 : null;
}

const phoneField = z.string({ error: PHONE_SIGN_IN_MESSAGES.invalidPhone }).transform((v, ctx) => {
  const e164 = kenyanPhone(v.trim());
  if (e164) return e164;
  ctx.addIssue({ code: 'custom', message: PHONE_SIGN_IN_MESSAGES.invalidPhone });
  return z.NEVER;
});

export const phoneCodeRequestSchema = z.object({ phone: phoneField });

export const phoneCodeUseSchema = z.object({
  phone: phoneField,
  code: z
    .string({ error: PHONE_SIGN_IN_MESSAGES.invalidCode })
    .transform((v) => v.replace(/\s/g, ''))
    .refine((v) => new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`).test(v), { error: PHONE_SIGN_IN_MESSAGES.invalidCode }),
});

const accountSmsText = domainCatalogue({ en: accountSmsEn, sw: accountSmsSw });

/**
 * The SMS: the code first (it shows in the notification), and a last line browsers read to offer the
 * code on the shop's own page only ('@host #code'). GSM 7-bit, one SMS; a long shop name is cut.
 */
export function signInCodeSms(input: { code: string; shopName: string; host: string; locale?: Locale }): string {
  const t = accountSmsText(input.locale ?? 'en');
  const body = (shop: string) =>
    `${t('signInCode', { code: input.code, shop, minutes: PHONE_CODE_MINUTES })}\n\n@${input.host} #${input.code}`;
  const room = SMS_MAX_LENGTH - body('').length;
  const shop = toGsm7(input.shopName).trim();
  return toGsm7(body(shop.length <= room ? shop : shop.slice(0, Math.max(0, room)).trim()));
}
