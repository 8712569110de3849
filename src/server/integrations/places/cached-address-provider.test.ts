import { describe, expect, it, vi } from 'vitest';
import type { AddressProvider, LatLng, PlaceDetails, RouteDistance } from './address-provider';
import { distanceCacheKey, withDistanceCache } from './cached-address-provider';

const KOGO = { lat: -1.3162, lng: 36.7965 };
const WESTLANDS = { lat: -1.266, lng: 36.81 };
const KAREN = { lat: -1.32, lng: 36.71 };
const RUNDA = { lat: -1.218, lng: 36.809 };

function fakeProvider(overrides: Partial<AddressProvider> = {}) {
  let n = 0;
  const drivingDistance = vi.fn(async (_o: LatLng, _d: LatLng): Promise<RouteDistance> => {
    n += 1;
    return { km: n, durationMins: n, source: 'google' };
  });
  const details = vi.fn(async (placeId: string): Promise<PlaceDetails | null> =>
    placeId === 'unknown' ? null : { address: `${placeId} address`, coordinates: KOGO, addressComponents: [], name: placeId, types: [] },
  );
  const autocomplete = vi.fn(async () => []);
  const geocode = vi.fn(async () => null);
  const provider: AddressProvider = { name: 'fake', drivingDistance, details, autocomplete, geocode, ...overrides };
  return { provider, drivingDistance, details, autocomplete, geocode };
}

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('withDistanceCache: drivingDistance', () => {
  it('keeps the inner name and answers repeats from the cache', async () => {
    const f = fakeProvider();
    const c = withDistanceCache(f.provider);
    expect(c.name).toBe('fake');
    expect(c.inner).toBe(f.provider);
    const a = await c.drivingDistance(KOGO, WESTLANDS);
    const b = await c.drivingDistance(KOGO, WESTLANDS);
    expect(b).toEqual(a);
    expect(f.drivingDistance).toHaveBeenCalledTimes(1);
    expect(c.stats()).toMatchObject({ distanceHits: 1, distanceMisses: 1, distanceEntries: 1 });
  });

  it('keys on coordinates rounded to 4 decimals at both ends, direction-sensitive', async () => {
    const f = fakeProvider();
    const c = withDistanceCache(f.provider);
    await c.drivingDistance(KOGO, WESTLANDS);
    await c.drivingDistance({ lat: -1.31621, lng: 36.79649 }, { lat: -1.26604, lng: 36.81004 }); // same to ~11 m
    expect(f.drivingDistance).toHaveBeenCalledTimes(1);
    await c.drivingDistance(KOGO, { lat: -1.2661, lng: 36.81 }); // destination 4th decimal differs
    await c.drivingDistance({ lat: -1.3163, lng: 36.7965 }, WESTLANDS); // origin 4th decimal differs
    await c.drivingDistance(WESTLANDS, KOGO); // reversed
    expect(f.drivingDistance).toHaveBeenCalledTimes(4);
    expect(distanceCacheKey(KOGO, WESTLANDS)).toBe('-1.3162,36.7965>-1.2660,36.8100');
  });

  it('shares one in-flight lookup between concurrent identical calls', async () => {
    const d = deferred<RouteDistance>();
    const inner = vi.fn(() => d.promise);
    const c = withDistanceCache(fakeProvider({ drivingDistance: inner }).provider);
    const p1 = c.drivingDistance(KOGO, WESTLANDS);
    const p2 = c.drivingDistance(KOGO, WESTLANDS);
    const p3 = c.drivingDistance({ lat: -1.31621, lng: 36.7965 }, WESTLANDS);
    expect(inner).toHaveBeenCalledTimes(1);
    d.resolve({ km: 9.3, durationMins: 24, source: 'google' });
    expect(await Promise.all([p1, p2, p3])).toEqual([
      { km: 9.3, durationMins: 24, source: 'google' },
      { km: 9.3, durationMins: 24, source: 'google' },
      { km: 9.3, durationMins: 24, source: 'google' },
    ]);
    expect(c.stats()).toMatchObject({ distanceHits: 2, distanceMisses: 1 });
  });

  it('does not cache failures; concurrent callers of a failing lookup all see the error', async () => {
    const d = deferred<RouteDistance>();
    const inner = vi
      .fn<(o: LatLng, d: LatLng) => Promise<RouteDistance>>()
      .mockImplementationOnce(() => d.promise)
      .mockImplementationOnce(async () => ({ km: 2, durationMins: 5, source: 'google' }));
    const c = withDistanceCache(fakeProvider({ drivingDistance: inner }).provider);
    const p1 = c.drivingDistance(KOGO, WESTLANDS);
    const p2 = c.drivingDistance(KOGO, WESTLANDS);
    d.reject(new Error('OVER_QUERY_LIMIT'));
    await expect(p1).rejects.toThrow('OVER_QUERY_LIMIT');
    await expect(p2).rejects.toThrow('OVER_QUERY_LIMIT');
    expect(await c.drivingDistance(KOGO, WESTLANDS)).toEqual({ km: 2, durationMins: 5, source: 'google' });
    expect(inner).toHaveBeenCalledTimes(2);
  });

  it('treats a synchronous throw like a rejection', async () => {
    const inner = vi.fn((): Promise<RouteDistance> => {
      throw new Error('sync boom');
    });
    const c = withDistanceCache(fakeProvider({ drivingDistance: inner }).provider);
    await expect(c.drivingDistance(KOGO, WESTLANDS)).rejects.toThrow('sync boom');
    expect(c.stats().distanceEntries).toBe(0);
  });

  it('expires entries after ttlMs', async () => {
    let t = 1_000;
    const f = fakeProvider();
    const c = withDistanceCache(f.provider, { ttlMs: 60_000, now: () => t });
    await c.drivingDistance(KOGO, WESTLANDS);
    t += 59_999;
    await c.drivingDistance(KOGO, WESTLANDS);
    expect(f.drivingDistance).toHaveBeenCalledTimes(1);
    t += 1;
    expect((await c.drivingDistance(KOGO, WESTLANDS)).km).toBe(2);
    expect(f.drivingDistance).toHaveBeenCalledTimes(2);
  });

  it('defaults to a 24 h TTL', async () => {
    let t = 0;
    const f = fakeProvider();
    const c = withDistanceCache(f.provider, { now: () => t });
    await c.drivingDistance(KOGO, WESTLANDS);
    t = 24 * 60 * 60 * 1000 - 1;
    await c.drivingDistance(KOGO, WESTLANDS);
    expect(f.drivingDistance).toHaveBeenCalledTimes(1);
    t += 1;
    await c.drivingDistance(KOGO, WESTLANDS);
    expect(f.drivingDistance).toHaveBeenCalledTimes(2);
  });

  it('evicts the least recently used entry beyond maxEntries', async () => {
    const f = fakeProvider();
    const c = withDistanceCache(f.provider, { maxEntries: 2 });
    await c.drivingDistance(KOGO, WESTLANDS); // miss (1)
    await c.drivingDistance(KOGO, KAREN); // miss (2)
    await c.drivingDistance(KOGO, WESTLANDS); // hit: Westlands is now most recent
    await c.drivingDistance(KOGO, RUNDA); // miss (3): evicts Karen
    expect(c.stats().distanceEntries).toBe(2);
    await c.drivingDistance(KOGO, WESTLANDS); // hit
    expect(f.drivingDistance).toHaveBeenCalledTimes(3);
    await c.drivingDistance(KOGO, KAREN); // miss (4)
    expect(f.drivingDistance).toHaveBeenCalledTimes(4);
    expect(c.stats()).toMatchObject({ distanceHits: 2, distanceMisses: 4, distanceEntries: 2 });
  });

  it('clear() empties the caches', async () => {
    const f = fakeProvider();
    const c = withDistanceCache(f.provider);
    await c.drivingDistance(KOGO, WESTLANDS);
    c.clear();
    await c.drivingDistance(KOGO, WESTLANDS);
    expect(f.drivingDistance).toHaveBeenCalledTimes(2);
  });
});

describe('withDistanceCache: details and pass-through', () => {
  it('caches details by placeId and forwards the first session token', async () => {
    const f = fakeProvider();
    const c = withDistanceCache(f.provider);
    const a = await c.details('ChIJ-1', 'tok-a');
    const b = await c.details('ChIJ-1', 'tok-b');
    expect(b).toEqual(a);
    expect(f.details).toHaveBeenCalledTimes(1);
    expect(f.details).toHaveBeenCalledWith('ChIJ-1', 'tok-a');
    await c.details('ChIJ-2');
    expect(f.details).toHaveBeenCalledTimes(2);
    expect(c.stats()).toMatchObject({ detailsHits: 1, detailsMisses: 2, detailsEntries: 2 });
  });

  it('shares in-flight details lookups and does not cache null', async () => {
    const f = fakeProvider();
    const c = withDistanceCache(f.provider);
    const [x, y] = await Promise.all([c.details('ChIJ-3'), c.details('ChIJ-3')]);
    expect(x).toEqual(y);
    expect(f.details).toHaveBeenCalledTimes(1);
    expect(await c.details('unknown')).toBeNull();
    expect(await c.details('unknown')).toBeNull();
    expect(f.details).toHaveBeenCalledTimes(3);
  });

  it('passes autocomplete and geocode straight through', async () => {
    const f = fakeProvider();
    const c = withDistanceCache(f.provider);
    await c.autocomplete('West', 's1');
    await c.autocomplete('West', 's1');
    await c.geocode('Westlands');
    expect(f.autocomplete).toHaveBeenCalledTimes(2);
    expect(f.autocomplete).toHaveBeenCalledWith('West', 's1');
    expect(f.geocode).toHaveBeenCalledWith('Westlands');
  });
});
