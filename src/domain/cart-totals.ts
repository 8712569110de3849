// Checkout arithmetic: VAT per tax band (16% on the subtotal while every product is in band B), free
// delivery from KES 2,000, and a nudge when the customer is within KES 1,000 of it. The cart, the
// checkout, the server pricing an order and its receipt all take their numbers from here. With
// 'Prices include VAT' on, the VAT is inside the prices (vat-inclusive.ts) and the total is the
// subtotal plus the fee.
import type { Cents } from './money';
import { formatAmount, multiplyCents, sumCents } from './money';
import { inclusiveBandTotals } from './vat-inclusive';
import {
  DEFAULT_DELIVERY_FEE_TAX_BAND,
  DEFAULT_TAX_BAND,
  TAX_BAND_RATE_BP,
  bandTotals,
  vatRows,
  type BandTotal,
  type TaxBand,
  type VatRow,
} from './tax-bands';

/** The standard rate (band B), the one every product has unless the merchant chose another band. */
export const VAT_RATE_BP = TAX_BAND_RATE_BP.B;
export const FREE_DELIVERY_THRESHOLD_CENTS: Cents = 200_000;
export const FREE_DELIVERY_PROMPT_MAX_CENTS: Cents = 100_000;

export type CartTotalsLine = {
  unitPriceCents: Cents;
  quantity: number;
  /** The product's tax band; absent (a cart kept from before bands), the catalogue's default. */
  taxBand?: TaxBand;
};

export type CartTotalsInput = {
  lines: readonly CartTotalsLine[];
  /** null while no delivery quote is known yet. */
  deliveryFeeCents: Cents | null;
  /** The delivery fee's tax band as the shop set it; absent, the default (no VAT on the fee). */
  deliveryFeeTaxBand?: TaxBand;
  /** The shop's 'Prices include VAT' setting: prices and the fee already hold their VAT. Absent, VAT is added on top. */
  pricesIncludeVat?: boolean;
};

export type CartTotals = {
  subtotalCents: Cents;
  vatCents: Cents;
  /** 0 when free; null when unknown and not free. */
  deliveryFeeCents: Cents | null;
  freeDelivery: boolean;
  /** subtotal + VAT + (fee ?? 0); with prices that include VAT, subtotal + (fee ?? 0). */
  totalCents: Cents;
  /** What is still missing for free delivery, only while 0 < remaining ≤ KES 1,000. */
  amountToFreeDeliveryCents: Cents | null;
};

function assertNonNegativeInteger(value: number, label: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${label} must be a non-negative integer, got ${value}`);
  }
}

/** The totals with what each tax band was charged, and the VAT lines to show. */
export type OrderTotals = CartTotals & {
  /** Per band, A to E: the goods lines and the delivery fee (when one is charged) in their bands. */
  bands: BandTotal[];
  deliveryFeeTaxBand: TaxBand;
  vatRows: VatRow[];
};

export function computeOrderTotals(input: CartTotalsInput): OrderTotals {
  const lines = input.lines.map((line) => {
    assertNonNegativeInteger(line.unitPriceCents, 'Unit price');
    assertNonNegativeInteger(line.quantity, 'Quantity');
    return { band: line.taxBand ?? DEFAULT_TAX_BAND, amountCents: multiplyCents(line.unitPriceCents, line.quantity) };
  });
  if (input.deliveryFeeCents !== null) assertNonNegativeInteger(input.deliveryFeeCents, 'Delivery fee');

  const subtotalCents = sumCents(lines.map((l) => l.amountCents));
  const freeDelivery = subtotalCents >= FREE_DELIVERY_THRESHOLD_CENTS;
  const deliveryFeeCents = freeDelivery ? 0 : input.deliveryFeeCents;
  const feeBand = input.deliveryFeeTaxBand ?? DEFAULT_DELIVERY_FEE_TAX_BAND;
  const fee = deliveryFeeCents ? { band: feeBand, feeCents: deliveryFeeCents } : null;
  // VAT per band on the band's whole amount, not per line, so each band rounds once.
  const amounts = fee ? [...lines, { band: fee.band, amountCents: fee.feeCents }] : lines;
  const included = input.pricesIncludeVat === true;
  const bands = included ? inclusiveBandTotals(amounts) : bandTotals(amounts);
  const vatCents = sumCents(bands.map((b) => b.taxCents));
  const remaining = FREE_DELIVERY_THRESHOLD_CENTS - subtotalCents;

  return {
    subtotalCents,
    vatCents,
    deliveryFeeCents,
    freeDelivery,
    totalCents: sumCents([subtotalCents, included ? 0 : vatCents, deliveryFeeCents ?? 0]),
    amountToFreeDeliveryCents: remaining > 0 && remaining <= FREE_DELIVERY_PROMPT_MAX_CENTS ? remaining : null,
    bands,
    deliveryFeeTaxBand: feeBand,
    vatRows: vatRows(bands, fee, included),
  };
}

/** The totals alone, without the per-band detail. */
export function computeCartTotals(input: CartTotalsInput): CartTotals {
  const t = computeOrderTotals(input);
  return {
    subtotalCents: t.subtotalCents,
    vatCents: t.vatCents,
    deliveryFeeCents: t.deliveryFeeCents,
    freeDelivery: t.freeDelivery,
    totalCents: t.totalCents,
    amountToFreeDeliveryCents: t.amountToFreeDeliveryCents,
  };
}

/** 'Add KES 500.00 more for FREE delivery!' */
export function freeDeliveryPrompt(amountCents: Cents): string {
  return `Add KES ${formatAmount(amountCents)} more for FREE delivery!`;
}
