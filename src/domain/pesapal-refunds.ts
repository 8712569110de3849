// What the shop may ask of Pesapal about a payment's refunds, and how it reads Pesapal's answer that
// a refund was made. Pesapal's documents say one refund per payment and mobile money in full only;
// how it shows a partial refund of a card it made is not documented. The shop's settings say what it
// assumes (PESAPAL_REFUNDS_PER_PAYMENT and PESAPAL_PARTIAL_REFUND_SIGN, docs/pesapal.md):
// - sign 'reversed': a partial refund Pesapal made turns the payment REVERSED, as a whole one does.
//   The shop records that refund as made and keeps the payment paying for the order (what is left
//   of it); later REVERSED reports of it are that refund again, and Pesapal is never asked to refund
//   it again (the rest is refunded by hand).
// - sign 'amount': the payment stays COMPLETED and its reported amount drops by each refund made. A
//   waiting refund is made when the amount has dropped by exactly it (after the earlier ones).
import type { Cents } from './money';
import type { RefundMethod } from './partial-refund';

export const PARTIAL_REFUND_SIGNS = ['reversed', 'amount'] as const;
export type PartialRefundSign = (typeof PARTIAL_REFUND_SIGNS)[number];
export const REFUNDS_PER_PAYMENT = ['one', 'many'] as const;
type RefundsPerPayment = (typeof REFUNDS_PER_PAYMENT)[number];

export interface PesapalRefundRules {
  perPayment: RefundsPerPayment;
  sign: PartialRefundSign;
}

/** A refund of the payment, as far as Pesapal is concerned. */
export interface PaymentRefundFact {
  id: string;
  kind: 'whole' | 'partial';
  status: string;
  method: RefundMethod;
  amountCents: Cents;
}

const byPesapal = (r: PaymentRefundFact, ...statuses: string[]) => r.method === 'pesapal' && statuses.includes(r.status);

const PESAPAL_WONT = {
  waiting: 'A refund of this payment is already waiting for Pesapal.',
  onePerPayment: 'Pesapal makes one refund per payment, and this payment has had one.',
  reversed: 'Pesapal has reversed this payment for an earlier refund.',
  noCode: 'This payment has no Pesapal confirmation code.',
  mpesaExpress: 'This payment was made by M-Pesa Express, not through Pesapal: send the money back by M-Pesa and record it here.',
  door: 'This order was paid to the rider on delivery, not through Pesapal: send the money back by M-Pesa and record it here.',
} as const;

/** Who took a payment: Pesapal's page, an M-Pesa Express prompt, or the rider at the door. */
export type PaymentProvider = 'pesapal' | 'mpesa' | 'door';

/** Why Pesapal cannot be asked to refund this payment (not its payment, no code, or its own rules), or null. */
export function whyNotByPesapal(
  payment: { provider: PaymentProvider; confirmationCode: string | null },
  rules: PesapalRefundRules,
  refunds: readonly PaymentRefundFact[],
): string | null {
  if (payment.provider === 'mpesa') return PESAPAL_WONT.mpesaExpress;
  if (payment.provider === 'door') return PESAPAL_WONT.door;
  return payment.confirmationCode ? whyPesapalWont(rules, refunds) : PESAPAL_WONT.noCode;
}

/** Null when Pesapal may be asked for another refund of the payment, else why not. */
export function whyPesapalWont(rules: PesapalRefundRules, refunds: readonly PaymentRefundFact[]): string | null {
  if (refunds.some((r) => r.status === 'requested')) return PESAPAL_WONT.waiting;
  if (rules.perPayment === 'one' && refunds.some((r) => byPesapal(r, 'requested', 'refunded'))) return PESAPAL_WONT.onePerPayment;
  if (rules.sign === 'reversed' && refunds.some((r) => byPesapal(r, 'refunded'))) return PESAPAL_WONT.reversed;
  return null;
}

export type RefundSignReading =
  /** Pesapal made the waiting refund. */
  | { kind: 'made'; refundId: string }
  /** What Pesapal says is what its earlier refunds explain: nothing new. */
  | { kind: 'as_before' }
  /** Not about a partial refund: read as any payment report. */
  | null;

/**
 * Pesapal's report of a payment the shop holds COMPLETED, read against its refunds. collectedCents:
 * what the payment collected (its amount less any mobile-money rounding).
 */
export function readRefundSign(
  sign: PartialRefundSign,
  reported: { status: string; amountCents: Cents },
  collectedCents: Cents,
  refunds: readonly PaymentRefundFact[],
): RefundSignReading {
  const waiting = refunds.find((r) => r.status === 'requested');
  const made = refunds.filter((r) => byPesapal(r, 'refunded')).reduce((sum, r) => sum + r.amountCents, 0);
  if (sign === 'reversed') {
    if (reported.status !== 'REVERSED') return null;
    // A whole refund waiting is the ordinary reversal of a payment.
    if (waiting?.kind === 'partial') return { kind: 'made', refundId: waiting.id };
    if (!waiting && refunds.some((r) => r.kind === 'partial' && byPesapal(r, 'refunded'))) return { kind: 'as_before' };
    return null;
  }
  if (reported.status !== 'COMPLETED' || (made === 0 && !waiting)) return null;
  if (waiting && reported.amountCents === collectedCents - made - waiting.amountCents) return { kind: 'made', refundId: waiting.id };
  if (made > 0 && reported.amountCents === collectedCents - made) return { kind: 'as_before' };
  return null;
}
