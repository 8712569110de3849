// Consents under Kenya's Data Protection Act 2019: what a customer agreed to, where, and how an SMS
// reply withdraws it. The ledger (table consents) keeps every grant and withdrawal; these are its words.

export const CONSENT_KINDS = ['newsletter', 'cart_reminders', 'order_sms'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

/** Where a consent was given or withdrawn, as the ledger's source column names it. */
export type ConsentSource = 'sign-up' | 'checkout' | 'profile' | 'newsletter-form' | 'sms-stop' | 'stop-link' | 'back-office';

/** The customer's names for each consent (the profile page). */
export const CONSENT_LABELS: Readonly<Record<ConsentKind, string>> = {
  order_sms: 'SMS updates about my orders',
  cart_reminders: 'Cart reminders by SMS',
  newsletter: 'Newsletter by email',
};

/** The consents an SMS reply of STOP withdraws: the SMS ones (a newsletter is by email). */
export const SMS_STOP_KINDS = ['order_sms', 'cart_reminders'] as const satisfies readonly ConsentKind[];

/** Longer text is not a STOP reply, and keeps the test cheap. */
const MAX_REPLY_LENGTH = 160;
const STOP_WORDS = ['STOP', 'SITISHA'];

/**
 * Whether an SMS reply asks for no more SMS: 'STOP' or Kiswahili 'SITISHA', in any letter case,
 * alone or followed by anything after a space or punctuation ('Stop please', 'STOP.'), trimmed.
 * 'STOPPED' or 'Don't stop' are not.
 */
export function isStopReply(text: string): boolean {
  if (text.length > MAX_REPLY_LENGTH) return false;
  const upper = text.trim().toUpperCase();
  return STOP_WORDS.some((word) => upper === word || (upper.startsWith(word) && !/[A-Z0-9]/.test(upper.charAt(word.length))));
}
