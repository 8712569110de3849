// Google Maps, as checkout will use it: one Places lookup of a Nairobi address with the server key.
import { createGoogleAddressProvider, GoogleMapsError } from '../integrations/places/google-address-provider';
import type { GoLiveCheck } from './go-live-check';

const PLACE = 'Westlands, Nairobi';

export const mapsCheck: GoLiveCheck = {
  name: 'Google Maps',
  async run({ env, callTimeoutMs }) {
    const fix =
      'Set GOOGLE_MAPS_API_KEY to a server key with the Places API and the Distance Matrix API enabled, restricted to this server.';
    if (!env.GOOGLE_MAPS_API_KEY)
      return { ok: false, detail: 'no GOOGLE_MAPS_API_KEY: addresses would come from the offline gazetteer', fix };
    const maps = createGoogleAddressProvider({
      apiKey: env.GOOGLE_MAPS_API_KEY,
      baseUrl: env.GOOGLE_MAPS_API_URL,
      timeoutMs: callTimeoutMs,
    });
    try {
      const found = await maps.autocomplete(PLACE);
      if (found.length === 0) return { ok: false, detail: `the key works, but Google found nothing for '${PLACE}'`, fix };
      return { ok: true, detail: `'${PLACE}' found (${found[0]?.description ?? ''})` };
    } catch (err) {
      const status = err instanceof GoogleMapsError ? err.status : err instanceof Error ? err.message : String(err);
      return { ok: false, detail: `Google refused the lookup: ${status}`, fix };
    }
  },
};
