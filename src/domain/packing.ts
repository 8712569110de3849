// Packing an order: each line is packed (a line sold by the kilo is weighed), replaced by a
// substitute, or unavailable, and what the customer is owed back follows from what she paid for the
// line, its share of VAT included (the gross the tax invoice declares):
//   weighed lighter than expected → pro rata: paid × (expected − weighed) / expected;
//   weighed heavier               → nothing (she is never charged more than shown);
//   unavailable                   → the whole paid line;
//   a substitute                  → paid − the substitute's price for the same quantity, which may
//                                   not be dearer than the paid line, and is in the same VAT band.
// Half-up to the cent; an order priced in whole shillings (prices include VAT) is owed whole
// shillings, rounded up (the shop's rounding never keeps the customer's money), never above the line.
import { applyRateBp, formatKES, multiplyCents, sumCents, type Cents } from './money';
import { divideRounded, toSafeInteger } from './decimal';
import { shortOrderId } from './order-status';
import { isGsm7, SMS_MAX_LENGTH, toGsm7 } from './order-sms';
import { splitInclusive } from './etims-invoice';
import type { TaxBand } from './tax-bands';

export const PACKING_OUTCOMES = ['packed', 'substituted', 'unavailable'] as const;
export type PackingOutcome = (typeof PACKING_OUTCOMES)[number];

/** What a scale in the shop can weigh for one line, in grams. */
export const WEIGHED_GRAMS_LIMITS = { min: 1, max: 50_000 } as const;

/** The outbox step of the customer's 'your order is packed' SMS and mail (beside the order steps). */
export const PACKED_STEP = 'packed';

export const PACKING_MESSAGES = {
  substituteTooDear: (paidCents: Cents) => `A substitute can cost at most what the customer paid for this item (${formatKES(paidCents)}).`,
  substituteOtherBand: 'A substitute must be in the same VAT band as the item it replaces.',
  weightNeeded: `Type what it weighed, in grams (${WEIGHED_GRAMS_LIMITS.min} to ${WEIGHED_GRAMS_LIMITS.max.toLocaleString('en-GB')}).`,
  notWeighed: 'This item is sold by the piece: it is not weighed.',
} as const;

/** An order line as it was paid for. */
export interface PaidLine {
  /** 'Tilapia — Large, Scaled & gutted'. */
  name: string;
  quantity: number;
  /** What the customer paid for the line, its share of VAT included. */
  paidCents: Cents;
  /** The nominal weight of one piece ('about 700 g'); null for a line sold by the piece. */
  nominalGrams: number | null;
  taxBand: TaxBand;
}

export interface Substitute {
  name: string;
  /** Its unit price in the order's price mode (unitPriceInOrderMode). */
  unitPriceCents: Cents;
  taxBand: TaxBand;
  taxRateBp: number;
}

export type PackingDecision =
  { outcome: 'packed'; weighedGrams: number | null } | { outcome: 'unavailable' } | { outcome: 'substituted'; substitute: Substitute };

/** The grams expected for the whole line: 2 × about 700 g = 1,400 g; null for a line sold by the piece. */
export function expectedGrams(line: Pick<PaidLine, 'nominalGrams' | 'quantity'>): number | null {
  return line.nominalGrams === null ? null : line.nominalGrams * line.quantity;
}

/** 650 → '650 g', 1400 → '1,400 g'. */
export function formatGrams(grams: number): string {
  return `${grams.toLocaleString('en-GB')} g`;
}

/**
 * A variant's price as the order prices its lines: the shop may have changed 'Prices include VAT'
 * since the order was placed, and the order keeps its own mode (VAT split out per line, or added).
 */
export function unitPriceInOrderMode(priceCents: Cents, rateBp: number, shopIncludesVat: boolean, orderIncludesVat: boolean): Cents {
  if (shopIncludesVat === orderIncludesVat) return priceCents;
  return shopIncludesVat ? splitInclusive(priceCents, rateBp).taxableCents : priceCents + applyRateBp(priceCents, rateBp);
}

/** What the substitute costs for the line's quantity, VAT included, as the order priced its own lines. */
export function substituteGrossCents(substitute: Substitute, quantity: number, pricesIncludeVat: boolean): Cents {
  const amount = multiplyCents(substitute.unitPriceCents, quantity);
  return pricesIncludeVat ? amount : amount + applyRateBp(amount, substitute.taxRateBp);
}

/** Why this substitute may not be sent for the line; null when it may. */
export function substituteRefusal(line: PaidLine, substitute: Substitute, pricesIncludeVat: boolean): string | null {
  if (substitute.taxBand !== line.taxBand) return PACKING_MESSAGES.substituteOtherBand;
  if (substituteGrossCents(substitute, line.quantity, pricesIncludeVat) > line.paidCents) {
    return PACKING_MESSAGES.substituteTooDear(line.paidCents);
  }
  return null;
}

/** Why this weight may not be recorded for the line; null when it may (a line by the piece has none). */
export function weightRefusal(line: Pick<PaidLine, 'nominalGrams'>, weighedGrams: number | null): string | null {
  if (line.nominalGrams === null) return weighedGrams === null ? null : PACKING_MESSAGES.notWeighed;
  const ok =
    weighedGrams !== null &&
    Number.isSafeInteger(weighedGrams) &&
    weighedGrams >= WEIGHED_GRAMS_LIMITS.min &&
    weighedGrams <= WEIGHED_GRAMS_LIMITS.max;
  return ok ? null : PACKING_MESSAGES.weightNeeded;
}

/** Half-up to the cent already; in whole shillings, up to the next shilling but never above the line. */
function owedRounded(owedCents: Cents, paidCents: Cents, wholeShillings: boolean): Cents {
  if (!wholeShillings) return owedCents;
  return Math.min(Math.ceil(owedCents / 100) * 100, paidCents);
}

/**
 * What the customer is owed back for one line. A decision the rules refuse (no weight for a line sold
 * by weight, a dearer substitute or one of another band) throws: the server checks it first.
 */
export function owedForLine(line: PaidLine, decision: PackingDecision, pricesIncludeVat: boolean): Cents {
  if (!Number.isSafeInteger(line.paidCents) || line.paidCents < 0) throw new RangeError(`Paid must be cents, got ${line.paidCents}`);
  switch (decision.outcome) {
    case 'unavailable':
      return line.paidCents;
    case 'substituted': {
      const refusal = substituteRefusal(line, decision.substitute, pricesIncludeVat);
      if (refusal) throw new RangeError(refusal);
      const owed = line.paidCents - substituteGrossCents(decision.substitute, line.quantity, pricesIncludeVat);
      return owedRounded(owed, line.paidCents, pricesIncludeVat);
    }
    case 'packed': {
      const refusal = weightRefusal(line, decision.weighedGrams);
      if (refusal) throw new RangeError(refusal);
      const expected = expectedGrams(line);
      if (expected === null || decision.weighedGrams === null || decision.weighedGrams >= expected) return 0;
      const missing = BigInt(expected - decision.weighedGrams);
      const owed = toSafeInteger(divideRounded(BigInt(line.paidCents) * missing, BigInt(expected)));
      return owedRounded(owed, line.paidCents, pricesIncludeVat);
    }
  }
}

const back = (owedCents: Cents) => (owedCents > 0 ? `, ${formatKES(owedCents)} back` : '');
const named = (line: Pick<PaidLine, 'name' | 'quantity'>) => (line.quantity > 1 ? `${line.quantity} × ${line.name}` : line.name);

/**
 * The change the customer reads, or null when packing changed nothing she would care about (packed
 * as ordered, or a fish at or above its weight):
 * 'Tilapia — Large: weighed 650 g (about 700 g expected), KES 95.00 back'.
 */
export function packingChangeText(line: PaidLine, decision: PackingDecision, owedCents: Cents): string | null {
  switch (decision.outcome) {
    case 'unavailable':
      return `${named(line)}: unavailable${back(owedCents)}`;
    case 'substituted':
      return `${named(line)} replaced by ${decision.substitute.name}${back(owedCents)}`;
    case 'packed': {
      const expected = expectedGrams(line);
      if (owedCents === 0 || expected === null || decision.weighedGrams === null) return null;
      return `${named(line)}: weighed ${formatGrams(decision.weighedGrams)} (about ${formatGrams(expected)} expected)${back(owedCents)}`;
    }
  }
}

/**
 * The same change as short as an SMS needs it, so two or three fit one message beside the refund
 * (the refund's total is said once; the mail and the order page give each line's): 'Tilapia - Large: 650 g'.
 */
function packingChangeSmsText(line: PaidLine, decision: PackingDecision, owedCents: Cents): string | null {
  if (packingChangeText(line, decision, owedCents) === null) return null;
  switch (decision.outcome) {
    case 'unavailable':
      return `${named(line)}: unavailable`;
    case 'substituted':
      return `${named(line)} replaced by ${decision.substitute.name}`;
    case 'packed':
      return `${named(line)}: ${formatGrams(decision.weighedGrams ?? 0)}`;
  }
}

export interface PackingSummary {
  /** Per line, in the order given: what is owed back and the change the customer reads. */
  lines: { owedCents: Cents; change: string | null }[];
  totalCents: Cents;
  changes: string[];
  /** The changes as the SMS says them (packingChangeSmsText). */
  smsChanges: string[];
}

/** Every line of an order as packed: what each is owed, the total, and the changes to tell. */
export function packingSummary(lines: readonly { line: PaidLine; decision: PackingDecision }[], pricesIncludeVat: boolean): PackingSummary {
  const owed = lines.map(({ line, decision }) => {
    const owedCents = owedForLine(line, decision, pricesIncludeVat);
    return { owedCents, change: packingChangeText(line, decision, owedCents), sms: packingChangeSmsText(line, decision, owedCents) };
  });
  return {
    lines: owed.map(({ owedCents, change }) => ({ owedCents, change })),
    totalCents: sumCents(owed.map((l) => l.owedCents)),
    changes: owed.flatMap((l) => (l.change ? [l.change] : [])),
    smsChanges: owed.flatMap((l) => (l.sms ? [l.sms] : [])),
  };
}

/**
 * How what packing owes goes back: through Pesapal to what she paid with, sent by the shop by M-Pesa
 * by hand (Pesapal would not make it), or not settled yet.
 */
export type PackingRefundWay = 'pesapal' | 'manual' | 'pending';

/** 'KES 945.00 will go back to the card or M-Pesa you paid with.' ('' when nothing is owed). */
export function refundSentence(totalCents: Cents, way: PackingRefundWay = 'pending'): string {
  if (totalCents <= 0) return '';
  const amount = formatKES(totalCents);
  switch (way) {
    case 'pesapal':
      return `${amount} will go back to the card or M-Pesa you paid with.`;
    case 'manual':
      return `The shop will send you ${amount} by M-Pesa.`;
    case 'pending':
      return `${amount} will be refunded to you.`;
  }
}

/** refundSentence in fewer characters, for an SMS that lists several changes: 'KES 945.00 back to your card or M-Pesa.' */
function shortRefundSentence(totalCents: Cents, way: PackingRefundWay = 'pending'): string {
  if (totalCents <= 0) return '';
  const amount = formatKES(totalCents);
  switch (way) {
    case 'pesapal':
      return `${amount} back to your card or M-Pesa.`;
    case 'manual':
      return `The shop will send you ${amount} by M-Pesa.`;
    case 'pending':
      return `${amount} to be refunded.`;
  }
}

/** The customer's message: 'Your order #1a2b3c4d is packed. Changes: …. KES 945.00 will go back to …' */
export function packedMessage(orderId: string, changes: readonly string[], totalCents: Cents, way: PackingRefundWay = 'pending'): string {
  const changed = changes.length > 0 ? ` Changes: ${changes.join('; ')}.` : '';
  return `Your order #${shortOrderId(orderId)} is packed.${changed} ${refundSentence(totalCents, way)}`.trim();
}

/**
 * The same as one GSM-7 SMS: as many changes as fit ('+1 more'), else how many there were, always
 * the refund; the shop's name and the order's page when there is room.
 */
export function packedSms(input: {
  shopName: string;
  publicUrl: string;
  orderId: string;
  changes: readonly string[];
  totalCents: Cents;
  way?: PackingRefundWay;
}) {
  const ref = `#${shortOrderId(input.orderId)}`;
  const refund = refundSentence(input.totalCents, input.way);
  const n = input.changes.length;
  const short = shortRefundSentence(input.totalCents, input.way);
  const bodies: string[] = [];
  // Every change told, in the plain words or else the short ones, before some left as '+1 more'.
  for (let k = n; k > 0; k--) {
    const listed = `${input.changes.slice(0, k).join('; ')}${k < n ? `; +${n - k} more` : ''}`;
    bodies.push(`Your order ${ref} is packed. Changes: ${listed}. ${refund}`, `Order ${ref} packed: ${listed}. ${short}`);
  }
  bodies.push(`Your order ${ref} is packed with ${n} ${n === 1 ? 'change' : 'changes'}. ${refund}`);
  const link = `${input.publicUrl}/orders/${shortOrderId(input.orderId)}`;
  const name = toGsm7(input.shopName.trim()).slice(0, 30).trim();
  const fits = (s: string) => s.length <= SMS_MAX_LENGTH;
  const withLink = (s: string) => (isGsm7(link) ? `${s} ${link}` : '');
  const texts = bodies.map((b) => toGsm7(b.trim()));
  // More changes first; for each, the name and the link while they fit.
  for (const text of texts) {
    const named = name ? `${name}: ${text}` : '';
    const found = [withLink(named), withLink(text), named, text].find((c) => c && fits(c));
    if (found) return found;
  }
  return texts[texts.length - 1]!.slice(0, SMS_MAX_LENGTH);
}
