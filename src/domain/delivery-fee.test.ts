import { describe, expect, it } from 'vitest';
import type { DeliveryZone } from './delivery-fee';
import {
  DEFAULT_DELIVERY_ZONES,
  DEFAULT_ZONE_MINUTES,
  SHOP_ORIGIN,
  deliveryFeeForDistance,
  formatDistance,
  haversineKm,
  deliveryReachKm,
  outOfAreaMessage,
  pickZone,
  validateZones,
} from './delivery-fee';

const zones = DEFAULT_DELIVERY_ZONES;

function makeZone(overrides: Partial<DeliveryZone>): DeliveryZone {
  return {
    id: 'z',
    name: 'Z',
    minKm: 0,
    maxKm: 5,
    baseFeeCents: 6_000,
    perKmRateCents: 500,
    estimatedMinutes: 25,
    active: true,
    ...overrides,
  };
}

describe('DEFAULT_DELIVERY_ZONES', () => {
  it('holds the original five zones in cents', () => {
    expect(zones.map((z) => [z.id, z.name, z.minKm, z.maxKm, z.baseFeeCents, z.perKmRateCents, z.estimatedMinutes, z.active])).toEqual([
      ['zone-1', 'Zone 1 - Local Area', 0, 5, 6_000, 500, 25, true],
      ['zone-2', 'Zone 2 - Mid Distance', 5, 10, 12_000, 800, 35, true],
      ['zone-3', 'Zone 3 - Extended Area', 10, 15, 20_000, 1_200, 45, true],
      ['zone-4', 'Zone 4 - Far Distance', 15, 25, 30_000, 1_500, 60, true],
      ['zone-5', 'Zone 5 - Extended Nairobi', 25, 50, 40_000, 2_000, 90, true],
    ]);
    expect(validateZones(zones)).toEqual([]);
  });

  it('exports the fixed origin and default minutes', () => {
    expect(SHOP_ORIGIN).toEqual({ lat: -1.3162, lng: 36.7965, label: 'Kogo Star Plaza, Nairobi West' });
    expect(DEFAULT_ZONE_MINUTES).toBe(30);
  });
});

describe('deliveryFeeForDistance (default zones)', () => {
  it.each([
    [0, 'zone-1', 6_000],
    [3, 'zone-1', 7_500],
    [5, 'zone-1', 8_500], // shared boundary belongs to the lower zone
    [5.01, 'zone-2', 16_008], // 5.01 × 800 is exactly 4008
    [12, 'zone-3', 34_400],
    [15, 'zone-3', 38_000],
    [20, 'zone-4', 60_000],
    [30, 'zone-5', 100_000],
    [50, 'zone-5', 140_000],
    [3.333, 'zone-1', 7_667], // 1666.5 → 1667 (half-up)
    [3.3329, 'zone-1', 7_666],
    [0.1 + 0.2, 'zone-1', 6_150], // 0.30000000000000004 km
  ])('%s km → %s, %i cents', (km, zoneId, fee) => {
    const result = deliveryFeeForDistance(zones, km);
    expect(result?.zone.id).toBe(zoneId);
    expect(result?.feeCents).toBe(fee);
  });

  it.each([50.01, 60])('%s km, beyond every zone, is not delivered (null)', (km) => {
    expect(deliveryFeeForDistance(zones, km)).toBeNull();
  });

  it('returns null when no zone is active', () => {
    expect(
      deliveryFeeForDistance(
        zones.map((z) => ({ ...z, active: false })),
        3,
      ),
    ).toBeNull();
    expect(deliveryFeeForDistance([], 3)).toBeNull();
  });

  it.each([-1, NaN, Infinity])('rejects distance %s', (km) => {
    expect(() => deliveryFeeForDistance(zones, km)).toThrow(RangeError);
  });
});

describe('deliveryReachKm and outOfAreaMessage', () => {
  it('reaches as far as the farthest active zone', () => {
    expect(deliveryReachKm(zones)).toBe(50);
    expect(deliveryReachKm(zones.map((z) => (z.id === 'zone-5' ? { ...z, active: false } : z)))).toBe(25);
    expect(deliveryReachKm([])).toBeNull();
  });

  it('says where the shop delivers', () => {
    expect(outOfAreaMessage(50, 'Kogo Star Plaza, Nairobi West')).toBe(
      'We do not deliver there yet. We deliver within 50 km of Kogo Star Plaza, Nairobi West.',
    );
  });
});

describe('pickZone', () => {
  const unsorted = [
    makeZone({ id: 'far', minKm: 10, maxKm: 20 }),
    makeZone({ id: 'near', minKm: 2, maxKm: 6 }),
    makeZone({ id: 'off', minKm: 0, maxKm: 100, active: false }),
  ];

  it.each([
    [2, 'near'],
    [6, 'near'],
    [15, 'far'],
    [20, 'far'],
    [1, 'near'], // below the first band → next band up
    [8, 'far'], // in a gap → next band up
  ])('%s km → %s', (km, id) => {
    expect(pickZone(unsorted, km)?.id).toBe(id);
  });

  it.each([20.01, 500])('%s km, beyond the farthest zone, has no zone', (km) => {
    expect(pickZone(unsorted, km)).toBeNull();
  });

  it('skips inactive zones: past the farthest active one there is no zone', () => {
    const withFarInactive = zones.map((z) => (z.id === 'zone-5' ? { ...z, active: false } : z));
    expect(pickZone(withFarInactive, 30)).toBeNull();
    expect(pickZone(withFarInactive, 25)?.id).toBe('zone-4');
    expect(pickZone(withFarInactive, 3)?.id).toBe('zone-1');
  });

  it('does not reorder the caller’s array', () => {
    const copy = [...unsorted];
    pickZone(unsorted, 3);
    expect(unsorted).toEqual(copy);
  });
});

describe('formatDistance', () => {
  it.each([
    [3.2, '3.2 km'],
    [3, '3.0 km'],
    [3.25, '3.3 km'],
    [3.15, '3.2 km'], // half-up on the decimal, not the float 3.1499…
    [12.04, '12.0 km'],
    [1, '1.0 km'],
    [0.85, '850 m'],
    [0.0004, '0 m'],
    [0, '0 m'],
    [0.9994, '999 m'],
    [0.9995, '1.0 km'], // rounds up to 1000 m
    [49.96, '50.0 km'],
  ])('%s → %s', (km, expected) => {
    expect(formatDistance(km)).toBe(expected);
  });

  it('rejects negative distance', () => {
    expect(() => formatDistance(-0.1)).toThrow(RangeError);
  });
});

describe('validateZones', () => {
  it.each<[string, DeliveryZone[], string[]]>([
    ['valid single zone', [makeZone({})], []],
    ['touching bands', [makeZone({ id: 'a', name: 'A', maxKm: 5 }), makeZone({ id: 'b', name: 'B', minKm: 5, maxKm: 10 })], []],
    [
      'overlap among inactive is fine',
      [makeZone({ id: 'a', name: 'A', maxKm: 6 }), makeZone({ id: 'b', name: 'B', minKm: 5, maxKm: 10, active: false })],
      [],
    ],
    ['min equal to max', [makeZone({ minKm: 5, maxKm: 5 })], ['Zone "Z": minimum distance must be less than maximum distance']],
    ['min above max', [makeZone({ minKm: 6, maxKm: 5 })], ['Zone "Z": minimum distance must be less than maximum distance']],
    ['negative distance', [makeZone({ minKm: -1 })], ['Zone "Z": distances must not be negative']],
    ['non-numeric distance', [makeZone({ maxKm: NaN })], ['Zone "Z": distances must be numbers']],
    ['fractional base fee', [makeZone({ baseFeeCents: 60.5 })], ['Zone "Z": base fee must be a non-negative whole number of cents']],
    ['negative per-km rate', [makeZone({ perKmRateCents: -1 })], ['Zone "Z": per-km rate must be a non-negative whole number of cents']],
    ['fractional minutes', [makeZone({ estimatedMinutes: 2.5 })], ['Zone "Z": estimated minutes must be a non-negative whole number']],
    [
      'duplicate id',
      [makeZone({ id: 'a', name: 'A' }), makeZone({ id: 'a', name: 'B', minKm: 5, maxKm: 10 })],
      ['Zone "B": id "a" is used more than once'],
    ],
    [
      'unnamed zone uses its id',
      [makeZone({ name: '', id: 'zone-9', minKm: 3, maxKm: 1 })],
      ['Zone "zone-9": minimum distance must be less than maximum distance'],
    ],
    [
      'overlap, including a band inside another',
      [
        makeZone({ id: 'a', name: 'A', maxKm: 50 }),
        makeZone({ id: 'b', name: 'B', minKm: 5, maxKm: 10 }),
        makeZone({ id: 'c', name: 'C', minKm: 20, maxKm: 30 }),
      ],
      ['Zones "A" and "B" overlap', 'Zones "A" and "C" overlap'],
    ],
  ])('%s', (_label, input, expected) => {
    expect(validateZones(input)).toEqual(expected);
  });
});

describe('haversineKm', () => {
  it.each([
    [{ lat: 0, lng: 0 }, { lat: 0, lng: 1 }, 111.195],
    [{ lat: 0, lng: 0 }, { lat: 1, lng: 0 }, 111.195],
    [SHOP_ORIGIN, SHOP_ORIGIN, 0],
    // Kogo Star Plaza → Westlands (≈ 5.6 km as the crow flies)
    [SHOP_ORIGIN, { lat: -1.2676, lng: 36.8108 }, 5.633],
    [{ lat: 0, lng: 0 }, { lat: 0, lng: 180 }, 20_015.087],
  ])('%j → %j ≈ %s km', (a, b, km) => {
    expect(haversineKm(a, b)).toBeCloseTo(km, 3);
  });

  it('is symmetric', () => {
    const b = { lat: -1.2921, lng: 36.8219 };
    expect(haversineKm(SHOP_ORIGIN, b)).toBe(haversineKm(b, SHOP_ORIGIN));
  });
});
