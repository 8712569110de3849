// Phone numbers as customers type them, stored one way: E.164 ('+254722000111').
// Kenyan numbers may be written locally ('0722 000 111', '722000111') or internationally
// ('254 722 000 111', '+254 (722) 000-111'); other countries only in '+' form, because a number
// without a country code cannot be told apart from a Kenyan one.

const KENYA = '254';
/** Separators people type between digit groups. */
const SEPARATORS = /[\s\-().[\]]/g;
/** Longer input is not a phone number; also keeps the patterns below cheap. */
const MAX_INPUT_LENGTH = 40;

/** A Kenyan national number: nine digits, the first not 0 (mobiles start 7 or 1, landlines 2–6). */
const KENYAN_NATIONAL = /^[1-9]\d{8}$/;
/** E.164: a country code not starting with 0, at most 15 digits in all (at least 7 in practice). */
const INTERNATIONAL = /^\+[1-9]\d{6,14}$/;

function kenyan(national: string): string | null {
  return KENYAN_NATIONAL.test(national) ? `+${KENYA}${national}` : null;
}

/**
 * The number in E.164 form, or null when it is not a phone number.
 * '0712 345 678', '712345678', '254712345678', '+254 712 345 678' → '+254712345678';
 * '+44 20 7946 0958' → '+442079460958'.
 */
export function toE164Phone(input: string): string | null {
  if (input.length > MAX_INPUT_LENGTH) return null;
  let compact = input.replace(SEPARATORS, '');
  if (compact.startsWith('00')) compact = `+${compact.slice(2)}`; // the international dialling prefix
  if (compact.startsWith(`+${KENYA}`) || compact.startsWith(KENYA)) {
    // '+254 0722…' (the trunk 0 kept by habit) is still the same number.
    const national = compact.replace(/^\+?254/, '').replace(/^0/, '');
    const number = kenyan(national);
    if (number !== null || compact.startsWith('+')) return number;
  }
  if (compact.startsWith('+')) return INTERNATIONAL.test(compact) ? compact : null;
  if (/^0[1-9]/.test(compact)) return kenyan(compact.slice(1));
  if (/^[17]/.test(compact)) return kenyan(compact);
  return null;
}

/** How a stored number is shown: '+254722000111' → '+254 722 000 111'; others as stored. */
export function formatPhone(e164: string): string {
  const match = /^\+254(\d{3})(\d{3})(\d{3})$/.exec(e164);
  return match ? `+254 ${match[1]} ${match[2]} ${match[3]}` : e164;
}
