// The pick list of a day, or of one delivery window of it: the paid orders the deliveries screen
// lists (deliveriesForDay: same day, same windows, same route order), each with its lines to pick,
// what was paid for each, the expected weight of a line sold by the kilo, the customer's 'If
// unavailable' choice and notes, and what packing has recorded so far (with what finishing would
// owe back, or what finishing stored), and once finished: what was paid, what is sent, and packing's
// refund with where it stands.
import { and, eq, inArray } from 'drizzle-orm';
import type { IfUnavailable } from '@/domain/line-choices';
import type { Cents } from '@/domain/money';
import type { FulfilmentStatus, RefundStatus } from '@/domain/order-status';
import type { RefundMethod } from '@/domain/partial-refund';
import { expectedGrams, owedForLine, packingSummary, type PackingOutcome } from '@/domain/packing';
import { nairobiDateKey, nairobiDayStart } from '@/domain/nairobi-days';
import type { DbOrTx } from '../../db/client';
import { paymentRefunds, paymentTransactions, profiles, user } from '../../db/schema';
import { badRequest } from '../../errors';
import { deliveriesForDay } from '../deliveries/deliveries.service';
import { decisionOf, packingOrders, type PackingLine, type PackingOrder } from './packing-lines';

interface PickLine {
  id: string;
  name: string;
  quantity: number;
  unitPriceCents: Cents;
  /** What the customer paid for the line, VAT included. */
  paidCents: Cents;
  /** One piece's nominal weight, and the whole line's ('2 × about 700 g': 1,400 g); null by the piece. */
  nominalGrams: number | null;
  expectedGrams: number | null;
  ifUnavailable: IfUnavailable;
  /** The customer's note for the line; '' for none. */
  note: string;
  packing: {
    outcome: PackingOutcome;
    weighedGrams: number | null;
    substitute: { variantId: string; name: string; unitPriceCents: Cents } | null;
    packedAt: string;
    /** Owed back for the line: as stored at finish, or what finishing now would store. */
    owedCents: Cents;
  } | null;
}

export interface PickOrder {
  orderId: string;
  orderNumber: string;
  customerName: string;
  /** The delivery window (or day) it goes with, and when it is expected. */
  slot: string;
  expected: string;
  zoneName: string;
  /** The customer's note for the shop; '' for none. */
  note: string;
  fulfilmentStatus: FulfilmentStatus;
  pricesIncludeVat: boolean;
  lines: PickLine[];
  /** Lines still to decide. */
  undecided: number;
  /** Owed back in all (stored at finish, or what finishing now would owe once every line is decided). */
  owedCents: Cents | null;
  /** The changes the customer is told. */
  changes: string[];
  finished: {
    at: string;
    by: string | null;
    refundCents: Cents;
    /** What the order was charged, and that less what packing gives back. */
    paidCents: Cents;
    sentCents: Cents;
    /** Packing's refund and where it stands; null until it is settled (or when nothing is owed). */
    refund: PackingRefundView | null;
  } | null;
}

export interface PackingRefundView {
  id: string;
  amountCents: Cents;
  status: RefundStatus;
  method: RefundMethod;
}

export interface PickList {
  day: string;
  /** The day's windows (in time order), with how many orders each has and how many are packed. */
  slots: { slot: string; orders: number; packed: number }[];
  /** The window shown; null: the whole day. */
  slot: string | null;
  orders: PickOrder[];
}

const DAY_MESSAGE = 'Choose a day (YYYY-MM-DD)';

/** The asked day, checked to be a real date, or today in Nairobi. */
function packingDay(day: string | undefined, now: Date): string {
  if (!day) return nairobiDateKey(now);
  try {
    nairobiDayStart(day);
  } catch {
    throw badRequest(DAY_MESSAGE, { day: DAY_MESSAGE });
  }
  return day;
}

function lineView(p: PackingOrder, line: PackingLine): PickLine {
  const i = line.item;
  const decision = decisionOf(i);
  const finished = p.order.packingFinishedAt !== null;
  return {
    id: i.id,
    name: i.productName,
    quantity: i.quantity,
    unitPriceCents: i.unitPrice,
    paidCents: line.paidCents,
    nominalGrams: i.nominalGrams,
    expectedGrams: expectedGrams(line),
    ifUnavailable: i.ifUnavailable,
    note: i.customerNote,
    packing:
      decision && i.packedAt && i.packingOutcome
        ? {
            outcome: i.packingOutcome,
            weighedGrams: i.weighedGrams,
            substitute:
              i.substituteVariantId && i.substituteName !== null && i.substituteUnitPrice !== null
                ? { variantId: i.substituteVariantId, name: i.substituteName, unitPriceCents: i.substituteUnitPrice }
                : null,
            packedAt: i.packedAt.toISOString(),
            owedCents: finished ? (i.packingRefund ?? 0) : owedForLine(line, decision, p.order.pricesIncludeVat),
          }
        : null,
  };
}

/** What an order's pick card shows of its packing as a whole. */
export function orderPacking(
  p: PackingOrder,
  finishedBy: string | null,
  refund: PackingRefundView | null = null,
): Pick<PickOrder, 'lines' | 'undecided' | 'owedCents' | 'changes' | 'finished'> {
  const lines = p.lines.map((l) => lineView(p, l));
  const decided = p.lines.flatMap((line) => {
    const decision = decisionOf(line.item);
    return decision ? [{ line, decision }] : [];
  });
  const undecided = p.lines.length - decided.length;
  const summary = undecided === 0 ? packingSummary(decided, p.order.pricesIncludeVat) : null;
  const o = p.order;
  return {
    lines,
    undecided,
    owedCents: o.packingRefundTotal ?? summary?.totalCents ?? null,
    changes: summary?.changes ?? [],
    finished: o.packingFinishedAt
      ? {
          at: o.packingFinishedAt.toISOString(),
          by: finishedBy,
          refundCents: o.packingRefundTotal ?? 0,
          paidCents: o.totalAmount,
          sentCents: o.totalAmount - (o.packingRefundTotal ?? 0),
          refund,
        }
      : null,
  };
}

/** Packing's refund of each order (one at most, a unique index keeps it), by order id. */
async function packingRefunds(db: DbOrTx, orderIds: readonly string[]): Promise<Map<string, PackingRefundView>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({
      orderId: paymentTransactions.orderId,
      id: paymentRefunds.id,
      amountCents: paymentRefunds.amount,
      status: paymentRefunds.status,
      method: paymentRefunds.method,
    })
    .from(paymentRefunds)
    .innerJoin(paymentTransactions, eq(paymentTransactions.id, paymentRefunds.transactionId))
    .where(and(inArray(paymentTransactions.orderId, [...orderIds]), eq(paymentRefunds.source, 'packing')));
  return new Map(rows.map(({ orderId, ...refund }) => [orderId, refund]));
}

/** The names of the people who finished packing, by account id. */
async function packerNames(db: DbOrTx, ids: readonly (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const [names, fullNames] = await Promise.all([
    db.select({ id: user.id, name: user.name }).from(user).where(inArray(user.id, wanted)),
    db.select({ id: profiles.id, fullName: profiles.fullName }).from(profiles).where(inArray(profiles.id, wanted)),
  ]);
  return new Map(names.map((n) => [n.id, fullNames.find((f) => f.id === n.id)?.fullName || n.name]));
}

export async function pickList(db: DbOrTx, q: { day?: string | undefined; slot?: string | undefined }, now: Date): Promise<PickList> {
  const day = packingDay(q.day, now);
  const groups = await deliveriesForDay(db, day, now);
  const stops = groups.flatMap((g) => g.stops.map((s) => ({ ...s, slot: g.slot })));
  const packing = await packingOrders(
    db,
    stops.map((s) => s.orderId),
  );
  const names = await packerNames(
    db,
    [...packing.values()].map((p) => p.order.packingFinishedBy),
  );
  const refunds = await packingRefunds(
    db,
    [...packing.values()].filter((p) => p.order.packingFinishedAt !== null).map((p) => p.order.id),
  );
  // The day's windows in the deliveries screen's order (a Map keeps the order they come in).
  const counts = new Map<string, PickList['slots'][number]>();
  for (const s of stops) {
    const entry = counts.get(s.slot) ?? { slot: s.slot, orders: 0, packed: 0 };
    entry.orders += 1;
    if (packing.get(s.orderId)?.order.packingFinishedAt) entry.packed += 1;
    counts.set(s.slot, entry);
  }
  const slots = [...counts.values()];
  const slot = q.slot && slots.some((x) => x.slot === q.slot) ? q.slot : null;
  const orders = stops
    .filter((s) => slot === null || s.slot === slot)
    .flatMap((s): PickOrder[] => {
      const p = packing.get(s.orderId);
      if (!p) return [];
      return [
        {
          orderId: s.orderId,
          orderNumber: s.orderNumber,
          customerName: s.customerName,
          slot: s.slot,
          expected: s.expected,
          zoneName: s.zoneName,
          note: s.note,
          fulfilmentStatus: s.fulfilmentStatus,
          pricesIncludeVat: p.order.pricesIncludeVat,
          ...orderPacking(
            p,
            p.order.packingFinishedBy ? (names.get(p.order.packingFinishedBy) ?? null) : null,
            refunds.get(s.orderId) ?? null,
          ),
        },
      ];
    });
  return { day, slots, slot, orders };
}
