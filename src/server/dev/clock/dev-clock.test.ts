import { describe, expect, it } from 'vitest';
import { createDevClock } from './dev-clock';

const near = (a: Date, iso: string) => Math.abs(a.getTime() - Date.parse(iso)) < 1_000;

describe("the development shop's movable clock", () => {
  it('runs from now, or from SHOP_TEST_CLOCK, and refuses a start that is not a time', () => {
    expect(near(createDevClock().now(), new Date().toISOString())).toBe(true);
    expect(near(createDevClock('2026-12-03T07:00:00.000Z').now(), '2026-12-03T07:00:00.000Z')).toBe(true);
    expect(() => createDevClock('Thursday')).toThrow('SHOP_TEST_CLOCK is not a time: Thursday');
  });

  it('moves to a time, and forward by some minutes, and runs on from there', () => {
    const clock = createDevClock('2026-12-03T07:00:00.000Z');
    clock.set(new Date('2026-12-04T10:00:00+03:00'));
    expect(near(clock.now(), '2026-12-04T07:00:00.000Z')).toBe(true);
    clock.advance(5 * 60 * 60_000);
    expect(near(clock.now(), '2026-12-04T12:00:00.000Z')).toBe(true);
  });
});
