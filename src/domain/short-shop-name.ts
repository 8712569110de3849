// Its own module, not with the other text helpers: the storefront's header (first download) needs only this.

/**
 * The shop's name where a phone's header has little room: its first two words ('Lake Victoria
 * Aquaculture' → 'Lake Victoria'), so the customer still reads whose shop this is. One or two words
 * stay as they are.
 */
export function shortShopName(name: string): string {
  const words = name.trim().split(/\s+/);
  return words.slice(0, 2).join(' ');
}
