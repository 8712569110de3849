// Forgotten passwords: the request form (an email) and the new-password form, with the same
// password rules as sign-up (8 to 128 characters, kept exactly as typed).
import { z } from 'zod';
import { MESSAGES } from './messages';
import { emailSchema, PASSWORD_MIN_LENGTH } from './validation';

const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_RESET_MESSAGES = {
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
  passwordsDiffer: 'The two passwords do not match',
  linkInvalid: 'This password reset link is invalid or has expired. Please ask for a new one.',
  /** The same answer whether or not the email has an account. */
  linkSent: 'If an account exists for that email, a link to reset its password is on its way. It works once, within 1 hour.',
  changed: 'Your password has been changed. Please sign in with your new password.',
} as const;

export const forgotPasswordSchema = z.object({ email: emailSchema });

const newPassword = z
  .string({ error: MESSAGES.passwordTooShort })
  .min(PASSWORD_MIN_LENGTH, { error: MESSAGES.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, { error: PASSWORD_RESET_MESSAGES.passwordTooLong });

/** What the server takes: the emailed token and the new password. */
export const resetPasswordSchema = z.object({
  token: z
    .string({ error: PASSWORD_RESET_MESSAGES.linkInvalid })
    .min(1, { error: PASSWORD_RESET_MESSAGES.linkInvalid })
    .max(200, { error: PASSWORD_RESET_MESSAGES.linkInvalid }),
  password: newPassword,
});

/** The browser form: the password typed twice. */
export const newPasswordFormSchema = z
  .object({ password: newPassword, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { error: PASSWORD_RESET_MESSAGES.passwordsDiffer, path: ['confirmPassword'] });

export type ForgotPasswordValues = z.output<typeof forgotPasswordSchema>;
export type ResetPasswordValues = z.output<typeof resetPasswordSchema>;
export type NewPasswordFormInput = z.input<typeof newPasswordFormSchema>;
