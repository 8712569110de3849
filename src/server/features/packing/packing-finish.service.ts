// 'Finish packing': every line decided, under the order's row lock and a conditional update (so of
// two packers finishing at once exactly one does, on either database), in one transaction: what each
// line is owed back (src/domain/packing.ts) stored on the line and the total on the order, the
// substitutes taken from stock ('substitution' in the ledger, declared to KRA), the fulfilment moved
// to 'processing' if it was still 'unfulfilled', an audit row, and (when nothing is owed) the
// customer's one SMS and mail if something changed. After the commit the money is refunded through
// the partial-refund engine (packing-money.ts), then the customer is told how it comes back; a crash
// in between is mended by the reconciliation job (packing-reconciliation.ts).
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { formatKES, type Cents } from '@/domain/money';
import { packingSummary } from '@/domain/packing';
import { shortOrderId } from '@/domain/order-status';
import type { ServerContext } from '../../context';
import type { Tx } from '../../db/client';
import { orderItems, orders, productVariants } from '../../db/schema';
import { conflict } from '../../errors';
import { auditAdmin, type AdminActor } from '../../back-office/admin-access';
import { sendSubstitutes, type SubstituteLine } from '../inventory/inventory.service';
import { lockedOrder } from '../orders/locked-order';
import { advanceOrderFulfilment } from '../orders/order-transitions';
import { deliverOrderUpdate } from '../orders/order-updates.service';
import { decisionOf, packingOrder, type PackingLine } from './packing-lines';
import { deliverPackedMessage, packedText, queuePackedMessage, sendPackedMessage } from './packing-message';
import { packingOwed, refundWayOf, settlePackingDifference, type PackingOwed, type PackingSettlement } from './packing-money';
import { assertPackable } from './packing-record.service';

const FINISH_REFUSALS = {
  undecided: (n: number) => `Decide every item first: ${n} still to pack.`,
  alreadyFinished: (orderId: string) => `Packing of order #${shortOrderId(orderId)} is already finished.`,
} as const;

export interface PackingFinished {
  orderId: string;
  refundCents: Cents;
  changes: string[];
  /** What the customer is told ('' when nothing changed: no message is sent). */
  customerMessage: string;
  settlement: PackingSettlement;
}

/** The substitutes to take from stock, each with its product. */
async function substituteLines(tx: Tx, decided: readonly { line: PackingLine }[]): Promise<SubstituteLine[]> {
  const chosen = decided.flatMap(({ line: { item } }) => (item.substituteVariantId ? [item] : []));
  if (chosen.length === 0) return [];
  const variants = await tx
    .select({ id: productVariants.id, productId: productVariants.productId })
    .from(productVariants)
    .where(
      inArray(
        productVariants.id,
        chosen.map((i) => i.substituteVariantId!),
      ),
    );
  return chosen.map((item) => ({
    productId: variants.find((v) => v.id === item.substituteVariantId)!.productId,
    variantId: item.substituteVariantId!,
    productName: item.substituteName ?? '',
    quantity: item.quantity,
    replaces: item.productName,
  }));
}

export async function finishPacking(ctx: ServerContext, actor: AdminActor, orderId: string): Promise<PackingFinished> {
  const done = await ctx.db.transaction(async (tx) => {
    const order = await lockedOrder(tx, orderId);
    if (order.packingFinishedAt) throw conflict(FINISH_REFUSALS.alreadyFinished(orderId));
    assertPackable(order);
    const p = (await packingOrder(tx, orderId))!;
    const decided = p.lines.flatMap((line) => {
      const decision = decisionOf(line.item);
      return decision ? [{ line, decision }] : [];
    });
    if (decided.length < p.lines.length) throw conflict(FINISH_REFUSALS.undecided(p.lines.length - decided.length));
    const summary = packingSummary(decided, order.pricesIncludeVat);

    // Claimed first: a second finisher that got past the checks (it cannot, under the lock) stops here.
    const [claimed] = await tx
      .update(orders)
      .set({ packingFinishedAt: actor.at, packingFinishedBy: actor.userId, packingRefundTotal: summary.totalCents, updatedAt: actor.at })
      .where(and(eq(orders.id, orderId), isNull(orders.packingFinishedAt)))
      .returning({ id: orders.id });
    if (!claimed) throw conflict(FINISH_REFUSALS.alreadyFinished(orderId));
    for (const [i, { line }] of decided.entries()) {
      await tx.update(orderItems).set({ packingRefund: summary.lines[i]!.owedCents }).where(eq(orderItems.id, line.item.id));
    }
    await sendSubstitutes(tx, orderId, await substituteLines(tx, decided), actor.userId, actor.at);

    const moved =
      order.fulfilmentStatus === 'unfulfilled' ? await advanceOrderFulfilment(ctx, tx, { order, event: 'packing', at: actor.at }) : null;
    await auditAdmin(tx, actor, {
      action: 'ORDER_PACKED',
      tableName: 'orders',
      recordId: orderId,
      details: {
        refundCents: summary.totalCents,
        lines: decided.map(({ line, decision }, i) => ({
          item: line.name,
          outcome: decision.outcome,
          ...(decision.outcome === 'packed' && decision.weighedGrams !== null && { weighedGrams: decision.weighedGrams }),
          ...(decision.outcome === 'substituted' && { substitute: decision.substitute.name }),
          owedCents: summary.lines[i]!.owedCents,
        })),
        ...(summary.totalCents > 0 && { note: `${formatKES(summary.totalCents)} owed back` }),
        ...(moved && { from: 'unfulfilled', to: moved.to }),
      },
    });
    // Money owed: the message waits for the refund, to say how it comes back.
    const message = summary.totalCents === 0 ? await queuePackedMessage(ctx, tx, order, summary) : null;
    const owed = packingOwed(
      decided.map(({ line }, i) => ({ orderItemId: line.item.id, owedCents: summary.lines[i]!.owedCents })),
      summary.changes,
    );
    return { summary, update: moved?.update ?? null, message, owed };
  });
  await deliverOrderUpdate(ctx, done.update);
  await deliverPackedMessage(ctx, done.message);
  const settlement = await settleAndTell(ctx, actor, orderId, done.owed, done.summary);
  return {
    orderId,
    refundCents: done.summary.totalCents,
    changes: done.summary.changes,
    customerMessage: done.summary.changes.length > 0 ? packedText(orderId, done.summary, refundWayOf(settlement)) : '',
    settlement,
  };
}

/**
 * After packing's commit: refunds what is owed (once per order) and tells the customer how it comes
 * back. A failure here (the database lost) leaves it to the reconciliation job, which does the same.
 */
export async function settleAndTell(
  ctx: ServerContext,
  actor: AdminActor,
  orderId: string,
  owed: PackingOwed,
  summary: { changes: readonly string[]; smsChanges: readonly string[]; totalCents: Cents },
): Promise<PackingSettlement> {
  if (summary.totalCents === 0) return settlePackingDifference(ctx, actor, orderId, owed);
  try {
    const settlement = await settlePackingDifference(ctx, actor, orderId, owed);
    await sendPackedMessage(ctx, orderId, { ...summary, way: refundWayOf(settlement) });
    return settlement;
  } catch (err) {
    ctx.logger.error({ err, orderId }, 'packing refund not settled now; the reconciliation job settles it');
    return { status: 'retrying', amountCents: summary.totalCents, message: RETRY_MESSAGE(formatKES(summary.totalCents)) };
  }
}

const RETRY_MESSAGE = (amount: string) => `The refund of ${amount} could not be made just now: it is tried again within minutes.`;
