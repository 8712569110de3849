import type { AddressProvider } from '../integrations/places/address-provider';
import { withDistanceCache } from '../integrations/places/cached-address-provider';
import { createGoogleAddressProvider } from '../integrations/places/google-address-provider';
import { createOfflineAddressProvider } from '../dev/places/offline-address-provider';

export type AddressProviderConfig = {
  googleMapsApiKey?: string;
  /** Another Google Maps-compatible API (GOOGLE_MAPS_API_URL). */
  googleMapsApiUrl?: string;
  nodeEnv: string;
};

const MISSING_KEY_IN_PRODUCTION_MESSAGE = 'GOOGLE_MAPS_API_KEY is required in production: the offline gazetteer is a development stand-in';

/**
 * Google (cached) when a key is configured; otherwise the offline Nairobi gazetteer (cached),
 * which is refused in production.
 */
export function createAddressProvider(config: AddressProviderConfig): AddressProvider {
  const key = config.googleMapsApiKey?.trim();
  if (key) return withDistanceCache(createGoogleAddressProvider({ apiKey: key, baseUrl: config.googleMapsApiUrl }));
  if (config.nodeEnv === 'production') throw new Error(MISSING_KEY_IN_PRODUCTION_MESSAGE);
  return withDistanceCache(createOfflineAddressProvider());
}
