// The back office's 'was' price field (a variant's compare-at price): typed in KES, empty for none,
// and more than the price it stands beside. The API checks the same rules (cents, or null).
import { z } from 'zod';
import { typedAmountToCents, type Cents } from './money';

// KES 1,000,000: the highest price a product may have.
const MAX_CENTS = 100_000_000;

export const WAS_PRICE_MESSAGES = {
  typed: "'Was' price must be an amount in KES like 1500, or empty for none",
  notMore: "The 'was' price must be more than the price",
} as const;

/** compareAtPriceCents in an API body: whole cents, or null to take the 'was' price away. */
export const compareAtCentsRule = z
  .number({ error: WAS_PRICE_MESSAGES.typed })
  .int({ error: WAS_PRICE_MESSAGES.typed })
  .min(1, { error: WAS_PRICE_MESSAGES.typed })
  .max(MAX_CENTS, { error: WAS_PRICE_MESSAGES.typed })
  .nullable();

/** The field as typed: '' is none (null), else KES as cents. */
export const typedCompareAt = z.string({ error: WAS_PRICE_MESSAGES.typed }).transform((text, ctx): Cents | null => {
  if (text.trim() === '') return null;
  const cents = typedAmountToCents(text);
  if (cents === null || cents < 1) {
    ctx.addIssue({ code: 'custom', message: WAS_PRICE_MESSAGES.typed });
    return z.NEVER;
  }
  return cents;
});

/** A 'was' price that is not above the price is refused: the shop would show no saving. */
export const compareAtFits = (priceCents: Cents, compareAtCents: Cents | null) => compareAtCents === null || compareAtCents > priceCents;
