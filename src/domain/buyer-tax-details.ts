// A business customer's tax details, for a tax invoice in the business's name (a B2B invoice): their
// KRA PIN and, optionally, the business name KRA should print. Both optional: an empty PIN means an
// ordinary consumer sale. Kept on the profile and copied onto each order at checkout. The form rules
// (buyerTaxSchema) are in validation.ts with the others.

/** KRA's invoice field for the buyer's name holds 60 characters. */
export const BUSINESS_NAME_MAX = 60;

export const BUYER_TAX_LABELS = {
  kraPin: 'KRA PIN (for a business invoice)',
  businessName: 'Business name on the invoice',
} as const;

/** Under the PIN field: what it is for, and that it may stay empty. */
export const BUYER_TAX_HINT = "Optional. For a tax invoice in your business's name; leave empty for a personal receipt.";

export const BUYER_TAX_MESSAGES = {
  invalidKraPin: 'Please enter a valid KRA PIN: a letter, 9 digits and a letter (e.g. P051234567X)',
  businessNameTooLong: `Business name must be ${BUSINESS_NAME_MAX} characters or fewer`,
  businessNameWithoutPin: 'Please add your KRA PIN too: an invoice in a business name needs one',
  notText: 'Please type your tax details as text',
} as const;

const KRA_PIN = /^[A-Z]\d{9}[A-Z]$/;

/** As typed, in KRA's form: spaces and dashes dropped, letters in capitals ('p051 234 567x' → 'P051234567X'). */
export function normalizeKraPin(s: string): string {
  return s.replace(/[\s-]/g, '').toUpperCase();
}

/** A KRA PIN: a letter, 9 digits and a letter (e.g. P051234567X). */
export function isValidKraPin(s: string): boolean {
  return KRA_PIN.test(normalizeKraPin(s));
}

/** The details as kept: the PIN in KRA's form and the name as plain text, '' when not given. */
export interface BuyerTaxDetails {
  kraPin: string;
  businessName: string;
}
