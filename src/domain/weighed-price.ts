// Fish is sold by the kilo: the owner sets a product's price per kg and each variant's nominal weight
// ('about 700 g'), and each variant's price follows: per-kg price × weight, rounded half-up to the
// cent, or to the whole shilling when the shop's prices include VAT (so totals stay whole shillings
// for M-Pesa). The fish is weighed when packed; the customer is never charged more than shown.
import { divideRounded, toSafeInteger } from './decimal';
import type { Cents } from './money';

/** What the customer reads before paying for a line sold by weight. */
export const WEIGHED_PRICE_RULE = 'You are never charged more than shown; if it weighs less, we refund the difference.';

/** The price of `weightGrams` at `pricePerKgCents` a kilo: KES 1,900/kg × 700 g = KES 1,330. */
export function priceForWeight(pricePerKgCents: Cents, weightGrams: number, wholeShillings: boolean): Cents {
  if (!Number.isSafeInteger(pricePerKgCents) || pricePerKgCents <= 0) {
    throw new RangeError(`Price per kg must be a positive integer of cents, got ${pricePerKgCents}`);
  }
  if (!Number.isSafeInteger(weightGrams) || weightGrams <= 0) throw new RangeError(`Weight must be positive grams, got ${weightGrams}`);
  const product = BigInt(pricePerKgCents) * BigInt(weightGrams);
  return wholeShillings ? toSafeInteger(divideRounded(product, 100_000n)) * 100 : toSafeInteger(divideRounded(product, 1_000n));
}
