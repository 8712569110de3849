// Promotions: a code the customer types, or an automatic offer (no code). One promotion per order:
// the code when one is given, else the best automatic offer. A promotion takes a percentage or a
// fixed amount off the lines it applies to (its scope), or waives the delivery fee (never the
// small-order fee). The discount is spread over the eligible lines (promotion-allocation.ts) so the
// per-line discounts add up to the order's; with 'Prices include VAT' it is whole shillings, so the
// totals stay whole shillings. The browser shows what the server answers; the server decides here.
import { allocateDiscount } from './promotion-allocation';
import { applyRateBp, formatKES, sumCents, type Cents } from './money';
import { nairobiParts } from './peak-hours';

export const PROMOTION_KINDS = ['percent', 'fixed', 'free_delivery'] as const;
type PromotionKind = (typeof PROMOTION_KINDS)[number];
export const PROMOTION_SCOPES = ['all', 'products', 'variants', 'categories'] as const;
type PromotionScope = (typeof PROMOTION_SCOPES)[number];

const WEEKDAY_NAMES = ['Sundays', 'Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays'] as const;

export interface Promotion {
  id: string;
  /** Upper case ('FISHFRIDAY'); null for an automatic offer. */
  code: string | null;
  /** What the customer reads for an automatic offer ('Weekend chicken offer'). */
  name: string;
  kind: PromotionKind;
  /** percent: whole percent 1–100; fixed: cents; free_delivery: 0. */
  value: number;
  /** The goods subtotal (before any discount) the cart must reach; 0 for none. */
  minimumSpendCents: Cents;
  firstOrderOnly: boolean;
  /** Uses per customer, and uses in all; null for no limit. */
  perCustomerLimit: number | null;
  totalLimit: number | null;
  /** The window it runs in; null for open-ended. */
  startsAt: Date | null;
  endsAt: Date | null;
  /** Nairobi weekdays it runs on (0 = Sunday … 6 = Saturday); empty for every day. */
  weekdays: readonly number[];
  scope: PromotionScope;
  /** Product ids, variant ids or category slugs, as the scope says; empty with 'all'. */
  scopeIds: readonly string[];
  active: boolean;
}

/** A line of the cart as the promotion sees it: what it is and what it costs before any discount. */
export interface PromotionLine {
  productId: string;
  variantId: string;
  category: string;
  amountCents: Cents;
}

/** What the promotion needs to know about the customer, counted by the server. */
export interface PromotionHistory {
  /** The customer has no order placed before (other than lapsed or cancelled unpaid ones). */
  firstOrder: boolean;
  customerUses: number;
  totalUses: number;
}

export const PROMOTION_MESSAGES = {
  unknown: 'We do not know this code.',
  expired: 'This code has expired.',
  notStarted: 'This code is not valid yet.',
  usedUp: 'This code has been used up.',
  usedByYou: 'You have already used this code.',
  firstOrder: 'This code is for a first order only.',
  nothingEligible: 'This code does not apply to anything in your cart.',
} as const;

/** 'This code needs a minimum order of KES 1,000.00.' */
const minimumSpendMessage = (cents: Cents) => `This code needs a minimum order of ${formatKES(cents)}.`;
/** 'This code is valid on Fridays only.' */
function weekdaysMessage(weekdays: readonly number[]): string {
  const names = [...weekdays].sort((a, b) => a - b).map((d) => WEEKDAY_NAMES[d] ?? '');
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1] ?? ''}` : (names[0] ?? '');
  return `This code is valid on ${list} only.`;
}

/** A code as typed: spaces trimmed, upper case. '' when nothing was typed. */
export const normalizePromotionCode = (text: string) => text.trim().toUpperCase();

/** The totals line: 'Discount (FISHFRIDAY)', or the offer's name for an automatic one. */
export const discountLabel = (p: Pick<Promotion, 'code' | 'name'>) => `Discount (${p.code ?? p.name})`;

/** The order's discount line ('Discount (FISHFRIDAY)', '−KES 130.00'), or none without a discount. */
export function discountRow(order: {
  discountTotal: Cents;
  promotionCode: string | null;
  promotionName: string | null;
}): [string, string][] {
  if (order.discountTotal <= 0) return [];
  return [[discountLabel({ code: order.promotionCode, name: order.promotionName ?? 'offer' }), `−${formatKES(order.discountTotal)}`]];
}

/** Whether the promotion applies to the line (its scope). */
function appliesToLine(p: Pick<Promotion, 'scope' | 'scopeIds'>, line: PromotionLine): boolean {
  switch (p.scope) {
    case 'all':
      return true;
    case 'products':
      return p.scopeIds.includes(line.productId);
    case 'variants':
      return p.scopeIds.includes(line.variantId);
    case 'categories':
      return p.scopeIds.includes(line.category);
  }
}

/** Why the promotion cannot be used on this cart now, or null when it can. */
export function promotionRefusal(p: Promotion, lines: readonly PromotionLine[], at: Date, history: PromotionHistory): string | null {
  if (!p.active) return PROMOTION_MESSAGES.unknown;
  if (p.endsAt && at.getTime() >= p.endsAt.getTime()) return PROMOTION_MESSAGES.expired;
  if (p.startsAt && at.getTime() < p.startsAt.getTime()) return PROMOTION_MESSAGES.notStarted;
  if (p.weekdays.length > 0 && !p.weekdays.includes(nairobiParts(at).weekday)) return weekdaysMessage(p.weekdays);
  if (p.totalLimit !== null && history.totalUses >= p.totalLimit) return PROMOTION_MESSAGES.usedUp;
  if (p.perCustomerLimit !== null && history.customerUses >= p.perCustomerLimit) return PROMOTION_MESSAGES.usedByYou;
  if (p.firstOrderOnly && !history.firstOrder) return PROMOTION_MESSAGES.firstOrder;
  const subtotal = sumCents(lines.map((l) => l.amountCents));
  if (subtotal < p.minimumSpendCents) return minimumSpendMessage(p.minimumSpendCents);
  if (p.kind !== 'free_delivery' && !lines.some((l) => appliesToLine(p, l) && l.amountCents > 0)) return PROMOTION_MESSAGES.nothingEligible;
  return null;
}

export interface PromotionDiscount {
  /** Per line, in the order of the lines given: what comes off it. */
  lineDiscountsCents: Cents[];
  discountCents: Cents;
  /** The delivery fee is waived (free_delivery). */
  freeDelivery: boolean;
}

/**
 * What the promotion takes off the lines: a percentage of the eligible lines (rounded half-up to
 * the cent) or a fixed amount, never more than the eligible lines cost, spread over them. With
 * prices that include VAT the discount is whole shillings (rounded down) on every line.
 */
export function promotionDiscount(p: Promotion, lines: readonly PromotionLine[], pricesIncludeVat: boolean): PromotionDiscount {
  const none = lines.map(() => 0);
  if (p.kind === 'free_delivery') return { lineDiscountsCents: none, discountCents: 0, freeDelivery: true };
  const eligible = lines.map((l) => (appliesToLine(p, l) ? Math.max(0, l.amountCents) : 0));
  const eligibleCents = sumCents(eligible);
  const wanted = p.kind === 'percent' ? applyRateBp(eligibleCents, Math.min(100, Math.max(0, p.value)) * 100) : Math.max(0, p.value);
  const shares = allocateDiscount(Math.min(wanted, eligibleCents), eligible, pricesIncludeVat ? 100 : 1);
  return { lineDiscountsCents: shares, discountCents: sumCents(shares), freeDelivery: false };
}

/** How much a usable promotion is worth to the customer: its discount, or the delivery fee it waives. */
function promotionWorth(d: PromotionDiscount, deliveryFeeCents: Cents | null): Cents {
  return d.freeDelivery ? (deliveryFeeCents ?? 0) : d.discountCents;
}

/**
 * The automatic offer worth most on this cart (ties: the first given), with its discount; null when
 * none can be used. Offers worth nothing are left out.
 */
export function bestAutomaticOffer(
  offers: readonly { promotion: Promotion; history: PromotionHistory }[],
  lines: readonly PromotionLine[],
  at: Date,
  pricesIncludeVat: boolean,
  deliveryFeeCents: Cents | null,
): { promotion: Promotion; discount: PromotionDiscount } | null {
  let best: { promotion: Promotion; discount: PromotionDiscount; worth: Cents } | null = null;
  for (const { promotion, history } of offers) {
    if (promotion.code !== null || promotionRefusal(promotion, lines, at, history) !== null) continue;
    const discount = promotionDiscount(promotion, lines, pricesIncludeVat);
    const worth = promotionWorth(discount, deliveryFeeCents);
    if (worth > 0 && (best === null || worth > best.worth)) best = { promotion, discount, worth };
  }
  return best && { promotion: best.promotion, discount: best.discount };
}
