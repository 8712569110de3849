// The back office's promotions: list, read, create, edit, deactivate and activate again. Codes are
// stored upper case, so one code is one row however it was typed; each change is audited in its
// transaction with readable details (what it gives, the window, the limits).
import { and, asc, count, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { PROMOTION_FORM_MESSAGES, WEEKDAY_LABELS, promotionGivesText, type PromotionInput } from '@/domain/promotion-forms';
import { formatNairobiDateTime } from '@/domain/nairobi-days';
import type { Cents } from '@/domain/money';
import type { Db, DbOrTx } from '../../db/client';
import { productOptionValues, products, productVariants, promotionRedemptions, promotions } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { auditAdmin, type AdminActor } from '../../back-office/admin-access';
import { offsetOf, pageOf, type Page, type Paging } from '../../back-office/admin-paging';
import type { PromotionRow } from './promotion-records';

export interface AdminPromotion {
  id: string;
  code: string | null;
  name: string;
  kind: PromotionRow['kind'];
  /** percent: whole percent; fixed: cents; free_delivery: 0. */
  value: number;
  /** '10 % off'. */
  gives: string;
  minimumSpendCents: Cents;
  firstOrderOnly: boolean;
  perCustomerLimit: number | null;
  totalLimit: number | null;
  startsAt: string | null;
  endsAt: string | null;
  weekdays: number[];
  scope: PromotionRow['scope'];
  scopeIds: string[];
  active: boolean;
  /** Orders holding a use (paid, or unpaid and not yet lapsed). */
  uses: number;
  updatedAt: string;
}

const toAdminPromotion = (row: PromotionRow, uses: number): AdminPromotion => ({
  id: row.id,
  code: row.code,
  name: row.name,
  kind: row.kind,
  value: row.value,
  gives: promotionGivesText(row),
  minimumSpendCents: row.minimumSpend,
  firstOrderOnly: row.firstOrderOnly,
  perCustomerLimit: row.perCustomerLimit,
  totalLimit: row.totalLimit,
  startsAt: row.startsAt?.toISOString() ?? null,
  endsAt: row.endsAt?.toISOString() ?? null,
  weekdays: row.weekdays,
  scope: row.scope,
  scopeIds: row.scopeIds,
  active: row.active,
  uses,
  updatedAt: row.updatedAt.toISOString(),
});

async function usesOf(db: DbOrTx, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: promotionRedemptions.promotionId, n: count() })
    .from(promotionRedemptions)
    .where(inArray(promotionRedemptions.promotionId, ids))
    .groupBy(promotionRedemptions.promotionId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** Active ones first, the newest first. */
export async function listPromotions(db: DbOrTx, paging: Paging): Promise<Page<AdminPromotion>> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(promotions)
      .orderBy(desc(promotions.active), desc(promotions.createdAt), asc(promotions.id))
      .limit(paging.pageSize)
      .offset(offsetOf(paging)),
    db.select({ n: count() }).from(promotions),
  ]);
  const uses = await usesOf(
    db,
    rows.map((r) => r.id),
  );
  return pageOf(
    rows.map((r) => toAdminPromotion(r, uses.get(r.id) ?? 0)),
    total?.n ?? 0,
    paging,
  );
}

export async function getPromotion(db: DbOrTx, id: string): Promise<AdminPromotion> {
  const [row] = await db.select().from(promotions).where(eq(promotions.id, id));
  if (!row) throw notFound('Promotion not found');
  return toAdminPromotion(row, (await usesOf(db, [id])).get(id) ?? 0);
}

/** What the form offers to choose from: the shop's categories, products and variants (archived ones left out). */
export async function promotionChoices(db: DbOrTx) {
  const productRows = await db
    .select({ id: products.id, name: products.name, category: products.category })
    .from(products)
    .where(isNull(products.archivedAt))
    .orderBy(asc(products.category), asc(products.name));
  const ids = productRows.map((p) => p.id);
  const variantRows = ids.length
    ? await db
        .select({ id: productVariants.id, productId: productVariants.productId, optionValueIds: productVariants.optionValueIds })
        .from(productVariants)
        .where(and(inArray(productVariants.productId, ids), sql`${productVariants.optionValueIds} <> '{}'`))
        .orderBy(asc(productVariants.position))
    : [];
  const valueIds = [...new Set(variantRows.flatMap((v) => v.optionValueIds))];
  const values = valueIds.length
    ? await db
        .select({ id: productOptionValues.id, value: productOptionValues.value })
        .from(productOptionValues)
        .where(inArray(productOptionValues.id, valueIds))
    : [];
  const valueName = new Map(values.map((v) => [v.id, v.value]));
  const productName = new Map(productRows.map((p) => [p.id, p.name]));
  return {
    categories: [...new Set(productRows.map((p) => p.category))].sort(),
    products: productRows,
    variants: variantRows.map((v) => ({
      id: v.id,
      name: `${productName.get(v.productId) ?? ''}: ${v.optionValueIds.map((id) => valueName.get(id) ?? '').join(', ')}`,
    })),
  };
}

/** The chosen products or variants exist (categories are words: a new one may come later). */
async function assertScopeIds(db: DbOrTx, input: PromotionInput): Promise<void> {
  if (input.scope !== 'products' && input.scope !== 'variants') return;
  const table = input.scope === 'products' ? products : productVariants;
  const [found] = await db.select({ n: count() }).from(table).where(inArray(table.id, input.scopeIds));
  if ((found?.n ?? 0) !== input.scopeIds.length) {
    throw badRequest(PROMOTION_FORM_MESSAGES.unknownScopeIds, { scopeIds: PROMOTION_FORM_MESSAGES.unknownScopeIds });
  }
}

const codeTaken = () => conflict(PROMOTION_FORM_MESSAGES.codeTaken, { code: PROMOTION_FORM_MESSAGES.codeTaken });

async function assertCodeFree(db: DbOrTx, code: string | null, exceptId: string | null): Promise<void> {
  if (code === null) return;
  const [other] = await db
    .select({ id: promotions.id })
    .from(promotions)
    .where(and(sql`upper(${promotions.code}) = ${code}`, exceptId ? ne(promotions.id, exceptId) : undefined));
  if (other) throw codeTaken();
}

const isUniqueViolation = (err: unknown) =>
  (err as { code?: string }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505';

const columnsOf = (input: PromotionInput) => ({
  code: input.code,
  name: input.name,
  kind: input.kind,
  value: input.value,
  minimumSpend: input.minimumSpendCents,
  firstOrderOnly: input.firstOrderOnly,
  perCustomerLimit: input.perCustomerLimit,
  totalLimit: input.totalLimit,
  startsAt: input.startsAt ? new Date(input.startsAt) : null,
  endsAt: input.endsAt ? new Date(input.endsAt) : null,
  weekdays: input.weekdays,
  scope: input.scope,
  scopeIds: input.scopeIds,
});

/** The audit log's words for a promotion: what it gives, the window in Nairobi time, the limits. */
function auditView(row: PromotionRow): Record<string, unknown> {
  return {
    code: row.code ?? 'automatic',
    name: row.name,
    gives: promotionGivesText(row),
    minimumSpendCents: row.minimumSpend,
    firstOrderOnly: row.firstOrderOnly ? 'yes' : 'no',
    perCustomerLimit: row.perCustomerLimit ?? 'none',
    totalLimit: row.totalLimit ?? 'none',
    starts: row.startsAt ? formatNairobiDateTime(row.startsAt) : 'open',
    ends: row.endsAt ? formatNairobiDateTime(row.endsAt) : 'open',
    weekdays: row.weekdays.length ? row.weekdays.map((d) => WEEKDAY_LABELS[d] ?? String(d)).join(', ') : 'every day',
    scope: row.scope === 'all' ? 'all' : `${row.scope}: ${row.scopeIds.join(', ')}`,
  };
}

function changes(before: Record<string, unknown>, after: Record<string, unknown>) {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const [key, value] of Object.entries(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(value)) out[key] = { from: before[key], to: value };
  }
  return out;
}

export async function createPromotion(db: Db, actor: AdminActor, input: PromotionInput): Promise<AdminPromotion> {
  try {
    return await db.transaction(async (tx) => {
      await assertCodeFree(tx, input.code, null);
      await assertScopeIds(tx, input);
      const [row] = await tx
        .insert(promotions)
        .values({ ...columnsOf(input), active: true, createdAt: actor.at, updatedAt: actor.at })
        .returning();
      if (!row) throw new Error('The promotion was not written');
      await auditAdmin(tx, actor, { action: 'PROMOTION_CREATE', tableName: 'promotions', recordId: row.id, details: auditView(row) });
      return toAdminPromotion(row, 0);
    });
  } catch (err) {
    // Two owners saving the same code at once: the unique index keeps one.
    if (isUniqueViolation(err)) throw codeTaken();
    throw err;
  }
}

export async function updatePromotion(db: Db, actor: AdminActor, id: string, input: PromotionInput): Promise<AdminPromotion> {
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx.select().from(promotions).where(eq(promotions.id, id)).for('update');
      if (!before) throw notFound('Promotion not found');
      await assertCodeFree(tx, input.code, id);
      await assertScopeIds(tx, input);
      const [row] = await tx
        .update(promotions)
        .set({ ...columnsOf(input), updatedAt: actor.at })
        .where(eq(promotions.id, id))
        .returning();
      if (!row) throw notFound('Promotion not found');
      await auditAdmin(tx, actor, {
        action: 'PROMOTION_UPDATE',
        tableName: 'promotions',
        recordId: id,
        details: { code: row.code ?? 'automatic', changed: changes(auditView(before), auditView(row)) },
      });
      return toAdminPromotion(row, (await usesOf(tx, [id])).get(id) ?? 0);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw codeTaken();
    throw err;
  }
}

/** Deactivated, a code is refused as unknown and an offer is no longer given; uses already taken stay. */
export async function setPromotionActive(db: Db, actor: AdminActor, id: string, active: boolean): Promise<AdminPromotion> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(promotions).where(eq(promotions.id, id)).for('update');
    if (!before) throw notFound('Promotion not found');
    const [row] = await tx.update(promotions).set({ active, updatedAt: actor.at }).where(eq(promotions.id, id)).returning();
    if (!row) throw notFound('Promotion not found');
    if (before.active !== active) {
      await auditAdmin(tx, actor, {
        action: active ? 'PROMOTION_ACTIVATE' : 'PROMOTION_DEACTIVATE',
        tableName: 'promotions',
        recordId: id,
        details: { code: row.code ?? 'automatic', name: row.name },
      });
    }
    return toAdminPromotion(row, (await usesOf(tx, [id])).get(id) ?? 0);
  });
}
