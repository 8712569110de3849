// Where a customer goes back to after /auth (sign-in, sign-up and the emailed verification link):
// the page that sent them there. Only a path on this site is accepted, never another host ('//x',
// '/\x', 'https://x') and never /auth itself, so a crafted link cannot redirect anyone elsewhere.
import { z } from 'zod';

export const DEFAULT_RETURN_PATH = '/shop';
const MAX_RETURN_PATH = 500;

const RETURN_PATH_MESSAGE = 'The page to return to must be a page of this shop.';

export function isSafeReturnPath(path: string): boolean {
  return (
    path.length <= MAX_RETURN_PATH &&
    path.startsWith('/') &&
    !path.startsWith('//') &&
    !path.startsWith('/\\') &&
    // Control characters (tabs, newlines) are dropped by URL parsers and could make '/\t/x' a host.
    !hasControlCharacter(path) &&
    !/^\/auth(\/|\?|#|$)/.test(path)
  );
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** The path, when it is safe to return to; otherwise /shop. */
export function safeReturnPath(path: string | null | undefined): string {
  return path && isSafeReturnPath(path) ? path : DEFAULT_RETURN_PATH;
}

/** A return path sent to the server (sign-up, a new verification mail): refused when not safe. */
export const returnPathSchema = z.string({ error: RETURN_PATH_MESSAGE }).refine(isSafeReturnPath, { error: RETURN_PATH_MESSAGE });
