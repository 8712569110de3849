// The emailed sign-in link for an owner whom the sign-in slowdown keeps out: one use, 15 minutes.
import { z } from 'zod';
import { emailSchema } from './validation';

export const SIGN_IN_LINK_MESSAGES = {
  /** The same answer whether or not the email has an account. */
  sent: 'If an account exists for that email, a sign-in link is on its way. It works once, within 15 minutes.',
  invalid: 'This sign-in link has already been used or has expired. Please ask for a new one.',
  signedIn: 'Signed in successfully!',
} as const;

export const signInLinkRequestSchema = z.object({ email: emailSchema });

export const signInLinkUseSchema = z.object({
  token: z
    .string({ error: SIGN_IN_LINK_MESSAGES.invalid })
    .min(1, { error: SIGN_IN_LINK_MESSAGES.invalid })
    .max(200, { error: SIGN_IN_LINK_MESSAGES.invalid }),
});
