import { describe, expect, it } from 'vitest';
import { deliveryWindow, describeDeliveryWindow } from './delivery-window';

// Nairobi is UTC+3: 07:00Z is 10:00 there, 09:30Z is 12:30 (a weekday lunch rush).
const TUESDAY_QUIET = new Date('2026-11-24T07:00:00Z');
const TUESDAY_LUNCH = new Date('2026-11-24T09:30:00Z');

describe('deliveryWindow', () => {
  it('is the zone time from payment outside the rush', () => {
    const w = deliveryWindow(TUESDAY_QUIET, 45);
    expect(w.peak).toBe(false);
    expect(describeDeliveryWindow(w)).toBe('around 10:45');
  });

  it('adds up to 15 minutes in a peak hour', () => {
    const w = deliveryWindow(TUESDAY_LUNCH, 30);
    expect(w.peak).toBe(true);
    expect(describeDeliveryWindow(w)).toBe('between 13:00 and 13:15');
  });

  it('falls back to the default zone time when the order has none', () => {
    expect(describeDeliveryWindow(deliveryWindow(TUESDAY_QUIET, null))).toBe('around 10:30');
  });
});
