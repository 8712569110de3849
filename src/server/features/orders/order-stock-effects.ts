// What each stock effect of the order's life does: the `stock` of an ORDER_TRANSITIONS entry
// (src/domain/order-lifecycle.ts), applied by the order's transitions (order-transitions.ts) and by
// nothing else. The event's cause passes only what the effect needs to know (the lines, the new end
// of the hold, how far the goods went), so changing an entry's effect changes what the event does.
import { eq } from 'drizzle-orm';
import { restockPutsBack, type StockEffect } from '@/domain/order-lifecycle';
import type { FulfilmentStatus } from '@/domain/order-status';
import type { Tx } from '../../db/client';
import { orderItems } from '../../db/schema';
import { releaseReservation, reserveStock, sellReservation, type StockLine, type StockShortfall } from '../inventory/inventory.service';
import { confirmDeliveryWindow, releaseDeliveryWindow, type WindowLost } from '../delivery/delivery-slots.service';
import { notRestockedReason, restockSoldLines } from './refund-restock';
import { releaseRedemption } from '../promotions/promotion-pricing.service';

/** What a refund knows when its goods may go back on the shelf. */
interface RestockInput {
  /** How far the goods went, read under the order's row lock. */
  fulfilment: FulfilmentStatus;
  /** The admin who asked for the refund, on the ledger's restock rows (null: the account is gone). */
  actorUserId: string | null;
}

/** What each effect needs from the event's cause; the effects that need nothing take nothing. */
export interface StockEffectInputs {
  reserve: { reserve: { lines: readonly StockLine[]; unpaidShare: number } };
  'extend hold': { holdUntil: Date };
  sell: NoInput;
  /** The ledger's reason; the event's meaning when left out. */
  release: { releaseReason?: string };
  'keep hold': NoInput;
  restock: { restock: RestockInput };
  /** Who took the goods back (null: the account is gone), on the ledger's restock rows. */
  return: { returnedBy: string | null };
  none: NoInput;
}
type NoInput = Record<never, never>;

/** Every effect's input, each optional: what the transition hands over whatever the effect. */
export type AnyStockInput = Partial<
  StockEffectInputs['reserve'] &
    StockEffectInputs['extend hold'] &
    StockEffectInputs['release'] &
    StockEffectInputs['restock'] &
    StockEffectInputs['return']
>;

/** What the refund reports and audits of its stock. */
export interface RestockOutcome {
  restocked: boolean;
  restockedLines: number;
  /** Why nothing went back, when it did not. */
  notRestocked?: string;
}

export interface StockEffectOutcome {
  /** The hold's end, when the effect moves or ends it (written with the status). */
  hold?: { reservationExpiresAt: Date | null };
  /** Lines paid for with no stock left ('sell'). */
  shortfalls: StockShortfall[];
  /** Order lines whose reservation was released ('release'). */
  released: number;
  /** The delivery window's place could not be taken at payment ('sell'). */
  windowLost: WindowLost | null;
  /** What a 'restock' put back, or why not. */
  restock: RestockOutcome | null;
}

const HOLD_ENDS = { reservationExpiresAt: null };

/** Applies one effect to the order's stock, in the transition's transaction. */
export async function applyStockEffect(
  tx: Tx,
  orderId: string,
  effect: StockEffect,
  at: Date,
  input: AnyStockInput,
): Promise<StockEffectOutcome> {
  const nothing: StockEffectOutcome = { shortfalls: [], released: 0, windowLost: null, restock: null };
  switch (effect) {
    case 'reserve': {
      const { lines, unpaidShare } = needs(input.reserve, effect, 'the lines');
      await reserveStock(tx, orderId, lines, at, unpaidShare);
      return nothing;
    }
    case 'extend hold':
      return { ...nothing, hold: { reservationExpiresAt: needs(input.holdUntil, effect, 'the end of the hold') } };
    case 'sell': {
      const lines = await tx
        .select({
          productId: orderItems.productId,
          variantId: orderItems.variantId,
          productName: orderItems.productName,
          quantity: orderItems.quantity,
        })
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId));
      const shortfalls = await sellReservation(tx, orderId, lines, at);
      return { ...nothing, shortfalls, windowLost: await confirmDeliveryWindow(tx, orderId), hold: HOLD_ENDS };
    }
    case 'release': {
      const released = await releaseReservation(tx, orderId, needs(input.releaseReason, effect, 'a reason'), at);
      await releaseDeliveryWindow(tx, orderId, at);
      // The unpaid order's promotion use goes back with its stock and its window place.
      await releaseRedemption(tx, orderId);
      return { ...nothing, released, hold: HOLD_ENDS };
    }
    case 'restock': {
      const restocked = await restock(tx, orderId, at, needs(input.restock, effect, "the refund's goods state"));
      // A refunded order is not delivered: its place in the delivery window is free for another customer.
      await releaseDeliveryWindow(tx, orderId, at);
      return { ...nothing, restock: restocked };
    }
    case 'return': {
      // Unsold goods back on the shelf whatever step they reached: they came back with the rider.
      const restockedLines = await restockSoldLines(
        tx,
        orderId,
        needs(input.returnedBy, effect, 'who took the goods back'),
        at,
        'Order cancelled before it was paid: the goods came back',
      );
      await releaseDeliveryWindow(tx, orderId, at);
      return { ...nothing, restock: { restocked: true, restockedLines } };
    }
    // The reservation stays until its hold ends (the expiry job releases it): the customer may pay again.
    case 'keep hold':
      return nothing;
    case 'none':
      return nothing;
  }
}

async function restock(tx: Tx, orderId: string, at: Date, { fulfilment, actorUserId }: RestockInput): Promise<RestockOutcome> {
  if (!restockPutsBack(fulfilment)) return { restocked: false, restockedLines: 0, notRestocked: notRestockedReason(fulfilment) };
  return { restocked: true, restockedLines: await restockSoldLines(tx, orderId, actorUserId, at) };
}

/** The types make every cause pass its effect's input; this catches a caller that got round them. */
function needs<T>(value: T | undefined, effect: StockEffect, what: string): T {
  if (value === undefined) throw new Error(`The '${effect}' stock effect needs ${what}.`);
  return value;
}
