import { describe, expect, it } from 'vitest';
import { createOfflineAddressProvider } from './offline-address-provider';
import { AmbiguousAddressError } from '../../integrations/places/address-provider';
import { NAIROBI_GAZETTEER } from './nairobi-gazetteer';

const provider = createOfflineAddressProvider();
const names = async (q: string) => (await provider.autocomplete(q)).map((p) => p.structured_formatting.main_text);

const KOGO = { lat: -1.3162, lng: 36.7965 };
const WESTLANDS = { lat: -1.266, lng: 36.81 };
// Haversine(KOGO, WESTLANDS) with R = 6371 km, computed independently (Python, math module).
const KOGO_WESTLANDS_GREAT_CIRCLE_KM = 5.780209;

describe('offline provider: autocomplete', () => {
  it('is named offline-gazetteer', () => {
    expect(provider.name).toBe('offline-gazetteer');
  });

  it('needs at least 2 characters after trimming', async () => {
    expect(await provider.autocomplete('')).toEqual([]);
    expect(await provider.autocomplete('w')).toEqual([]);
    expect(await provider.autocomplete('   w   ')).toEqual([]);
    expect(await provider.autocomplete(' ,, ')).toEqual([]);
    expect((await provider.autocomplete(' we ')).length).toBeGreaterThan(0);
  });

  it('is case-insensitive', async () => {
    const lower = await provider.autocomplete('westlands');
    expect(await provider.autocomplete('WESTLANDS')).toEqual(lower);
    expect(await provider.autocomplete('WeStLaNdS')).toEqual(lower);
  });

  it('orders prefix matches, then word-start matches, then area matches', async () => {
    const result = await names('west');
    expect(result.slice(0, 4)).toEqual(['Westlands', 'Westgate Shopping Mall', 'Kahawa West', 'Nairobi West']);
    // Brookside and Sarit Centre only match through their area (Westlands), so they come after every name match.
    expect(result.slice(4)).toEqual(['Brookside', 'Sarit Centre']);
  });

  it('puts prefix before word-start before substring', async () => {
    expect(await names('kar')).toEqual(['Karen', 'Kariokor', 'Karen Road', 'Kariobangi', 'The Hub Karen', 'The Waterfront Karen']);
    const lands = await names('lands');
    expect(lands).toEqual(expect.arrayContaining(['Westlands', 'Parklands']));
    expect(await names('sarit')).toEqual(['Sarit Centre']);
  });

  it('returns at most 6 predictions', async () => {
    expect(await provider.autocomplete('road')).toHaveLength(6);
    expect(await provider.autocomplete('nairobi')).toHaveLength(6);
  });

  it('shapes predictions like Google (description without a repeated name, types from kind)', async () => {
    const [westlands] = await provider.autocomplete('Westlands');
    expect(westlands).toEqual({
      place_id: 'gz-westlands',
      description: 'Westlands, Nairobi, Kenya',
      structured_formatting: { main_text: 'Westlands', secondary_text: 'Nairobi, Kenya' },
      types: ['neighborhood', 'political'],
    });
    const [sarit] = await provider.autocomplete('Sarit');
    expect(sarit?.description).toBe('Sarit Centre, Westlands, Nairobi, Kenya');
    expect(sarit?.types).toEqual(['shopping_mall', 'establishment']);
    const [ngong] = await provider.autocomplete('ngong r');
    expect(ngong?.description).toBe('Ngong Road, Nairobi, Kenya');
    expect(ngong?.types).toEqual(['route']);
    const [knh] = await provider.autocomplete('Kenyatta National');
    expect(knh?.types).toEqual(['point_of_interest', 'establishment']);
  });

  it('matches aliases, apostrophes and punctuation', async () => {
    expect((await names("Lang'ata"))[0]).toBe('Langata');
    expect((await names('JKIA'))[0]).toBe('Jomo Kenyatta International Airport');
    expect((await names('t mall'))[0]).toBe('T-Mall');
    expect((await names('T-Mall'))[0]).toBe('T-Mall');
  });

  it('accepts a prediction description typed back in full', async () => {
    expect((await names('Sarit Centre, Westlands'))[0]).toBe('Sarit Centre');
  });

  it('returns nothing for unknown text', async () => {
    expect(await provider.autocomplete('zzzz')).toEqual([]);
  });
});

describe('offline provider: details', () => {
  it('returns details for a known place id', async () => {
    const d = await provider.details('gz-kogo-star-plaza', 'token-1');
    expect(d).not.toBeNull();
    expect(d?.name).toBe('Kogo Star Plaza');
    expect(d?.address).toBe('Kogo Star Plaza, Nairobi West, Nairobi, Kenya');
    expect(d?.coordinates).toEqual(KOGO);
    expect(d?.types).toEqual(['shopping_mall', 'establishment']);
    expect(d?.addressComponents).toContainEqual({ long_name: 'Kenya', short_name: 'KE', types: ['country', 'political'] });
    expect(d?.addressComponents).toContainEqual({ long_name: 'Nairobi', short_name: 'Nairobi', types: ['locality', 'political'] });
    expect(d?.addressComponents).toContainEqual({
      long_name: 'Nairobi West',
      short_name: 'Nairobi West',
      types: ['sublocality', 'political'],
    });
  });

  it('returns null for unknown ids', async () => {
    expect(await provider.details('gz-nowhere')).toBeNull();
    expect(await provider.details('')).toBeNull();
  });

  it('resolves every prediction to details with the same description and its coordinates', async () => {
    for (const entry of NAIROBI_GAZETTEER) {
      const d = await provider.details(entry.id);
      expect(d?.coordinates, entry.id).toEqual({ lat: entry.lat, lng: entry.lng });
      expect(d?.address.endsWith(', Kenya'), entry.id).toBe(true);
      expect(d?.address.startsWith(`${entry.name}, `), entry.id).toBe(true);
    }
  });
});

describe('offline provider: geocode', () => {
  const at = (id: string) => {
    const e = NAIROBI_GAZETTEER.find((x) => x.id === id);
    if (!e) throw new Error(id);
    return { lat: e.lat, lng: e.lng };
  };

  it('finds a neighbourhood named in a typed address', async () => {
    expect(await provider.geocode('House 5, Othaya Road, Kileleshwa, Nairobi')).toEqual(at('gz-kileleshwa'));
    expect(await provider.geocode('apartment 3b, south c')).toEqual(at('gz-south-c'));
  });

  it('prefers a mall or landmark over the neighbourhood or road around it', async () => {
    expect(await provider.geocode('Kogo Star Plaza, Nairobi West')).toEqual(KOGO);
    expect(await provider.geocode('Shop 12, The Junction Mall, Ngong Road')).toEqual(at('gz-the-junction'));
    expect(await provider.geocode('Ngong Road, Kilimani')).toEqual(at('gz-kilimani'));
  });

  it('does not read "Langata Road" as the Langata neighbourhood', async () => {
    expect(await provider.geocode('Langata Road, Nairobi')).toEqual(at('gz-langata-road'));
    expect(await provider.geocode('Langata, Nairobi')).toEqual(at('gz-langata'));
  });

  it('accepts a prefix of a single place name', async () => {
    expect(await provider.geocode('westla')).toEqual(at('gz-westlands'));
  });

  it('refuses to guess when the text names places that disagree, listing them in the order typed', async () => {
    const names = async (text: string) => {
      const err: unknown = await provider.geocode(text).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err, text).toBeInstanceOf(AmbiguousAddressError);
      return (err as AmbiguousAddressError).candidates.map((c) => c.structured_formatting.main_text);
    };
    expect(await names('Karen, near Nairobi West')).toEqual(['Karen', 'Nairobi West']);
    expect(await names('Karen, next to Kogo Star Plaza')).toEqual(['Karen', 'Kogo Star Plaza']);
    expect(await names('Junction of Ngong Road and Mombasa Road')).toEqual(['Ngong Road', 'Mombasa Road']);
    // One place, or a place and the area it lies in, is not ambiguous.
    expect(await provider.geocode('Karen, Nairobi')).toEqual(at('gz-karen'));
    expect(await provider.geocode('Sarit Centre, Westlands')).toEqual(at('gz-sarit-centre'));
  });

  it('returns null when no known place is named', async () => {
    expect(await provider.geocode('')).toBeNull();
    expect(await provider.geocode('Nairobi')).toBeNull();
    expect(await provider.geocode('Somewhere in Mombasa')).toBeNull();
    expect(await provider.geocode('Plot 7, Unknown Lane')).toBeNull();
  });
});

describe('offline provider: drivingDistance', () => {
  it('is the great-circle distance × 1.3, rounded to 0.01 km, at 25 km/h', async () => {
    const r = await provider.drivingDistance(KOGO, WESTLANDS);
    expect(r.source).toBe('great-circle');
    expect(Math.abs(r.km - KOGO_WESTLANDS_GREAT_CIRCLE_KM * 1.3)).toBeLessThanOrEqual(0.005 + 1e-9);
    expect(r.km).toBe(7.51);
    expect(r.durationMins).toBe(Math.ceil((7.51 / 25) * 60)); // 19
  });

  it('honours roadFactor and avgSpeedKmh', async () => {
    const straight = createOfflineAddressProvider({ roadFactor: 1, avgSpeedKmh: 60 });
    const r = await straight.drivingDistance(KOGO, WESTLANDS);
    expect(r.km).toBe(5.78);
    expect(r.durationMins).toBe(6);
  });

  it('is zero for the same point', async () => {
    expect(await provider.drivingDistance(KOGO, KOGO)).toEqual({ km: 0, durationMins: 0, source: 'great-circle' });
  });

  it('rejects invalid coordinates and options', async () => {
    await expect(provider.drivingDistance(KOGO, { lat: Number.NaN, lng: 36.8 })).rejects.toThrow(/Invalid coordinates/);
    expect(() => createOfflineAddressProvider({ roadFactor: 0 })).toThrow();
    expect(() => createOfflineAddressProvider({ avgSpeedKmh: -1 })).toThrow();
  });
});
