// Spreading one order discount over its lines in whole units (cents, or whole shillings when prices
// include VAT) by largest remainder: each line gets its share of the discount in proportion to what
// it costs, the leftover units go to the lines with the largest remainders (earlier lines first on a
// tie), and no line is ever discounted below zero. The per-line discounts add up exactly to the total.
import type { Cents } from './money';
import { sumCents } from './money';

/**
 * `totalCents` spread over `amounts` in multiples of `unitCents`. The total is first brought down to
 * a multiple of the unit and to what the lines can carry, so the result may be less than asked.
 */
export function allocateDiscount(totalCents: Cents, amounts: readonly Cents[], unitCents: Cents = 1): Cents[] {
  if (!Number.isSafeInteger(totalCents) || totalCents < 0)
    throw new RangeError(`Discount must be a non-negative integer, got ${totalCents}`);
  if (!Number.isSafeInteger(unitCents) || unitCents < 1) throw new RangeError(`Unit must be a positive integer, got ${unitCents}`);
  // What each line can carry, in units: never more than the line costs.
  const caps = amounts.map((a) => Math.floor(Math.max(0, a) / unitCents));
  const base = sumCents(amounts.map((a) => Math.max(0, a)));
  let units = Math.min(Math.floor(totalCents / unitCents), sumCents(caps));
  const shares = amounts.map(() => 0);
  if (units === 0 || base === 0) return shares;
  // Exact proportional shares in BigInt: units × amount / base, floored, with the remainder kept.
  const remainders = amounts.map((a, i) => {
    const numerator = BigInt(units) * BigInt(Math.max(0, a));
    const whole = Math.min(Number(numerator / BigInt(base)), caps[i] ?? 0);
    shares[i] = whole;
    return { i, rest: numerator % BigInt(base) };
  });
  units -= sumCents(shares);
  const order = [...remainders].sort((x, y) => (x.rest === y.rest ? x.i - y.i : x.rest > y.rest ? -1 : 1));
  // Leftover units, one per line by largest remainder, again while any line still has room.
  while (units > 0) {
    for (const { i } of order) {
      if (units === 0) break;
      if ((shares[i] ?? 0) < (caps[i] ?? 0)) {
        shares[i] = (shares[i] ?? 0) + 1;
        units -= 1;
      }
    }
  }
  return shares.map((s) => s * unitCents);
}
