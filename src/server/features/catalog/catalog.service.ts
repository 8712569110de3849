// Catalogue reads: the published, unarchived products in one query, plus the cart re-check.
// The filter (category + search) runs in memory on that one list with the rule from src/domain:
// a fish-and-chicken shop's catalogue is small, and every filtered answer then costs no query.
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Cents } from '@/domain/money';
import type { TaxBand } from '@/domain/tax-bands';
import { distinctCategories, matchesProductFilter, type ProductFilter } from '@/domain/product-filter';
import type { DbOrTx } from '../../db/client';
import { productSlugRedirects, products } from '../../db/schema';

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
  products: ProductDto[];
  /** All categories of the published catalogue (the filter buttons), whatever the filter. */
  categories: string[];
  /** How many products the shop sells at all: 0 means 'No products available at the moment.' */
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

export function filterProductList(all: readonly ProductDto[], filter: ProductFilter): ProductListDto {
  return {
    products: all.filter((p) => matchesProductFilter(p, filter)),
    categories: distinctCategories(all),
    total: all.length,
  };
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
