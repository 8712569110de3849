// Distance-based delivery pricing: each zone covers a km band and charges
// base + km × rate. Zones come from the database; the defaults below are the
// original business's table and seed it.
import type { Cents } from './money';
import { roundedProduct } from './decimal';
import type { SmallOrderPolicy } from './small-order';
import type { PayOnDeliveryChoice } from './pay-on-delivery';

export type DeliveryZone = {
  id: string;
  name: string;
  minKm: number;
  maxKm: number;
  baseFeeCents: Cents;
  perKmRateCents: Cents;
  estimatedMinutes: number;
  active: boolean;
  /** What happens below the zone's minimum order; absent, nothing (no minimum). */
  smallOrder?: SmallOrderPolicy;
  /** Pay on delivery here: to nobody ('off', also when absent), everyone, or returning customers. */
  payOnDelivery?: PayOnDeliveryChoice;
};

export type LatLng = { lat: number; lng: number };

/** Deliveries start here (a fixed point in Nairobi West). */
export const SHOP_ORIGIN = Object.freeze({
  lat: -1.3162,
  lng: 36.7965,
  label: 'Kogo Star Plaza, Nairobi West',
});

/** Used when a zone (or no zone) gives no estimate. */
export const DEFAULT_ZONE_MINUTES = 30;

function zone(
  n: number,
  name: string,
  minKm: number,
  maxKm: number,
  baseKes: number,
  perKmKes: number,
  estimatedMinutes: number,
): DeliveryZone {
  return Object.freeze({
    id: `zone-${n}`,
    name,
    minKm,
    maxKm,
    baseFeeCents: baseKes * 100,
    perKmRateCents: perKmKes * 100,
    estimatedMinutes,
    active: true,
  });
}

export const DEFAULT_DELIVERY_ZONES: readonly DeliveryZone[] = Object.freeze([
  zone(1, 'Zone 1 - Local Area', 0, 5, 60, 5, 25),
  zone(2, 'Zone 2 - Mid Distance', 5, 10, 120, 8, 35),
  zone(3, 'Zone 3 - Extended Area', 10, 15, 200, 12, 45),
  zone(4, 'Zone 4 - Far Distance', 15, 25, 300, 15, 60),
  zone(5, 'Zone 5 - Extended Nairobi', 25, 50, 400, 20, 90),
]);

function assertDistance(km: number): void {
  if (!Number.isFinite(km) || km < 0) throw new RangeError(`Distance must be a non-negative number, got ${km}`);
}

/**
 * The zone that prices a distance. Bands are tried by minKm ascending and the
 * first match wins, so a shared boundary (5 km) belongs to the lower zone.
 * A distance in a gap between bands (or below the first) uses the next band
 * up. Beyond the farthest active zone there is no zone: the shop does not
 * deliver there (null), as with no active zone at all.
 */
export function pickZone(zones: readonly DeliveryZone[], km: number): DeliveryZone | null {
  assertDistance(km);
  const active = zones.filter((z) => z.active).sort((a, b) => a.minKm - b.minKm);
  return active.find((z) => z.minKm <= km && km <= z.maxKm) ?? active.find((z) => z.minKm > km) ?? null;
}

/** How far the shop delivers: the farthest active zone's maxKm, or null with no active zone. */
export function deliveryReachKm(zones: readonly DeliveryZone[]): number | null {
  let reach: number | null = null;
  for (const z of zones) if (z.active && (reach === null || z.maxKm > reach)) reach = z.maxKm;
  return reach;
}

/** What a customer reads for an address past the farthest zone. */
export function outOfAreaMessage(reachKm: number, originLabel: string): string {
  return `We do not deliver there yet. We deliver within ${reachKm} km of ${originLabel}.`;
}

export function deliveryFeeForDistance(zones: readonly DeliveryZone[], km: number): { zone: DeliveryZone; feeCents: Cents } | null {
  const picked = pickZone(zones, km);
  if (!picked) return null;
  // Exact decimal product so 5.01 km × 800 is 4008 cents, rounded half-up.
  const distanceCents = roundedProduct(km, picked.perKmRateCents);
  return { zone: picked, feeCents: picked.baseFeeCents + distanceCents };
}

/** '3.2 km', or metres under 1 km ('850 m'). */
export function formatDistance(km: number): string {
  assertDistance(km);
  const metres = roundedProduct(km, 1000);
  if (metres < 1000) return `${metres} m`;
  const tenths = roundedProduct(km, 10);
  return `${Math.floor(tenths / 10)}.${tenths % 10} km`;
}

function isNonNegativeInteger(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 0;
}

/** Human-readable problems with a zone table; [] when it is usable. */
export function validateZones(zones: readonly DeliveryZone[]): string[] {
  const errors: string[] = [];
  const seenIds = new Set<string>();
  for (const z of zones) {
    const label = `Zone "${z.name || z.id}"`;
    if (seenIds.has(z.id)) errors.push(`${label}: id "${z.id}" is used more than once`);
    seenIds.add(z.id);
    if (!Number.isFinite(z.minKm) || !Number.isFinite(z.maxKm)) {
      errors.push(`${label}: distances must be numbers`);
    } else {
      if (z.minKm < 0 || z.maxKm < 0) errors.push(`${label}: distances must not be negative`);
      if (z.minKm >= z.maxKm) errors.push(`${label}: minimum distance must be less than maximum distance`);
    }
    if (!isNonNegativeInteger(z.baseFeeCents)) errors.push(`${label}: base fee must be a non-negative whole number of cents`);
    if (!isNonNegativeInteger(z.perKmRateCents)) errors.push(`${label}: per-km rate must be a non-negative whole number of cents`);
    if (!isNonNegativeInteger(z.estimatedMinutes)) errors.push(`${label}: estimated minutes must be a non-negative whole number`);
  }
  // Only well-formed active bands can overlap meaningfully; touching (5/5) is fine.
  const bands = zones.filter((z) => z.active && Number.isFinite(z.minKm) && Number.isFinite(z.maxKm) && z.minKm < z.maxKm);
  for (let i = 0; i < bands.length; i += 1) {
    for (let j = i + 1; j < bands.length; j += 1) {
      const a = bands[i];
      const b = bands[j];
      if (a && b && a.minKm < b.maxKm && b.minKm < a.maxKm) {
        errors.push(`Zones "${a.name || a.id}" and "${b.name || b.id}" overlap`);
      }
    }
  }
  return errors;
}

const EARTH_RADIUS_KM = 6371;

/** Great-circle distance; the fallback when no road distance is available. */
export function haversineKm(a: LatLng, b: LatLng): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}
