// Writing new products. A product is sold through its variants, which alone hold price and stock
// (products.price and products.stock follow them by the database's trigger, migration 0031), so a
// new product is written with its implicit variant in one transaction, and its opening stock is
// the variant's first restock in the ledger.
import { inArray } from 'drizzle-orm';
import type { Cents } from '@/domain/money';
import type { DbOrTx } from '../../db/client';
import { products, productVariants, stockMovements } from '../../db/schema';
import { queueStockDeclarations } from '../tax-invoices/stock-declaration-queue';

type ProductRow = typeof products.$inferSelect;

/** A product's own columns, with the price and opening stock its implicit variant is given. */
export type NewProduct = Omit<typeof products.$inferInsert, 'id' | 'price' | 'stock'> & { price: Cents; stock?: number };

/**
 * Inserts the products, each with its implicit variant and opening stock; returns the products as
 * stored (their price and stock now the variant's), in the order given. `actorUserId` signs the
 * opening stock rows.
 */
export async function insertProducts(db: DbOrTx, rows: readonly NewProduct[], actorUserId: string | null = null): Promise<ProductRow[]> {
  if (rows.length === 0) return [];
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(products)
      .values(rows.map(({ stock: _opening, ...row }) => row))
      .returning({ id: products.id, slug: products.slug, createdAt: products.createdAt });
    const bySlug = new Map(inserted.map((p) => [p.slug, p]));
    const withVariant = rows.map((row) => ({ row, product: bySlug.get(row.slug)! }));
    const variants = await tx
      .insert(productVariants)
      .values(
        withVariant.map(({ row, product }) => ({
          productId: product.id,
          price: row.price,
          stock: row.stock ?? 0,
          createdAt: product.createdAt,
          updatedAt: product.createdAt,
        })),
      )
      .returning({ id: productVariants.id, productId: productVariants.productId, stock: productVariants.stock });
    const opening = variants.filter((v) => v.stock > 0);
    if (opening.length > 0) {
      const moved = await tx
        .insert(stockMovements)
        .values(
          opening.map((v) => ({
            productId: v.productId,
            variantId: v.id,
            kind: 'restock',
            quantity: v.stock,
            stockAfter: v.stock,
            reason: 'Opening stock',
            actorUserId,
            createdAt: withVariant.find((w) => w.product.id === v.productId)!.product.createdAt,
          })),
        )
        .returning();
      // Declared to KRA in the order given (the returned rows may come in any order).
      const byVariant = new Map(moved.map((m) => [m.variantId, m]));
      await queueStockDeclarations(
        tx,
        opening.map((v) => {
          const m = byVariant.get(v.id)!;
          return {
            movementId: m.id,
            productId: m.productId,
            variantId: m.variantId,
            cause: 'opening',
            delta: m.quantity,
            remark: m.reason,
            at: m.createdAt,
          };
        }),
      );
    }
    const stored = await tx
      .select()
      .from(products)
      .where(
        inArray(
          products.id,
          inserted.map((p) => p.id),
        ),
      );
    const byId = new Map(stored.map((p) => [p.id, p]));
    return withVariant.map(({ product }) => byId.get(product.id)!);
  });
}
