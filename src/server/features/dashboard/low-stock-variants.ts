// Which variants make a product low on stock, by name: 'Tilapia — Small, Whole: 2 left' tells the
// owner what to restock, where the product's total (45 across nine variants) hides it.
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products, productVariants } from '../../db/schema';
import { variantNames } from '../inventory/variant-names';

export interface LowVariant {
  variantId: string;
  /** The variant's name ('Small, Whole'); '' for a product sold without options. */
  name: string;
  stock: number;
}

/** The enabled variants at or under their product's threshold, fewest first, by product id. */
export async function lowVariantsByProduct(db: DbOrTx, productIds: readonly string[]): Promise<Map<string, LowVariant[]>> {
  const byProduct = new Map<string, LowVariant[]>(productIds.map((id) => [id, []]));
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      optionValueIds: productVariants.optionValueIds,
      stock: productVariants.stock,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(
        inArray(productVariants.productId, [...productIds]),
        eq(productVariants.enabled, true),
        lte(productVariants.stock, sql`${products.lowStockThreshold}`),
      ),
    )
    .orderBy(asc(productVariants.stock), asc(productVariants.position));
  const names = await variantNames(db, rows);
  for (const row of rows) byProduct.get(row.productId)?.push({ variantId: row.id, name: names.get(row.id) ?? '', stock: row.stock });
  return byProduct;
}
