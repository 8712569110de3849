// A line's packing as the order pages show it: only once packing of the order is finished (before
// that the packer may still change it, and the customer has not been told).
import type { PackedLine } from '@/domain/packed-line';
import type { orderItems } from '../../db/schema';

type ItemRow = Pick<
  typeof orderItems.$inferSelect,
  'packingOutcome' | 'weighedGrams' | 'nominalGrams' | 'quantity' | 'substituteName' | 'packingRefund' | 'productName'
>;

export function linePacking(item: ItemRow, packingFinished: boolean): PackedLine | null {
  if (!packingFinished || item.packingOutcome === null) return null;
  return {
    outcome: item.packingOutcome,
    weighedGrams: item.weighedGrams,
    expectedGrams: item.nominalGrams === null ? null : item.nominalGrams * item.quantity,
    substituteName: item.substituteName,
    orderedName: item.productName,
    refundCents: item.packingRefund ?? 0,
  };
}
