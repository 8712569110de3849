// The catalogue API as the browser calls it: paths and answer types come from the server's routes.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { CartProduct } from '@/domain/cart';
import { shopPageNumber } from '@/domain/product-filter';
import { lineName } from '@/domain/product-variants';
import { ApiError } from '../../lib/api';
import type { api } from '../../lib/api-client';
import { viaApi } from '../../lib/lazy-api';

/** GET /api/catalog/products: a page of the filtered products, every category, and how many the shop sells. */
type ProductListDto = InferResponseType<typeof api.catalog.products.$get, 200>;
/** One product as the catalogue answers it (price in integer cents). */
export type ProductDto = ProductListDto['products'][number];

/** The /shop filter, and the page the list starts at (?page=3 from a 'Show more' link without JavaScript). */
export type ShopFilter = { category: string; search: string; page: number };

/**
 * Stock and availability change under an open page (sales, the merchant's edits): product lists go
 * stale after 10 s and are read again on the next visit or when the tab regains focus. The server
 * answers an unchanged list with a 304, so this costs little.
 */
const PRODUCT_FRESHNESS = { staleTime: 10_000, refetchOnWindowFocus: true } as const;

/** The /shop filter as its address holds it (?category=fish&search=tilapia&page=2). */
export function shopFilterFrom(params: URLSearchParams): ShopFilter {
  // Categories are stored lowercase; a shared link saying 'Fish' still selects the Fish button.
  return {
    category: (params.get('category') ?? '').trim().toLowerCase(),
    search: (params.get('search') ?? '').trim(),
    page: shopPageNumber(params.get('page')),
  };
}

/** The address of /shop with this filter from this page on: the 'Show more' link. */
export function shopAddress({ category, search, page }: ShopFilter): string {
  const query = new URLSearchParams({
    ...(category ? { category } : {}),
    ...(search ? { search } : {}),
    ...(page > 1 ? { page: String(page) } : {}),
  });
  return query.size > 0 ? `/shop?${query}` : '/shop';
}

/** The list from the filter's page on; each further page is appended ('Show more', or on scroll). */
export function productsQuery(filter: ShopFilter) {
  // Empty parameters stay out of the address, so every visitor's plain /shop shares one answer.
  const query = { ...(filter.category ? { category: filter.category } : {}), ...(filter.search ? { search: filter.search } : {}) };
  return infiniteQueryOptions({
    queryKey: ['catalog', 'products', filter],
    queryFn: ({ pageParam }) =>
      viaApi((api) => api.catalog.products.$get({ query: pageParam > 1 ? { ...query, page: String(pageParam) } : query })),
    initialPageParam: filter.page,
    // A stubbed or older answer without nextPage has no page after it.
    getNextPageParam: (last) => last.nextPage ?? undefined,
    ...PRODUCT_FRESHNESS,
  });
}

export const featuredProductsQuery = queryOptions({
  queryKey: ['catalog', 'featured'],
  queryFn: () => viaApi((api) => api.catalog.products.featured.$get()),
  ...PRODUCT_FRESHNESS,
});

/** /shop/{slug}: the product with up to 4 others of its category, or the slug it moved to. */
export function productPageQuery(slug: string) {
  return queryOptions({
    queryKey: ['catalog', 'product', slug],
    queryFn: () => viaApi((api) => api.catalog.products['by-slug'][':slug'].$get({ param: { slug: encodeURIComponent(slug) } })),
    // A 404 will not change by asking again.
    retry: (failures: number, error: unknown) => failures < 1 && !(error instanceof ApiError && error.status < 500),
    ...PRODUCT_FRESHNESS,
  });
}

/** One product's page: the product, its options and variants, and others like it. */
export type ProductPageDto = Extract<
  InferResponseType<(typeof api.catalog.products)['by-slug'][':slug']['$get'], 200>,
  { product: unknown }
>;
export type ProductVariantDto = ProductPageDto['variants'][number];

/** What the cart keeps of a product, or of the chosen variant of a product with options. */
export function toCartProduct(p: ProductDto, variant?: ProductVariantDto): CartProduct {
  if (variant && variant.name !== '') {
    return {
      productId: p.id,
      variantId: variant.id,
      name: lineName(p.name, variant.name),
      priceCents: variant.priceCents,
      taxBand: p.taxBand,
      imageUrl: variant.imageUrl ?? p.imageUrl,
      category: p.category,
      stock: variant.stock,
      ...(variant.weightGrams !== null && { weightGrams: variant.weightGrams }),
      ...(p.pricePerKgCents !== undefined && { pricePerKgCents: p.pricePerKgCents }),
    };
  }
  return {
    productId: p.id,
    name: p.name,
    priceCents: p.priceCents,
    taxBand: p.taxBand,
    imageUrl: p.imageUrl,
    category: p.category,
    stock: p.stock,
    ...(p.weightGrams !== undefined && { weightGrams: p.weightGrams }),
    ...(p.pricePerKgCents !== undefined && { pricePerKgCents: p.pricePerKgCents }),
  };
}
