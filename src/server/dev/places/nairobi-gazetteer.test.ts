import { describe, expect, it } from 'vitest';
import { DEFAULT_DELIVERY_ZONES, deliveryFeeForDistance } from '@/domain/delivery-fee';
import { NAIROBI_NEIGHBOURHOODS } from '@/domain/neighbourhoods';
import { SHOP_COORDINATES } from '../../integrations/places/address-provider';
import { NAIROBI_GAZETTEER, findGazetteerEntry } from './nairobi-gazetteer';
import { createOfflineAddressProvider } from './offline-address-provider';

// Greater Nairobi (Juja and Limuru in the north to Kitengela and Kiserian in the south).
const BOX = { minLat: -1.5, maxLat: -1.05, minLng: 36.6, maxLng: 37.1 };
const provider = createOfflineAddressProvider();
const roadKm = async (e: { lat: number; lng: number }) => (await provider.drivingDistance(SHOP_COORDINATES, e)).km;

describe('NAIROBI_GAZETTEER', () => {
  it('has at least 150 entries with unique, slug-shaped ids', () => {
    expect(NAIROBI_GAZETTEER.length).toBeGreaterThanOrEqual(150);
    const ids = NAIROBI_GAZETTEER.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^gz-[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('has unique names', () => {
    const names = NAIROBI_GAZETTEER.map((e) => e.name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });

  it('contains the 20 sign-up suggestions by exact name', () => {
    const names = new Set(NAIROBI_GAZETTEER.map((e) => e.name));
    expect(NAIROBI_NEIGHBOURHOODS).toHaveLength(20);
    for (const n of NAIROBI_NEIGHBOURHOODS) expect(names, n).toContain(n);
  });

  it('puts every coordinate inside greater Nairobi', () => {
    for (const e of NAIROBI_GAZETTEER) {
      expect(e.lat, e.id).toBeGreaterThanOrEqual(BOX.minLat);
      expect(e.lat, e.id).toBeLessThanOrEqual(BOX.maxLat);
      expect(e.lng, e.id).toBeGreaterThanOrEqual(BOX.minLng);
      expect(e.lng, e.id).toBeLessThanOrEqual(BOX.maxLng);
    }
  });

  it('covers every kind, including the named malls, roads and landmarks', () => {
    const kinds = new Set(NAIROBI_GAZETTEER.map((e) => e.kind));
    expect([...kinds].sort()).toEqual(['estate', 'landmark', 'mall', 'neighbourhood', 'road']);
    const all = NAIROBI_GAZETTEER.flatMap((e) => [e.name, ...(e.aliases ?? [])]);
    for (const n of [
      'Sarit Centre',
      'Westgate',
      'The Junction',
      'Yaya Centre',
      'Garden City',
      'Two Rivers',
      'Village Market',
      'Galleria',
      'Prestige Plaza',
      'T-Mall',
      'Capital Centre',
      'Ngong Road',
      'Mombasa Road',
      'Thika Road',
      'Waiyaki Way',
      'Langata Road',
      'Jogoo Road',
      'Kiambu Road',
      'Kenyatta National Hospital',
      'University of Nairobi',
      'JKIA',
      'Wilson Airport',
      'KICC',
      'Nairobi CBD',
    ]) {
      expect(all, n).toContain(n);
    }
  });

  it('places Kogo Star Plaza at the original shop coordinates', () => {
    const kogo = findGazetteerEntry('gz-kogo-star-plaza');
    expect(kogo).toMatchObject({ name: 'Kogo Star Plaza', lat: -1.3162, lng: 36.7965 });
    expect(kogo?.area).toContain('Nairobi West');
  });

  it('gives every entry a non-empty area and non-empty aliases', () => {
    for (const e of NAIROBI_GAZETTEER) {
      expect(e.area.trim(), e.id).not.toBe('');
      for (const a of e.aliases ?? []) expect(a.trim(), e.id).not.toBe('');
    }
  });

  it('reaches every place within the 50 km the delivery zones cover', async () => {
    for (const e of NAIROBI_GAZETTEER) expect(await roadKm(e), e.id).toBeLessThanOrEqual(50);
  });

  it('has places in every delivery zone', async () => {
    const perZone = new Map<string, string[]>();
    for (const e of NAIROBI_GAZETTEER) {
      const zone = deliveryFeeForDistance(DEFAULT_DELIVERY_ZONES, await roadKm(e))!.zone.name;
      perZone.set(zone, [...(perZone.get(zone) ?? []), e.name]);
    }
    for (const zone of DEFAULT_DELIVERY_ZONES) expect(perZone.get(zone.name)?.length ?? 0, zone.name).toBeGreaterThanOrEqual(5);
  });

  it.each([
    'Kitengela',
    'Rongai',
    'Ruiru',
    'Juja',
    'Syokimau',
    'Ngong',
    'Kikuyu',
    'Athi River',
    'Roysambu',
    'Kahawa Sukari',
    'Kahawa Wendani',
    'Githurai 45',
    'Zimmerman',
    'Kasarani',
    'Mlolongo',
    'Kiserian',
    'Utawala',
    'Ruai',
  ])('finds %s by name and by a typed address, and prices its delivery', async (place) => {
    const [first] = await provider.autocomplete(place);
    expect(first?.structured_formatting.main_text === place || first?.description.includes(place), place).toBe(true);
    const point = await provider.geocode(`House 12, ${place}`);
    expect(point, place).not.toBeNull();
    const fee = deliveryFeeForDistance(DEFAULT_DELIVERY_ZONES, await roadKm(point!));
    expect(fee?.feeCents, place).toBeGreaterThan(0);
  });

  it('prices Kitengela in the outer zone', async () => {
    const point = await provider.geocode('Kitengela, Kajiado County, Kenya');
    expect(point).toEqual({ lat: -1.476, lng: 36.961 });
    expect(deliveryFeeForDistance(DEFAULT_DELIVERY_ZONES, await roadKm(point!))).toMatchObject({
      zone: { name: 'Zone 5 - Extended Nairobi' },
    });
  });
});
