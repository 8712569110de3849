// Every event does to the stock what its entry in the order's table says (src/domain/order-lifecycle.ts),
// seen in the database: the ledger rows it writes, the stock it moves and the hold's end. The
// expectations come from the table's effect, so an effect decided anywhere but the transition shows
// here; a refund's restock is also pinned on its own, with what goes back and what stays out.
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ORDER_EVENTS, ORDER_TRANSITIONS, type OrderEvent, type StockEffect } from '@/domain/order-lifecycle';
import type { Tx } from '../../src/server/db/client';
import { orders, stockMovements } from '../../src/server/db/schema';
import { advanceOrderFulfilment, transitionOrder } from '../../src/server/features/orders/order-transitions';
import { createUser } from '../support/test-app';
import { dbKinds } from '../support/test-database';
import { payByCard, placeOrder, stockOf, withAdminApp, type AdminTestSetup } from './admin-helpers';

const QUANTITY = 2;
const MINUTE = 60_000;

/** What an event did to the order's stock. */
interface Seen {
  /** The kinds of the ledger rows the event wrote for the order. */
  kinds: string[];
  stockChange: number;
  /** The hold's end (reservation_expires_at): first set, moved, left as it was, or ended. */
  hold: 'set' | 'moved' | 'kept' | 'ended';
}

/** What each effect of the table is seen to do: one behaviour per effect. */
const EFFECT_SEEN: Record<StockEffect, Seen> = {
  reserve: { kinds: ['reservation'], stockChange: -QUANTITY, hold: 'set' },
  'extend hold': { kinds: [], stockChange: 0, hold: 'moved' },
  sell: { kinds: ['sale'], stockChange: 0, hold: 'ended' },
  release: { kinds: ['release'], stockChange: QUANTITY, hold: 'ended' },
  'keep hold': { kinds: [], stockChange: 0, hold: 'kept' },
  restock: { kinds: ['restock'], stockChange: QUANTITY, hold: 'kept' },
  return: { kinds: ['restock'], stockChange: QUANTITY, hold: 'kept' },
  none: { kinds: [], stockChange: 0, hold: 'kept' },
};

type OrderRow = typeof orders.$inferSelect;
type MovingEvent = Exclude<OrderEvent, 'placed'>;

describe.each(dbKinds(import.meta.url))("the order's stock effects on %s", (kind) => {
  const s = withAdminApp(kind);

  /**
   * A product with stock to spare, so unpaid orders' share never leaves a line unheld, and without
   * options (bought as it is); the same one each time, whatever order the rows are stored in.
   */
  const roomyProduct = async () => {
    const [p] = await s.t.ctx.db.query.products.findMany({
      where: (t, { and, gt }) => and(gt(t.stock, 30), sql`not exists (select 1 from product_options o where o.product_id = ${t.id})`),
      orderBy: (t, { asc }) => asc(t.slug),
      limit: 1,
    });
    if (!p) throw new Error('no product with more than 30 in stock');
    return p.id;
  };

  /** A customer of their own per order: no cap on unpaid orders, no twin closed by a payment. */
  const ownBuyer = async (): Promise<AdminTestSetup> => ({ ...s, customer: await createUser(s.t, { role: 'customer' }) });

  const orderRow = async (orderId: string): Promise<OrderRow> => {
    const [row] = await s.t.ctx.db.select().from(orders).where(eq(orders.id, orderId));
    if (!row) throw new Error('order not found');
    return row;
  };

  const kindsOf = async (orderId: string) =>
    (await s.t.ctx.db.select({ kind: stockMovements.kind }).from(stockMovements).where(eq(stockMovements.orderId, orderId))).map(
      (m) => m.kind,
    );

  /** Sends a paid order to Pesapal for a refund, in a transaction of its own (it moves no stock). */
  const requestRefund = (orderId: string) =>
    s.t.ctx.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      await transitionOrder(s.t.ctx, tx, { order: order!, event: 'refund_requested', at: s.t.ctx.now() });
    });

  /** Confirms a pending order to be paid on delivery, in a transaction of its own. */
  const confirmUnpaid = (orderId: string) =>
    s.t.ctx.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      await transitionOrder(s.t.ctx, tx, { order: order!, event: 'confirmed_unpaid', at: s.t.ctx.now() });
    });

  /** How each event is caused, from which point of the order's life, with the input its effect takes. */
  const causes: Record<
    MovingEvent,
    { startsAt: 'pending' | 'paid' | 'refund requested' | 'confirmed'; cause: (tx: Tx, order: OrderRow, at: Date) => Promise<unknown> }
  > = {
    payment_started: {
      startsAt: 'pending',
      cause: (tx, order, at) =>
        transitionOrder(s.t.ctx, tx, { order, event: 'payment_started', at, holdUntil: new Date(at.getTime() + 45 * MINUTE) }),
    },
    paid: { startsAt: 'pending', cause: (tx, order, at) => transitionOrder(s.t.ctx, tx, { order, event: 'paid', at }) },
    payment_failed: { startsAt: 'pending', cause: (tx, order, at) => transitionOrder(s.t.ctx, tx, { order, event: 'payment_failed', at }) },
    reservation_expired: {
      startsAt: 'pending',
      cause: (tx, order, at) => transitionOrder(s.t.ctx, tx, { order, event: 'reservation_expired', at }),
    },
    cancelled: { startsAt: 'pending', cause: (tx, order, at) => transitionOrder(s.t.ctx, tx, { order, event: 'cancelled', at }) },
    refund_requested: {
      startsAt: 'paid',
      cause: (tx, order, at) => transitionOrder(s.t.ctx, tx, { order, event: 'refund_requested', at }),
    },
    refunded: {
      startsAt: 'refund requested',
      cause: (tx, order, at) =>
        transitionOrder(s.t.ctx, tx, {
          order,
          event: 'refunded',
          at,
          restock: { fulfilment: order.fulfilmentStatus, actorUserId: s.admin.id },
        }),
    },
    refund_rejected: {
      startsAt: 'refund requested',
      cause: (tx, order, at) => transitionOrder(s.t.ctx, tx, { order, event: 'refund_rejected', at }),
    },
    payment_reversed: {
      startsAt: 'paid',
      cause: (tx, order, at) => transitionOrder(s.t.ctx, tx, { order, event: 'payment_reversed', at }),
    },
    reversed_before_seen: {
      startsAt: 'pending',
      cause: (tx, order, at) => transitionOrder(s.t.ctx, tx, { order, event: 'reversed_before_seen', at }),
    },
    confirmed_unpaid: {
      startsAt: 'pending',
      cause: (tx, order, at) => transitionOrder(s.t.ctx, tx, { order, event: 'confirmed_unpaid', at }),
    },
    paid_on_delivery: {
      startsAt: 'confirmed',
      cause: (tx, order, at) => transitionOrder(s.t.ctx, tx, { order, event: 'paid_on_delivery', at }),
    },
    cancelled_unpaid: {
      startsAt: 'confirmed',
      cause: (tx, order, at) => transitionOrder(s.t.ctx, tx, { order, event: 'cancelled_unpaid', at, returnedBy: s.admin.id }),
    },
  };

  const holdSeen = (before: Date | null, after: Date | null): Seen['hold'] =>
    before === null && after !== null
      ? 'set'
      : after === null && before !== null
        ? 'ended'
        : before?.getTime() === after?.getTime()
          ? 'kept'
          : 'moved';

  it.each(ORDER_EVENTS)('%s does to the stock what its entry in the table says', async (event) => {
    const productId = await roomyProduct();
    const buyer = await ownBuyer();
    let seen: Seen;
    if (event === 'placed') {
      const stockBefore = await stockOf(s.t, productId);
      const { orderId } = await placeOrder(buyer, [{ productId, quantity: QUANTITY }]);
      const placed = await orderRow(orderId);
      seen = {
        kinds: await kindsOf(orderId),
        stockChange: (await stockOf(s.t, productId)) - stockBefore,
        hold: holdSeen(null, placed.reservationExpiresAt),
      };
    } else {
      const { startsAt, cause } = causes[event];
      const { orderId, trackingId } = await placeOrder(buyer, [{ productId, quantity: QUANTITY }]);
      if (startsAt === 'confirmed') await confirmUnpaid(orderId);
      else if (startsAt !== 'pending') await payByCard(buyer, trackingId);
      if (startsAt === 'refund requested') await requestRefund(orderId);
      const before = await orderRow(orderId);
      const kindsBefore = await kindsOf(orderId);
      const stockBefore = await stockOf(s.t, productId);
      await s.t.ctx.db.transaction(async (tx) => {
        const [locked] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
        await cause(tx, locked!, s.t.ctx.now());
      });
      const after = await orderRow(orderId);
      expect(after.status).toBe(ORDER_TRANSITIONS[event].to);
      const kindsAfter = await kindsOf(orderId);
      for (const k of kindsBefore) kindsAfter.splice(kindsAfter.indexOf(k), 1);
      seen = {
        kinds: kindsAfter,
        stockChange: (await stockOf(s.t, productId)) - stockBefore,
        hold: holdSeen(before.reservationExpiresAt, after.reservationExpiresAt),
      };
    }
    expect(seen).toEqual(EFFECT_SEEN[ORDER_TRANSITIONS[event].stock]);
  });

  describe('a refund', () => {
    const paidOrder = async () => {
      const productId = await roomyProduct();
      const buyer = await ownBuyer();
      const { orderId, trackingId } = await placeOrder(buyer, [{ productId, quantity: QUANTITY }]);
      await payByCard(buyer, trackingId);
      return { orderId, productId };
    };

    /** Pesapal's reversal of the refund the order was sent for (or of one already recorded). */
    const refund = async (orderId: string) => {
      if ((await orderRow(orderId)).status === 'completed') await requestRefund(orderId);
      return s.t.ctx.db.transaction(async (tx) => {
        const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
        return transitionOrder(s.t.ctx, tx, {
          order: order!,
          event: 'refunded',
          at: s.t.ctx.now(),
          restock: { fulfilment: order!.fulfilmentStatus, actorUserId: s.admin.id },
        });
      });
    };

    const restockRows = (orderId: string) =>
      s.t.ctx.db
        .select({ quantity: stockMovements.quantity, actorUserId: stockMovements.actorUserId, reason: stockMovements.reason })
        .from(stockMovements)
        .where(and(eq(stockMovements.orderId, orderId), eq(stockMovements.kind, 'restock')));

    it('puts the sold stock back on the shelf, once however often it is applied', async () => {
      const { orderId, productId } = await paidOrder();
      const paidStock = await stockOf(s.t, productId);

      const first = await refund(orderId);
      expect(first.restock).toEqual({ restocked: true, restockedLines: 1 });
      expect(await stockOf(s.t, productId)).toBe(paidStock + QUANTITY);
      const rows = [{ quantity: QUANTITY, actorUserId: s.admin.id, reason: 'Order cancelled and refunded' }];
      expect(await restockRows(orderId)).toEqual(rows);
      expect((await orderRow(orderId)).status).toBe('cancelled');

      // The table lets a cancelled order be refunded (a reversal may have cancelled it first): the
      // unique (order, variant, kind) ledger row keeps the goods from going back twice.
      const again = await refund(orderId);
      expect(again.restock).toEqual({ restocked: true, restockedLines: 0 });
      expect(await stockOf(s.t, productId)).toBe(paidStock + QUANTITY);
      expect(await restockRows(orderId)).toEqual(rows);
    });

    it.each(['out_for_delivery', 'delivered'] as const)('leaves goods %s out of stock, and says why', async (step) => {
      const { orderId, productId } = await paidOrder();
      await s.t.ctx.db.transaction(async (tx) => {
        const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
        await advanceOrderFulfilment(s.t.ctx, tx, { order: order!, event: step, at: s.t.ctx.now() });
      });
      const stockBefore = await stockOf(s.t, productId);

      const { restock } = await refund(orderId);
      const label = step === 'delivered' ? 'delivered' : 'out for delivery';
      expect(restock).toEqual({
        restocked: false,
        restockedLines: 0,
        notRestocked: `The goods had left the shop (${label}), so they were not put back into stock; adjust stock by hand if they come back.`,
      });
      expect(await stockOf(s.t, productId)).toBe(stockBefore);
      expect(await restockRows(orderId)).toEqual([]);
      expect((await orderRow(orderId)).status).toBe('cancelled');
    });
  });
});
