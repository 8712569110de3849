// Delivery zones and the shop's origin. The zone table is replaced as a whole (update, add, remove)
// after src/domain's zoneTableProblems accepts it, so checkout never prices with overlapping bands.
import { eq, notInArray } from 'drizzle-orm';
import { deliveryFeeForDistance, formatDistance, type DeliveryZone } from '@/domain/delivery-fee';
import { centsToDecimalString, type Cents } from '@/domain/money';
import type { Db, DbOrTx } from '../../db/client';
import { deliveryZones } from '../../db/schema';
import { badRequest } from '../../errors';
import type { TaxBand } from '@/domain/tax-bands';
import type { SmallOrderPolicy } from '@/domain/small-order';
import {
  DELIVERY_FEE_TAX_BAND_SETTING,
  DELIVERY_ORIGIN_SETTING,
  loadDeliveryFeeTaxBand,
  loadDeliveryOrigin,
  loadDeliveryZones,
  type DeliveryOrigin,
} from './delivery-quote.service';
import { auditAdmin, type AdminActor } from '../../back-office/admin-access';
import { saveSetting } from '../../back-office/app-settings';
import { zoneTableProblems, type OriginInput, type ZoneInput } from '@/domain/back-office-forms';

export interface DeliverySettings {
  zones: DeliveryZone[];
  origin: DeliveryOrigin;
  /** The delivery fee's VAT band. */
  feeTaxBand: TaxBand;
}

const allZones = (db: DbOrTx) => loadDeliveryZones(db, { includeInactive: true });

export async function getDeliverySettings(db: DbOrTx): Promise<DeliverySettings> {
  const [zones, origin, feeTaxBand] = await Promise.all([allZones(db), loadDeliveryOrigin(db), loadDeliveryFeeTaxBand(db)]);
  return { zones, origin, feeTaxBand };
}

export async function saveZones(db: Db, actor: AdminActor, zones: ZoneInput[]): Promise<DeliveryZone[]> {
  const problems = zoneTableProblems(zones);
  if (problems.length > 0) throw badRequest(problems[0] ?? 'Invalid zones', { zones: problems.join('\n') });
  return db.transaction(async (tx) => {
    const before = await allZones(tx);
    const known = new Set(before.map((z) => z.id));
    const unknown = zones.find((z) => z.id !== undefined && !known.has(z.id));
    if (unknown) throw badRequest(`Zone "${unknown.name}" no longer exists; reload the page`, { zones: 'Reload the page and try again' });
    const kept = zones.flatMap((z) => (z.id ? [z.id] : []));
    // Orders keep the zone's name as a snapshot, so removing a zone never changes an old order.
    await tx.delete(deliveryZones).where(kept.length > 0 ? notInArray(deliveryZones.id, kept) : undefined);
    const now = actor.at;
    for (const z of zones) {
      const values = {
        name: z.name,
        minKm: z.minKm.toFixed(2),
        maxKm: z.maxKm.toFixed(2),
        baseFee: z.baseFeeCents,
        perKmRate: z.perKmRateCents,
        estimatedMinutes: z.estimatedMinutes,
        active: z.active,
        smallOrderRule: z.smallOrderRule,
        minimumOrder: z.minimumOrderCents,
        smallOrderFee: z.smallOrderFeeCents,
        payOnDelivery: z.payOnDelivery,
        updatedAt: now,
      };
      if (z.id) await tx.update(deliveryZones).set(values).where(eq(deliveryZones.id, z.id));
      else await tx.insert(deliveryZones).values(values);
    }
    const after = await allZones(tx);
    await auditAdmin(tx, actor, {
      action: 'DELIVERY_ZONES_UPDATE',
      tableName: 'delivery_zones',
      recordId: null,
      details: { before: before.map(zoneSummary), after: after.map(zoneSummary) },
    });
    return after;
  });
}

function zoneSummary(z: DeliveryZone): string {
  const state = z.active ? '' : ' (inactive)';
  return `${z.name}: ${z.minKm}-${z.maxKm} km, ${centsToDecimalString(z.baseFeeCents)} + ${centsToDecimalString(z.perKmRateCents)}/km, ${z.estimatedMinutes} min${smallOrderSummary(z.smallOrder)}${z.payOnDelivery && z.payOnDelivery !== 'off' ? `, pay on delivery: ${z.payOnDelivery}` : ''}${state}`;
}

/** ', minimum 1500.00' or ', fee 100.00 below 1500.00' in the audit's before and after ('' for none). */
function smallOrderSummary(policy: SmallOrderPolicy | undefined): string {
  if (!policy || policy.rule === 'none') return '';
  const minimum = centsToDecimalString(policy.minimumCents);
  return policy.rule === 'minimum' ? `, minimum ${minimum}` : `, fee ${centsToDecimalString(policy.feeCents)} below ${minimum}`;
}

export function saveOrigin(db: Db, actor: AdminActor, origin: OriginInput): Promise<DeliveryOrigin> {
  const value = { lat: origin.lat, lng: origin.lng, label: origin.label };
  return saveSetting(db, actor, { key: DELIVERY_ORIGIN_SETTING, value, action: 'DELIVERY_ORIGIN_UPDATE', load: loadDeliveryOrigin });
}

/** The delivery fee's VAT band from the next order on; orders already placed keep the band they were charged. */
export function saveDeliveryFeeTaxBand(db: Db, actor: AdminActor, band: TaxBand): Promise<TaxBand> {
  return saveSetting(db, actor, {
    key: DELIVERY_FEE_TAX_BAND_SETTING,
    value: band,
    action: 'DELIVERY_FEE_TAX_BAND_UPDATE',
    load: loadDeliveryFeeTaxBand,
    details: (from, to) => ({ changed: { taxBand: { from, to } } }),
  });
}

export interface FeePreview {
  km: number;
  formattedDistance: string;
  zoneName: string | null;
  feeCents: Cents | null;
  estimatedMinutes: number | null;
}

/** The fee checkout would charge today for a distance, with the saved active zones. */
export async function previewFee(db: DbOrTx, km: number): Promise<FeePreview> {
  const priced = deliveryFeeForDistance(await loadDeliveryZones(db), km);
  return {
    km,
    formattedDistance: formatDistance(km),
    zoneName: priced?.zone.name ?? null,
    feeCents: priced?.feeCents ?? null,
    estimatedMinutes: priced?.zone.estimatedMinutes ?? null,
  };
}
