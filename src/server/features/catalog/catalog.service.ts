// Catalogue reads: the shop's list one page at a time (filtered and paged in SQL through the
// indexes of migration 0022_product_search.sql), the published products in one query for the
// product pages and featured products, plus the cart re-check. The storefront counts whole pieces:
// a product keeping its stock in kg shows the pieces its grams make (src/domain/stock-units.ts).
import { and, asc, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Cents } from '@/domain/money';
import { lineName } from '@/domain/product-variants';
import type { TaxBand } from '@/domain/tax-bands';
import { piecesAvailable, type StockUnit } from '@/domain/stock-units';
import { normalizeSearch, SHOP_PAGE_SIZE, type ProductFilter } from '@/domain/product-filter';
import type { DbOrTx } from '../../db/client';
import { productOptions, productOptionValues, productSlugRedirects, products, productVariants } from '../../db/schema';
import { likePattern } from '../../back-office/admin-paging';
import { variantNames } from '../inventory/variant-names';

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
  /** Whole pieces to sell, summed over the enabled variants. */
  stock: number;
  imageUrl: string | null;
  featured: boolean;
  // Present only when they say something, so a product without options reads as it always did.
  /** The customer picks options on the product's page (the card opens it instead of adding). */
  hasChoices?: true;
  /** The variants differ in price: the card says 'from' before the lowest. */
  fromPrice?: true;
  /** A product without options: its weight in grams (for the price per kg). */
  weightGrams?: number;
  /** Sold by the kilo: the price of one kg, from which each variant's price follows its weight. */
  pricePerKgCents?: Cents;
  /** The 'was' price of the variant the card's price is, when it is higher: shown struck through. */
  compareAtCents?: Cents;
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
  pricePerKg: products.pricePerKg,
};

const onSale = and(eq(products.published, true), isNull(products.archivedAt));

type ProductRow = Omit<ProductDto, 'priceCents' | 'hasChoices' | 'fromPrice' | 'weightGrams' | 'pricePerKgCents' | 'compareAtCents'> & {
  price: Cents;
  pricePerKg: Cents | null;
};

/** A product row as listed: its stock in its unit, and (kept in kg) each enabled variant's grams and weight. */
type ListedRow = ProductRow & { stockUnit: StockUnit; variantStocks: unknown };

/** The pieces a product kept in kg can sell: each enabled variant's whole pieces, summed. */
function piecesOf({ stockUnit, variantStocks, ...row }: ListedRow): ProductRow {
  if (stockUnit === 'piece' || !Array.isArray(variantStocks)) return row;
  const stock = (variantStocks as [number, number | null][]).reduce(
    (sum, [grams, weight]) => sum + piecesAvailable('kg', grams, weight),
    0,
  );
  return { ...row, stock };
}

/** The price column (already integer cents) under its wire name; products.price is the lowest enabled variant's. */
function toDto({ price, pricePerKg, ...row }: ProductRow, summary?: VariantSummary): ProductDto {
  return {
    ...row,
    priceCents: price,
    ...(pricePerKg !== null && { pricePerKgCents: pricePerKg }),
    ...(summary?.hasChoices && { hasChoices: true }),
    ...(summary?.fromPrice && { fromPrice: true }),
    ...(summary?.weightGrams != null && { weightGrams: summary.weightGrams }),
    ...(summary?.compareAtCents != null && summary.compareAtCents > price && { compareAtCents: summary.compareAtCents }),
  };
}

interface VariantSummary {
  hasChoices: boolean;
  fromPrice: boolean;
  weightGrams: number | null;
  compareAtCents?: number | null;
}

// What a card needs of each product's enabled variants, read in the list's one query.
const enabledVariants = sql`from ${productVariants} v where v.product_id = ${products.id} and v.enabled`;
const listColumns = {
  ...columns,
  stockUnit: products.stockUnit,
  variantStocks: sql<unknown>`case when ${products.stockUnit} = 'kg' then
    (select coalesce(json_agg(json_build_array(v.stock, v.weight_grams)), '[]'::json) ${enabledVariants}) end`,
  hasChoices: sql<boolean>`exists (select 1 ${enabledVariants} and cardinality(v.option_value_ids) > 0)`.mapWith(Boolean),
  fromPrice: sql<boolean>`(select count(distinct v.price) > 1 ${enabledVariants})`.mapWith(Boolean),
  weightGrams: sql<
    number | null
  >`(select case when count(*) = 1 and bool_and(cardinality(v.option_value_ids) = 0) then max(v.weight_grams) end ${enabledVariants})`,
  // The 'was' price of a variant at the card's price (the lowest), in cents.
  compareAtCents: sql<unknown>`(select (max(v.compare_at_price) * 100)::bigint ${enabledVariants} and v.price = ${products.price})`,
};

/** A row read with listColumns: the product and what its variants say about it. */
function listDto({
  hasChoices,
  fromPrice,
  weightGrams,
  compareAtCents,
  ...row
}: ListedRow & { hasChoices: boolean; fromPrice: boolean; weightGrams: unknown; compareAtCents: unknown }) {
  return toDto(piecesOf(row), {
    hasChoices,
    fromPrice,
    weightGrams: weightGrams === null ? null : Number(weightGrams),
    compareAtCents: compareAtCents === null ? null : Number(compareAtCents),
  });
}

export async function listPublishedProducts(db: DbOrTx): Promise<ProductDto[]> {
  const rows = await db.select(listColumns).from(products).where(onSale).orderBy(asc(products.name), asc(products.id));
  return rows.map(listDto);
}

export interface ProductChoicesDto {
  /** The option kinds in order, each with its enabled values in order; empty without options. */
  options: { id: string; name: string; values: { id: string; value: string }[] }[];
  /** The enabled variants (one, the implicit one, without options). */
  variants: {
    id: string;
    /** 'Large, Scaled & gutted'; '' for the implicit variant. */
    name: string;
    optionValueIds: string[];
    priceCents: Cents;
    /** The 'was' price, shown struck through when higher than the price; null for none. */
    compareAtPriceCents: Cents | null;
    /** Whole pieces to sell. */
    stock: number;
    weightGrams: number | null;
    imageUrl: string | null;
    sku: string | null;
  }[];
}

/** A product page's options and variants: only enabled values, and variants all of whose values are enabled. */
export async function productChoices(db: DbOrTx, productId: string): Promise<ProductChoicesDto> {
  const options = await db
    .select({ id: productOptions.id, name: productOptions.name })
    .from(productOptions)
    .where(eq(productOptions.productId, productId))
    .orderBy(asc(productOptions.position), asc(productOptions.id));
  const values =
    options.length === 0
      ? []
      : await db
          .select({ id: productOptionValues.id, optionId: productOptionValues.optionId, value: productOptionValues.value })
          .from(productOptionValues)
          .where(
            and(
              inArray(
                productOptionValues.optionId,
                options.map((o) => o.id),
              ),
              eq(productOptionValues.enabled, true),
            ),
          )
          .orderBy(asc(productOptionValues.position), asc(productOptionValues.id));
  const enabledValues = new Set(values.map((v) => v.id));
  const [product] = await db.select({ stockUnit: products.stockUnit }).from(products).where(eq(products.id, productId));
  const unit = product?.stockUnit ?? 'piece';
  const variants = (
    await db
      .select()
      .from(productVariants)
      .where(and(eq(productVariants.productId, productId), eq(productVariants.enabled, true)))
      .orderBy(asc(productVariants.position), asc(productVariants.id))
  ).filter((v) => v.optionValueIds.every((id) => enabledValues.has(id)) && v.optionValueIds.length === options.length);
  const names = await variantNames(db, variants);
  return {
    options: options.map((o) => ({
      id: o.id,
      name: o.name,
      values: values.filter((v) => v.optionId === o.id).map(({ id, value }) => ({ id, value })),
    })),
    variants: variants.map((v) => ({
      id: v.id,
      name: names.get(v.id) ?? '',
      optionValueIds: v.optionValueIds,
      priceCents: v.price,
      compareAtPriceCents: v.compareAtPrice,
      stock: piecesAvailable(unit, v.stock, v.weightGrams),
      weightGrams: v.weightGrams,
      imageUrl: v.imageUrl,
      sku: v.sku,
    })),
  };
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
    .select(listColumns)
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
  return { products: rows.slice(0, SHOP_PAGE_SIZE).map(listDto), page, nextPage: more ? page + 1 : null };
}

export function featuredProducts(all: readonly ProductDto[]): ProductDto[] {
  return all.filter((p) => p.featured).slice(0, FEATURED_COUNT);
}

export interface ProductPageDto {
  product: ProductDto;
  options: ProductChoicesDto['options'];
  variants: ProductChoicesDto['variants'];
  /** Up to 4 other products of the same category. */
  related: ProductDto[];
}

/** /shop/{slug}: the product, or where an earlier slug of it now lives, or nothing (404). */
export type ProductPageAnswer = ProductPageDto | { movedTo: string };

type ProductPageBase = Omit<ProductPageDto, 'options' | 'variants'>;

const RELATED_COUNT = 4;

/** The product page from the published list: in-stock neighbours of its category come first. */
export function productPageFrom(all: readonly ProductDto[], slug: string): ProductPageBase | null {
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
      /** The variant asked about; absent for a line without one (the implicit variant). */
      variantId?: string;
      available: true;
      /** The variant's weight in grams, when it has one (the price per kg). */
      weightGrams?: number;
      /** Sold by the kilo: the price of one kg (the line's price is an estimate until weighed). */
      pricePerKgCents?: Cents;
      name: string;
      priceCents: Cents;
      taxBand: TaxBand;
      stock: number;
      imageUrl: string | null;
      category: string;
    }
  | { productId: string; variantId?: string; available: false };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Current price and stock of each cart line, read fresh (never cached): the cart page shows what
 * checkout will charge. A line names its variant, or none for a product without options (its
 * implicit variant). Ids that are not ours (old carts, tampering) are simply not available, and so
 * is a product with options asked about without a variant.
 */
export async function checkCartProducts(
  db: DbOrTx,
  items: readonly { productId: string; variantId?: string | undefined }[],
): Promise<CartCheckItem[]> {
  const ids = [
    ...new Set(
      items
        .map((i) => i.productId)
        .filter((id) => UUID.test(id))
        .map((id) => id.toLowerCase()),
    ),
  ];
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({ ...columns, stockUnit: products.stockUnit })
          .from(products)
          .where(and(onSale, inArray(products.id, ids)));
  const variants =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(productVariants)
          .where(and(inArray(productVariants.productId, ids), eq(productVariants.enabled, true)));
  const names = await variantNames(db, variants);
  const found = new Map(rows.map((row) => [row.id, row]));
  return items.map(({ productId, variantId }) => {
    const asked = variantId === undefined ? {} : { variantId };
    const p = found.get(productId.toLowerCase());
    const v = variants.find((x) =>
      variantId === undefined
        ? x.productId === p?.id && x.optionValueIds.length === 0
        : x.id === variantId.toLowerCase() && x.productId === p?.id,
    );
    if (!p || !v) return { productId, ...asked, available: false };
    return {
      productId,
      ...asked,
      available: true,
      name: lineName(p.name, names.get(v.id) ?? ''),
      priceCents: v.price,
      taxBand: p.taxBand,
      stock: piecesAvailable(p.stockUnit, v.stock, v.weightGrams),
      imageUrl: v.imageUrl ?? p.imageUrl,
      category: p.category,
      ...(v.weightGrams !== null && { weightGrams: v.weightGrams }),
      ...(p.pricePerKg !== null && { pricePerKgCents: p.pricePerKg }),
    };
  });
}
