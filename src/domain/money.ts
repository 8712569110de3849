// Money is always integer cents; floats only ever appear at the edges
// (parsing input, formatting output) and go through exact decimal helpers.
import { decimalParts, divideRounded, scaleToInteger, toSafeInteger } from './decimal';

export type Cents = number;

export function isCents(value: unknown): value is Cents {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

function assertInteger(value: number, label: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${label} must be a safe integer, got ${value}`);
}

// Optional sign, digits, optional fraction: "12", "-0.5", ".5", "12.".
const DECIMAL_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/**
 * Parses an amount in KES ("1234.5", " 12 ", 1234.56) into cents.
 * More than two decimals are rounded half-up (away from zero for negatives).
 * Throws RangeError on anything that is not a plain decimal number.
 */
export function toCents(value: string | number): Cents {
  if (typeof value === 'number') return toSafeInteger(scaleToInteger(decimalParts(value), 100n));
  const match = DECIMAL_TEXT.exec(value.trim());
  const whole = match?.[2] ?? '';
  const fraction = match?.[3] ?? '';
  if (!match || (whole === '' && fraction === '')) throw new RangeError(`Not an amount: "${value}"`);
  const mantissa = BigInt(`${match[1] ?? ''}${whole || '0'}${fraction}`);
  return toSafeInteger(scaleToInteger({ mantissa, scale: fraction.length }, 100n));
}

// An amount as a person types it in a form: whole shillings with optional thousands separators in
// their places ("1,100", "12,500.50") or none ("1100"), at most 9 digits, at most two decimals.
const TYPED_AMOUNT = /^(?:\d{1,3}(?:,\d{3}){1,2}|\d{1,9})(?:\.\d{1,2})?$/;

/** A typed amount in KES ("1,100", " 450.50 ") as cents; null when it is not one. */
export function typedAmountToCents(text: string): Cents | null {
  const trimmed = text.trim();
  return TYPED_AMOUNT.test(trimmed) ? toCents(trimmed.replace(/,/g, '')) : null;
}

/** 123450 → "1234.50", -5 → "-0.05"; the wire format for numeric DB columns. */
export function centsToDecimalString(c: Cents): string {
  assertInteger(c, 'Amount');
  const abs = Math.abs(c);
  const sign = c < 0 ? '-' : '';
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 123400 → "1,234.00": the number part shared by every price label. */
export function formatAmount(c: Cents): string {
  const [whole = '0', fraction = '00'] = centsToDecimalString(c).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

export function formatKES(c: Cents): string {
  return `KES ${formatAmount(c)}`;
}

export function multiplyCents(c: Cents, qty: number): Cents {
  assertInteger(c, 'Amount');
  assertInteger(qty, 'Quantity');
  const result = c * qty;
  if (!Number.isSafeInteger(result)) throw new RangeError('Amount out of range');
  return result;
}

/** c × basisPoints / 10 000, rounded half-up to the cent (1600 bp = 16%). */
export function applyRateBp(c: Cents, basisPoints: number): Cents {
  assertInteger(c, 'Amount');
  assertInteger(basisPoints, 'Basis points');
  return toSafeInteger(divideRounded(BigInt(c) * BigInt(basisPoints), 10_000n));
}

export function sumCents(list: readonly Cents[]): Cents {
  let total = 0;
  for (const c of list) {
    assertInteger(c, 'Amount');
    total += c;
  }
  if (!Number.isSafeInteger(total)) throw new RangeError('Amount out of range');
  return total;
}
