// What a refund of part of a paid order may give back, line by line. Each line of the order (and its
// delivery fee) was paid a gross amount, VAT included (what its tax invoice declared); a refund gives
// back at most what is left of it after the refunds that hold money (waiting for Pesapal, waiting to
// be made by hand, or made), and all of a payment's refunds together at most what it collected.
// Goods go back on the shelf only as many as were taken from it for the order and not put back yet.
import { formatKES, type Cents } from './money';
import type { TaxBand } from './tax-bands';

export const REFUND_KINDS = ['whole', 'partial'] as const;
export type RefundKind = (typeof REFUND_KINDS)[number];
/** Pesapal's refund, M-Pesa's reversal of an M-Pesa Express payment, or the owner's by hand. */
export const REFUND_METHODS = ['pesapal', 'manual', 'mpesa_reversal'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];
/** Who asked: the merchant's 'Refund part of this order', packing, a cancellation, or a payment the order did not need. */
export const REFUND_SOURCES = ['merchant', 'packing', 'cancel', 'extra_payment'] as const;
export type RefundSource = (typeof REFUND_SOURCES)[number];
/** An order line, the delivery fee, or an amount of neither. */
export const REFUND_LINE_KINDS = ['item', 'delivery', 'amount'] as const;
type RefundLineKind = (typeof REFUND_LINE_KINDS)[number];

/** Refunds that hold money: waiting for Pesapal, waiting to be made by hand, or made. */
export const MONEY_HOLDING_REFUND_STATUSES = ['requested', 'manual_needed', 'refunded'] as const;

export function holdsMoney(status: string): boolean {
  return (MONEY_HOLDING_REFUND_STATUSES as readonly string[]).includes(status);
}

/** One line of a paid order (or its delivery fee) as a refund sees it. */
export interface RefundableLine {
  /** The order line; null for the delivery fee. */
  orderItemId: string | null;
  name: string;
  band: TaxBand;
  rateBp: number;
  /** What the customer paid for it, VAT included. */
  paidCents: Cents;
  /** What refunds holding money give back for it already. */
  refundedCents: Cents;
  /** Units bought (1 for the delivery fee). */
  quantity: number;
  /** Units taken from stock for the order (0 when none were: nothing can go back). */
  soldQuantity: number;
  /** Units refunds holding money put back, or will once made. */
  restockedQuantity: number;
}

export const remainingCents = (line: Pick<RefundableLine, 'paidCents' | 'refundedCents'>): Cents =>
  Math.max(0, line.paidCents - line.refundedCents);

export const restockableQuantity = (line: Pick<RefundableLine, 'soldQuantity' | 'restockedQuantity'>): number =>
  Math.max(0, line.soldQuantity - line.restockedQuantity);

/** A line the merchant (or packing) asks to refund. */
export interface RequestedRefundLine {
  /** Null: the delivery fee. */
  orderItemId: string | null;
  amountCents: Cents;
  restockQuantity: number;
}

/** A refund line as it is recorded: in its line's tax band. */
export interface ResolvedRefundLine {
  kind: Exclude<RefundLineKind, 'amount'>;
  orderItemId: string | null;
  name: string;
  band: TaxBand;
  rateBp: number;
  amountCents: Cents;
  restockQuantity: number;
}

export type RefundCheck = { ok: true; lines: ResolvedRefundLine[]; totalCents: Cents } | { ok: false; message: string };

export const PARTIAL_REFUND_MESSAGES = {
  noLines: 'Choose at least one line to refund.',
  unknownLine: 'That line is not part of this order.',
  noDeliveryFee: 'This order has no delivery fee to refund.',
  twice: (name: string) => `${name} is listed twice: refund each line once.`,
  noAmount: (name: string) => `Enter an amount to refund for ${name}.`,
  refundedAlready: (name: string) => `${name} has been refunded in full already.`,
  tooMuch: (name: string, left: Cents) => `You can refund at most ${formatKES(left)} more for ${name}.`,
  badRestock: (name: string) => `The number to put back in stock for ${name} must be a whole number, 0 or more.`,
  feeHasNoStock: 'The delivery fee has nothing to put back in stock.',
  neverTaken: (name: string) => `No ${name} was taken from stock for this order, so none can be put back.`,
  tooManyBack: (name: string, most: number) => `You can put back at most ${most} of ${name}.`,
  paymentRefunded: 'This payment has been refunded in full already.',
  paymentLeft: (left: Cents) => `The payment has only ${formatKES(left)} left to refund.`,
} as const;

const keyOf = (orderItemId: string | null) => orderItemId ?? 'delivery';

/**
 * Whether the lines may be refunded: each within what is left of its line, the restock within what
 * went out and has not come back, and the whole within what is left of the payment (paymentLeftCents:
 * collected less the refunds holding money). The first problem found is the message.
 */
export function checkPartialRefund(
  lines: readonly RefundableLine[],
  requested: readonly RequestedRefundLine[],
  paymentLeftCents: Cents,
): RefundCheck {
  if (requested.length === 0) return { ok: false, message: PARTIAL_REFUND_MESSAGES.noLines };
  const byKey = new Map(lines.map((l) => [keyOf(l.orderItemId), l]));
  const seen = new Set<string>();
  const resolved: ResolvedRefundLine[] = [];
  for (const want of requested) {
    const line = byKey.get(keyOf(want.orderItemId));
    if (!line)
      return {
        ok: false,
        message: want.orderItemId === null ? PARTIAL_REFUND_MESSAGES.noDeliveryFee : PARTIAL_REFUND_MESSAGES.unknownLine,
      };
    if (seen.has(keyOf(want.orderItemId))) return { ok: false, message: PARTIAL_REFUND_MESSAGES.twice(line.name) };
    seen.add(keyOf(want.orderItemId));
    if (!Number.isSafeInteger(want.amountCents) || want.amountCents <= 0)
      return { ok: false, message: PARTIAL_REFUND_MESSAGES.noAmount(line.name) };
    const left = remainingCents(line);
    if (want.amountCents > left)
      return {
        ok: false,
        message: left === 0 ? PARTIAL_REFUND_MESSAGES.refundedAlready(line.name) : PARTIAL_REFUND_MESSAGES.tooMuch(line.name, left),
      };
    if (!Number.isSafeInteger(want.restockQuantity) || want.restockQuantity < 0)
      return { ok: false, message: PARTIAL_REFUND_MESSAGES.badRestock(line.name) };
    if (want.restockQuantity > 0) {
      if (line.orderItemId === null) return { ok: false, message: PARTIAL_REFUND_MESSAGES.feeHasNoStock };
      if (line.soldQuantity === 0) return { ok: false, message: PARTIAL_REFUND_MESSAGES.neverTaken(line.name) };
      const most = restockableQuantity(line);
      if (want.restockQuantity > most) return { ok: false, message: PARTIAL_REFUND_MESSAGES.tooManyBack(line.name, most) };
    }
    resolved.push({
      kind: line.orderItemId === null ? 'delivery' : 'item',
      orderItemId: line.orderItemId,
      name: line.name,
      band: line.band,
      rateBp: line.rateBp,
      amountCents: want.amountCents,
      restockQuantity: want.restockQuantity,
    });
  }
  const totalCents = resolved.reduce((sum, l) => sum + l.amountCents, 0);
  if (totalCents > paymentLeftCents)
    return {
      ok: false,
      message: paymentLeftCents <= 0 ? PARTIAL_REFUND_MESSAGES.paymentRefunded : PARTIAL_REFUND_MESSAGES.paymentLeft(paymentLeftCents),
    };
  return { ok: true, lines: resolved, totalCents };
}

/**
 * What a whole refund after partial ones credits: what is left of every line. Its goods follow the
 * order's refund (the lifecycle table's restock effect), so no restock quantity is given here.
 */
export function remainderLines(lines: readonly RefundableLine[]): ResolvedRefundLine[] {
  return lines
    .filter((l) => remainingCents(l) > 0)
    .map((l) => ({
      kind: l.orderItemId === null ? ('delivery' as const) : ('item' as const),
      orderItemId: l.orderItemId,
      name: l.name,
      band: l.band,
      rateBp: l.rateBp,
      amountCents: remainingCents(l),
      restockQuantity: 0,
    }));
}

/**
 * The quantity a credit note's line carries: all the order line's units when it credits all that was
 * paid for them, else the units that came back, else one (an amount off the line, such as a weight
 * difference).
 */
export function creditedQuantity(
  credit: { amountCents: Cents; restockQuantity: number },
  orderLine: { paidCents: Cents; quantity: number },
): number {
  if (credit.amountCents === orderLine.paidCents) return orderLine.quantity;
  return credit.restockQuantity > 0 ? credit.restockQuantity : 1;
}

/** The order's flag while a refund waits to be made by hand. */
export function manualRefundReason(amountCents: Cents): string {
  return `Refund ${formatKES(amountCents)} by M-Pesa by hand and record its code.`;
}

/** Separates flags the order holds together (see the payments feature's 'Also:'). */
const ALSO = ' Also: ';

/** The order's flag with one reason added beside any it has. */
export function withAttention(current: string | null, reason: string): string {
  if (!current) return reason;
  return current.split(ALSO).includes(reason) ? current : `${current}${ALSO}${reason}`;
}

/** The order's flag without one reason; null when nothing else is flagged. */
export function withoutAttention(current: string | null, reason: string): string | null {
  if (!current) return null;
  const left = current.split(ALSO).filter((r) => r !== reason);
  return left.length === 0 ? null : left.join(ALSO);
}
