// The order a rider takes a day's stops in: the stop nearest the shop first, then each time the
// stop nearest the last one (straight-line distance, a good enough guide inside one zone). Stops
// without a map point go last, in the order given.
import { haversineKm, type LatLng } from './delivery-fee';

export interface RouteStop {
  lat: number | null;
  lng: number | null;
}

export function routeOrder<T extends RouteStop>(origin: LatLng, stops: readonly T[]): T[] {
  const placed = stops.filter((s): s is T & LatLng => s.lat !== null && s.lng !== null);
  const unplaced = stops.filter((s) => s.lat === null || s.lng === null);
  const route: T[] = [];
  let from: LatLng = origin;
  const left = [...placed];
  while (left.length > 0) {
    let best = 0;
    // Strictly nearer only: equal distances keep the order given, so the result is stable.
    for (let i = 1; i < left.length; i++) if (haversineKm(from, left[i]!) < haversineKm(from, left[best]!)) best = i;
    const [next] = left.splice(best, 1);
    route.push(next!);
    from = next!;
  }
  return [...route, ...unplaced];
}

/** Google Maps directions to a stop: its map point when known, else its address as typed. */
export function mapLink(stop: { lat: number | null; lng: number | null; address: string }): string {
  const destination = stop.lat !== null && stop.lng !== null ? `${stop.lat},${stop.lng}` : stop.address;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}

/** Google Maps at a point (the shop's origin): the same maps the riders use. */
export function mapPointLink(lat: number, lng: number): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${lat},${lng}`)}`;
}
