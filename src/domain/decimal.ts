// Exact decimal arithmetic for money and distances. Floats are read through
// their shortest round-trip text ("5.01"), so 5.01 × 800 is exactly 4008 and
// never 4007.9999…; the arithmetic itself runs on BigInt so nothing drifts.

/** A decimal value equal to mantissa × 10^-scale (scale may be negative). */
export type DecimalParts = { mantissa: bigint; scale: number };

const NUMBER_TEXT = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/;

export function decimalParts(value: number): DecimalParts {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
  const match = NUMBER_TEXT.exec(String(value));
  if (!match) throw new RangeError(`Cannot read number: ${value}`);
  const sign = match[1] ?? '';
  const whole = match[2] ?? '0';
  const fraction = match[3] ?? '';
  const exponent = Number(match[4] ?? '0');
  return { mantissa: BigInt(`${sign}${whole}${fraction}`), scale: fraction.length - exponent };
}

/** numerator / denominator rounded half away from zero (half-up for amounts ≥ 0). */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('Denominator must be positive');
  const quotient = numerator / denominator; // BigInt division truncates toward zero
  const remainder = numerator % denominator;
  const absRemainder = remainder < 0n ? -remainder : remainder;
  if (2n * absRemainder >= denominator) return quotient + (numerator < 0n ? -1n : 1n);
  return quotient;
}

/** mantissa × 10^-scale × multiplier, rounded half away from zero to an integer. */
export function scaleToInteger(parts: DecimalParts, multiplier: bigint): bigint {
  const product = parts.mantissa * multiplier;
  if (parts.scale <= 0) return product * 10n ** BigInt(-parts.scale);
  return divideRounded(product, 10n ** BigInt(parts.scale));
}

/** Back to a JS number, refusing values that would lose precision. */
export function toSafeInteger(value: bigint): number {
  const result = Number(value);
  if (!Number.isSafeInteger(result)) throw new RangeError(`Value out of safe integer range: ${value}`);
  return result;
}

/** round(value × multiplier), exact on value's decimal text; multiplier must be an integer. */
export function roundedProduct(value: number, multiplier: number): number {
  if (!Number.isSafeInteger(multiplier)) throw new RangeError(`Multiplier must be an integer: ${multiplier}`);
  return toSafeInteger(scaleToInteger(decimalParts(value), BigInt(multiplier)));
}
