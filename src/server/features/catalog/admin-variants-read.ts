// A product's options and variants as the back office edits them: every kind and value (disabled
// ones too) and every variant sold or once sold, each named by its values in the kinds' order.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Cents } from '@/domain/money';
import { variantLabel } from '@/domain/product-variants';
import type { StockUnit } from '@/domain/stock-units';
import type { DbOrTx } from '../../db/client';
import { productOptions, productOptionValues, products, productVariants } from '../../db/schema';
import { notFound } from '../../errors';

export interface AdminOptionView {
  id: string;
  name: string;
  position: number;
  values: { id: string; value: string; position: number; enabled: boolean }[];
}

interface AdminVariantView {
  id: string;
  /** One value id per kind, in the kinds' order (empty for the implicit variant). */
  optionValueIds: string[];
  /** The value names in the kinds' order. */
  values: string[];
  /** 'Large, Scaled & gutted'; '' for the implicit variant. */
  name: string;
  sku: string | null;
  priceCents: Cents;
  /** The 'was' price shown struck through; null for none. */
  compareAtPriceCents: Cents | null;
  /** In the product's stock unit: pieces, or grams. */
  stock: number;
  weightGrams: number | null;
  enabled: boolean;
  position: number;
}

export interface AdminVariantsView {
  options: AdminOptionView[];
  variants: AdminVariantView[];
  /** Sold by the kilo: the price of one kg, which sets every variant's price from its weight. */
  pricePerKgCents: Cents | null;
  /** How the product counts its stock: pieces, or kg (each variant's stock in grams). */
  stockUnit: StockUnit;
}

/** Locks the product for a change of its options (one editor at a time) and returns it. */
export async function lockProduct(
  tx: DbOrTx,
  productId: string,
): Promise<{ id: string; name: string; slug: string; pricePerKg: Cents | null; stockUnit: StockUnit }> {
  // Its variants first, in id order, then the product: the order a sale takes them (the variant's
  // stock, then its product by the trigger) and the stock-unit switch does, so none of them can wait
  // for another in a circle (PostgreSQL would end one with a deadlock error).
  await tx
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.id))
    .for('no key update');
  const [row] = await tx
    .select({ id: products.id, name: products.name, slug: products.slug, pricePerKg: products.pricePerKg, stockUnit: products.stockUnit })
    .from(products)
    .where(eq(products.id, productId))
    .for('update');
  if (!row) throw notFound('Product not found');
  return row;
}

export async function productOptionsOf(db: DbOrTx, productId: string): Promise<AdminOptionView[]> {
  const kinds = await db
    .select({ id: productOptions.id, name: productOptions.name, position: productOptions.position })
    .from(productOptions)
    .where(eq(productOptions.productId, productId))
    .orderBy(asc(productOptions.position), asc(productOptions.id));
  if (kinds.length === 0) return [];
  const values = await db
    .select({
      id: productOptionValues.id,
      optionId: productOptionValues.optionId,
      value: productOptionValues.value,
      position: productOptionValues.position,
      enabled: productOptionValues.enabled,
    })
    .from(productOptionValues)
    .where(
      inArray(
        productOptionValues.optionId,
        kinds.map((k) => k.id),
      ),
    )
    .orderBy(asc(productOptionValues.position), asc(productOptionValues.id));
  return kinds.map((k) => ({ ...k, values: values.filter((v) => v.optionId === k.id).map(({ optionId: _, ...v }) => v) }));
}

/**
 * The options and variants. A product with options lists the variants of its combinations only (the
 * implicit variant it had is retired); a product without options lists its implicit variant.
 */
export async function productVariantsView(db: DbOrTx, productId: string): Promise<AdminVariantsView> {
  const [product] = await db
    .select({ id: products.id, pricePerKg: products.pricePerKg, stockUnit: products.stockUnit })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) throw notFound('Product not found');
  const options = await productOptionsOf(db, productId);
  const valueNames = new Map(options.flatMap((o) => o.values.map((v) => [v.id, v.value] as const)));
  const rows = await db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position), asc(productVariants.createdAt), asc(productVariants.id));
  const variants = rows
    .filter((v) => v.optionValueIds.length === options.length)
    .map((v) => {
      const values = v.optionValueIds.map((id) => valueNames.get(id) ?? '');
      return {
        id: v.id,
        optionValueIds: v.optionValueIds,
        values,
        name: variantLabel(values),
        sku: v.sku,
        priceCents: v.price,
        compareAtPriceCents: v.compareAtPrice,
        stock: v.stock,
        weightGrams: v.weightGrams,
        enabled: v.enabled,
        position: v.position,
      };
    });
  return { options, variants, pricePerKgCents: product.pricePerKg, stockUnit: product.stockUnit };
}

/** The product's variant as the back office may change it (not a retired implicit variant); 404 otherwise. */
export async function editableVariant(tx: DbOrTx, productId: string, variantId: string) {
  const [variant] = await tx
    .select()
    .from(productVariants)
    .where(and(eq(productVariants.id, variantId), eq(productVariants.productId, productId)));
  const kinds = await tx.select({ id: productOptions.id }).from(productOptions).where(eq(productOptions.productId, productId));
  if (!variant || variant.optionValueIds.length !== kinds.length) throw notFound('Variant not found');
  return { variant, hasOptions: kinds.length > 0 };
}
