// How much of a variant's stock unpaid orders may hold. Every checkout reserves its units while the
// customer pays; accounts cost nothing, so without a bound a few of them could keep a fish 'Out of
// Stock' for everyone without paying. Unpaid orders hold at most a share of what is left to sell;
// an order past that share is placed without holding its units, which go to whoever pays first.

/**
 * How many units unpaid orders may hold at once: `sharePercent` of the units left to sell (free
 * plus those unpaid orders hold now), rounded down.
 */
export function unpaidUnits(sellable: number, sharePercent: number): number {
  return Math.floor((sellable * sharePercent) / 100);
}

/** Whether a new unpaid order may hold `quantity` more units, given what unpaid orders hold now. */
export function mayHoldUnits(free: number, heldUnpaid: number, quantity: number, sharePercent: number): boolean {
  return quantity <= free && heldUnpaid + quantity <= unpaidUnits(free + heldUnpaid, sharePercent);
}

/** What checkout tells a customer whose lines were placed without holding their units. */
export function payFirstStockNotice(names: readonly string[]): string {
  const list = names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `The last ${list} in stock go to the customers who pay first: pay now and they are yours.`;
}
