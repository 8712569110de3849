// A lone UTF-16 surrogate (half of a character beyond the first plane, with no other half) is no
// character at all: UTF-8 cannot hold it and PostgreSQL refuses it in JSON ("\ud800" in a jsonb
// value), so a write carrying one would fail with a 500. Text decoded from UTF-8 never holds one
// (a bad byte becomes U+FFFD); a JSON body can, as an escape.

const HIGH = /^d[89ab]/i;
const LOW = /^d[c-f]/i;
// Every escape in order, so an escaped backslash ("\\ud800": the text '\ud800') is read as one.
const ESCAPE = /\\(?:u([0-9a-fA-F]{4})|[\s\S])/g;
/** A "\uXXXX" escape of a lone surrogate: a high half not followed at once by a low half's escape, or a low half alone. */
export function hasLoneSurrogateEscape(json: string): boolean {
  if (!/\\u[dD]/.test(json)) return false;
  let highEndsAt = -1;
  for (const match of json.matchAll(ESCAPE)) {
    const hex = match[1] ?? '';
    const low = LOW.test(hex);
    if (highEndsAt >= 0) {
      if (match.index !== highEndsAt || !low) return true;
      highEndsAt = -1;
    } else if (HIGH.test(hex)) {
      highEndsAt = match.index + match[0].length;
    } else if (low) {
      return true;
    }
  }
  return highEndsAt >= 0;
}
