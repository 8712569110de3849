// Catalogue reads: the shop's list one page at a time (filtered and paged in SQL through the
// indexes of migration 0022_product_search.sql), the published products in one query for the
// product pages and featured products, plus the cart re-check.
import { and, asc, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Cents } from '@/domain/money';
import type { TaxBand } from '@/domain/tax-bands';
import { normalizeSearch, SHOP_PAGE_SIZE, type ProductFilter } from '@/domain/product-filter';
import type { DbOrTx } from '../../db/client';
import { productSlugRedirects, products } from '../../db/schema';
import { likePattern } from '../../back-office/admin-paging';

export interface ProductDto {
  id: string;
  name: string;
  slug: string;
  description: string;
  category: string;
  /** Integer cents: KES 650.00 is 65000. */
  priceCents: Cents;
  /** The VAT band (A to E): the cart and checkout show the VAT the order will be charged. */
  taxBand: TaxBand;
  stock: number;
  imageUrl: string | null;
  featured: boolean;
}

export interface ProductListDto {
  /** One page of the filtered products, in name order. */
  products: ProductDto[];
  /** All categories of the published catalogue (the filter buttons), whatever the filter. */
  categories: string[];
  /** How many products the shop sells at all: 0 means 'No products available at the moment.' */
  total: number;
  /** This page's number (1-based). */
  page: number;
  /** The page after this one, or null when this is the last. */
  nextPage: number | null;
}

/** What the whole catalogue shows on every page of the list: its categories and its size. */
export interface CatalogueSummary {
  categories: string[];
  total: number;
}

const FEATURED_COUNT = 4;

const columns = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  description: products.description,
  category: products.category,
  price: products.price,
  taxBand: products.taxBand,
  stock: products.stock,
  imageUrl: products.imageUrl,
  featured: products.featured,
};

const onSale = and(eq(products.published, true), isNull(products.archivedAt));

/** The price column (already integer cents) under its wire name. */
function toDto({ price, ...row }: Omit<ProductDto, 'priceCents'> & { price: Cents }): ProductDto {
  return { ...row, priceCents: price };
}

export async function listPublishedProducts(db: DbOrTx): Promise<ProductDto[]> {
  const rows = await db.select(columns).from(products).where(onSale).orderBy(asc(products.name), asc(products.id));
  return rows.map(toDto);
}

/** The published categories with their counts, read through the on-sale category index. */
export async function catalogueSummary(db: DbOrTx): Promise<CatalogueSummary> {
  const rows = await db
    .select({ category: products.category, n: count() })
    .from(products)
    .where(onSale)
    .groupBy(products.category)
    .orderBy(asc(products.category));
  return { categories: rows.map((r) => r.category), total: rows.reduce((sum, r) => sum + Number(r.n), 0) };
}

/**
 * The filter in SQL: the category exactly, and every search word somewhere in search_text (name,
 * category and keywords without case or accents), which its trigram index answers.
 */
function filterWhere(filter: ProductFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [onSale];
  const category = (filter.category ?? '').trim().toLowerCase();
  if (category !== '') conditions.push(eq(products.category, category));
  const search = normalizeSearch(filter.search);
  for (const word of search === '' ? [] : search.split(' ')) {
    conditions.push(sql`${products.searchText} like ${likePattern(word)}`);
  }
  return and(...conditions);
}

/** One page of the filtered list in name order, and one row more: whether another page follows. */
export function productPageQuery(db: DbOrTx, filter: ProductFilter, page: number, pageSize = SHOP_PAGE_SIZE) {
  return db
    .select(columns)
    .from(products)
    .where(filterWhere(filter))
    .orderBy(asc(products.name), asc(products.id))
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize);
}

export async function listProductPage(
  db: DbOrTx,
  filter: ProductFilter,
  page: number,
): Promise<{ products: ProductDto[]; page: number; nextPage: number | null }> {
  const rows = await productPageQuery(db, filter, page);
  const more = rows.length > SHOP_PAGE_SIZE;
  return { products: rows.slice(0, SHOP_PAGE_SIZE).map(toDto), page, nextPage: more ? page + 1 : null };
}

export function featuredProducts(all: readonly ProductDto[]): ProductDto[] {
  return all.filter((p) => p.featured).slice(0, FEATURED_COUNT);
}

export interface ProductPageDto {
  product: ProductDto;
  /** Up to 4 other products of the same category. */
  related: ProductDto[];
}

/** /shop/{slug}: the product, or where an earlier slug of it now lives, or nothing (404). */
export type ProductPageAnswer = ProductPageDto | { movedTo: string };

const RELATED_COUNT = 4;

/** The product page from the published list: in-stock neighbours of its category come first. */
export function productPageFrom(all: readonly ProductDto[], slug: string): ProductPageDto | null {
  const product = all.find((p) => p.slug === slug);
  if (!product) return null;
  const others = all.filter((p) => p.category === product.category && p.id !== product.id);
  const related = [...others.filter((p) => p.stock > 0), ...others.filter((p) => p.stock === 0)].slice(0, RELATED_COUNT);
  return { product, related };
}

/** The current slug of the published product that once had `slug`, if any. */
export async function movedProductSlug(db: DbOrTx, slug: string): Promise<string | null> {
  const [row] = await db
    .select({ slug: products.slug })
    .from(productSlugRedirects)
    .innerJoin(products, eq(products.id, productSlugRedirects.productId))
    .where(and(eq(productSlugRedirects.slug, slug), onSale));
  return row?.slug ?? null;
}

export type CartCheckItem =
  | {
      productId: string;
      available: true;
      name: string;
      priceCents: Cents;
      taxBand: TaxBand;
      stock: number;
      imageUrl: string | null;
      category: string;
    }
  | { productId: string; available: false };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Current price and stock of each product in a cart, read fresh (never cached): the cart page shows
 * what checkout will charge. Ids that are not ours (old carts, tampering) are simply not available.
 */
export async function checkCartProducts(db: DbOrTx, productIds: readonly string[]): Promise<CartCheckItem[]> {
  const ids = [...new Set(productIds.filter((id) => UUID.test(id)).map((id) => id.toLowerCase()))];
  const rows =
    ids.length === 0
      ? []
      : await db
          .select(columns)
          .from(products)
          .where(and(onSale, inArray(products.id, ids)));
  const found = new Map(rows.map((row) => [row.id, toDto(row)]));
  return productIds.map((productId) => {
    const p = found.get(productId.toLowerCase());
    if (!p) return { productId, available: false };
    return {
      productId,
      available: true,
      name: p.name,
      priceCents: p.priceCents,
      taxBand: p.taxBand,
      stock: p.stock,
      imageUrl: p.imageUrl,
      category: p.category,
    };
  });
}
