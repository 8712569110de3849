// 'Mark resolved': the merchant has dealt with an order the payments feature flagged (a payment
// mismatch, paid twice, paid after a cancel, a reversal) and says how. The flag and its reason are
// cleared, so the order leaves the dashboard's "needs attention" count; the reason and the note stay
// in the audit row and on the order's timeline.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { conflict } from '../../errors';
import { auditAdmin, type AdminActor } from '../../back-office/admin-access';
import { lockedOrder } from './locked-order';

const ATTENTION_MESSAGES = {
  notFlagged: 'This order does not need attention.',
} as const;

export async function resolveAttention(db: Db, actor: AdminActor, orderId: string, note: string): Promise<{ needsAttention: false }> {
  return db.transaction(async (tx) => {
    const order = await lockedOrder(tx, orderId);
    if (!order.needsAttention) throw conflict(ATTENTION_MESSAGES.notFlagged);
    await tx.update(orders).set({ needsAttention: false, attentionReason: null, updatedAt: actor.at }).where(eq(orders.id, orderId));
    await auditAdmin(tx, actor, {
      action: 'ORDER_ATTENTION_RESOLVED',
      tableName: 'orders',
      recordId: orderId,
      details: { note, reason: order.attentionReason },
    });
    return { needsAttention: false as const };
  });
}
