// The delivery fee depends on where the goods go, so order creation believes a delivery point only
// if this server handed it out: /places/details signs (address, coordinates) with the server's
// secret and the order must bring the signature back. Without it the address text is geocoded on
// the server, so a browser cannot buy a cheaper delivery band by sending coordinates next to the
// shop beside an address across town.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { LatLng } from '@/domain/delivery-fee';

/** Same text for signing and checking: the trimmed address and the point to 6 decimals (~0.1 m). */
function signedText(address: string, point: LatLng): string {
  return `checkout-place|${address.trim()}|${point.lat.toFixed(6)}|${point.lng.toFixed(6)}`;
}

function digest(secret: string, address: string, point: LatLng): Buffer {
  if (!secret) throw new Error('AUTH_SECRET is not set: place tokens cannot be signed');
  return createHmac('sha256', secret).update(signedText(address, point)).digest();
}

export function signPlace(secret: string, address: string, point: LatLng): string {
  return digest(secret, address, point).toString('base64url');
}

/** True when `token` was made by signPlace for this very address and point. */
export function isSignedPlace(secret: string, token: string | null | undefined, address: string, point: LatLng): boolean {
  if (!token) return false;
  const given = Buffer.from(token, 'base64url');
  const expected = digest(secret, address, point);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
