// Variant names from their option values, in the options' order ('Large, Scaled & gutted').
import { asc, eq, inArray } from 'drizzle-orm';
import { variantLabel } from '@/domain/product-variants';
import type { DbOrTx } from '../../db/client';
import { productOptions, productOptionValues } from '../../db/schema';

/** Each variant's name ('' for an implicit variant), by variant id. */
export async function variantNames(
  db: DbOrTx,
  variants: readonly { id: string; optionValueIds: readonly string[] }[],
): Promise<Map<string, string>> {
  const valueIds = [...new Set(variants.flatMap((v) => v.optionValueIds))];
  const values =
    valueIds.length === 0
      ? []
      : await db
          .select({ id: productOptionValues.id, value: productOptionValues.value, optionPosition: productOptions.position })
          .from(productOptionValues)
          .innerJoin(productOptions, eq(productOptions.id, productOptionValues.optionId))
          .where(inArray(productOptionValues.id, valueIds))
          .orderBy(asc(productOptions.position));
  const byId = new Map(values.map((v) => [v.id, v]));
  return new Map(
    variants.map((v) => {
      const chosen = v.optionValueIds.flatMap((id) => byId.get(id) ?? []).sort((a, b) => a.optionPosition - b.optionPosition);
      return [v.id, variantLabel(chosen.map((c) => c.value))];
    }),
  );
}
