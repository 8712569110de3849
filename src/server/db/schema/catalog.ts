import { sql } from 'drizzle-orm';
import { boolean, check, customType, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { money } from './money-column';
import { DEFAULT_TAX_BAND, TAX_BANDS } from '../../../domain/tax-bands';
import { STOCK_UNITS } from '../../../domain/stock-units';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    description: text('description').notNull().default(''),
    category: text('category').notNull(),
    price: money('price').notNull(),
    /** The VAT band (KRA's tax type A to E) the product is sold in. */
    taxBand: text('tax_band', { enum: TAX_BANDS }).notNull().default(DEFAULT_TAX_BAND),
    /** KRA's item class the product is registered under (migration 0037); null: its category's (ETIMS_ITEM_CLASSES). */
    etimsItemClass: text('etims_item_class'),
    // What the enabled variants hold, summed for listings (grams while stockUnit is 'kg'); written
    // only by the variants' trigger (migration 0031 refuses any other writer, as it does for price).
    stock: integer('stock').notNull().default(0),
    /** A variant at or under it is low on stock; in the product's stock unit (grams while in kg). */
    lowStockThreshold: integer('low_stock_threshold').notNull().default(5),
    imageUrl: text('image_url'),
    published: boolean('published').notNull().default(true),
    featured: boolean('featured').notNull().default(false),
    /** The merchant's extra search words: Kiswahili and local names (samaki, ngege, kuku). */
    searchKeywords: text('search_keywords').notNull().default(''),
    /** Name, category and keywords without case or accents: what the shop's search reads. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(translate(name || ' ' || category || ' ' || search_keywords, 'ÀÁÂÃÄÅàáâãäåÈÉÊËèéêëÌÍÎÏìíîïÒÓÔÕÖòóôõöÙÚÛÜùúûüÑñÇçÝýÿ', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuNnCcYyy'))`,
    ),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /**
     * Sold by the kilo: the price of one kg, from which each variant's price follows its weight
     * (src/server/features/catalog/weighed-pricing.service.ts). Null: variants are priced one by one.
     */
    pricePerKg: money('price_per_kg'),
    /**
     * How stock is counted (migration 0040, src/domain/stock-units.ts): 'piece', or 'kg', where every
     * stock column of the product (its variants', its total, its threshold, its ledger rows in kg)
     * holds whole grams. Only a product with a price per kg may keep stock in kg.
     */
    stockUnit: text('stock_unit', { enum: STOCK_UNITS }).notNull().default('piece'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('products_stock_check', sql`${t.stock} >= 0`),
    check('products_price_per_kg_check', sql`${t.pricePerKg} is null or ${t.pricePerKg} > 0`),
    check('products_stock_unit_check', sql`${t.stockUnit} in ('piece', 'kg')`),
    check('products_stock_in_kg_check', sql`${t.stockUnit} = 'piece' or ${t.pricePerKg} is not null`),
    check('products_price_check', sql`${t.price} >= 0`),
    check('products_tax_band_check', sql`${t.taxBand} in ('A', 'B', 'C', 'D', 'E')`),
    check('products_category_check', sql`${t.category} ~ '^[a-z][a-z0-9-]{0,39}$'`),
    check('products_etims_item_class_check', sql`${t.etimsItemClass} ~ '^[0-9]{1,10}$'`),
    index('products_listing_idx').on(t.published, t.archivedAt, t.category, t.name),
    index('products_search_trgm_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .where(sql`${t.published} and ${t.archivedAt} is null`),
    index('products_on_sale_name_idx')
      .on(t.name, t.id)
      .where(sql`${t.published} and ${t.archivedAt} is null`),
    index('products_on_sale_category_name_idx')
      .on(t.category, t.name, t.id)
      .where(sql`${t.published} and ${t.archivedAt} is null`),
  ],
);

/** A product's option kinds (Size, Preparation): up to three, in `position` order. */
export const productOptions = pgTable(
  'product_options',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('product_options_position_check', sql`${t.position} >= 0`),
    index('product_options_product_idx').on(t.productId, t.position),
  ],
);

/** The values of one option kind (Small, Medium, Large), in `position` order; a disabled value is not offered. */
export const productOptionValues = pgTable(
  'product_option_values',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    optionId: uuid('option_id')
      .notNull()
      .references(() => productOptions.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    position: integer('position').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('product_option_values_position_check', sql`${t.position} >= 0`),
    index('product_option_values_option_idx').on(t.optionId, t.position),
  ],
);

/**
 * What is sold: one combination of option values with its own price, stock and weight. A product
 * without options has one implicit variant (no values). Stock lives here; products.stock is the sum
 * of the enabled variants' stock and products.price their lowest price, kept by a trigger
 * (migrations 0019 and 0031) and written by nothing else. A new product is written with its
 * implicit variant in one transaction: insertProducts, src/server/features/catalog/new-products.ts.
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    /** One value per option kind, in the options' order; empty for the implicit variant. */
    optionValueIds: uuid('option_value_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    sku: text('sku'),
    price: money('price').notNull(),
    /** A 'was' price shown struck through beside the price; null for none. */
    compareAtPrice: money('compare_at_price'),
    /** What is left to sell: whole pieces, or grams while the product keeps its stock in kg. */
    stock: integer('stock').notNull().default(0),
    weightGrams: integer('weight_grams'),
    imageUrl: text('image_url'),
    enabled: boolean('enabled').notNull().default(true),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('product_variants_stock_check', sql`${t.stock} >= 0`),
    check('product_variants_price_check', sql`${t.price} >= 0`),
    check('product_variants_weight_check', sql`${t.weightGrams} is null or ${t.weightGrams} > 0`),
    uniqueIndex('product_variants_values_idx').on(t.productId, t.optionValueIds),
    uniqueIndex('product_variants_sku_idx')
      .on(t.sku)
      .where(sql`${t.sku} is not null`),
  ],
);

/** The stock ledger: every change to a variant's stock is one row here. */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    variantId: uuid('variant_id')
      .notNull()
      .references(() => productVariants.id),
    orderId: uuid('order_id'),
    /** A partial refund's goods put back (migration 0039); no foreign key, like order_id: the ledger outlives what it records. */
    refundId: uuid('refund_id'),
    kind: text('kind').notNull(),
    // Signed change to available stock (a sale converts a reservation and changes nothing: 0).
    quantity: integer('quantity').notNull(),
    stockAfter: integer('stock_after').notNull(),
    /** The unit quantity and stockAfter are in: pieces, or grams ('kg'), as the product counted when written. */
    unit: text('unit', { enum: STOCK_UNITS }).notNull().default('piece'),
    reason: text('reason'),
    actorUserId: text('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('stock_movements_kind_check', sql`${t.kind} in ('reservation', 'release', 'sale', 'restock', 'adjustment', 'substitution')`),
    check('stock_movements_unit_check', sql`${t.unit} in ('piece', 'kg')`),
    // Exactly once per order, variant and kind: a second reservation, release or sale is refused.
    // A partial refund's restock is once per refund and variant instead.
    uniqueIndex('stock_movements_order_once_idx')
      .on(t.orderId, t.variantId, t.kind)
      .where(sql`${t.orderId} is not null and ${t.refundId} is null`),
    uniqueIndex('stock_movements_refund_once_idx')
      .on(t.refundId, t.variantId)
      .where(sql`${t.refundId} is not null`),
    index('stock_movements_product_idx').on(t.productId, t.createdAt),
    index('stock_movements_variant_idx').on(t.variantId, t.createdAt),
  ],
);

/** Uploaded images, kept in the database so every instance can serve them. */
export const media = pgTable('media', {
  id: uuid('id').primaryKey().defaultRandom(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  width: integer('width'),
  height: integer('height'),
  createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A product's earlier slugs: /shop/{old} answers 301 to the product's current address. */
export const productSlugRedirects = pgTable(
  'product_slug_redirects',
  {
    slug: text('slug').primaryKey(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_slug_redirects_product_idx').on(t.productId)],
);
