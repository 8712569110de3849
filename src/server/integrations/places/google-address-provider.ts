import { z } from 'zod';
import type { AddressPrediction, AddressProvider, LatLng, PlaceDetails, RouteDistance } from './address-provider';
import { MIN_AUTOCOMPLETE_CHARS } from './address-provider';
import { estimateRoadDistance, isValidLatLng } from './geo';

/**
 * Google Maps Platform (legacy web-service JSON endpoints): Places Autocomplete,
 * Place Details, Geocoding and the Distance Matrix.
 *
 * The API key is sent only to `baseUrl`; it never appears in results, thrown messages or logs.
 * Google statuses OK and ZERO_RESULTS are normal outcomes; anything else throws a
 * GoogleMapsError carrying the status (the route layer maps it to the messages the customer sees).
 */

export type GoogleAddressProviderOptions = {
  apiKey: string;
  fetch?: typeof fetch;
  /** Default 'https://maps.googleapis.com/maps/api'. */
  baseUrl?: string;
  /** Per-request timeout. Default 8000 ms. */
  timeoutMs?: number;
};

const GOOGLE_PROVIDER_NAME = 'google';
const DEFAULT_GOOGLE_BASE_URL = 'https://maps.googleapis.com/maps/api';
const DEFAULT_GOOGLE_TIMEOUT_MS = 8000;

/** Nairobi centre and the 50 km radius the original used for autocomplete. */
const NAIROBI_CENTRE: LatLng = { lat: -1.2921, lng: 36.8219 };
const AUTOCOMPLETE_RADIUS_M = 50_000;

/** Used only when Google finds no driving route for an element (ZERO_RESULTS / NOT_FOUND). */
const FALLBACK_ROAD_FACTOR = 1.3;
const FALLBACK_AVG_SPEED_KMH = 25;

export class GoogleMapsError extends Error {
  readonly api: string;
  /** Google's status (e.g. REQUEST_DENIED), or 'HTTP_<code>', 'NETWORK_ERROR', 'TIMEOUT', 'BAD_RESPONSE'. */
  readonly status: string;
  constructor(api: string, status: string) {
    super(`Google ${api} request failed: ${status}`);
    this.name = 'GoogleMapsError';
    this.api = api;
    this.status = status;
  }
}

// ── Response shapes (only the parts we read) ────────────────────────────────
const statusSchema = z.object({ status: z.string() });

const latLngSchema = z.object({ lat: z.number(), lng: z.number() });

const componentSchema = z.object({
  long_name: z.string(),
  short_name: z.string(),
  types: z.array(z.string()).default([]),
});

const autocompleteSchema = z.object({
  status: z.string(),
  predictions: z
    .array(
      z.object({
        place_id: z.string(),
        description: z.string(),
        structured_formatting: z.object({ main_text: z.string().default(''), secondary_text: z.string().default('') }).optional(),
        types: z.array(z.string()).default([]),
      }),
    )
    .default([]),
});

const detailsSchema = z.object({
  status: z.string(),
  result: z
    .object({
      formatted_address: z.string().optional(),
      geometry: z.object({ location: latLngSchema }),
      address_components: z.array(componentSchema).default([]),
      name: z.string().optional(),
      types: z.array(z.string()).default([]),
    })
    .optional(),
});

const geocodeSchema = z.object({
  status: z.string(),
  results: z.array(z.object({ geometry: z.object({ location: latLngSchema }) })).default([]),
});

const valueSchema = z.object({ value: z.number() });
const distanceMatrixSchema = z.object({
  status: z.string(),
  rows: z
    .array(
      z.object({
        elements: z.array(
          z.object({
            status: z.string(),
            distance: valueSchema.optional(),
            duration: valueSchema.optional(),
          }),
        ),
      }),
    )
    .default([]),
});

const fmt = (p: LatLng): string => `${p.lat},${p.lng}`;

export function createGoogleAddressProvider(opts: GoogleAddressProviderOptions): AddressProvider {
  const apiKey = opts.apiKey.trim();
  if (apiKey.length === 0) throw new Error('Google Maps API key is empty');
  const doFetch = opts.fetch ?? globalThis.fetch;
  const baseUrl = (opts.baseUrl ?? DEFAULT_GOOGLE_BASE_URL).replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? DEFAULT_GOOGLE_TIMEOUT_MS;

  /** GET `${baseUrl}${path}?…&key=…`, parse JSON with `schema`, throw on unexpected statuses. */
  async function call<S extends z.ZodType<{ status: string }>>(
    api: string,
    path: string,
    params: Record<string, string | undefined>,
    schema: S,
    okStatuses: readonly string[] = ['OK', 'ZERO_RESULTS'],
  ): Promise<z.infer<S>> {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v !== undefined) qs.set(k, v);
    qs.set('key', apiKey);
    const url = `${baseUrl}${path}?${qs.toString()}`;

    let res: Response;
    try {
      res = await doFetch(url, {
        method: 'GET',
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      // Do not chain the cause: fetch errors can echo the request URL, which holds the key.
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw new GoogleMapsError(api, timedOut ? 'TIMEOUT' : 'NETWORK_ERROR');
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      throw new GoogleMapsError(api, `HTTP_${res.status}`);
    }
    let json: unknown;
    try {
      json = await res.json();
    } catch {
      throw new GoogleMapsError(api, 'BAD_RESPONSE');
    }
    const head = statusSchema.safeParse(json);
    if (!head.success) throw new GoogleMapsError(api, 'BAD_RESPONSE');
    if (!okStatuses.includes(head.data.status)) throw new GoogleMapsError(api, head.data.status);
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new GoogleMapsError(api, 'BAD_RESPONSE');
    return parsed.data;
  }

  return {
    name: GOOGLE_PROVIDER_NAME,

    async autocomplete(input: string, sessionToken?: string): Promise<AddressPrediction[]> {
      const trimmed = input.trim();
      if (trimmed.length < MIN_AUTOCOMPLETE_CHARS) return [];
      const data = await call(
        'Places Autocomplete',
        '/place/autocomplete/json',
        {
          input: trimmed,
          sessiontoken: sessionToken,
          components: 'country:ke',
          location: fmt(NAIROBI_CENTRE),
          radius: String(AUTOCOMPLETE_RADIUS_M),
          strictbounds: 'true',
        },
        autocompleteSchema,
      );
      return data.predictions.map((p) => ({
        place_id: p.place_id,
        description: p.description,
        structured_formatting: {
          main_text: p.structured_formatting?.main_text || p.description,
          secondary_text: p.structured_formatting?.secondary_text ?? '',
        },
        types: p.types,
      }));
    },

    async details(placeId: string, sessionToken?: string): Promise<PlaceDetails | null> {
      const id = placeId.trim();
      if (id.length === 0) return null;
      // NOT_FOUND: the place_id is stale or unknown → null, like the offline provider.
      const data = await call(
        'Place Details',
        '/place/details/json',
        {
          place_id: id,
          fields: 'formatted_address,geometry,address_component,name,type',
          sessiontoken: sessionToken,
        },
        detailsSchema,
        ['OK', 'ZERO_RESULTS', 'NOT_FOUND'],
      );
      const r = data.result;
      if (data.status !== 'OK' || !r) return null;
      const name = r.name ?? '';
      return {
        address: r.formatted_address ?? name,
        coordinates: { lat: r.geometry.location.lat, lng: r.geometry.location.lng },
        addressComponents: r.address_components,
        name,
        types: r.types,
      };
    },

    async geocode(address: string): Promise<LatLng | null> {
      const text = address.trim();
      if (text.length === 0) return null;
      const data = await call('Geocoding', '/geocode/json', { address: text, components: 'country:KE' }, geocodeSchema);
      const first = data.results[0];
      return first ? { lat: first.geometry.location.lat, lng: first.geometry.location.lng } : null;
    },

    async drivingDistance(origin: LatLng, destination: LatLng): Promise<RouteDistance> {
      if (!isValidLatLng(origin) || !isValidLatLng(destination)) {
        throw new Error('Invalid coordinates for distance calculation');
      }
      const data = await call(
        'Distance Matrix',
        '/distancematrix/json',
        {
          origins: fmt(origin),
          destinations: fmt(destination),
          units: 'metric',
          mode: 'driving',
        },
        distanceMatrixSchema,
      );
      const element = data.rows[0]?.elements[0];
      if (element && element.status === 'OK') {
        if (!element.distance) throw new GoogleMapsError('Distance Matrix', 'BAD_RESPONSE');
        return {
          km: element.distance.value / 1000,
          durationMins: element.duration ? Math.ceil(element.duration.value / 60) : null,
          source: 'google',
        };
      }
      if (!element || element.status === 'ZERO_RESULTS' || element.status === 'NOT_FOUND') {
        // No drivable route found: fall back to the straight-line estimate rather than failing checkout.
        const est = estimateRoadDistance(origin, destination, FALLBACK_ROAD_FACTOR, FALLBACK_AVG_SPEED_KMH);
        return { km: est.km, durationMins: est.durationMins, source: 'great-circle' };
      }
      throw new GoogleMapsError('Distance Matrix', element.status);
    },
  };
}
