// The shop's product filter on /shop: a category button, a search box and the page of the list.
// The server applies it to the published catalogue in SQL (products.search_text, migration
// 0022_product_search.sql, folds the same accents and case as normalizeSearch does here).

export type ProductFilter = {
  /** Exact category ('fish'); empty or undefined means All. */
  category?: string | undefined;
  /** Free text; every word must appear in the product's name, category or search keywords. */
  search?: string | undefined;
};

/** Products on one page of /shop and of the product list API. */
export const SHOP_PAGE_SIZE = 24;

/** The last page the list reads: 10,000 × 24 products is far past any catalogue. */
export const LAST_SHOP_PAGE = 10_000;

// The accented letters folded to their plain ones, as the search_text column folds them.
const ACCENTED = 'ÀÁÂÃÄÅàáâãäåÈÉÊËèéêëÌÍÎÏìíîïÒÓÔÕÖòóôõöÙÚÛÜùúûüÑñÇçÝýÿ';
const PLAIN = 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuNnCcYyy';
const FOLD = new Map([...ACCENTED].map((c, i) => [c, PLAIN[i]!]));

/** Trimmed, single-spaced, lower-case search text without accents ('' when none). */
export function normalizeSearch(search: string | undefined): string {
  const folded = [...(search ?? '').normalize('NFC')].map((c) => FOLD.get(c) ?? c).join('');
  return folded.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * The 1-based page of /shop?page=N. Anything that is not a whole number of 1 or more is the first
 * page; a larger number than LAST_SHOP_PAGE is that page (past the end: no products).
 */
export function shopPageNumber(raw: string | null | undefined): number {
  const n = Number(raw ?? '1');
  if (!Number.isSafeInteger(n) || n < 1) return 1;
  return Math.min(n, LAST_SHOP_PAGE);
}

/** Distinct categories in alphabetical order: the filter buttons after 'All'. */
export function distinctCategories(products: readonly { category: string }[]): string[] {
  return [...new Set(products.map((p) => p.category))].sort();
}
