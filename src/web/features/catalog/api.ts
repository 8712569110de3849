// The catalogue API as the browser calls it (types come from the server, code does not).
import { queryOptions } from '@tanstack/react-query';
import type { CartProduct } from '@/domain/cart';
import { toCents } from '@/domain/money';
import type {
  CartCheckItem,
  ProductDto,
  ProductListDto,
  ProductPageAnswer,
  ProductPageDto,
} from '@/server/features/catalog/catalog.service';
import { ApiError, apiFetch } from '../../lib/api';

export type { CartCheckItem, ProductDto, ProductListDto, ProductPageAnswer, ProductPageDto };

export type ShopFilter = { category: string; search: string };

/**
 * Stock and availability change under an open page (sales, the merchant's edits): product lists go
 * stale after 10 s and are read again on the next visit or when the tab regains focus. The server
 * answers an unchanged list with a 304, so this costs little.
 */
const PRODUCT_FRESHNESS = { staleTime: 10_000, refetchOnWindowFocus: true } as const;

/** The /shop filter as its address holds it (?category=fish&search=tilapia). */
export function shopFilterFrom(params: URLSearchParams): ShopFilter {
  // Categories are stored lowercase; a shared link saying 'Fish' still selects the Fish button.
  return { category: (params.get('category') ?? '').trim().toLowerCase(), search: (params.get('search') ?? '').trim() };
}

export function productsQuery(filter: ShopFilter) {
  const params = new URLSearchParams();
  if (filter.category) params.set('category', filter.category);
  if (filter.search) params.set('search', filter.search);
  const query = params.toString();
  return queryOptions({
    queryKey: ['catalog', 'products', filter],
    queryFn: () => apiFetch<ProductListDto>(`/api/catalog/products${query ? `?${query}` : ''}`),
    ...PRODUCT_FRESHNESS,
  });
}

export const featuredProductsQuery = queryOptions({
  queryKey: ['catalog', 'featured'],
  queryFn: () => apiFetch<{ products: ProductDto[] }>('/api/catalog/products/featured'),
  ...PRODUCT_FRESHNESS,
});

/** /shop/{slug}: the product with up to 4 others of its category, or the slug it moved to. */
export function productPageQuery(slug: string) {
  return queryOptions({
    queryKey: ['catalog', 'product', slug],
    queryFn: () => apiFetch<ProductPageAnswer>(`/api/catalog/products/by-slug/${encodeURIComponent(slug)}`),
    // A 404 will not change by asking again.
    retry: (failures: number, error: unknown) => failures < 1 && !(error instanceof ApiError && error.status < 500),
    ...PRODUCT_FRESHNESS,
  });
}

export function checkCart(items: { productId: string; quantity: number }[]) {
  return apiFetch<{ items: CartCheckItem[] }>('/api/catalog/cart-check', { method: 'POST', json: { items } });
}

/** What the cart keeps of a product (prices in cents, from the API's decimal string). */
export function toCartProduct(p: ProductDto): CartProduct {
  return { productId: p.id, name: p.name, priceCents: toCents(p.price), imageUrl: p.imageUrl, category: p.category, stock: p.stock };
}
