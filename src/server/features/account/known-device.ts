// "This browser has signed in to this account before": a long-lived HttpOnly cookie holding, per
// account, an HMAC of the email under the server secret. Nobody without the secret can make one, so a
// stranger cannot claim to be a known device, and the owner signing in from their own browser is not
// slowed down by strangers' failed guesses at their password. Stateless, so every instance agrees.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const DEVICE_COOKIE = 'shop_device';
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
/** Accounts remembered per browser; the oldest goes first. */
const MAX_ACCOUNTS = 5;
const ENTRY = /^[A-Za-z0-9_-]{22}$/;

function entryFor(secret: string, email: string): string {
  return createHmac('sha256', secret).update(`known-device:v1:${email.toLowerCase()}`).digest('base64url').slice(0, 22);
}

function entriesOf(cookie: string | undefined): string[] {
  return (cookie ?? '')
    .split('.')
    .filter((e) => ENTRY.test(e))
    .slice(0, MAX_ACCOUNTS);
}

/** Whether the cookie shows this browser signed in to this account before. */
export function isKnownDevice(cookie: string | undefined, email: string, secret: string): boolean {
  if (!secret) return false;
  const wanted = Buffer.from(entryFor(secret, email));
  return entriesOf(cookie).some((e) => {
    const given = Buffer.from(e);
    return given.length === wanted.length && timingSafeEqual(given, wanted);
  });
}

/** The cookie's new value after a sign-in to this account: its entry first, at most five. */
export function rememberDevice(cookie: string | undefined, email: string, secret: string): string {
  const entry = entryFor(secret, email);
  return [entry, ...entriesOf(cookie).filter((e) => e !== entry)].slice(0, MAX_ACCOUNTS).join('.');
}
