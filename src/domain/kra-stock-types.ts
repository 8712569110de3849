// THE table from the shop's stock changes to KRA's stock in/out types (sarTyCd, code class 12),
// the one place that decides what KRA is told a movement was (docs/etims.md, "Stock reported to
// KRA"). The merchant's restocks and adjustments name a cause; the shop's own movements (opening
// stock, a sale, a refund's return) have theirs. Reservations and their releases are not stock
// movements for KRA: the goods are still on the shelf until the sale.

/** KRA's class 12: incoming 01–06, outgoing 11–16. */
export const KRA_STOCK_TYPES = {
  '01': 'Import (in)',
  '02': 'Purchase (in)',
  '03': 'Return (in)',
  '04': 'Stock movement (in)',
  '05': 'Processing (in)',
  '06': 'Adjustment (in)',
  '11': 'Sale (out)',
  '12': 'Return (out)',
  '13': 'Stock movement (out)',
  '14': 'Processing (out)',
  '15': 'Discarding (out)',
  '16': 'Adjustment (out)',
} as const;
export type KraStockType = keyof typeof KRA_STOCK_TYPES;

/** Why stock changed, as the shop knows it. */
export type StockCause = 'opening' | 'purchase' | 'returned' | 'count' | 'spoiled' | 'sale' | 'refund' | 'substitution' | 'unit';

interface CauseRule {
  /** What the merchant reads (the back office's stock form, the docs). */
  label: string;
  /** KRA's type when stock comes in, and when it goes out; null where the cause cannot go that way. */
  in: KraStockType | null;
  out: KraStockType | null;
}

export const STOCK_CAUSES: Readonly<Record<StockCause, CauseRule>> = {
  opening: { label: 'Opening stock', in: '06', out: null },
  purchase: { label: 'Delivery from a supplier', in: '02', out: null },
  returned: { label: 'Goods came back to the shop', in: '03', out: null },
  count: { label: 'Count correction', in: '06', out: '16' },
  spoiled: { label: 'Spoiled or thrown away', in: null, out: '15' },
  sale: { label: 'Sold (an order paid)', in: null, out: '11' },
  refund: { label: 'Refunded order put back', in: '03', out: null },
  // Sent to the customer in place of an item that had run out: sold to her like the order's lines.
  substitution: { label: 'Sent in place of an unavailable item', in: null, out: '11' },
  // Stock switched between pieces and kg: KRA's item embeds its unit, so the goods leave the old
  // item and enter the new one as adjustments (src/domain/stock-units.ts, decision 050).
  unit: { label: 'Stock counted in another unit', in: '06', out: '16' },
};

/** The causes the merchant picks for a restock (adds stock) and for an adjustment (±), first the default. */
export const MERCHANT_STOCK_CAUSES = {
  restock: ['purchase', 'returned'],
  adjustment: ['count', 'spoiled'],
} as const satisfies Record<'restock' | 'adjustment', readonly StockCause[]>;
export type MerchantStockCause = (typeof MERCHANT_STOCK_CAUSES)[keyof typeof MERCHANT_STOCK_CAUSES][number];

/** KRA's type for a change of `delta` units (not 0) for this cause; null when the cause cannot go that way. */
export function kraStockType(cause: StockCause, delta: number): KraStockType | null {
  const rule = STOCK_CAUSES[cause];
  return delta > 0 ? rule.in : delta < 0 ? rule.out : null;
}

/** Whether KRA's type takes stock away (11–16). */
export function isStockOut(type: KraStockType | string): boolean {
  return type >= '11';
}
