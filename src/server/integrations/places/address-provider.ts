/**
 * Address integration contract.
 *
 * The checkout needs three things from an address backend:
 *  - predictions while the customer types,
 *  - details (address and point) for a chosen prediction,
 *  - the driving distance from the shop to the delivery point,
 *    which the delivery-fee calculation turns into a zone and a fee.
 *
 * Two implementations exist: Google Maps Platform (production) and an offline
 * Nairobi gazetteer (development and tests). Both are usually wrapped in
 * `withDistanceCache`.
 */

import { SHOP_ORIGIN, type LatLng } from '@/domain/delivery-fee';

export type { LatLng };

export type AddressPrediction = {
  place_id: string;
  description: string;
  structured_formatting: { main_text: string; secondary_text: string };
  types: string[];
};

export type AddressComponent = { long_name: string; short_name: string; types: string[] };

export type PlaceDetails = {
  address: string;
  coordinates: LatLng;
  addressComponents: AddressComponent[];
  name: string;
  types: string[];
};

export type RouteDistance = {
  km: number;
  durationMins: number | null;
  source: 'google' | 'great-circle';
};

export interface AddressProvider {
  readonly name: string;
  /** Predictions for what the customer typed. Inputs shorter than 2 characters give []. */
  autocomplete(input: string, sessionToken?: string): Promise<AddressPrediction[]>;
  /** Details for a prediction's place_id, or null when the id is unknown. */
  details(placeId: string, sessionToken?: string): Promise<PlaceDetails | null>;
  /**
   * Best-effort coordinates for a free-text address, or null. Throws AmbiguousAddressError when
   * the text names several places that disagree ('Karen, near Nairobi West'): guessing one would
   * price the delivery for a place the customer did not choose.
   */
  geocode(address: string): Promise<LatLng | null>;
  /** Driving distance (or an estimate of it) from origin to destination. */
  drivingDistance(origin: LatLng, destination: LatLng): Promise<RouteDistance>;
}

/** The free text names several places; the customer must choose one of `candidates`. */
export class AmbiguousAddressError extends Error {
  constructor(
    readonly address: string,
    readonly candidates: AddressPrediction[],
  ) {
    super(`Several places match "${address}"`);
    this.name = 'AmbiguousAddressError';
  }
}

/** Where deliveries start: Kogo Star Plaza, Nairobi West (the original app's SHOP_COORDINATES). */
export const SHOP_COORDINATES: LatLng = { lat: SHOP_ORIGIN.lat, lng: SHOP_ORIGIN.lng };

/** Autocomplete starts at this many characters. */
export const MIN_AUTOCOMPLETE_CHARS = 2;
