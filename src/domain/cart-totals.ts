// Checkout arithmetic: 16% VAT on the subtotal, free delivery from
// KES 2,000, and a nudge when the customer is within KES 1,000 of it.
import type { Cents } from './money';
import { applyRateBp, formatAmount, multiplyCents, sumCents } from './money';

export const VAT_RATE_BP = 1600;
export const FREE_DELIVERY_THRESHOLD_CENTS: Cents = 200_000;
export const FREE_DELIVERY_PROMPT_MAX_CENTS: Cents = 100_000;

export type CartTotalsLine = { unitPriceCents: Cents; quantity: number };

export type CartTotalsInput = {
  lines: readonly CartTotalsLine[];
  /** null while no delivery quote is known yet. */
  deliveryFeeCents: Cents | null;
};

export type CartTotals = {
  subtotalCents: Cents;
  vatCents: Cents;
  /** 0 when free; null when unknown and not free. */
  deliveryFeeCents: Cents | null;
  freeDelivery: boolean;
  /** subtotal + VAT + (fee ?? 0). */
  totalCents: Cents;
  /** What is still missing for free delivery, only while 0 < remaining ≤ KES 1,000. */
  amountToFreeDeliveryCents: Cents | null;
};

function assertNonNegativeInteger(value: number, label: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${label} must be a non-negative integer, got ${value}`);
  }
}

export function computeCartTotals(input: CartTotalsInput): CartTotals {
  const lineTotals = input.lines.map((line) => {
    assertNonNegativeInteger(line.unitPriceCents, 'Unit price');
    assertNonNegativeInteger(line.quantity, 'Quantity');
    return multiplyCents(line.unitPriceCents, line.quantity);
  });
  if (input.deliveryFeeCents !== null) assertNonNegativeInteger(input.deliveryFeeCents, 'Delivery fee');

  const subtotalCents = sumCents(lineTotals);
  // VAT on the whole subtotal, not per line, so rounding happens once.
  const vatCents = applyRateBp(subtotalCents, VAT_RATE_BP);
  const freeDelivery = subtotalCents >= FREE_DELIVERY_THRESHOLD_CENTS;
  const deliveryFeeCents = freeDelivery ? 0 : input.deliveryFeeCents;
  const remaining = FREE_DELIVERY_THRESHOLD_CENTS - subtotalCents;

  return {
    subtotalCents,
    vatCents,
    deliveryFeeCents,
    freeDelivery,
    totalCents: sumCents([subtotalCents, vatCents, deliveryFeeCents ?? 0]),
    amountToFreeDeliveryCents: remaining > 0 && remaining <= FREE_DELIVERY_PROMPT_MAX_CENTS ? remaining : null,
  };
}

/** 'Add KES 500.00 more for FREE delivery!' */
export function freeDeliveryPrompt(amountCents: Cents): string {
  return `Add KES ${formatAmount(amountCents)} more for FREE delivery!`;
}
