// Products sold by the kilo: the owner sets the price of one kg, and every variant's price follows
// its nominal weight (src/domain/weighed-price.ts), rounded to the whole shilling while the shop's
// prices include VAT. The variants stay the only writable price (decision 040): this file writes
// them, in one transaction with the product's per-kg price and its audit row, whenever the per-kg
// price, a weighed variant's weight or the VAT setting changes.
import { asc, eq, isNotNull } from 'drizzle-orm';
import type { Cents } from '@/domain/money';
import { priceForWeight } from '@/domain/weighed-price';
import { STOCK_UNIT_MESSAGES } from '@/domain/stock-units';
import type { Db, DbOrTx } from '../../db/client';
import { products, productVariants } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { auditAdmin, type AdminActor } from '../../back-office/admin-access';
import { loadPricesIncludeVat } from '../pricing/vat-mode.service';
import { productVariantsView, type AdminVariantsView } from './admin-variants-read';

export const WEIGHED_MESSAGES = {
  pricePerKg: 'Enter the price of one kg in KES (more than 0, at most 2 decimals), or clear it to price each variant.',
  weightsMissing: 'Give every variant its weight before selling by the kilo.',
  weightRequired: 'A product sold by the kilo needs each variant’s weight.',
  pricedByKilo: 'This product is sold by the kilo: change its price per kg, or the variant’s weight.',
} as const;

/** The variants' prices at `pricePerKg`, each from its weight: what a change writes. */
async function repriceVariants(tx: DbOrTx, productId: string, pricePerKg: Cents, at: Date) {
  const wholeShillings = await loadPricesIncludeVat(tx);
  // Variants before the product, in the order a sale locks them, so the two never deadlock.
  const rows = await tx
    .select({ id: productVariants.id, price: productVariants.price, weightGrams: productVariants.weightGrams })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.id))
    .for('no key update');
  if (rows.some((r) => r.weightGrams === null))
    throw badRequest(WEIGHED_MESSAGES.weightsMissing, { pricePerKg: WEIGHED_MESSAGES.weightsMissing });
  const changes = rows.map((r) => ({ id: r.id, from: r.price, to: priceForWeight(pricePerKg, r.weightGrams ?? 0, wholeShillings) }));
  for (const c of changes) {
    if (c.from !== c.to) await tx.update(productVariants).set({ price: c.to, updatedAt: at }).where(eq(productVariants.id, c.id));
  }
  return changes.filter((c) => c.from !== c.to);
}

/** Sets (or, with null, clears) a product's price per kg, repricing its variants; answers its variants as the back office shows them. */
export async function setPricePerKg(db: Db, actor: AdminActor, productId: string, pricePerKg: Cents | null): Promise<AdminVariantsView> {
  return db.transaction(async (tx) => {
    const [exists] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId));
    if (!exists) throw notFound('Product not found');
    const repriced = pricePerKg === null ? [] : await repriceVariants(tx, productId, pricePerKg, actor.at);
    const [before] = await tx.select().from(products).where(eq(products.id, productId)).for('update');
    if (!before) throw notFound('Product not found');
    // Grams need a product sold by the kilo (decision 050): the owner counts in pieces first.
    if (pricePerKg === null && before.stockUnit === 'kg') {
      throw badRequest(STOCK_UNIT_MESSAGES.pricePerKgNeeded, { pricePerKg: STOCK_UNIT_MESSAGES.pricePerKgNeeded });
    }
    await tx.update(products).set({ pricePerKg, updatedAt: actor.at }).where(eq(products.id, productId));
    await auditAdmin(tx, actor, {
      action: 'PRODUCT_PRICE_PER_KG',
      tableName: 'products',
      recordId: productId,
      details: { product: before.name, pricePerKgCents: { from: before.pricePerKg, to: pricePerKg }, variants: repriced },
    });
    return productVariantsView(tx, productId);
  });
}

/** A weighed variant's price at its (new) weight; throws when the weight is missing. */
export async function weighedVariantPrice(tx: DbOrTx, pricePerKg: Cents, weightGrams: number | null): Promise<Cents> {
  if (weightGrams === null) throw badRequest(WEIGHED_MESSAGES.weightRequired, { weightGrams: WEIGHED_MESSAGES.weightRequired });
  return priceForWeight(pricePerKg, weightGrams, await loadPricesIncludeVat(tx));
}

/** After 'Prices include VAT' changes: every product sold by the kilo is repriced (whole shillings or cents). */
export async function repriceWeighedProducts(db: Db, at: Date): Promise<void> {
  const weighed = await db
    .select({ id: products.id, pricePerKg: products.pricePerKg })
    .from(products)
    .where(isNotNull(products.pricePerKg));
  for (const { id, pricePerKg } of weighed) {
    if (pricePerKg !== null) await db.transaction((tx) => repriceVariants(tx, id, pricePerKg, at));
  }
}
