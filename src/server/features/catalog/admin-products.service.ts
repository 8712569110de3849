// Products in the back office: list with filters, create, edit, image, archive and restore.
// Price and stock are the variants' (migration 0031): a new product is written with its implicit
// variant and opening stock (one ledger row), and a price change goes to that variant. Stock never
// changes here otherwise.
import { and, asc, count, desc, eq, getTableColumns, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Cents } from '@/domain/money';
import { DEFAULT_TAX_BAND, type TaxBand } from '@/domain/tax-bands';
import type { Db, DbOrTx } from '../../db/client';
import { productOptions, productSlugRedirects, products, productVariants } from '../../db/schema';
import { insertProducts } from './new-products';
import { badRequest, conflict, notFound } from '../../errors';
import { auditAdmin, type AdminActor } from '../../back-office/admin-access';
import { saveImage, type PreparedImage } from '../media/admin-images';
import { likePattern, offsetOf, pageOf, type Page } from '../../back-office/admin-paging';
import { PRODUCT_MESSAGES, THRESHOLD_LIMITS, type CreateProductInput, type UpdateProductInput } from '@/domain/back-office-forms';
import type { StockUnit } from '@/domain/stock-units';
import type { ProductListQuery, ProductState } from './admin-products.schemas';
import { uniqueSlugFor } from '../../back-office/admin-slugs';
import { WEIGHED_MESSAGES } from './weighed-pricing.service';
import { compareAtFits, WAS_PRICE_MESSAGES } from '@/domain/was-price-form';

export interface AdminProduct {
  id: string;
  name: string;
  slug: string;
  description: string;
  /** Other names the shop's search finds it by (Kiswahili, local). */
  searchKeywords: string;
  category: string;
  priceCents: Cents;
  /** A simple product's 'was' price (its implicit variant's); null for none, or for a product with options. */
  compareAtPriceCents: Cents | null;
  /** The VAT band the product is sold in (A to E). */
  taxBand: TaxBand;
  /** KRA's item class the product is registered under; null: its category's. */
  etimsItemClass: string | null;
  /** The enabled variants' stock summed, in `stockUnit`: pieces, or grams. */
  stock: number;
  /** How the product counts its stock (decision 050): pieces, or kg, where stock and threshold are grams. */
  stockUnit: StockUnit;
  lowStockThreshold: number;
  lowStock: boolean;
  imageUrl: string | null;
  published: boolean;
  featured: boolean;
  archivedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

type ProductRow = typeof products.$inferSelect;

/**
 * Low stock is a variant's: a product is low when any variant it sells is at or under the product's
 * threshold (a product without options has one variant, so this is its own stock).
 */
// Spelled out with the table's name: drizzle writes a column bare, and inside the subquery a bare
// "id" would be the variant's.
const anyVariantLow = sql<boolean>`exists (select 1 from product_variants v
  where v.product_id = "products"."id" and v.enabled and v.stock <= "products"."low_stock_threshold")`;

/** A simple product's 'was' price: its implicit variant's, in cents. */
const implicitCompareAt = sql<number | null>`(select (v.compare_at_price * 100)::bigint from product_variants v
  where v.product_id = "products"."id" and v.option_value_ids = '{}')`.mapWith((v) => (v === null ? null : Number(v)));

/** A product row with whether any of its variants is low on stock, and its 'was' price. */
const productWithLowStock = { ...getTableColumns(products), anyVariantLow, implicitCompareAt };

function toAdminProduct(p: ProductRow & { anyVariantLow?: boolean; implicitCompareAt?: number | null }): AdminProduct {
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    description: p.description,
    searchKeywords: p.searchKeywords,
    category: p.category,
    priceCents: p.price,
    compareAtPriceCents: p.implicitCompareAt ?? null,
    taxBand: p.taxBand,
    etimsItemClass: p.etimsItemClass,
    stock: p.stock,
    stockUnit: p.stockUnit,
    lowStockThreshold: p.lowStockThreshold,
    lowStock: p.anyVariantLow ?? p.stock <= p.lowStockThreshold,
    imageUrl: p.imageUrl,
    published: p.published,
    featured: p.featured,
    archivedAt: p.archivedAt?.toISOString() ?? null,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

const SLUGS = { table: products, id: products.id, slug: products.slug };

function stateFilter(state: ProductState): SQL | undefined {
  const live = isNull(products.archivedAt);
  switch (state) {
    case 'active':
      return live;
    case 'published':
      return and(live, eq(products.published, true));
    case 'draft':
      return and(live, eq(products.published, false));
    case 'low_stock':
      return and(live, anyVariantLow);
    case 'out_of_stock':
      return and(live, eq(products.stock, 0));
    case 'archived':
      return isNotNull(products.archivedAt);
    case 'all':
      return undefined;
  }
}

export async function listProducts(db: DbOrTx, q: ProductListQuery): Promise<Page<AdminProduct> & { categories: string[] }> {
  const filters = [stateFilter(q.state)];
  if (q.q) {
    const pattern = likePattern(q.q);
    filters.push(or(ilike(products.name, pattern), ilike(products.description, pattern), ilike(products.searchKeywords, pattern)));
  }
  if (q.category) filters.push(eq(products.category, q.category));
  const where = and(...filters);
  const [rows, [{ total } = { total: 0 }], categories] = await Promise.all([
    db
      .select(productWithLowStock)
      .from(products)
      .where(where)
      .orderBy(asc(products.name), asc(products.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ total: count() }).from(products).where(where),
    listCategories(db),
  ]);
  return { ...pageOf(rows.map(toAdminProduct), total, q), categories };
}

async function listCategories(db: DbOrTx): Promise<string[]> {
  const rows = await db.selectDistinct({ category: products.category }).from(products).orderBy(asc(products.category));
  return rows.map((r) => r.category);
}

export async function getProduct(db: DbOrTx, id: string): Promise<AdminProduct> {
  const [row] = await db.select(productWithLowStock).from(products).where(eq(products.id, id));
  if (!row) throw notFound('Product not found');
  return toAdminProduct(row);
}

export async function createProduct(db: Db, actor: AdminActor, input: CreateProductInput): Promise<AdminProduct> {
  return db.transaction(async (tx) => {
    const slug = await uniqueSlugFor(tx, SLUGS, input.name);
    const [row] = await insertProducts(
      tx,
      [
        {
          name: input.name,
          slug,
          description: input.description,
          searchKeywords: input.searchKeywords,
          category: input.category,
          price: input.priceCents,
          taxBand: input.taxBand ?? DEFAULT_TAX_BAND,
          etimsItemClass: input.etimsItemClass ?? null,
          stock: input.stock,
          lowStockThreshold: input.lowStockThreshold,
          published: input.published,
          featured: input.featured,
        },
      ],
      actor.userId,
    );
    if (!row) throw new Error('product insert returned nothing');
    await auditAdmin(tx, actor, {
      action: 'PRODUCT_CREATE',
      tableName: 'products',
      recordId: row.id,
      details: {
        name: row.name,
        priceCents: row.price,
        taxBand: row.taxBand,
        ...(row.etimsItemClass && { etimsItemClass: row.etimsItemClass }),
        stock: row.stock,
        published: row.published,
        ...(row.searchKeywords && { searchKeywords: row.searchKeywords }),
      },
    });
    return toAdminProduct(row);
  });
}

export async function updateProduct(db: Db, actor: AdminActor, id: string, input: UpdateProductInput): Promise<AdminProduct> {
  return db.transaction(async (tx) => {
    // The price is the implicit variant's. Its row is locked before the product's, in the order a
    // sale takes them (the variant, then its product by the trigger), so the two never deadlock.
    const wasChanges = input.compareAtPriceCents !== undefined;
    const implicit = input.priceCents !== undefined || wasChanges ? await lockImplicitVariant(tx, id) : undefined;
    const [before] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    if (!before) throw notFound('Product not found');
    const priceChanges = input.priceCents !== undefined && input.priceCents !== before.price;
    if (input.lowStockThreshold !== undefined && input.lowStockThreshold > THRESHOLD_LIMITS[before.stockUnit]) {
      throw badRequest(PRODUCT_MESSAGES.thresholdTooHigh, { lowStockThreshold: PRODUCT_MESSAGES.thresholdTooHigh });
    }
    if (priceChanges && before.pricePerKg !== null) {
      throw badRequest(WEIGHED_MESSAGES.pricedByKilo, { priceCents: WEIGHED_MESSAGES.pricedByKilo });
    }
    if (priceChanges) {
      // A product with options is priced per variant; products.price is only their lowest.
      if (!implicit || (await hasOptions(tx, id))) {
        throw badRequest(PRODUCT_MESSAGES.pricedPerVariant, { priceCents: PRODUCT_MESSAGES.pricedPerVariant });
      }
      await tx.update(productVariants).set({ price: input.priceCents, updatedAt: actor.at }).where(eq(productVariants.id, implicit));
    }
    const was = wasChanges ? await setImplicitWasPrice(tx, id, implicit, input.compareAtPriceCents ?? null, actor.at) : null;
    const slug = input.slug !== undefined && input.slug !== before.slug ? await takeNewSlug(tx, before, input.slug) : undefined;
    const changes: Partial<typeof products.$inferInsert> = {
      ...(slug !== undefined && { slug }),
      ...(input.name !== undefined && { name: input.name }),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.searchKeywords !== undefined && { searchKeywords: input.searchKeywords }),
      ...(input.category !== undefined && { category: input.category }),
      ...(input.taxBand !== undefined && { taxBand: input.taxBand }),
      ...(input.etimsItemClass !== undefined && { etimsItemClass: input.etimsItemClass }),
      ...(input.lowStockThreshold !== undefined && { lowStockThreshold: input.lowStockThreshold }),
      ...(input.published !== undefined && { published: input.published }),
      ...(input.featured !== undefined && { featured: input.featured }),
    };
    const [row] = await tx
      .update(products)
      .set({ ...changes, updatedAt: actor.at })
      .where(eq(products.id, id))
      .returning();
    if (!row) throw notFound('Product not found');
    const compared = Object.keys(changes) as (keyof ProductRow)[];
    await auditAdmin(tx, actor, {
      action: 'PRODUCT_UPDATE',
      tableName: 'products',
      recordId: id,
      details: { changed: { ...changedFields(before, row, priceChanges ? [...compared, 'price'] : compared), ...was } },
    });
    return getProduct(tx, id);
  });
}

/**
 * A simple product's 'was' price, on its implicit variant (locked by the caller): more than the
 * variant's price, as it stands after this edit. Answers the audit's change, or null when none.
 */
async function setImplicitWasPrice(tx: DbOrTx, productId: string, implicit: string | undefined, cents: Cents | null, at: Date) {
  if (!implicit || (await hasOptions(tx, productId))) {
    // A product with options has its 'was' prices on its variants; an empty field here clears nothing.
    if (cents === null) return null;
    throw badRequest(PRODUCT_MESSAGES.pricedPerVariant, { compareAtPriceCents: PRODUCT_MESSAGES.pricedPerVariant });
  }
  const [variant] = await tx.select().from(productVariants).where(eq(productVariants.id, implicit));
  if (!variant) throw notFound('Product not found');
  if (!compareAtFits(variant.price, cents)) {
    throw badRequest(WAS_PRICE_MESSAGES.notMore, { compareAtPriceCents: WAS_PRICE_MESSAGES.notMore });
  }
  if (variant.compareAtPrice === cents) return null;
  await tx.update(productVariants).set({ compareAtPrice: cents, updatedAt: at }).where(eq(productVariants.id, implicit));
  return { compareAtPriceCents: { from: variant.compareAtPrice, to: cents } };
}

/** The product's implicit variant, locked; undefined when it has none (a product with options). */
async function lockImplicitVariant(tx: DbOrTx, productId: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), sql`${productVariants.optionValueIds} = '{}'`))
    .for('no key update');
  return row?.id;
}

async function hasOptions(tx: DbOrTx, productId: string): Promise<boolean> {
  const [row] = await tx.select({ id: productOptions.id }).from(productOptions).where(eq(productOptions.productId, productId)).limit(1);
  return row !== undefined;
}

/**
 * Moves a product to a new web address: refused when another product has it (or had it: its old
 * address still leads there); the product's old slug is kept so /shop/{old} answers 301 to the new.
 */
async function takeNewSlug(tx: DbOrTx, product: ProductRow, slug: string): Promise<string> {
  const [owner] = await tx.select({ id: products.id }).from(products).where(eq(products.slug, slug));
  const [redirect] = await tx
    .select({ productId: productSlugRedirects.productId })
    .from(productSlugRedirects)
    .where(eq(productSlugRedirects.slug, slug));
  if ((owner && owner.id !== product.id) || (redirect && redirect.productId !== product.id)) {
    throw conflict(PRODUCT_MESSAGES.slugTaken, { slug: PRODUCT_MESSAGES.slugTaken });
  }
  // Back to an address it had before: that one is live again, not a redirect.
  if (redirect) await tx.delete(productSlugRedirects).where(eq(productSlugRedirects.slug, slug));
  await tx.insert(productSlugRedirects).values({ slug: product.slug, productId: product.id }).onConflictDoNothing();
  return slug;
}

/**
 * { field: { from, to } } for the fields that really changed; the price as `priceCents`, as money is
 * everywhere the back office reads it.
 */
function changedFields(before: ProductRow, after: ProductRow, keys: (keyof ProductRow)[]) {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of keys) {
    if (before[key] === after[key]) continue;
    if (key === 'price') out.priceCents = { from: before.price, to: after.price };
    else out[key] = { from: before[key], to: after[key] };
  }
  return out;
}

export async function setProductImage(db: Db, actor: AdminActor, id: string, image: PreparedImage): Promise<AdminProduct> {
  return db.transaction(async (tx) => {
    const stored = await saveImage(tx, image, actor.userId);
    const [row] = await tx.update(products).set({ imageUrl: stored.url, updatedAt: actor.at }).where(eq(products.id, id)).returning();
    if (!row) throw notFound('Product not found');
    await auditAdmin(tx, actor, {
      action: 'PRODUCT_IMAGE_UPLOAD',
      tableName: 'products',
      recordId: id,
      details: { imageUrl: stored.url, width: stored.width, height: stored.height },
    });
    return toAdminProduct(row);
  });
}

/** Archived products leave the shop but stay in the database, so old orders keep their lines. */
export async function setProductArchived(db: Db, actor: AdminActor, id: string, archived: boolean): Promise<AdminProduct> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(products)
      .set({ archivedAt: archived ? actor.at : null, updatedAt: actor.at })
      .where(eq(products.id, id))
      .returning();
    if (!row) throw notFound('Product not found');
    await auditAdmin(tx, actor, {
      action: archived ? 'PRODUCT_ARCHIVE' : 'PRODUCT_RESTORE',
      tableName: 'products',
      recordId: id,
      details: { name: row.name },
    });
    return toAdminProduct(row);
  });
}

export async function lowStockProducts(db: DbOrTx, limit = 10): Promise<AdminProduct[]> {
  const rows = await db
    .select(productWithLowStock)
    .from(products)
    .where(and(isNull(products.archivedAt), anyVariantLow))
    .orderBy(asc(products.stock), desc(products.lowStockThreshold), asc(products.name))
    .limit(limit);
  return rows.map(toAdminProduct);
}

export const countLowStock = async (db: DbOrTx): Promise<number> => {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(and(isNull(products.archivedAt), anyVariantLow));
  return Number(row?.n ?? 0);
};
