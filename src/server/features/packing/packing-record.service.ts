// What the packer records for one line, under the order's row lock (so a line is never changed
// while its order is being finished, nor after): packed (with the real weight of a line sold by
// the kilo), replaced by a substitute, unavailable, or undone. Nothing is owed or moved yet: finishing
// packing works the money out and sends the substitutes (packing-finish.service.ts).
import { eq } from 'drizzle-orm';
import { isFulfillable } from '@/domain/order-lifecycle';
import { weightRefusal } from '@/domain/packing';
import { shortOrderId } from '@/domain/order-status';
import type { ServerContext } from '../../context';
import { orderItems, type orders } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { auditAdmin, type AdminActor } from '../../back-office/admin-access';
import { lockedOrder } from '../orders/locked-order';
import { orderIdOfLine, packingOrder } from './packing-lines';
import { orderPacking, type PickOrder } from './pick-list.service';
import type { PackingLineAction } from './packing.schemas';
import { chosenSubstitute } from './substitutes';

export const PACKING_REFUSALS = {
  itemNotFound: 'Item not found',
  notPaid: (orderId: string) => `Order #${shortOrderId(orderId)} is not a paid order waiting to be packed.`,
  finished: (orderId: string) => `Packing of order #${shortOrderId(orderId)} is finished: its items can no longer be changed.`,
} as const;

/** A paid order (or one to be paid on delivery) whose packing is not finished; refused with a clear message otherwise. */
export function assertPackable(order: Pick<typeof orders.$inferSelect, 'id' | 'status' | 'packingFinishedAt'>): void {
  if (order.packingFinishedAt) throw conflict(PACKING_REFUSALS.finished(order.id));
  if (!isFulfillable(order.status)) throw conflict(PACKING_REFUSALS.notPaid(order.id));
}

const UNDECIDED = {
  packedAt: null,
  packedBy: null,
  packingOutcome: null,
  weighedGrams: null,
  substituteVariantId: null,
  substituteName: null,
  substituteUnitPrice: null,
  packingRefund: null,
} as const;

export type PackedOrderCard = { orderId: string } & Pick<PickOrder, 'lines' | 'undecided' | 'owedCents' | 'changes' | 'finished'>;

export async function recordPackingLine(
  ctx: ServerContext,
  actor: AdminActor,
  itemId: string,
  action: PackingLineAction,
): Promise<PackedOrderCard> {
  return ctx.db.transaction(async (tx) => {
    const orderId = await orderIdOfLine(tx, itemId);
    if (!orderId) throw notFound(PACKING_REFUSALS.itemNotFound);
    assertPackable(await lockedOrder(tx, orderId));
    const p = await packingOrder(tx, orderId);
    const line = p?.lines.find((l) => l.item.id === itemId);
    if (!p || !line) throw notFound(PACKING_REFUSALS.itemNotFound);
    const recorded = { ...UNDECIDED, packedAt: actor.at, packedBy: actor.userId };
    let set: Partial<typeof orderItems.$inferInsert>;
    switch (action.outcome) {
      case 'undo':
        set = UNDECIDED;
        break;
      case 'unavailable':
        set = { ...recorded, packingOutcome: 'unavailable' };
        break;
      case 'packed': {
        const refusal = weightRefusal(line, action.weighedGrams);
        if (refusal) throw badRequest(refusal, { weighedGrams: refusal });
        set = { ...recorded, packingOutcome: 'packed', weighedGrams: action.weighedGrams };
        break;
      }
      case 'substituted': {
        const chosen = await chosenSubstitute(tx, p, line, action.variantId);
        set = {
          ...recorded,
          packingOutcome: 'substituted',
          substituteVariantId: chosen.variantId,
          substituteName: chosen.substitute.name,
          substituteUnitPrice: chosen.substitute.unitPriceCents,
        };
        break;
      }
    }
    await tx.update(orderItems).set(set).where(eq(orderItems.id, itemId));
    await auditAdmin(tx, actor, {
      action: 'ORDER_PACKING_LINE',
      tableName: 'orders',
      recordId: orderId,
      details: {
        itemId,
        item: line.name,
        outcome: action.outcome,
        ...(set.weighedGrams != null && { weighedGrams: set.weighedGrams }),
        ...(set.substituteName != null && { substitute: set.substituteName }),
        note: `${line.name}: ${action.outcome}${set.weighedGrams != null ? `, ${set.weighedGrams} g` : ''}${set.substituteName != null ? `, ${set.substituteName}` : ''}`,
      },
    });
    // Not finished (it could not be changed otherwise): nobody to name as the packer who finished it.
    return { orderId, ...orderPacking((await packingOrder(tx, orderId))!, null) };
  });
}
