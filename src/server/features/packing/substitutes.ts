// What may be packed in place of a line that has run out: an enabled variant on sale (as checkout
// would sell it), in stock for the line's quantity, in the line's VAT band, costing at most what the
// customer paid for the line, priced in the order's own price mode. The same product's other
// variants come first (another size of the same fish), then the products of the same category.
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { piecesAvailable } from '@/domain/stock-units';
import { lineName } from '@/domain/product-variants';
import type { Cents } from '@/domain/money';
import { owedForLine, substituteGrossCents, substituteRefusal, unitPriceInOrderMode, type Substitute } from '@/domain/packing';
import type { DbOrTx } from '../../db/client';
import { products, productVariants } from '../../db/schema';
import { badRequest } from '../../errors';
import { variantNames } from '../inventory/variant-names';
import { loadPricesIncludeVat } from '../pricing/vat-mode.service';
import type { PackingLine, PackingOrder } from './packing-lines';

export interface SubstituteCandidate {
  variantId: string;
  productId: string;
  name: string;
  /** Its unit price as the order prices its lines. */
  unitPriceCents: Cents;
  /** What it costs for the line's quantity, VAT included. */
  grossCents: Cents;
  /** What the customer would be owed back with it. */
  owedCents: Cents;
  stock: number;
  sameProduct: boolean;
}

/** At most this many are offered: the packer picks from a phone. */
const CANDIDATES_SHOWN = 30;

const SUBSTITUTE_MESSAGES = {
  notOnSale: 'That substitute is not on sale: choose one from the list.',
  sameItem: 'Choose another item than the one that ran out.',
  notEnough: (name: string, stock: number, needed: number) =>
    `Only ${stock} of ${name} in stock, ${needed} needed: choose another substitute.`,
} as const;

type Row = Awaited<ReturnType<typeof variantRows>>[number];

function variantRows(db: DbOrTx, line: PackingLine, category: string, variantId?: string) {
  return db
    .select({
      variantId: productVariants.id,
      optionValueIds: productVariants.optionValueIds,
      price: productVariants.price,
      stock: productVariants.stock,
      weightGrams: productVariants.weightGrams,
      stockUnit: products.stockUnit,
      enabled: productVariants.enabled,
      productId: products.id,
      productName: products.name,
      taxBand: products.taxBand,
      published: products.published,
      archivedAt: products.archivedAt,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      variantId
        ? eq(productVariants.id, variantId)
        : and(
            or(eq(products.id, line.item.productId), eq(products.category, category)),
            eq(products.published, true),
            isNull(products.archivedAt),
            eq(productVariants.enabled, true),
            ne(productVariants.id, line.item.variantId),
            eq(products.taxBand, line.taxBand),
            // Whole pieces left: grams over the nominal weight for stock kept in kg.
            sql`(case when ${products.stockUnit} = 'kg' then ${productVariants.stock} / nullif(${productVariants.weightGrams}, 0) else ${productVariants.stock} end) >= ${line.quantity}`,
          ),
    );
}

/** Whole pieces the variant has left, in whatever unit its product keeps stock. */
const piecesOf = (r: Pick<Row, 'stock' | 'weightGrams' | 'stockUnit'>) => piecesAvailable(r.stockUnit, r.stock, r.weightGrams);

async function categoryOf(db: DbOrTx, productId: string): Promise<string> {
  const [row] = await db.select({ category: products.category }).from(products).where(eq(products.id, productId));
  return row?.category ?? '';
}

async function asCandidates(db: DbOrTx, p: PackingOrder, line: PackingLine, rows: Row[]): Promise<SubstituteCandidate[]> {
  const names = await variantNames(
    db,
    rows.map((r) => ({ id: r.variantId, optionValueIds: r.optionValueIds })),
  );
  const shopIncludesVat = await loadPricesIncludeVat(db);
  return rows.map((r) => {
    const unitPriceCents = unitPriceInOrderMode(r.price, line.item.taxRateBp, shopIncludesVat, p.order.pricesIncludeVat);
    const substitute: Substitute = {
      name: lineName(r.productName, names.get(r.variantId) ?? ''),
      unitPriceCents,
      taxBand: r.taxBand,
      taxRateBp: line.item.taxRateBp,
    };
    const refused = substituteRefusal(line, substitute, p.order.pricesIncludeVat) !== null;
    return {
      variantId: r.variantId,
      productId: r.productId,
      name: substitute.name,
      unitPriceCents,
      grossCents: substituteGrossCents(substitute, line.quantity, p.order.pricesIncludeVat),
      owedCents: refused ? -1 : owedForLine(line, { outcome: 'substituted', substitute }, p.order.pricesIncludeVat),
      stock: piecesOf(r),
      sameProduct: r.productId === line.item.productId,
    };
  });
}

/** The substitutes a line may take, the same product's first, then the dearest (closest to what was paid) first. */
export async function substituteCandidates(db: DbOrTx, p: PackingOrder, line: PackingLine): Promise<SubstituteCandidate[]> {
  const rows = await variantRows(db, line, await categoryOf(db, line.item.productId));
  return (await asCandidates(db, p, line, rows))
    .filter((c) => c.owedCents >= 0)
    .sort((a, b) => Number(b.sameProduct) - Number(a.sameProduct) || b.grossCents - a.grossCents || a.name.localeCompare(b.name))
    .slice(0, CANDIDATES_SHOWN);
}

/** The chosen substitute, checked as the list offers it; a clear refusal otherwise. */
export async function chosenSubstitute(
  db: DbOrTx,
  p: PackingOrder,
  line: PackingLine,
  variantId: string,
): Promise<{ variantId: string; productId: string; substitute: Substitute }> {
  const [row] = await variantRows(db, line, '', variantId);
  if (!row || !row.enabled || !row.published || row.archivedAt)
    throw badRequest(SUBSTITUTE_MESSAGES.notOnSale, { variantId: SUBSTITUTE_MESSAGES.notOnSale });
  if (row.variantId === line.item.variantId) throw badRequest(SUBSTITUTE_MESSAGES.sameItem, { variantId: SUBSTITUTE_MESSAGES.sameItem });
  const [candidate] = await asCandidates(db, p, line, [row]);
  const substitute: Substitute = {
    name: candidate!.name,
    unitPriceCents: candidate!.unitPriceCents,
    taxBand: row.taxBand,
    taxRateBp: line.item.taxRateBp,
  };
  const refusal = substituteRefusal(line, substitute, p.order.pricesIncludeVat);
  if (refusal) throw badRequest(refusal, { variantId: refusal });
  if (piecesOf(row) < line.quantity) {
    const message = SUBSTITUTE_MESSAGES.notEnough(substitute.name, piecesOf(row), line.quantity);
    throw badRequest(message, { variantId: message });
  }
  return { variantId: row.variantId, productId: row.productId, substitute };
}
