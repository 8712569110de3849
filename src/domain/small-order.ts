// A small order to a far zone costs the shop more to carry than it earns. Each delivery zone says
// what happens below its minimum: nothing (the default), the order is refused until more is added
// ('minimum'), or a small-order fee is added ('fee'). The minimum is compared with the goods'
// subtotal as the cart shows it (before delivery and before any fee), so the customer can see how
// much more to add. The cart, checkout and the server placing the order all decide here.
import { computeOrderTotals, type CartTotalsInput, type OrderTotals } from './cart-totals';
import { formatKES, type Cents } from './money';

export const SMALL_ORDER_RULES = ['none', 'minimum', 'fee'] as const;
export type SmallOrderRule = (typeof SMALL_ORDER_RULES)[number];

/** What the owner chose for a zone. */
export interface SmallOrderPolicy {
  rule: SmallOrderRule;
  /** The smallest subtotal delivered without refusal or fee; 0 with rule 'none'. */
  minimumCents: Cents;
  /** Charged below the minimum with rule 'fee'. */
  feeCents: Cents;
}

export const NO_SMALL_ORDER_POLICY: SmallOrderPolicy = Object.freeze({ rule: 'none', minimumCents: 0, feeCents: 0 });

/** The line the totals, receipts and invoices show for the fee. */
export const SMALL_ORDER_FEE_LABEL = 'Small-order fee';

export type SmallOrderOutcome =
  | { kind: 'none' }
  | { kind: 'fee'; feeCents: Cents; minimumCents: Cents }
  | { kind: 'below_minimum'; minimumCents: Cents; shortCents: Cents; message: string };

/** The place a customer knows their address by: its first part ('Kitengela, Kajiado County' → 'Kitengela'). */
export const deliveryPlaceName = (address: string) => address.split(',')[0]?.trim() || address.trim();

/** 'The minimum order for delivery to Kitengela is KES 1,500.00. Add KES 1,050.00 more to check out.' */
export function minimumOrderMessage(placeName: string, minimumCents: Cents, shortCents: Cents): string {
  const where = placeName.trim() ? ` to ${placeName.trim()}` : '';
  return `The minimum order for delivery${where} is ${formatKES(minimumCents)}. Add ${formatKES(shortCents)} more to check out.`;
}

/** 'A small-order fee of KES 100.00 is added to orders below KES 1,500.00.' */
export function smallOrderFeeNotice(outcome: Extract<SmallOrderOutcome, { kind: 'fee' }>): string {
  return `A ${SMALL_ORDER_FEE_LABEL.toLowerCase()} of ${formatKES(outcome.feeCents)} is added to orders below ${formatKES(outcome.minimumCents)}.`;
}

/** What the zone's rule does to a subtotal: nothing, a fee, or a refusal with how much is missing. */
export function smallOrderOutcome(policy: SmallOrderPolicy, subtotalCents: Cents, placeName: string): SmallOrderOutcome {
  if (policy.rule === 'none' || policy.minimumCents <= 0 || subtotalCents >= policy.minimumCents) return { kind: 'none' };
  if (policy.rule === 'fee') {
    return policy.feeCents > 0 ? { kind: 'fee', feeCents: policy.feeCents, minimumCents: policy.minimumCents } : { kind: 'none' };
  }
  const shortCents = policy.minimumCents - subtotalCents;
  return {
    kind: 'below_minimum',
    minimumCents: policy.minimumCents,
    shortCents,
    message: minimumOrderMessage(placeName, policy.minimumCents, shortCents),
  };
}

/**
 * The order's totals under its zone's rule: the fee added as a line of its own (taxed like the
 * delivery fee) when it applies, and the outcome (a refusal to show or send back).
 */
export function totalsWithSmallOrder(
  input: Omit<CartTotalsInput, 'smallOrderFeeCents'>,
  policy: SmallOrderPolicy,
  placeName: string,
): { totals: OrderTotals; smallOrder: SmallOrderOutcome } {
  const plain = computeOrderTotals(input);
  const smallOrder = smallOrderOutcome(policy, plain.subtotalCents, placeName);
  if (smallOrder.kind !== 'fee') return { totals: plain, smallOrder };
  return { totals: computeOrderTotals({ ...input, smallOrderFeeCents: smallOrder.feeCents }), smallOrder };
}
