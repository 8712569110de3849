// The account mails, each with one button (infra/mail/button-mail.ts) and a plain-text part.
import type { MailMessage } from '../infra/mail/mailer';
import { buttonMail } from '../infra/mail/button-mail';

const greetingFor = (name: string) => (name ? `Hello ${name},` : 'Hello,');

/** The sign-up verification link: one click verifies the address and signs in, within 24 hours. */
export function verificationMail(opts: { to: string; name: string; url: string; shopName: string }): MailMessage {
  return {
    to: opts.to,
    subject: `Verify your email for ${opts.shopName}`,
    ...buttonMail({
      shopName: opts.shopName,
      greeting: greetingFor(opts.name),
      lines: ['Please confirm your email address. The button signs you in and takes you back to where you were.'],
      button: { label: 'Verify my email', url: opts.url },
      notes: ['The link works for 24 hours.', 'If you did not create an account, ignore this email.'],
    }),
  };
}

/** The forgotten-password link: it works once, within the hour. */
export function passwordResetMail(opts: { to: string; name: string; url: string; shopName: string }): MailMessage {
  return {
    to: opts.to,
    subject: `Reset your password for ${opts.shopName}`,
    ...buttonMail({
      shopName: opts.shopName,
      greeting: greetingFor(opts.name),
      lines: ['To choose a new password, use the button below.'],
      button: { label: 'Choose a new password', url: opts.url },
      notes: [
        'The link works once, within 1 hour. Changing your password signs you out everywhere.',
        'If you did not ask for this, ignore this email: your password stays as it is.',
      ],
    }),
  };
}

/** The emailed sign-in link for a throttled owner: it works once, within 15 minutes. */
export function signInLinkMail(opts: { to: string; name: string; url: string; shopName: string }): MailMessage {
  return {
    to: opts.to,
    subject: `Your sign-in link for ${opts.shopName}`,
    ...buttonMail({
      shopName: opts.shopName,
      greeting: greetingFor(opts.name),
      lines: ['To sign in, use the button below.'],
      button: { label: 'Sign in', url: opts.url },
      notes: [
        'The link works once, within 15 minutes.',
        'If you did not ask for this, ignore this email; someone may be guessing your password, so consider changing it.',
      ],
    }),
  };
}

/** Sent instead of an error when someone signs up with an email that already has an account. */
export function alreadyRegisteredMail(opts: { to: string; signInUrl: string; shopName: string }): MailMessage {
  return {
    to: opts.to,
    subject: `You already have an account at ${opts.shopName}`,
    ...buttonMail({
      shopName: opts.shopName,
      greeting: 'Hello,',
      lines: ['Someone (probably you) tried to create an account with this email address, but it already has one.'],
      button: { label: 'Sign in', url: opts.signInUrl },
      notes: ['If this was not you, you can ignore this email.'],
    }),
  };
}

/**
 * The link that makes an address the email of a phone-only account: it works only for someone signed
 * in with that account's phone number, so a stranger's click (or a mail scanner's) changes nothing.
 */
export function confirmEmailMail(opts: { to: string; url: string; shopName: string }): MailMessage {
  return {
    to: opts.to,
    subject: `Confirm your email for ${opts.shopName}`,
    ...buttonMail({
      shopName: opts.shopName,
      greeting: 'Hello,',
      lines: [
        `Someone signed in with the phone number of an account at ${opts.shopName} asked to add this email to it.`,
        'If that was you, open the link while signed in with the phone number of that account: receipts are mailed here from then on.',
      ],
      button: { label: 'Confirm my email', url: opts.url },
      notes: [
        'The link works for 24 hours.',
        'If this was not you, ignore this email: nothing changes, and you can still create your own account with it.',
      ],
    }),
  };
}

/** Sent instead of a confirmation link when the address added to a phone-only account already has an account. */
export function emailInUseMail(opts: { to: string; signInUrl: string; shopName: string }): MailMessage {
  return {
    to: opts.to,
    subject: `Someone tried to add your email at ${opts.shopName}`,
    ...buttonMail({
      shopName: opts.shopName,
      greeting: 'Hello,',
      lines: [
        'Someone signed in with a phone number asked to add this email to their account, but it already belongs to an account: nothing was changed.',
      ],
      button: { label: 'Sign in', url: opts.signInUrl },
      notes: ['If this was you, sign in with this email instead. If not, you can ignore this email.'],
    }),
  };
}
