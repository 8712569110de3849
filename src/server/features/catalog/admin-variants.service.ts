// The back office gives a product its options, adds a variant for a new combination and edits a
// variant's price, SKU, weight and whether it is sold. Stock is not edited here: it moves only
// through the ledger (features/inventory). Every change is audited in its transaction.
import { and, eq, inArray, max, ne, sql } from 'drizzle-orm';
import { VARIANT_MESSAGES, type NewOptionsInput, type NewVariantInput, type UpdateVariantInput } from '@/domain/variant-forms';
import type { Db, DbOrTx } from '../../db/client';
import { productOptionValues, productVariants, stockMovements } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import { queueStockDeclarations } from '../tax-invoices/stock-declaration-queue';
import { auditAdmin, type AdminActor } from '../../back-office/admin-access';
import { addProductOptions } from './product-options.service';
import { editableVariant, lockProduct, productOptionsOf, productVariantsView, type AdminVariantsView } from './admin-variants-read';
import { weighedVariantPrice, WEIGHED_MESSAGES } from './weighed-pricing.service';
import type { Cents } from '@/domain/money';
import { compareAtFits, WAS_PRICE_MESSAGES } from '@/domain/was-price-form';
import { STOCK_MESSAGES } from '@/domain/back-office-forms';
import { STOCK_LIMITS, STOCK_UNIT_MESSAGES } from '@/domain/stock-units';

/** SKUs are unique in the shop (a partial unique index): the first taken one, if any. */
async function takenSku(tx: DbOrTx, skus: readonly string[], exceptVariantId?: string): Promise<string | null> {
  if (skus.length === 0) return null;
  const where = exceptVariantId
    ? and(inArray(productVariants.sku, [...skus]), ne(productVariants.id, exceptVariantId))
    : inArray(productVariants.sku, [...skus]);
  const [row] = await tx.select({ sku: productVariants.sku }).from(productVariants).where(where).limit(1);
  return row?.sku ?? null;
}

export async function addOptions(db: Db, actor: AdminActor, productId: string, input: NewOptionsInput): Promise<AdminVariantsView> {
  return db.transaction(async (tx) => {
    const product = await lockProduct(tx, productId);
    if ((await productOptionsOf(tx, productId)).length > 0) throw conflict(VARIANT_MESSAGES.hasOptions);
    // The new variants' opening stock is typed in pieces.
    if (product.stockUnit === 'kg') throw conflict(STOCK_UNIT_MESSAGES.optionsInKg, { options: STOCK_UNIT_MESSAGES.optionsInKg });
    const skus = input.variants.flatMap((v) => (v.sku === null ? [] : [v.sku]));
    const taken = await takenSku(tx, skus);
    if (taken !== null) {
      const k = input.variants.findIndex((v) => v.sku === taken);
      throw conflict(VARIANT_MESSAGES.skuTaken, { [`variants.${k}.sku`]: VARIANT_MESSAGES.skuTaken });
    }
    await addProductOptions(tx, productId, input, actor.at, actor.userId);
    await auditAdmin(tx, actor, {
      action: 'PRODUCT_OPTIONS_ADD',
      tableName: 'products',
      recordId: productId,
      details: { product: product.name, options: input.options, variants: input.variants.length },
    });
    return productVariantsView(tx, productId);
  });
}

export async function addVariant(db: Db, actor: AdminActor, productId: string, input: NewVariantInput): Promise<AdminVariantsView> {
  return db.transaction(async (tx) => {
    const product = await lockProduct(tx, productId);
    const options = await productOptionsOf(tx, productId);
    if (options.length === 0) throw conflict(VARIANT_MESSAGES.noOptions);
    const chosen = options.map((o, i) => o.values.find((v) => v.id === input.valueIds[i]));
    if (input.valueIds.length !== options.length || chosen.some((v) => v === undefined)) {
      throw badRequest(VARIANT_MESSAGES.variantValues, { valueIds: VARIANT_MESSAGES.variantValues });
    }
    const disabled = chosen.find((v) => v && !v.enabled);
    if (disabled)
      throw conflict(VARIANT_MESSAGES.enableValueFirst(disabled.value), { valueIds: VARIANT_MESSAGES.enableValueFirst(disabled.value) });
    const [existing] = await tx
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(and(eq(productVariants.productId, productId), sql`${productVariants.optionValueIds} = ${sqlUuidArray(input.valueIds)}`));
    if (existing) throw conflict(VARIANT_MESSAGES.combinationTaken, { valueIds: VARIANT_MESSAGES.combinationTaken });
    if (input.sku !== null && (await takenSku(tx, [input.sku])) !== null) {
      throw conflict(VARIANT_MESSAGES.skuTaken, { sku: VARIANT_MESSAGES.skuTaken });
    }
    const [last] = await tx
      .select({ position: max(productVariants.position) })
      .from(productVariants)
      .where(eq(productVariants.productId, productId));
    // Opening stock in the product's unit: pieces, or grams for stock kept in kg.
    if (input.stock > STOCK_LIMITS[product.stockUnit]) {
      const message = STOCK_MESSAGES.stockWouldBe(input.stock, product.stockUnit);
      throw badRequest(message, { stock: message });
    }
    if (product.stockUnit === 'kg' && input.weightGrams === null) {
      throw badRequest(WEIGHED_MESSAGES.weightRequired, { weightGrams: WEIGHED_MESSAGES.weightRequired });
    }
    // Sold by the kilo: the new variant's price follows its weight, whatever price came with it.
    const price = product.pricePerKg === null ? input.priceCents : await weighedVariantPrice(tx, product.pricePerKg, input.weightGrams);
    const [row] = await tx
      .insert(productVariants)
      .values({
        productId,
        optionValueIds: [...input.valueIds],
        price,
        stock: input.stock,
        weightGrams: input.weightGrams,
        sku: input.sku,
        position: (last?.position ?? -1) + 1,
        createdAt: actor.at,
        updatedAt: actor.at,
      })
      .returning({ id: productVariants.id });
    const variantId = row!.id;
    if (input.stock > 0) {
      // The ledger explains every unit: the new variant's opening stock is its first restock.
      const [moved] = await tx
        .insert(stockMovements)
        .values({
          productId,
          variantId,
          kind: 'restock',
          quantity: input.stock,
          stockAfter: input.stock,
          unit: product.stockUnit,
          reason: 'Opening stock',
          actorUserId: actor.userId,
          createdAt: actor.at,
        })
        .returning({ id: stockMovements.id });
      await queueStockDeclarations(tx, [
        { movementId: moved!.id, productId, variantId, cause: 'opening', delta: input.stock, remark: 'Opening stock', at: actor.at },
      ]);
    }
    const name = chosen.map((v) => v!.value).join(', ');
    await auditAdmin(tx, actor, {
      action: 'VARIANT_CREATE',
      tableName: 'product_variants',
      recordId: variantId,
      details: {
        product: product.name,
        variant: name,
        priceCents: price,
        stock: input.stock,
        ...(product.stockUnit === 'kg' && { stockUnit: 'kg' }),
        sku: input.sku,
      },
    });
    return productVariantsView(tx, productId);
  });
}

/**
 * The price an edit gives a variant: as typed, or (sold by the kilo) from its weight, where a typed
 * price other than the current one is refused; undefined when the price does not change.
 */
async function variantPrice(
  tx: DbOrTx,
  pricePerKg: Cents | null,
  variant: { price: Cents; weightGrams: number | null },
  input: UpdateVariantInput,
): Promise<Cents | undefined> {
  if (pricePerKg === null) return input.priceCents;
  if (input.priceCents !== undefined && input.priceCents !== variant.price) {
    throw badRequest(WEIGHED_MESSAGES.pricedByKilo, { priceCents: WEIGHED_MESSAGES.pricedByKilo });
  }
  if (input.weightGrams === undefined) return undefined;
  return weighedVariantPrice(tx, pricePerKg, input.weightGrams);
}

/** A uuid[] literal for comparing a whole option_value_ids array. */
function sqlUuidArray(ids: readonly string[]) {
  return sql`ARRAY[${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]::uuid[]`;
}

export async function updateVariant(
  db: Db,
  actor: AdminActor,
  productId: string,
  variantId: string,
  input: UpdateVariantInput,
): Promise<AdminVariantsView> {
  return db.transaction(async (tx) => {
    const product = await lockProduct(tx, productId);
    const { variant, hasOptions } = await editableVariant(tx, productId, variantId);
    if (input.enabled === false && !hasOptions) {
      const message = 'A product without options leaves the shop by unpublishing or archiving it';
      throw badRequest(message, { enabled: message });
    }
    if (input.enabled === true && variant.optionValueIds.length > 0) {
      const [off] = await tx
        .select({ value: productOptionValues.value })
        .from(productOptionValues)
        .where(and(inArray(productOptionValues.id, variant.optionValueIds), eq(productOptionValues.enabled, false)))
        .limit(1);
      if (off) throw conflict(VARIANT_MESSAGES.enableValueFirst(off.value), { enabled: VARIANT_MESSAGES.enableValueFirst(off.value) });
    }
    if (input.sku !== undefined && input.sku !== null && (await takenSku(tx, [input.sku], variantId)) !== null) {
      throw conflict(VARIANT_MESSAGES.skuTaken, { sku: VARIANT_MESSAGES.skuTaken });
    }
    const price = await variantPrice(tx, product.pricePerKg, variant, input);
    // A 'was' price set is above the price as it stands after this edit (a later price above it only hides it).
    if (input.compareAtPriceCents !== undefined && !compareAtFits(price ?? variant.price, input.compareAtPriceCents)) {
      throw badRequest(WAS_PRICE_MESSAGES.notMore, { compareAtPriceCents: WAS_PRICE_MESSAGES.notMore });
    }
    const changes = {
      ...(price !== undefined && { price }),
      ...(input.compareAtPriceCents !== undefined && { compareAtPrice: input.compareAtPriceCents }),
      ...(input.sku !== undefined && { sku: input.sku }),
      ...(input.weightGrams !== undefined && { weightGrams: input.weightGrams }),
      ...(input.enabled !== undefined && { enabled: input.enabled }),
    };
    await tx
      .update(productVariants)
      .set({ ...changes, updatedAt: actor.at })
      .where(eq(productVariants.id, variantId));
    const changed: Record<string, { from: unknown; to: unknown }> = {};
    for (const [key, to] of Object.entries(changes)) {
      const from = variant[key as keyof typeof changes];
      if (from !== to) changed[key === 'price' ? 'priceCents' : key === 'compareAtPrice' ? 'compareAtPriceCents' : key] = { from, to };
    }
    const view = await productVariantsView(tx, productId);
    await auditAdmin(tx, actor, {
      action: 'VARIANT_UPDATE',
      tableName: 'product_variants',
      recordId: variantId,
      details: { product: product.name, variant: view.variants.find((v) => v.id === variantId)?.name ?? '', changed },
    });
    return view;
  });
}
