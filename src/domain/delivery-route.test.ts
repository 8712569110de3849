import { describe, expect, it } from 'vitest';
import { mapLink, routeOrder } from './delivery-route';
import { deliverySlot } from './delivery-slot';

const SHOP = { lat: -1.3162, lng: 36.7965 };
const stop = (id: string, lat: number | null, lng: number | null) => ({ id, lat, lng });

describe('routeOrder', () => {
  it('starts with the stop nearest the shop, then goes to the stop nearest the last one', () => {
    // On a line east of the shop: far, near, middle; and one just past the far one.
    const far = stop('far', -1.3162, 36.9);
    const near = stop('near', -1.3162, 36.81);
    const middle = stop('middle', -1.3162, 36.85);
    const pastFar = stop('past-far', -1.3162, 36.91);
    expect(routeOrder(SHOP, [far, pastFar, near, middle]).map((s) => s.id)).toEqual(['near', 'middle', 'far', 'past-far']);
  });

  it('goes to the nearest stop from where the rider is, not from the shop', () => {
    // B is nearer the shop than C, but once at A (north), C (just past A) is nearer than B (south).
    const a = stop('a', -1.3, 36.7965);
    const b = stop('b', -1.335, 36.7965);
    const c = stop('c', -1.28, 36.7965);
    expect(routeOrder(SHOP, [b, c, a]).map((s) => s.id)).toEqual(['a', 'c', 'b']);
  });

  it('puts stops without a map point last, in the order given, and keeps ties in the order given', () => {
    const noPoint1 = stop('no-point-1', null, null);
    const noPoint2 = stop('no-point-2', null, 36.8);
    const twinA = stop('twin-a', -1.3, 36.7965);
    const twinB = stop('twin-b', -1.3, 36.7965);
    expect(routeOrder(SHOP, [noPoint1, twinA, noPoint2, twinB]).map((s) => s.id)).toEqual(['twin-a', 'twin-b', 'no-point-1', 'no-point-2']);
    expect(routeOrder(SHOP, [])).toEqual([]);
  });
});

describe('mapLink', () => {
  it('links to directions to the map point, or to the address when there is none', () => {
    expect(mapLink({ lat: -1.29, lng: 36.78, address: 'Kilimani' })).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=-1.29%2C36.78',
    );
    expect(mapLink({ lat: null, lng: null, address: 'Ngong Rd & Kilimani' })).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=Ngong%20Rd%20%26%20Kilimani',
    );
  });
});

describe('deliverySlot', () => {
  it("is the order's chosen window: its day, and the window as the group and the label", () => {
    const slot = deliverySlot({
      paidAt: new Date('2026-11-26T19:50:00Z'),
      estimatedDeliveryMins: 30,
      window: { date: '2026-11-27', startMinute: 600, endMinute: 720 },
    });
    expect(slot).toEqual({
      day: '2026-11-27',
      group: 'Fri 27 Nov, 10:00–12:00',
      label: 'Fri 27 Nov, 10:00–12:00',
      time: '10:00–12:00',
      startsAt: new Date('2026-11-27T07:00:00Z'), // 10:00 Nairobi
    });
  });

  it('without a window, is the Nairobi day and time the order is expected at the door', () => {
    // Paid 22:50 Nairobi (19:50 UTC) with a 30-minute zone: expected 23:20 the same day.
    expect(deliverySlot({ paidAt: new Date('2026-11-26T19:50:00Z'), estimatedDeliveryMins: 30, window: null })).toMatchObject({
      day: '2026-11-26',
      label: '26 Nov 2026, around 23:20',
      time: 'around 23:20',
    });
    // Paid 23:45 Nairobi with 45 minutes: the next Nairobi day, although still the same UTC day.
    expect(deliverySlot({ paidAt: new Date('2026-11-26T20:45:00Z'), estimatedDeliveryMins: 45, window: null }).day).toBe('2026-11-27');
  });
});
