// The emailed verification link: /auth?verify=<code>. One click on that page verifies the address,
// signs the new customer in and takes them back to the page that sent them to /auth.
import { z } from 'zod';
import { emailSchema } from './validation';
import { returnPathSchema } from './return-path';

export const EMAIL_VERIFICATION_MESSAGES = {
  invalid: 'This verification link is invalid or has expired. Sign in to get a new one.',
  /** The link signed the customer in. */
  signedIn: 'Your email address is verified. Welcome!',
  /** The address was verified before (the link was used already): the customer signs in. */
  verified: 'Your email address is verified. You can sign in now.',
} as const;

export const useVerificationLinkSchema = z.object({
  token: z
    .string({ error: EMAIL_VERIFICATION_MESSAGES.invalid })
    .min(1, { error: EMAIL_VERIFICATION_MESSAGES.invalid })
    .max(200, { error: EMAIL_VERIFICATION_MESSAGES.invalid }),
});

/** A new verification mail; `returnTo` is where its link brings the customer back to. */
export const resendVerificationSchema = z.object({ email: emailSchema, returnTo: returnPathSchema.optional() });
