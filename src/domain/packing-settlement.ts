// The settlement of a finished packing, as the packing screen shows it line by line: what the customer
// paid for the line, what was sent, and what goes back and why (a lighter fish: the missing kg at the
// price per kg she paid; unavailable: the paid line; a cheaper substitute: the difference), with where
// the order's packing refund stands.
import { formatKES, type Cents } from './money';
import { formatWeighedKg } from './packed-line';
import type { RefundMethod } from './partial-refund';

/** Where packing's refund stands: as the refund row says, or 'pending' before it is settled. */
export type PackingRefundState = 'requested' | 'refunded' | 'manual_needed' | 'withdrawn' | 'not_made' | 'pending';

export function packingRefundState(status: string | null): PackingRefundState {
  switch (status) {
    case null:
      return 'pending';
    case 'requested':
    case 'refunded':
    case 'manual_needed':
    case 'withdrawn':
      return status;
    default:
      // Rejected or refused at Pesapal: the owner decides on the order page.
      return 'not_made';
  }
}

/** 'Refunded by Pesapal', 'Needs a manual refund by M-Pesa', … */
export function packingRefundStateText(state: PackingRefundState, method: RefundMethod | null = null): string {
  switch (state) {
    case 'requested':
      return "Refund requested: waiting for Pesapal's approval";
    case 'refunded':
      return method === 'manual'
        ? 'Refunded by M-Pesa by hand'
        : method === 'mpesa_reversal'
          ? 'Reversed by M-Pesa'
          : 'Refunded by Pesapal';
    case 'manual_needed':
      return 'Needs a manual refund by M-Pesa';
    case 'withdrawn':
      return 'Refund withdrawn by the owner: not paid';
    case 'not_made':
      return 'Refund not made by Pesapal: see the order';
    case 'pending':
      return 'Refund not settled yet';
  }
}

export interface SettledLine {
  outcome: 'packed' | 'substituted' | 'unavailable';
  quantity: number;
  paidCents: Cents;
  /** The whole line's expected grams; null for a line sold by the piece. */
  expectedGrams: number | null;
  weighedGrams: number | null;
  substituteName: string | null;
  /** Owed back for the line, as stored when packing finished. */
  owedCents: Cents;
}

export interface LineSettlement {
  /** 'Paid KES 1,330.00 for about 0.700 kg'. */
  paid: string;
  /** 'Sent 0.650 kg', 'Not sent: unavailable', 'Sent Tilapia — Medium instead (KES 950.00)'. */
  sent: string;
  /** '0.050 kg short at KES 1,900.00/kg: KES 95.00 back'; null when nothing goes back. */
  back: string | null;
}

/** The price per kg the customer paid for a line sold by the kilo, to the cent. */
export function paidPerKgCents(paidCents: Cents, expectedGrams: number): Cents {
  return Math.round((paidCents * 1000) / expectedGrams);
}

export function lineSettlement(line: SettledLine): LineSettlement {
  const weighed = line.expectedGrams !== null;
  const paid = `Paid ${formatKES(line.paidCents)}${weighed ? ` for about ${formatWeighedKg(line.expectedGrams!)}` : ''}`;
  const owed = formatKES(line.owedCents);
  switch (line.outcome) {
    case 'unavailable':
      return { paid, sent: 'Not sent: unavailable', back: `The paid line: ${owed} back` };
    case 'substituted':
      return {
        paid,
        sent: `Sent ${line.substituteName ?? 'a substitute'} instead (${formatKES(line.paidCents - line.owedCents)})`,
        back: line.owedCents > 0 ? `The difference: ${owed} back` : null,
      };
    case 'packed': {
      if (!weighed || line.weighedGrams === null) return { paid, sent: 'Sent as ordered', back: null };
      const sent = `Sent ${formatWeighedKg(line.weighedGrams)}`;
      if (line.owedCents === 0) return { paid, sent, back: null };
      const short = line.expectedGrams! - line.weighedGrams;
      const perKg = formatKES(paidPerKgCents(line.paidCents, line.expectedGrams!));
      return { paid, sent, back: `${formatWeighedKg(short)} short at ${perKg}/kg: ${owed} back` };
    }
  }
}
