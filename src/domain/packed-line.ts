// What a finished packing made of one order line, as the order pages and the receipt show it beside
// the line: 'Weighed 0.650 kg (about 0.700 kg ordered) · KES 95.00 back', 'Substituted: Tilapia —
// Medium for Tilapia — Large', 'Unavailable · KES 850.00 back'. Kept apart from packing.ts (the rule
// and the messages) so a storefront page takes only this.
import { formatKES, type Cents } from './money';

export interface PackedLine {
  outcome: 'packed' | 'substituted' | 'unavailable';
  /** The real weight of a line sold by weight, in grams. */
  weighedGrams: number | null;
  /** The whole line's expected weight, in grams (null: sold by the piece). */
  expectedGrams: number | null;
  substituteName: string | null;
  /** The line as ordered ('Tilapia — Large'), named beside its substitute. */
  orderedName: string;
  /** Owed back for the line. */
  refundCents: Cents;
}

/** A scale's reading to the gram: 650 → '0.650 kg', 1400 → '1.400 kg'. */
export function formatWeighedKg(grams: number): string {
  return `${(grams / 1000).toFixed(3)} kg`;
}

/** The line's packing, in one short phrase; null for a line packed as ordered. */
export function packedLineText(p: PackedLine): string | null {
  const back = p.refundCents > 0 ? ` · ${formatKES(p.refundCents)} back` : '';
  switch (p.outcome) {
    case 'unavailable':
      return `Unavailable${back}`;
    case 'substituted':
      return `Substituted: ${p.substituteName ?? 'a similar item'} for ${p.orderedName}${back}`;
    case 'packed':
      if (p.weighedGrams === null) return null;
      return `Weighed ${formatWeighedKg(p.weighedGrams)}${p.expectedGrams === null ? '' : ` (about ${formatWeighedKg(p.expectedGrams)} ordered)`}${back}`;
  }
}
