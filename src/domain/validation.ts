// Form rules shared by the browser forms and the server. The user-facing messages
// live in one place, messages.ts.
import { z } from 'zod';
import { MESSAGES } from './messages';
import { toE164Phone } from './phone';
import { BUSINESS_NAME_MAX, BUYER_TAX_MESSAGES, isValidKraPin, normalizeKraPin, type BuyerTaxDetails } from './buyer-tax-details';

/** A 'Send me SMS updates' value that is neither on nor off. */
export const SMS_UPDATES_CHOICE_MESSAGE = "'Send me SMS updates' must be on or off.";
const CART_REMINDERS_CHOICE_MESSAGE = "'Remind me of a cart I leave' must be on or off.";

export { MESSAGES };

export const TEXT_LIMITS = { email: 254, name: 100, address: 300, subject: 200, message: 5000 } as const;
export const PASSWORD_MIN_LENGTH = 8;

export function normalizeEmail(s: string): string {
  return s.trim().toLowerCase();
}

// local@domain.tld: one '@', no spaces, dot-separated non-empty domain labels.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
// The accounts library checks addresses with zod's email rule (ASCII letters only, as most mail
// servers expect): an address must pass it too, or a form would accept what sign-up then refuses.
const ACCOUNT_EMAIL = z.email();

export function isValidEmail(s: string): boolean {
  const email = normalizeEmail(s);
  return email.length <= TEXT_LIMITS.email && EMAIL_PATTERN.test(email) && ACCOUNT_EMAIL.safeParse(email).success;
}

/** '+254 (700) 000-000' → '+254700000000' */
export function normalizePhone(s: string): string {
  return s.replace(/[\s\-()[\]]/g, '');
}

/** Kenyan numbers in any local or international form, other countries' in '+' form (phone.ts). */
export function isValidPhone(s: string): boolean {
  return toE164Phone(s) !== null;
}

/** Sanitised, then in E.164 when it is a phone number; otherwise as typed, for the checks to refuse. */
function phoneAsStored(s: string): string {
  const text = sanitizeText(s);
  return toE164Phone(text) ?? text;
}

export function isValidPassword(s: string): boolean {
  return s.length >= PASSWORD_MIN_LENGTH;
}

/** Twice the longest field (a contact message); see sanitizeText. */
export const SANITIZE_MAX_INPUT = 2 * TEXT_LIMITS.message;

const SANITIZE_PATTERNS: readonly RegExp[] = [
  /<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, // whole script blocks
  /<\/?script\b[^>]*>?/gi, // stray opening/closing script tags
  /javascript\s*:/gi,
  /\bon\w+\s*=/gi, // inline handlers: onerror=, onclick =
];

/**
 * Trims and strips script tags, 'javascript:' and inline event handlers from
 * free text (names, phones, addresses). Repeats until stable so nested tricks
 * like 'javajavascript:script:' cannot reassemble. Output is still rendered
 * as text, never as HTML; this only keeps obvious payloads out of storage.
 */
export function sanitizeText(s: string): string {
  // The patterns cost more than linear time on hostile text, so they never see more than this;
  // what is cut off would fail the field's own length check anyway.
  let current = s.length > SANITIZE_MAX_INPUT ? s.slice(0, SANITIZE_MAX_INPUT) : s;
  for (;;) {
    const next = SANITIZE_PATTERNS.reduce((text, pattern) => text.replace(pattern, ''), current);
    if (next === current) return current.trim();
    current = next;
  }
}

// Characters a rider's screen, a printed route sheet or an SMS cannot show as text: C0 and C1
// controls other than whitespace, and the marks that silently reverse or reorder the text around them.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const INVISIBLE = /[\u0000-\u0008\u000e-\u001f\u007f-\u0084\u0086-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const TAG = /<[^<>]*>/g;

/**
 * One line of plain text for where a rider goes (address, house, directions): sanitised, then tags
 * and any other '<' or '>' dropped, invisible controls dropped, and line breaks, tabs and runs of
 * spaces made one space. Kept as text everywhere it is shown, but nothing in it looks like markup.
 */
export function plainLineText(s: string): string {
  return sanitizeText(s)
    .replace(TAG, '')
    .replace(/[<>]/g, '')
    .replace(INVISIBLE, '')
    .replace(/[\s\u0085]+/g, ' ')
    .trim();
}

export const emailSchema = z
  .string({ error: MESSAGES.invalidEmail })
  .refine(isValidEmail, { error: MESSAGES.invalidEmail })
  .transform(normalizeEmail);

/** Any accepted form in, E.164 out ('0712 345 678' → '+254712345678'). */
export const phoneSchema = z
  .string({ error: MESSAGES.invalidPhone })
  .transform(phoneAsStored)
  .refine(isValidPhone, { error: MESSAGES.invalidPhone });

export const passwordSchema = z.string({ error: MESSAGES.passwordTooShort }).min(PASSWORD_MIN_LENGTH, { error: MESSAGES.passwordTooShort });

type Check = { field: string; message: string; fails: boolean };

/** The buyer tax details' rules (buyer-tax-details.ts) as checks of the profile form. */
function buyerTaxChecks(v: BuyerTaxDetails): Check[] {
  return [
    { field: 'kraPin', message: BUYER_TAX_MESSAGES.invalidKraPin, fails: v.kraPin !== '' && !isValidKraPin(v.kraPin) },
    { field: 'kraPin', message: BUYER_TAX_MESSAGES.businessNameWithoutPin, fails: v.businessName !== '' && v.kraPin === '' },
    { field: 'businessName', message: BUYER_TAX_MESSAGES.businessNameTooLong, fails: v.businessName.length > BUSINESS_NAME_MAX },
  ];
}

/** Adds the first failing message per field, so each field shows one error. */
function report(ctx: z.RefinementCtx, checks: readonly Check[]): void {
  const reported = new Set<string>();
  for (const { field, message, fails } of checks) {
    if (!fails || reported.has(field)) continue;
    reported.add(field);
    ctx.addIssue({ code: 'custom', message, path: [field] });
  }
}

/** One issue per empty field; true when any field was empty (later checks are skipped). */
function reportEmpty(ctx: z.RefinementCtx, values: Record<string, string>, message: string): boolean {
  const empty = Object.keys(values).filter((key) => values[key] === '');
  report(
    ctx,
    empty.map((field) => ({ field, message, fails: true })),
  );
  return empty.length > 0;
}

const anyString = (message: string) => z.string({ error: message });

export const signUpSchema = z
  .object({
    fullName: anyString(MESSAGES.fillAllFields),
    email: anyString(MESSAGES.fillAllFields),
    phone: anyString(MESSAGES.fillAllFields),
    address: anyString(MESSAGES.fillAllFields),
    password: anyString(MESSAGES.fillAllFields),
  })
  .transform((v) => ({
    fullName: sanitizeText(v.fullName),
    email: normalizeEmail(v.email),
    phone: phoneAsStored(v.phone),
    address: sanitizeText(v.address),
    password: v.password, // never altered: it must match what the user typed
  }))
  .superRefine((v, ctx) => {
    if (reportEmpty(ctx, v, MESSAGES.fillAllFields)) return;
    report(ctx, [
      { field: 'fullName', message: MESSAGES.nameTooLong, fails: v.fullName.length > TEXT_LIMITS.name },
      { field: 'email', message: MESSAGES.invalidEmail, fails: !isValidEmail(v.email) },
      { field: 'phone', message: MESSAGES.invalidPhone, fails: !isValidPhone(v.phone) },
      { field: 'address', message: MESSAGES.addressTooLong, fails: v.address.length > TEXT_LIMITS.address },
      { field: 'password', message: MESSAGES.passwordTooShort, fails: !isValidPassword(v.password) },
    ]);
  });

export const signInSchema = z
  .object({
    email: anyString(MESSAGES.fillAllFields),
    password: anyString(MESSAGES.fillAllFields),
  })
  .transform((v) => ({ email: normalizeEmail(v.email), password: v.password }))
  .superRefine((v, ctx) => {
    if (reportEmpty(ctx, v, MESSAGES.fillAllFields)) return;
    // No length rule here: sign-in must not leak the sign-up policy.
    report(ctx, [{ field: 'email', message: MESSAGES.invalidEmail, fails: !isValidEmail(v.email) }]);
  });

export const profileSchema = z
  .object({
    fullName: anyString(MESSAGES.fullNameRequired),
    phone: anyString(MESSAGES.phoneRequired),
    address: anyString(MESSAGES.addressRequired),
    /** 'Send me SMS updates' about orders; left out, the stored choice stays. */
    smsUpdates: z.boolean({ error: SMS_UPDATES_CHOICE_MESSAGE }).optional(),
    /** 'Remind me of a cart I leave'; left out, the stored choice stays. */
    cartReminders: z.boolean({ error: CART_REMINDERS_CHOICE_MESSAGE }).optional(),
    /** The KRA PIN and business name for a business invoice; left out, the stored ones stay ('' clears them). */
    kraPin: z.string({ error: BUYER_TAX_MESSAGES.notText }).optional(),
    businessName: z.string({ error: BUYER_TAX_MESSAGES.notText }).optional(),
  })
  .transform((v) => ({
    fullName: sanitizeText(v.fullName),
    phone: phoneAsStored(v.phone),
    address: sanitizeText(v.address),
    ...(v.smsUpdates === undefined ? {} : { smsUpdates: v.smsUpdates }),
    ...(v.cartReminders === undefined ? {} : { cartReminders: v.cartReminders }),
    ...(v.kraPin === undefined && v.businessName === undefined
      ? {}
      : { kraPin: normalizeKraPin(v.kraPin ?? ''), businessName: sanitizeText(v.businessName ?? '') }),
  }))
  .superRefine((v, ctx) => {
    report(ctx, [
      { field: 'fullName', message: MESSAGES.fullNameRequired, fails: v.fullName === '' },
      { field: 'fullName', message: MESSAGES.nameTooLong, fails: v.fullName.length > TEXT_LIMITS.name },
      { field: 'phone', message: MESSAGES.phoneRequired, fails: v.phone === '' },
      { field: 'phone', message: MESSAGES.invalidPhone, fails: !isValidPhone(v.phone) },
      { field: 'address', message: MESSAGES.addressRequired, fails: v.address === '' },
      { field: 'address', message: MESSAGES.addressTooLong, fails: v.address.length > TEXT_LIMITS.address },
      ...(v.kraPin === undefined ? [] : buyerTaxChecks({ kraPin: v.kraPin, businessName: v.businessName ?? '' })),
    ]);
  });

/** A business buyer's KRA PIN and business name, both optional (checkout sends them); '' when not given. */
export const buyerTaxSchema = z
  .object({
    kraPin: z.string({ error: BUYER_TAX_MESSAGES.notText }).nullish(),
    businessName: z.string({ error: BUYER_TAX_MESSAGES.notText }).nullish(),
  })
  .transform((v): BuyerTaxDetails => ({ kraPin: normalizeKraPin(v.kraPin ?? ''), businessName: sanitizeText(v.businessName ?? '') }))
  .superRefine((v, ctx) => report(ctx, buyerTaxChecks(v)));

export const newsletterSchema = z.object({ email: emailSchema });

export const contactMessageSchema = z
  .object({
    name: anyString(MESSAGES.fillAllFields),
    email: anyString(MESSAGES.fillAllFields),
    subject: anyString(MESSAGES.fillAllFields),
    message: anyString(MESSAGES.fillAllFields),
  })
  .transform((v) => ({
    name: sanitizeText(v.name),
    email: normalizeEmail(v.email),
    subject: sanitizeText(v.subject),
    message: sanitizeText(v.message),
  }))
  .superRefine((v, ctx) => {
    if (reportEmpty(ctx, v, MESSAGES.fillAllFields)) return;
    report(ctx, [
      { field: 'name', message: MESSAGES.nameTooLong, fails: v.name.length > TEXT_LIMITS.name },
      { field: 'email', message: MESSAGES.invalidEmail, fails: !isValidEmail(v.email) },
      { field: 'subject', message: MESSAGES.subjectTooLong, fails: v.subject.length > TEXT_LIMITS.subject },
      { field: 'message', message: MESSAGES.messageTooLong, fails: v.message.length > TEXT_LIMITS.message },
    ]);
  });

/**
 * Checkout's contact details. The email is required, except for a customer who signed in with a code
 * by SMS and has no email (emailOptional): her receipts reach her by SMS, with the receipt link, and
 * an email she gives gets the mails as well.
 */
function checkoutCustomer(emailOptional: boolean, addressOptional = false) {
  return z
    .object({
      fullName: anyString(MESSAGES.checkoutRequired),
      email: anyString(MESSAGES.checkoutRequired),
      phone: anyString(MESSAGES.checkoutRequired),
      address: anyString(MESSAGES.checkoutRequired),
    })
    .transform((v) => ({
      fullName: sanitizeText(v.fullName),
      email: normalizeEmail(v.email),
      phone: phoneAsStored(v.phone),
      address: sanitizeText(v.address),
    }))
    .superRefine((v, ctx) => {
      const { email } = v;
      // An order collected at the shop has no address to ask for.
      const optional = (key: string) => (emailOptional && key === 'email') || (addressOptional && key === 'address');
      const required = Object.fromEntries(Object.entries(v).filter(([key]) => !optional(key)));
      if (reportEmpty(ctx, required, MESSAGES.checkoutRequired)) return;
      report(ctx, [
        { field: 'fullName', message: MESSAGES.nameTooLong, fails: v.fullName.length > TEXT_LIMITS.name },
        { field: 'email', message: MESSAGES.invalidEmail, fails: email !== '' && !isValidEmail(email) },
        { field: 'phone', message: MESSAGES.invalidPhone, fails: !isValidPhone(v.phone) },
        { field: 'address', message: MESSAGES.addressTooLong, fails: v.address.length > TEXT_LIMITS.address },
      ]);
    });
}

export const checkoutCustomerSchema = checkoutCustomer(false);
/** The same for an account made with a code by SMS that has no email yet. */
export const phoneCustomerCheckoutSchema = checkoutCustomer(true);
/** The same two for an order collected at the shop: no address. */
export const pickupCustomerCheckoutSchema = checkoutCustomer(false, true);
export const pickupPhoneCustomerCheckoutSchema = checkoutCustomer(true, true);

export type SignUpInput = z.input<typeof signUpSchema>;
export type SignUpValues = z.output<typeof signUpSchema>;
export type SignInValues = z.output<typeof signInSchema>;
export type ProfileValues = z.output<typeof profileSchema>;
export type ContactMessageValues = z.output<typeof contactMessageSchema>;
export type CheckoutCustomerValues = z.output<typeof checkoutCustomerSchema>;
