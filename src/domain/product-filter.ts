// The shop's product filter on /shop: a category button and a search box. The server
// applies it to the published catalogue; the rule lives here so it is stated once.

export type FilterableProduct = { name: string; description: string; category: string };

export type ProductFilter = {
  /** Exact category ('fish'); empty or undefined means All. */
  category?: string | undefined;
  /** Free text; matched case-insensitively against name, description and category. */
  search?: string | undefined;
};

/** Trimmed, single-spaced, lower-case search text ('' when none). */
export function normalizeSearch(search: string | undefined): string {
  return (search ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
}

export function matchesProductFilter(product: FilterableProduct, filter: ProductFilter): boolean {
  const category = (filter.category ?? '').trim().toLowerCase();
  if (category !== '' && product.category.toLowerCase() !== category) return false;
  const search = normalizeSearch(filter.search);
  if (search === '') return true;
  const haystack = `${product.name} ${product.description} ${product.category}`.replace(/\s+/g, ' ').toLowerCase();
  // Every word must appear somewhere, so 'tilapia fillet' finds 'Tilapia Fillets (500 g)'.
  return search.split(' ').every((word) => haystack.includes(word));
}

/** Distinct categories in alphabetical order: the filter buttons after 'All'. */
export function distinctCategories(products: readonly { category: string }[]): string[] {
  return [...new Set(products.map((p) => p.category))].sort();
}
