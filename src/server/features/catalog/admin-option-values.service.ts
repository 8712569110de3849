// Editing a product's option kinds and values: rename, reorder, add a value, disable or enable one.
// A disabled value's variants are disabled with it, so checkout, the product's stock and its
// "from" price (all of which read enabled variants) stop counting them at once; enabling the value
// again leaves its variants as they are, for the merchant to enable the ones to sell.
import { and, eq, max, sql } from 'drizzle-orm';
import { VARIANT_LIMITS, VARIANT_MESSAGES, type UpdateValueInput } from '@/domain/variant-forms';
import type { Db, DbOrTx } from '../../db/client';
import { productOptions, productOptionValues, productVariants } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { auditAdmin, type AdminActor } from '../../back-office/admin-access';
import { lockProduct, productOptionsOf, productVariantsView, type AdminOptionView, type AdminVariantsView } from './admin-variants-read';

const sameText = (a: string, b: string) => a.toLocaleLowerCase('en') === b.toLocaleLowerCase('en');

async function optionOf(tx: DbOrTx, productId: string, optionId: string): Promise<{ options: AdminOptionView[]; option: AdminOptionView }> {
  const options = await productOptionsOf(tx, productId);
  const option = options.find((o) => o.id === optionId);
  if (!option) throw notFound('Option not found');
  return { options, option };
}

/** The ids in the new order must be exactly the current ones, each once. */
function checkOrder(current: readonly string[], next: readonly string[], field: string): void {
  if (next.length !== current.length || new Set(next).size !== next.length || !next.every((id) => current.includes(id))) {
    throw badRequest(VARIANT_MESSAGES.order, { [field]: VARIANT_MESSAGES.order });
  }
}

export async function renameOption(
  db: Db,
  actor: AdminActor,
  productId: string,
  optionId: string,
  name: string,
): Promise<AdminVariantsView> {
  return db.transaction(async (tx) => {
    const product = await lockProduct(tx, productId);
    const { options, option } = await optionOf(tx, productId, optionId);
    if (options.some((o) => o.id !== optionId && sameText(o.name, name))) {
      throw conflict(VARIANT_MESSAGES.optionNameRepeated, { name: VARIANT_MESSAGES.optionNameRepeated });
    }
    await tx.update(productOptions).set({ name }).where(eq(productOptions.id, optionId));
    await auditAdmin(tx, actor, {
      action: 'PRODUCT_OPTION_RENAME',
      tableName: 'product_options',
      recordId: optionId,
      details: { product: product.name, from: option.name, to: name },
    });
    return productVariantsView(tx, productId);
  });
}

/**
 * New order of the kinds. A variant's option_value_ids follow the kinds' order (the storefront
 * matches a choice position by position), so every variant's values are put in the new order too.
 */
export async function reorderOptions(
  db: Db,
  actor: AdminActor,
  productId: string,
  optionIds: readonly string[],
): Promise<AdminVariantsView> {
  return db.transaction(async (tx) => {
    const product = await lockProduct(tx, productId);
    const options = await productOptionsOf(tx, productId);
    checkOrder(
      options.map((o) => o.id),
      optionIds,
      'optionIds',
    );
    for (const [position, id] of optionIds.entries()) {
      await tx.update(productOptions).set({ position }).where(eq(productOptions.id, id));
    }
    const kindOfValue = new Map(options.flatMap((o) => o.values.map((v) => [v.id, optionIds.indexOf(o.id)] as const)));
    const variants = await tx
      .select({ id: productVariants.id, optionValueIds: productVariants.optionValueIds })
      .from(productVariants)
      .where(and(eq(productVariants.productId, productId), sql`cardinality(${productVariants.optionValueIds}) > 0`));
    // Each variant keeps its own set of values, so the unique (product, values) index never sees two alike.
    for (const v of variants) {
      const ordered = [...v.optionValueIds].sort((a, b) => (kindOfValue.get(a) ?? 0) - (kindOfValue.get(b) ?? 0));
      await tx.update(productVariants).set({ optionValueIds: ordered, updatedAt: actor.at }).where(eq(productVariants.id, v.id));
    }
    await auditAdmin(tx, actor, {
      action: 'PRODUCT_OPTIONS_REORDER',
      tableName: 'products',
      recordId: productId,
      details: { product: product.name, order: optionIds.map((id) => options.find((o) => o.id === id)?.name) },
    });
    return productVariantsView(tx, productId);
  });
}

export async function addOptionValue(
  db: Db,
  actor: AdminActor,
  productId: string,
  optionId: string,
  value: string,
): Promise<AdminVariantsView> {
  return db.transaction(async (tx) => {
    const product = await lockProduct(tx, productId);
    const { option } = await optionOf(tx, productId, optionId);
    if (option.values.length >= VARIANT_LIMITS.valuesPerKind)
      throw badRequest(VARIANT_MESSAGES.valueCount, { value: VARIANT_MESSAGES.valueCount });
    if (option.values.some((v) => sameText(v.value, value))) {
      throw conflict(VARIANT_MESSAGES.valueRepeated, { value: VARIANT_MESSAGES.valueRepeated });
    }
    const [last] = await tx
      .select({ position: max(productOptionValues.position) })
      .from(productOptionValues)
      .where(eq(productOptionValues.optionId, optionId));
    const [row] = await tx
      .insert(productOptionValues)
      .values({ optionId, value, position: (last?.position ?? -1) + 1, createdAt: actor.at })
      .returning({ id: productOptionValues.id });
    await auditAdmin(tx, actor, {
      action: 'PRODUCT_OPTION_VALUE_ADD',
      tableName: 'product_option_values',
      recordId: row!.id,
      details: { product: product.name, option: option.name, value },
    });
    return productVariantsView(tx, productId);
  });
}

export async function reorderOptionValues(
  db: Db,
  actor: AdminActor,
  productId: string,
  optionId: string,
  valueIds: readonly string[],
): Promise<AdminVariantsView> {
  return db.transaction(async (tx) => {
    const product = await lockProduct(tx, productId);
    const { option } = await optionOf(tx, productId, optionId);
    checkOrder(
      option.values.map((v) => v.id),
      valueIds,
      'valueIds',
    );
    for (const [position, id] of valueIds.entries()) {
      await tx.update(productOptionValues).set({ position }).where(eq(productOptionValues.id, id));
    }
    await auditAdmin(tx, actor, {
      action: 'PRODUCT_OPTION_VALUES_REORDER',
      tableName: 'product_options',
      recordId: optionId,
      details: { product: product.name, option: option.name, order: valueIds.map((id) => option.values.find((v) => v.id === id)?.value) },
    });
    return productVariantsView(tx, productId);
  });
}

export async function updateOptionValue(
  db: Db,
  actor: AdminActor,
  productId: string,
  optionId: string,
  valueId: string,
  input: UpdateValueInput,
): Promise<AdminVariantsView> {
  return db.transaction(async (tx) => {
    const product = await lockProduct(tx, productId);
    const { option } = await optionOf(tx, productId, optionId);
    const value = option.values.find((v) => v.id === valueId);
    if (!value) throw notFound('Value not found');
    const name = input.value;
    if (name !== undefined && option.values.some((v) => v.id !== valueId && sameText(v.value, name))) {
      throw conflict(VARIANT_MESSAGES.valueRepeated, { value: VARIANT_MESSAGES.valueRepeated });
    }
    await tx
      .update(productOptionValues)
      .set({ ...(name !== undefined && { value: name }), ...(input.enabled !== undefined && { enabled: input.enabled }) })
      .where(eq(productOptionValues.id, valueId));
    let variantsDisabled: string[] = [];
    if (input.enabled === false && value.enabled) {
      const off = await tx
        .update(productVariants)
        .set({ enabled: false, updatedAt: actor.at })
        .where(
          and(
            eq(productVariants.productId, productId),
            eq(productVariants.enabled, true),
            sql`${valueId}::uuid = any(${productVariants.optionValueIds})`,
          ),
        )
        .returning({ id: productVariants.id });
      variantsDisabled = off.map((v) => v.id);
    }
    await auditAdmin(tx, actor, {
      action: 'PRODUCT_OPTION_VALUE_UPDATE',
      tableName: 'product_option_values',
      recordId: valueId,
      details: {
        product: product.name,
        option: option.name,
        value: value.value,
        ...(name !== undefined && name !== value.value && { renamedTo: name }),
        ...(input.enabled !== undefined && input.enabled !== value.enabled && { enabled: input.enabled }),
        ...(variantsDisabled.length > 0 && { variantsDisabled }),
      },
    });
    return productVariantsView(tx, productId);
  });
}
