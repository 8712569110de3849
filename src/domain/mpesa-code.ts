// An M-Pesa transaction code, as the owner types it from the confirmation SMS of a refund sent by
// hand: ten capital letters and digits ('QGH7XK2P1L'). Spaces and small letters are forgiven.

const MPESA_CODE_PATTERN = /^[A-Z0-9]{10}$/;

export const MPESA_CODE_MESSAGE = 'An M-Pesa code is 10 letters and digits, like QGH7XK2P1L.';

/** The code as stored: without spaces, in capitals. */
export function normaliseMpesaCode(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase();
}

export function isMpesaCode(text: string): boolean {
  return MPESA_CODE_PATTERN.test(normaliseMpesaCode(text));
}
