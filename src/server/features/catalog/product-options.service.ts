// Giving a product its options: the option kinds with their values, and the variants sold. The
// implicit variant the product had is retired (deleted when nothing refers to it, else disabled),
// so its stock leaves the product's total with it.
import { and, eq, sql } from 'drizzle-orm';
import type { Cents } from '@/domain/money';
import { VARIANT_MESSAGES } from '@/domain/variant-forms';
import type { DbOrTx } from '../../db/client';
import { orderItems, productOptions, productOptionValues, productVariants, stockMovements } from '../../db/schema';
import { badRequest } from '../../errors';
import { queueStockDeclarations, type StockToDeclare } from '../tax-invoices/stock-declaration-queue';

const MAX_OPTION_KINDS = 3;

export interface OptionsInput {
  /** Up to three kinds, in display order, each with its values in display order. */
  options: readonly { name: string; values: readonly string[] }[];
  /** One per combination sold: `values` names one value of each kind, in the kinds' order. */
  variants: readonly {
    values: readonly string[];
    priceCents: Cents;
    stock: number;
    weightGrams?: number | null;
    sku?: string | null;
  }[];
}

/** Returns the new variants' ids, in the order given; `actorUserId` signs the opening stock rows. */
export async function addProductOptions(
  tx: DbOrTx,
  productId: string,
  input: OptionsInput,
  at: Date,
  actorUserId: string | null = null,
): Promise<string[]> {
  if (input.options.length === 0 || input.options.length > MAX_OPTION_KINDS) {
    throw badRequest(`A product has 1 to ${MAX_OPTION_KINDS} options.`, { options: `A product has 1 to ${MAX_OPTION_KINDS} options.` });
  }
  // The implicit variant is retired below: without a variant in its place the product sells nothing.
  if (input.variants.length === 0) {
    throw badRequest(VARIANT_MESSAGES.variantsRequired, { variants: VARIANT_MESSAGES.variantsRequired });
  }
  const valueIds: Map<string, string>[] = [];
  for (const [position, option] of input.options.entries()) {
    const [row] = await tx.insert(productOptions).values({ productId, name: option.name, position, createdAt: at }).returning();
    const ids = new Map<string, string>();
    for (const [i, value] of option.values.entries()) {
      const [v] = await tx.insert(productOptionValues).values({ optionId: row!.id, value, position: i, createdAt: at }).returning();
      ids.set(value, v!.id);
    }
    valueIds.push(ids);
  }
  await retireImplicitVariant(tx, productId, at);
  const created: string[] = [];
  const opening: StockToDeclare[] = [];
  for (const [position, variant] of input.variants.entries()) {
    if (variant.values.length !== input.options.length) {
      throw badRequest('Each variant names one value of every option.', { variants: 'Each variant names one value of every option.' });
    }
    const optionValueIds = variant.values.map((value, i) => {
      const id = valueIds[i]!.get(value);
      if (!id) throw badRequest(`Unknown value ${value}.`, { variants: `Unknown value ${value}.` });
      return id;
    });
    const [row] = await tx
      .insert(productVariants)
      .values({
        productId,
        optionValueIds,
        price: variant.priceCents,
        stock: variant.stock,
        weightGrams: variant.weightGrams ?? null,
        sku: variant.sku ?? null,
        position,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: productVariants.id });
    created.push(row!.id);
    if (variant.stock > 0) {
      // The ledger explains every unit: a variant's opening stock is its first restock.
      const [moved] = await tx
        .insert(stockMovements)
        .values({
          productId,
          variantId: row!.id,
          kind: 'restock',
          quantity: variant.stock,
          stockAfter: variant.stock,
          reason: 'Opening stock',
          actorUserId,
          createdAt: at,
        })
        .returning({ id: stockMovements.id });
      opening.push({
        movementId: moved!.id,
        productId,
        variantId: row!.id,
        cause: 'opening',
        delta: variant.stock,
        remark: 'Opening stock',
        at,
      });
    }
  }
  // For KRA, once every variant is written (the counter is taken last).
  await queueStockDeclarations(tx, opening);
  return created;
}

async function retireImplicitVariant(tx: DbOrTx, productId: string, at: Date): Promise<void> {
  const [implicit] = await tx
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), sql`${productVariants.optionValueIds} = '{}'`));
  if (!implicit) return;
  const [used] = await tx
    .select({ one: sql`1` })
    .from(orderItems)
    .where(eq(orderItems.variantId, implicit.id))
    .union(
      tx
        .select({ one: sql`1` })
        .from(stockMovements)
        .where(eq(stockMovements.variantId, implicit.id)),
    );
  if (used) await tx.update(productVariants).set({ enabled: false, updatedAt: at }).where(eq(productVariants.id, implicit.id));
  else await tx.delete(productVariants).where(eq(productVariants.id, implicit.id));
}
