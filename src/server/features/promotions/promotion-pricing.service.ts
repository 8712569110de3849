// Which promotion an order gets and what it takes off, decided by the server: the code the customer
// typed (refused with the domain's message), else the best automatic offer. Placing an order locks
// the chosen promotion's row before counting its uses, so the last use goes to one order only; the
// use is written with the order and given back when the unpaid order lapses or is cancelled.
import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Cents } from '@/domain/money';
import {
  PROMOTION_MESSAGES,
  bestAutomaticOffer,
  normalizePromotionCode,
  promotionDiscount,
  promotionRefusal,
  type Promotion,
  type PromotionDiscount,
  type PromotionHistory,
  type PromotionLine,
} from '@/domain/promotions';
import type { DbOrTx, Tx } from '../../db/client';
import { orders, promotionRedemptions, promotions } from '../../db/schema';
import { DomainError } from '../../errors';
import { promotionFromRow } from './promotion-records';

export interface AppliedPromotion {
  promotion: Promotion;
  discount: PromotionDiscount;
}

/** The order's promotion, or why the typed code was refused (the order then has none). */
export type PromotionChoice = { applied: AppliedPromotion | null; refusal: string | null };

export interface PromotionQuestion {
  /** As typed; '' or absent for none (the best automatic offer is then looked for). */
  code?: string | undefined;
  /** null for a visitor not signed in: counted as a first order with no uses. */
  userId: string | null;
  lines: readonly PromotionLine[];
  at: Date;
  pricesIncludeVat: boolean;
  deliveryFeeCents: Cents | null;
}

/** The customer's uses of the promotion, its uses in all, and whether she has ever paid for an order. */
async function historyOf(db: DbOrTx, promotionId: string, userId: string | null): Promise<PromotionHistory> {
  const [total] = await db.select({ n: count() }).from(promotionRedemptions).where(eq(promotionRedemptions.promotionId, promotionId));
  if (userId === null) return { firstOrder: true, customerUses: 0, totalUses: total?.n ?? 0 };
  const [mine] = await db
    .select({ n: count() })
    .from(promotionRedemptions)
    .where(and(eq(promotionRedemptions.promotionId, promotionId), eq(promotionRedemptions.userId, userId)));
  const [paid] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), isNotNull(orders.paidAt)));
  return { firstOrder: (paid?.n ?? 0) === 0, customerUses: mine?.n ?? 0, totalUses: total?.n ?? 0 };
}

/**
 * The promotion for this cart. With `lock` (placing the order, inside its transaction) the chosen
 * promotion's row is locked before its uses are counted: a concurrent order for the last use waits
 * here and then counts the use this one wrote.
 */
export async function choosePromotion(db: DbOrTx, q: PromotionQuestion, lock: false): Promise<PromotionChoice>;
export async function choosePromotion(tx: Tx, q: PromotionQuestion, lock: true): Promise<PromotionChoice>;
export async function choosePromotion(db: DbOrTx, q: PromotionQuestion, lock: boolean): Promise<PromotionChoice> {
  const code = normalizePromotionCode(q.code ?? '');
  if (code !== '') {
    const query = db.select().from(promotions).where(eq(promotions.code, code));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) return { applied: null, refusal: PROMOTION_MESSAGES.unknown };
    const promotion = promotionFromRow(row);
    const refusal = promotionRefusal(promotion, q.lines, q.at, await historyOf(db, row.id, q.userId));
    if (refusal) return { applied: null, refusal };
    return { applied: { promotion, discount: promotionDiscount(promotion, q.lines, q.pricesIncludeVat) }, refusal: null };
  }
  const rows = await db
    .select()
    .from(promotions)
    .where(and(isNull(promotions.code), eq(promotions.active, true)));
  const offers = await Promise.all(
    rows.map(async (r) => ({ promotion: promotionFromRow(r), history: await historyOf(db, r.id, q.userId) })),
  );
  const best = bestAutomaticOffer(offers, q.lines, q.at, q.pricesIncludeVat, q.deliveryFeeCents);
  if (!best || !lock) return { applied: best, refusal: null };
  // Placing the order: the offer is counted again under its lock; taken meanwhile, the order has none.
  await db.select({ id: promotions.id }).from(promotions).where(eq(promotions.id, best.promotion.id)).for('update');
  const refusal = promotionRefusal(best.promotion, q.lines, q.at, await historyOf(db, best.promotion.id, q.userId));
  return { applied: refusal ? null : best, refusal: null };
}

/** A typed code the order cannot have: refused with the domain's message, nothing held. */
export const promotionRefused = (message: string) =>
  new DomainError('unprocessable', 'PROMOTION_REFUSED', message, { fields: { promotionCode: message } });

/** The use, written with the order (under the promotion's lock taken by choosePromotion). */
export async function recordRedemption(tx: Tx, applied: AppliedPromotion, orderId: string, userId: string, at: Date): Promise<void> {
  await tx.insert(promotionRedemptions).values({
    promotionId: applied.promotion.id,
    orderId,
    userId,
    amount: applied.discount.discountCents,
    createdAt: at,
  });
}

/** Gives the use back: the unpaid order lapsed or was cancelled. Returns whether it held one. */
export async function releaseRedemption(tx: Tx, orderId: string): Promise<boolean> {
  const gone = await tx
    .delete(promotionRedemptions)
    .where(eq(promotionRedemptions.orderId, orderId))
    .returning({ id: promotionRedemptions.id });
  return gone.length > 0;
}
