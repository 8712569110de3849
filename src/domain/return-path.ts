// Where a customer goes back to after /auth (sign-in, sign-up and the emailed verification link):
// the page that sent them there. Only a path on this site is accepted, never another host ('//x',
// '/\x', 'https://x'), not even once decoded or resolved ('/%2F%2Fx', '/..//x'), and never /auth
// itself, so a crafted link cannot redirect anyone elsewhere.
import { z } from 'zod';

export const DEFAULT_RETURN_PATH = '/shop';
const MAX_RETURN_PATH = 500;

const RETURN_PATH_MESSAGE = 'The page to return to must be a page of this shop.';

export function isSafeReturnPath(path: string): boolean {
  if (path.length > MAX_RETURN_PATH || !path.startsWith('/') || hasControlCharacter(path) || AUTH_PAGE.test(path)) return false;
  const readings = decodedReadings(path.split(/[?#]/, 1)[0] ?? '');
  return readings !== null && readings.every(isPlainPath);
}

const AUTH_PAGE = /^\/auth(\/|\?|#|$)/;
/** Decodings looked through: the path is sent encoded once, and a careless reader may decode it again. */
const MAX_DECODINGS = 3;

/**
 * The path part as written and as each further decoding reads it ('/%252F' → '/%2F' → '//'); null
 * when it cannot be decoded, or is still encoded after the last decoding looked at.
 */
function decodedReadings(pathPart: string): string[] | null {
  const readings = [pathPart];
  let current = pathPart;
  for (let i = 0; i < MAX_DECODINGS; i += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return readings;
    readings.push(next);
    current = next;
  }
  return /%[0-9a-f]{2}/i.test(current) ? null : readings;
}

/**
 * A path a browser cannot read as another host: no '//' at its start, no backslash (read as '/'),
 * no '.' or '..' segment ('/..//x' resolves to '//x'), no control character, not /auth.
 */
function isPlainPath(path: string): boolean {
  return (
    path.startsWith('/') &&
    !path.startsWith('//') &&
    !path.includes('\\') &&
    // Control characters (tabs, newlines) are dropped by URL parsers and could make '/\t/x' a host.
    !hasControlCharacter(path) &&
    !path.split('/').some((segment) => segment === '.' || segment === '..') &&
    !AUTH_PAGE.test(path)
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
