// Set-up that puts a product's price or stock straight into the database (no back office, no
// ledger) writes its implicit variant: products.price and products.stock only follow the variants.
import { and, eq, sql } from 'drizzle-orm';
import type { Cents } from '../../src/domain/money';
import type { DbOrTx } from '../../src/server/db/client';
import { productVariants } from '../../src/server/db/schema';

export async function setImplicitVariant(db: DbOrTx, productId: string, values: { stock?: number; price?: Cents }): Promise<void> {
  const [row] = await db
    .update(productVariants)
    .set(values)
    .where(and(eq(productVariants.productId, productId), sql`${productVariants.optionValueIds} = '{}'`))
    .returning({ id: productVariants.id });
  if (!row) throw new Error(`product ${productId} has no implicit variant`);
}
