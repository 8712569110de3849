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
  /** What a promotion takes off the line (promotions.ts); absent, nothing. VAT is on what is left. */
  discountCents?: Cents;
};

export type CartTotalsInput = {
  lines: readonly CartTotalsLine[];
  /** null while no delivery quote is known yet. */
  deliveryFeeCents: Cents | null;
  /** The delivery fee's tax band as the shop set it; absent, the default (no VAT on the fee). */
  deliveryFeeTaxBand?: TaxBand;
  /** The shop's 'Prices include VAT' setting: prices and the fee already hold their VAT. Absent, VAT is added on top. */
  pricesIncludeVat?: boolean;
  /** The zone's small-order fee when it applies (small-order.ts); taxed like the delivery fee. Absent, none. */
  smallOrderFeeCents?: Cents;
  /** A promotion waives the delivery fee (not the small-order fee). */
  waiveDeliveryFee?: boolean;
};

export type CartTotals = {
  subtotalCents: Cents;
  vatCents: Cents;
  /** 0 when free; null when unknown and not free. */
  deliveryFeeCents: Cents | null;
  freeDelivery: boolean;
  /** subtotal + VAT + (fee ?? 0) + small-order fee; with prices that include VAT, without the VAT. */
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
  /** The small-order fee charged (0 for none), in the delivery fee's band; free delivery does not waive it. */
  smallOrderFeeCents: Cents;
  /** What promotions took off the lines (0 for none); the subtotal is before it, the VAT after it. */
  discountCents: Cents;
};

export function computeOrderTotals(input: CartTotalsInput): OrderTotals {
  const lines = input.lines.map((line) => {
    assertNonNegativeInteger(line.unitPriceCents, 'Unit price');
    assertNonNegativeInteger(line.quantity, 'Quantity');
    const listCents = multiplyCents(line.unitPriceCents, line.quantity);
    const discountCents = line.discountCents ?? 0;
    assertNonNegativeInteger(discountCents, 'Discount');
    if (discountCents > listCents) throw new RangeError(`Discount ${discountCents} is more than the line's ${listCents}`);
    return { band: line.taxBand ?? DEFAULT_TAX_BAND, listCents, discountCents, amountCents: listCents - discountCents };
  });
  if (input.deliveryFeeCents !== null) assertNonNegativeInteger(input.deliveryFeeCents, 'Delivery fee');
  const smallOrderFeeCents = input.smallOrderFeeCents ?? 0;
  assertNonNegativeInteger(smallOrderFeeCents, 'Small-order fee');

  const subtotalCents = sumCents(lines.map((l) => l.listCents));
  const discountCents = sumCents(lines.map((l) => l.discountCents));
  // Free delivery is earned on what the goods cost after the discount.
  const goodsCents = subtotalCents - discountCents;
  const freeDelivery = goodsCents >= FREE_DELIVERY_THRESHOLD_CENTS || input.waiveDeliveryFee === true;
  const deliveryFeeCents = freeDelivery ? 0 : input.deliveryFeeCents;
  const feeBand = input.deliveryFeeTaxBand ?? DEFAULT_DELIVERY_FEE_TAX_BAND;
  // The fees (delivery, small order) are each an amount of their own in the fee's band, as the
  // tax invoice declares them: with prices that include VAT each is split on its own.
  const feeAmounts = [deliveryFeeCents ?? 0, smallOrderFeeCents].filter((c) => c > 0).map((c) => ({ band: feeBand, amountCents: c }));
  const feesCents = sumCents(feeAmounts.map((f) => f.amountCents));
  const fee = feesCents > 0 ? { band: feeBand, feeCents: feesCents } : null;
  // VAT per band on the band's whole amount, not per line, so each band rounds once.
  const amounts = [...lines, ...feeAmounts];
  const included = input.pricesIncludeVat === true;
  const bands = included ? inclusiveBandTotals(amounts) : bandTotals(amounts);
  const vatCents = sumCents(bands.map((b) => b.taxCents));
  const remaining = freeDelivery ? 0 : FREE_DELIVERY_THRESHOLD_CENTS - goodsCents;

  return {
    subtotalCents,
    vatCents,
    deliveryFeeCents,
    freeDelivery,
    smallOrderFeeCents,
    discountCents,
    totalCents: sumCents([goodsCents, included ? 0 : vatCents, deliveryFeeCents ?? 0, smallOrderFeeCents]),
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
