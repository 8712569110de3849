import { describe, expect, it } from 'vitest';
import { createAddressProvider } from './create-address-provider';
import type { CachedAddressProvider } from '../integrations/places/cached-address-provider';

const MESSAGE = 'GOOGLE_MAPS_API_KEY is required in production: the offline gazetteer is a development stand-in';

describe('createAddressProvider', () => {
  it('uses Google, wrapped in the cache, when a key is set', () => {
    for (const nodeEnv of ['production', 'development', 'test']) {
      const p = createAddressProvider({ googleMapsApiKey: 'AIza-test', nodeEnv }) as CachedAddressProvider;
      expect(p.name).toBe('google');
      expect(p.inner.name).toBe('google');
      expect(typeof p.stats).toBe('function');
    }
  });

  it('uses the offline gazetteer, wrapped in the cache, without a key outside production', async () => {
    const p = createAddressProvider({ nodeEnv: 'development' }) as CachedAddressProvider;
    expect(p.name).toBe('offline-gazetteer');
    expect(p.inner.name).toBe('offline-gazetteer');
    expect(createAddressProvider({ googleMapsApiKey: '   ', nodeEnv: 'test' }).name).toBe('offline-gazetteer');

    const kogo = { lat: -1.3162, lng: 36.7965 };
    const westlands = { lat: -1.266, lng: 36.81 };
    expect(await p.drivingDistance(kogo, westlands)).toEqual({ km: 7.51, durationMins: 19, source: 'great-circle' });
    await p.drivingDistance(kogo, westlands);
    expect(p.stats()).toMatchObject({ distanceHits: 1, distanceMisses: 1 });
  });

  it('refuses to start in production without a key', () => {
    expect(() => createAddressProvider({ nodeEnv: 'production' })).toThrow(MESSAGE);
    expect(() => createAddressProvider({ googleMapsApiKey: '', nodeEnv: 'production' })).toThrow(MESSAGE);
    expect(() => createAddressProvider({ googleMapsApiKey: '  ', nodeEnv: 'production' })).toThrow(MESSAGE);
  });
});
