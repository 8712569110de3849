import type { MailMessage } from '../infra/mail/mailer';
import { escapeHtml } from '../infra/http/html';

export function verificationMail(opts: { to: string; name: string; url: string; shopName: string }): MailMessage {
  const greeting = opts.name ? `Hello ${opts.name},` : 'Hello,';
  return {
    to: opts.to,
    subject: `Verify your email for ${opts.shopName}`,
    text: `${greeting}\n\nPlease confirm your email address by opening this link:\n${opts.url}\n\nIf you did not create an account, ignore this email.\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>Please confirm your email address:</p><p><a href="${escapeHtml(opts.url)}">Verify my email</a></p><p>If you did not create an account, ignore this email.</p>`,
  };
}

/** The forgotten-password link: it works once, within the hour. */
export function passwordResetMail(opts: { to: string; name: string; url: string; shopName: string }): MailMessage {
  const greeting = opts.name ? `Hello ${opts.name},` : 'Hello,';
  const note = 'The link works once, within 1 hour. Changing your password signs you out everywhere.';
  const ignore = 'If you did not ask for this, ignore this email: your password stays as it is.';
  return {
    to: opts.to,
    subject: `Reset your password for ${opts.shopName}`,
    text: `${greeting}\n\nTo choose a new password, open this link:\n${opts.url}\n\n${note}\n${ignore}\n`,
    html: `<p>${escapeHtml(greeting)}</p><p><a href="${escapeHtml(opts.url)}">Choose a new password</a></p><p>${escapeHtml(note)}</p><p>${escapeHtml(ignore)}</p>`,
  };
}

/** The emailed sign-in link for a throttled owner: it works once, within 15 minutes. */
export function signInLinkMail(opts: { to: string; name: string; url: string; shopName: string }): MailMessage {
  const greeting = opts.name ? `Hello ${opts.name},` : 'Hello,';
  const note = 'The link works once, within 15 minutes.';
  const ignore = 'If you did not ask for this, ignore this email; someone may be guessing your password, so consider changing it.';
  return {
    to: opts.to,
    subject: `Your sign-in link for ${opts.shopName}`,
    text: `${greeting}\n\nTo sign in, open this link:\n${opts.url}\n\n${note}\n${ignore}\n`,
    html: `<p>${escapeHtml(greeting)}</p><p><a href="${escapeHtml(opts.url)}">Sign in</a></p><p>${escapeHtml(note)}</p><p>${escapeHtml(ignore)}</p>`,
  };
}

/** Sent instead of an error when someone signs up with an email that already has an account. */
export function alreadyRegisteredMail(opts: { to: string; signInUrl: string; shopName: string }): MailMessage {
  return {
    to: opts.to,
    subject: `You already have an account at ${opts.shopName}`,
    text: `Hello,\n\nSomeone (probably you) tried to create an account with this email address, but it already has one.\nSign in here:\n${opts.signInUrl}\n\nIf this was not you, you can ignore this email.\n`,
    html: `<p>Hello,</p><p>Someone (probably you) tried to create an account with this email address, but it already has one.</p><p><a href="${escapeHtml(opts.signInUrl)}">Sign in</a></p><p>If this was not you, you can ignore this email.</p>`,
  };
}
