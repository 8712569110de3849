// M-Pesa moves whole shillings: Pesapal may report a mobile-money payment of a total with cents
// (KES 1,182.40) as what the phone paid (KES 1,182, or 1,183). Such a payment is the order's payment,
// and the difference is rounding kept on the payment: never a whole shilling or more (that is a
// mismatch, flagged for the merchant), and never for a card, which is charged to the cent. A refund
// gives back what was collected: never more than came in, and all of it (mobile money is refunded whole).
import type { Cents } from './money';
import { paymentMethodName } from './payment-method';

/** Less than one shilling either way. */
const MAX_ROUNDING_CENTS = 99;

/** Whether a payment method moves whole shillings (mobile money). */
export function movesWholeShillings(method: string | null | undefined): boolean {
  const name = paymentMethodName(method);
  return name === 'M-Pesa' || name === 'Airtel Money';
}

/**
 * The rounding of a reported payment: amount − reported in cents (negative when more was paid), 0 for
 * an exact one, or null when the two are not the same payment (a mismatch).
 */
export function paymentRounding(method: string | null | undefined, amountCents: Cents, reportedCents: Cents): number | null {
  const rounding = amountCents - reportedCents;
  if (rounding === 0) return 0;
  return movesWholeShillings(method) && Math.abs(rounding) <= MAX_ROUNDING_CENTS ? rounding : null;
}

/** What refunding a payment gives back: what was collected (amount − rounding), not the amount asked for. */
export function refundableCents(amountCents: Cents, rounding: number): Cents {
  return amountCents - rounding;
}
