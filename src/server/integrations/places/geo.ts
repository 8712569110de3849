import { haversineKm, type LatLng } from '@/domain/delivery-fee';

function roundTo(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

export function isValidLatLng(p: LatLng): boolean {
  return Number.isFinite(p.lat) && Number.isFinite(p.lng) && Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180;
}

/**
 * Road-distance estimate from the straight line: haversine × roadFactor, rounded to 0.01 km;
 * duration = km / avgSpeedKmh × 60, rounded up to whole minutes.
 */
export function estimateRoadDistance(
  origin: LatLng,
  destination: LatLng,
  roadFactor: number,
  avgSpeedKmh: number,
): { km: number; durationMins: number } {
  const km = roundTo(haversineKm(origin, destination) * roadFactor, 2);
  const durationMins = Math.ceil((km / avgSpeedKmh) * 60);
  return { km, durationMins };
}
