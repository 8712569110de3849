import type { LatLng } from './address-provider';

const EARTH_RADIUS_KM = 6371;

const toRad = (deg: number): number => (deg * Math.PI) / 180;

/** Great-circle distance in km (haversine, mean earth radius 6371 km). */
function haversineKm(a: LatLng, b: LatLng): number {
  const dLat = toRad(b.lat - a.lat);
  const dLng = toRad(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

function roundTo(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

export function isValidLatLng(p: LatLng): boolean {
  return (
    Number.isFinite(p.lat) && Number.isFinite(p.lng) && Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180
  );
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
