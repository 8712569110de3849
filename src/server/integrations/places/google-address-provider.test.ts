import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { GoogleMapsError, createGoogleAddressProvider } from './google-address-provider';

const API_KEY = 'test-key-AIzaSECRET123';

type Canned = { httpStatus?: number; body?: unknown; hang?: boolean; raw?: string };
const canned = new Map<string, Canned>();
const requests: URL[] = [];
let server: Server;
let baseUrl: string;

function handle(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://fake.local');
  requests.push(url);
  const c = canned.get(url.pathname);
  if (!c) {
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"status":"NOT_FOUND_PATH"}');
    return;
  }
  if (c.hang) return; // never answers: exercises the timeout
  res.writeHead(c.httpStatus ?? 200, { 'content-type': 'application/json' });
  res.end(c.raw ?? JSON.stringify(c.body));
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  canned.clear();
  requests.length = 0;
});

const make = (extra: { timeoutMs?: number } = {}) => createGoogleAddressProvider({ apiKey: API_KEY, baseUrl, ...extra });

const lastParams = (): URLSearchParams => {
  const last = requests[requests.length - 1];
  if (!last) throw new Error('no request was made');
  return last.searchParams;
};

async function expectGoogleError(p: Promise<unknown>, status: string): Promise<void> {
  const err = await p.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(GoogleMapsError);
  expect((err as GoogleMapsError).status).toBe(status);
  expect((err as Error).message).toContain(status);
  expect((err as Error).message).not.toContain(API_KEY);
  expect(JSON.stringify(err)).not.toContain(API_KEY);
}

describe('Google provider: autocomplete', () => {
  it('sends the Kenya/Nairobi restrictions, session token and key, and maps predictions', async () => {
    canned.set('/place/autocomplete/json', {
      body: {
        status: 'OK',
        predictions: [
          {
            place_id: 'ChIJ-sarit',
            description: 'Sarit Centre, Karuna Road, Nairobi, Kenya',
            structured_formatting: { main_text: 'Sarit Centre', secondary_text: 'Karuna Road, Nairobi, Kenya' },
            types: ['shopping_mall', 'point_of_interest', 'establishment'],
            matched_substrings: [{ length: 5, offset: 0 }],
          },
          { place_id: 'ChIJ-bare', description: 'Sarit, Nairobi, Kenya' },
        ],
      },
    });
    const p = make();
    expect(p.name).toBe('google');
    const result = await p.autocomplete('  Sarit ', 'sess-123');

    expect(requests).toHaveLength(1);
    expect(requests[0]?.pathname).toBe('/place/autocomplete/json');
    const q = lastParams();
    expect(q.get('input')).toBe('Sarit');
    expect(q.get('sessiontoken')).toBe('sess-123');
    expect(q.get('components')).toBe('country:ke');
    expect(q.get('location')).toBe('-1.2921,36.8219');
    expect(q.get('radius')).toBe('50000');
    expect(q.get('strictbounds')).toBe('true');
    expect(q.get('key')).toBe(API_KEY);
    expect(q.has('types')).toBe(false);

    expect(result).toEqual([
      {
        place_id: 'ChIJ-sarit',
        description: 'Sarit Centre, Karuna Road, Nairobi, Kenya',
        structured_formatting: { main_text: 'Sarit Centre', secondary_text: 'Karuna Road, Nairobi, Kenya' },
        types: ['shopping_mall', 'point_of_interest', 'establishment'],
      },
      {
        place_id: 'ChIJ-bare',
        description: 'Sarit, Nairobi, Kenya',
        structured_formatting: { main_text: 'Sarit, Nairobi, Kenya', secondary_text: '' },
        types: [],
      },
    ]);
    expect(JSON.stringify(result)).not.toContain(API_KEY);
  });

  it('omits sessiontoken when none is given', async () => {
    canned.set('/place/autocomplete/json', { body: { status: 'ZERO_RESULTS', predictions: [] } });
    expect(await make().autocomplete('xyzzy')).toEqual([]);
    expect(lastParams().has('sessiontoken')).toBe(false);
  });

  it('does not call Google for fewer than 2 characters', async () => {
    expect(await make().autocomplete(' a ')).toEqual([]);
    expect(requests).toHaveLength(0);
  });

  it.each(['REQUEST_DENIED', 'OVER_QUERY_LIMIT', 'INVALID_REQUEST', 'UNKNOWN_ERROR'])(
    'throws on status %s without leaking the key',
    async (status) => {
      canned.set('/place/autocomplete/json', {
        body: { status, error_message: 'The provided API key is invalid.', predictions: [] },
      });
      await expectGoogleError(make().autocomplete('Westlands', 's'), status);
    },
  );
});

describe('Google provider: details', () => {
  const result = {
    formatted_address: 'Langata Rd, Nairobi, Kenya',
    geometry: { location: { lat: -1.3162, lng: 36.7965 }, viewport: {} },
    address_components: [
      { long_name: 'Langata Road', short_name: 'Langata Rd', types: ['route'] },
      { long_name: 'Kenya', short_name: 'KE', types: ['country', 'political'] },
    ],
    name: 'Kogo Star Plaza',
    types: ['shopping_mall', 'establishment'],
  };

  it('requests only the needed fields with the session token and maps the result', async () => {
    canned.set('/place/details/json', { body: { status: 'OK', result } });
    const d = await make().details('ChIJ-kogo', 'sess-9');
    const q = lastParams();
    expect(requests[0]?.pathname).toBe('/place/details/json');
    expect(q.get('place_id')).toBe('ChIJ-kogo');
    expect(q.get('fields')).toBe('formatted_address,geometry,address_component,name,type');
    expect(q.get('sessiontoken')).toBe('sess-9');
    expect(q.get('key')).toBe(API_KEY);
    expect(d).toEqual({
      address: 'Langata Rd, Nairobi, Kenya',
      coordinates: { lat: -1.3162, lng: 36.7965 },
      addressComponents: result.address_components,
      name: 'Kogo Star Plaza',
      types: ['shopping_mall', 'establishment'],
    });
  });

  it('returns null for NOT_FOUND and ZERO_RESULTS', async () => {
    canned.set('/place/details/json', { body: { status: 'NOT_FOUND' } });
    expect(await make().details('stale-id')).toBeNull();
    canned.set('/place/details/json', { body: { status: 'ZERO_RESULTS' } });
    expect(await make().details('stale-id')).toBeNull();
  });

  it('throws on REQUEST_DENIED and INVALID_REQUEST', async () => {
    canned.set('/place/details/json', { body: { status: 'REQUEST_DENIED', error_message: `bad key ${API_KEY}` } });
    await expectGoogleError(make().details('x'), 'REQUEST_DENIED');
    canned.set('/place/details/json', { body: { status: 'INVALID_REQUEST' } });
    await expectGoogleError(make().details('x'), 'INVALID_REQUEST');
  });

  it('throws BAD_RESPONSE when OK lacks geometry', async () => {
    canned.set('/place/details/json', { body: { status: 'OK', result: { name: 'x' } } });
    await expectGoogleError(make().details('x'), 'BAD_RESPONSE');
  });
});

describe('Google provider: geocode', () => {
  it('restricts to Kenya and returns the first result', async () => {
    canned.set('/geocode/json', {
      body: {
        status: 'OK',
        results: [{ geometry: { location: { lat: -1.282, lng: 36.783 } } }, { geometry: { location: { lat: 0, lng: 0 } } }],
      },
    });
    expect(await make().geocode(' Othaya Road, Kileleshwa ')).toEqual({ lat: -1.282, lng: 36.783 });
    const q = lastParams();
    expect(requests[0]?.pathname).toBe('/geocode/json');
    expect(q.get('address')).toBe('Othaya Road, Kileleshwa');
    expect(q.get('components')).toBe('country:KE');
    expect(q.get('key')).toBe(API_KEY);
  });

  it('returns null for ZERO_RESULTS and for empty input', async () => {
    canned.set('/geocode/json', { body: { status: 'ZERO_RESULTS', results: [] } });
    expect(await make().geocode('nowhere at all')).toBeNull();
    expect(await make().geocode('   ')).toBeNull();
    expect(requests).toHaveLength(1);
  });

  it('throws on OVER_DAILY_LIMIT', async () => {
    canned.set('/geocode/json', { body: { status: 'OVER_DAILY_LIMIT', results: [] } });
    await expectGoogleError(make().geocode('Westlands'), 'OVER_DAILY_LIMIT');
  });
});

describe('Google provider: drivingDistance', () => {
  const origin = { lat: -1.3162, lng: 36.7965 };
  const destination = { lat: -1.266, lng: 36.81 };

  it('asks the Distance Matrix for metric driving distance and converts units', async () => {
    canned.set('/distancematrix/json', {
      body: {
        status: 'OK',
        origin_addresses: ['Nairobi West'],
        destination_addresses: ['Westlands'],
        rows: [
          {
            elements: [
              {
                status: 'OK',
                distance: { text: '9.3 km', value: 9345 },
                duration: { text: '24 mins', value: 1425 },
              },
            ],
          },
        ],
      },
    });
    const r = await make().drivingDistance(origin, destination);
    expect(r).toEqual({ km: 9.345, durationMins: 24, source: 'google' });
    const q = lastParams();
    expect(requests[0]?.pathname).toBe('/distancematrix/json');
    expect(q.get('origins')).toBe('-1.3162,36.7965');
    expect(q.get('destinations')).toBe('-1.266,36.81');
    expect(q.get('units')).toBe('metric');
    expect(q.get('mode')).toBe('driving');
    expect(q.get('key')).toBe(API_KEY);
  });

  it('gives a null duration when Google omits it', async () => {
    canned.set('/distancematrix/json', {
      body: { status: 'OK', rows: [{ elements: [{ status: 'OK', distance: { value: 1000 } }] }] },
    });
    expect(await make().drivingDistance(origin, destination)).toEqual({ km: 1, durationMins: null, source: 'google' });
  });

  it('falls back to the great-circle estimate when no route is found', async () => {
    canned.set('/distancematrix/json', {
      body: { status: 'OK', rows: [{ elements: [{ status: 'ZERO_RESULTS' }] }] },
    });
    expect(await make().drivingDistance(origin, destination)).toEqual({ km: 7.51, durationMins: 19, source: 'great-circle' });
  });

  it('throws on a top-level error status', async () => {
    canned.set('/distancematrix/json', { body: { status: 'REQUEST_DENIED', rows: [] } });
    await expectGoogleError(make().drivingDistance(origin, destination), 'REQUEST_DENIED');
  });

  it('throws on an element error status', async () => {
    canned.set('/distancematrix/json', {
      body: { status: 'OK', rows: [{ elements: [{ status: 'MAX_ROUTE_LENGTH_EXCEEDED' }] }] },
    });
    await expectGoogleError(make().drivingDistance(origin, destination), 'MAX_ROUTE_LENGTH_EXCEEDED');
  });
});

describe('Google provider: transport failures', () => {
  it('throws HTTP_<code> on a non-2xx answer', async () => {
    canned.set('/geocode/json', { httpStatus: 500, body: { error: 'boom' } });
    await expectGoogleError(make().geocode('Westlands'), 'HTTP_500');
  });

  it('throws BAD_RESPONSE on invalid JSON', async () => {
    canned.set('/geocode/json', { raw: '<html>not json</html>' });
    await expectGoogleError(make().geocode('Westlands'), 'BAD_RESPONSE');
  });

  it('throws TIMEOUT when Google does not answer in time', async () => {
    canned.set('/geocode/json', { hang: true });
    await expectGoogleError(make({ timeoutMs: 100 }).geocode('Westlands'), 'TIMEOUT');
  });

  it('throws NETWORK_ERROR when the host is unreachable', async () => {
    const p = createGoogleAddressProvider({ apiKey: API_KEY, baseUrl: 'http://127.0.0.1:1', timeoutMs: 2000 });
    await expectGoogleError(p.geocode('Westlands'), 'NETWORK_ERROR');
  });

  it('uses the injected fetch and the default Google base URL', async () => {
    const fakeFetch = vi.fn(async () => Response.json({ status: 'ZERO_RESULTS', results: [] }));
    const p = createGoogleAddressProvider({ apiKey: API_KEY, fetch: fakeFetch as unknown as typeof fetch });
    expect(await p.geocode('Westlands')).toBeNull();
    expect(fakeFetch).toHaveBeenCalledTimes(1);
    const url = String((fakeFetch.mock.calls[0] as unknown[] | undefined)?.[0]);
    expect(url.startsWith('https://maps.googleapis.com/maps/api/geocode/json?')).toBe(true);
  });

  it('refuses an empty key', () => {
    expect(() => createGoogleAddressProvider({ apiKey: '  ' })).toThrow();
  });
});
