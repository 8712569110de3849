// The stock history as a spreadsheet (CSV): a product's ledger, or one variant's, oldest first.
// Each row says its unit: pieces, or kg (the grams of a row written while the product kept its
// stock in kg, as kg with up to 3 decimals), so the ledger reads right across a switch of unit.
import { and, eq } from 'drizzle-orm';
import { toCsv } from '@/domain/csv';
import { kgQuantity, type StockUnit } from '@/domain/stock-units';
import { formatNairobiDateTime, nairobiDateKey } from '@/domain/nairobi-days';
import type { DbOrTx } from '../../db/client';
import { products, productVariants } from '../../db/schema';
import { notFound } from '../../errors';
import { movementRows, type StockHistoryFilter } from './admin-stock.service';

// More than any shop's ledger of one product for years; the download stays bounded.
const MAX_ROWS = 50_000;

const HEADERS = ['When (Nairobi)', 'Variant', 'SKU', 'Change', 'Quantity', 'Stock after', 'Unit', 'Reason', 'Order', 'By'];

/** A row's amount in its unit, as a spreadsheet reads a number: 12, or 14.2 (kg). */
const inUnit = (unit: StockUnit, amount: number) => (unit === 'kg' ? kgQuantity(amount) : amount);

/** Lowercase words joined by dashes, for a file name. */
const fileWord = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

export async function stockHistoryCsv(
  db: DbOrTx,
  productId: string,
  filter: StockHistoryFilter,
  now: Date,
): Promise<{ filename: string; csv: string }> {
  const [product] = await db.select({ slug: products.slug }).from(products).where(eq(products.id, productId));
  if (!product) throw notFound('Product not found');
  const variants = await db
    .select({ id: productVariants.id, sku: productVariants.sku })
    .from(productVariants)
    .where(
      filter.variantId === undefined
        ? eq(productVariants.productId, productId)
        : and(eq(productVariants.productId, productId), eq(productVariants.id, filter.variantId)),
    );
  if (filter.variantId !== undefined && variants.length === 0) throw notFound('Variant not found');
  const skus = new Map(variants.map((v) => [v.id, v.sku]));
  const rows = (await movementRows(db, productId, filter, MAX_ROWS)).reverse();
  const csv = toCsv(
    HEADERS,
    rows.map((m) => [
      formatNairobiDateTime(m.createdAt),
      m.variantName,
      skus.get(m.variantId) ?? null,
      m.kind,
      inUnit(m.unit, m.quantity),
      inUnit(m.unit, m.stockAfter),
      m.unit === 'kg' ? 'kg' : 'pieces',
      m.reason,
      m.orderId,
      m.actorEmail,
    ]),
  );
  const variantWord = filter.variantId === undefined ? '' : `-${fileWord(rows[0]?.variantName ?? '') || 'variant'}`;
  return { filename: `stock-${product.slug}${variantWord}-${nairobiDateKey(now)}.csv`, csv };
}
