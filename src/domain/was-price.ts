// A 'was' price (a variant's compare-at price): shown struck through beside the price, and only
// when it is higher than the price; the words read out are 'Was KES 1,500.00'.
import { formatKES, type Cents } from './money';

/** The 'was' price to show beside `priceCents`, or null when there is none worth showing. */
export const wasPriceShown = (priceCents: Cents, compareAtCents: Cents | null | undefined): Cents | null =>
  compareAtCents != null && compareAtCents > priceCents ? compareAtCents : null;

/** 'Was KES 1,500.00': what a screen reader reads for the struck-through price. */
export const wasPriceLabel = (cents: Cents) => `Was ${formatKES(cents)}`;
