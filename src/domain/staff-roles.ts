// Who may use the back office. An account is a customer, or one of the shop's people: the owner
// (everything), staff (orders, deliveries, stock) or a rider (their own delivery stops only). The
// server checks every back-office route against the role (docs/roles.md); the browser shows only
// the screens a role may open.
import { z } from 'zod';
import { emailSchema, phoneSchema, sanitizeText, TEXT_LIMITS } from './validation';

export const ROLES = ['customer', 'owner', 'staff', 'rider'] as const;
export type Role = (typeof ROLES)[number];

export const BACK_OFFICE_ROLES = ['owner', 'staff', 'rider'] as const;
export type BackOfficeRole = (typeof BACK_OFFICE_ROLES)[number];

export const isBackOfficeRole = (role: unknown): role is BackOfficeRole =>
  typeof role === 'string' && (BACK_OFFICE_ROLES as readonly string[]).includes(role);

/** A stored role as the app reads it: anything unknown is a customer. */
export const roleOf = (stored: string | null | undefined): Role =>
  (ROLES as readonly string[]).includes(stored ?? '') ? (stored as Role) : 'customer';

export const ROLE_LABELS: Readonly<Record<Role, string>> = Object.freeze({
  customer: 'Customer',
  owner: 'Owner',
  staff: 'Staff',
  rider: 'Rider',
});

/** What each role may do, as the owner reads it before giving it (docs/roles.md has the table). */
export const ROLE_POWERS: Readonly<Record<Role, string>> = Object.freeze({
  customer: 'They keep their customer account but can no longer open the back office.',
  owner: 'Everything: products, orders, refunds, settings, staff and riders.',
  staff: 'Orders, deliveries, stock, customers and messages; no refunds, settings or staff.',
  rider: 'Only the delivery stops given to them, on their phone.',
});

export const STAFF_MESSAGES = {
  chooseRole: 'Choose owner, staff or rider',
  notYourself: 'You cannot change your own role. Ask another owner.',
  newAccountNeedsName: 'No account uses this email yet: type their name and phone to create one',
  riderNeedsPhone: 'A rider needs a phone number for their stops by SMS',
  emailOrPhone: 'Type their email or their phone number',
  newPhoneAccountNeedsName: 'No account uses this phone number yet: type their name to create one',
  phoneTaken: 'Another account signs in with this phone number: add the person by the phone number alone to give that account the role',
} as const;

/**
 * 'Add a person': an existing account by email or by the phone number it signs in with, or a new
 * one (by email: name and phone required; by phone alone: name required, and they sign in with a
 * code by SMS).
 */
export const staffInviteSchema = z
  .object({
    email: z
      .string()
      .optional()
      .transform((s) => (s ?? '').trim())
      .pipe(z.union([z.literal(''), emailSchema])),
    role: z.enum(['owner', 'staff', 'rider'], { error: STAFF_MESSAGES.chooseRole }),
    fullName: z
      .string()
      .optional()
      .transform((s) => sanitizeText(s ?? '').slice(0, TEXT_LIMITS.name)),
    phone: z
      .string()
      .optional()
      .transform((s) => (s ?? '').trim())
      .pipe(z.union([z.literal(''), phoneSchema])),
  })
  .refine((v) => v.email !== '' || v.phone !== '', { path: ['email'], error: STAFF_MESSAGES.emailOrPhone });
export type StaffInviteInput = z.input<typeof staffInviteSchema>;
