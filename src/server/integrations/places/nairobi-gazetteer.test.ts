import { describe, expect, it } from 'vitest';
import { NAIROBI_NEIGHBOURHOODS } from '../../../domain/neighbourhoods';
import { NAIROBI_GAZETTEER, findGazetteerEntry } from './nairobi-gazetteer';

// Nairobi metropolitan bounding box (Kahawa/Ruaka in the north to Langata/Syokimau in the south).
const BOX = { minLat: -1.45, maxLat: -1.15, minLng: 36.6, maxLng: 37.05 };

describe('NAIROBI_GAZETTEER', () => {
  it('has at least 70 entries with unique, slug-shaped ids', () => {
    expect(NAIROBI_GAZETTEER.length).toBeGreaterThanOrEqual(70);
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

  it('puts every coordinate inside the Nairobi bounding box', () => {
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
      'Sarit Centre', 'Westgate', 'The Junction', 'Yaya Centre', 'Garden City', 'Two Rivers', 'Village Market',
      'Galleria', 'Prestige Plaza', 'T-Mall', 'Capital Centre', 'Ngong Road', 'Mombasa Road', 'Thika Road',
      'Waiyaki Way', 'Langata Road', 'Jogoo Road', 'Kiambu Road', 'Kenyatta National Hospital',
      'University of Nairobi', 'JKIA', 'Wilson Airport', 'KICC', 'Nairobi CBD',
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
});
