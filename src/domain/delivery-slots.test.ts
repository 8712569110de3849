import { describe, expect, it } from 'vitest';
import { DEFAULT_WEEK_HOURS, isOpenAt, nextOpening, openingHoursLines, parseClock, weekHoursProblem } from './business-hours';
import {
  closedNotice,
  firstFreeSlot,
  formatSlot,
  preferredFreeSlot,
  slotKey,
  unpaidPlaces,
  upcomingSlots,
  windowProblem,
  windowsProblem,
  type DeliveryWindowRule,
} from './delivery-slots';

// Nairobi is UTC+3. 26 Nov 2026 is a Thursday.
const at = (nairobi: string) => new Date(`${nairobi}+03:00`);

const rule = (id: string, weekday: number, start: string, end: string, capacity = 5, cutoffMinutes = 60): DeliveryWindowRule => ({
  id,
  weekday,
  startMinute: parseClock(start)!,
  endMinute: parseClock(end)!,
  capacity,
  cutoffMinutes,
});

// Mon-Fri 10-12, 14-16, 16-18; Saturday 10-12.
const WINDOWS: DeliveryWindowRule[] = [
  ...[1, 2, 3, 4, 5].flatMap((d) => [
    rule(`m${d}`, d, '10:00', '12:00'),
    rule(`a${d}`, d, '14:00', '16:00'),
    rule(`e${d}`, d, '16:00', '18:00'),
  ]),
  rule('s6', 6, '10:00', '12:00'),
];

const slots = (now: Date, taken = new Map<string, number>(), closedDates: string[] = []) =>
  upcomingSlots({ now, windows: WINDOWS, closedDates, taken });

describe('upcomingSlots', () => {
  it("offers today's windows still before their cut-off, soonest first", () => {
    const s = slots(at('2026-11-26T09:30'));
    expect(s.slice(0, 3).map((x) => x.label)).toEqual(['Thu 26 Nov, 14:00–16:00', 'Thu 26 Nov, 16:00–18:00', 'Fri 27 Nov, 10:00–12:00']);
  });

  it('offers the next morning at 17:20 on a weekday, never a time after closing', () => {
    const first = firstFreeSlot(slots(at('2026-11-26T17:20')));
    expect(first?.label).toBe('Fri 27 Nov, 10:00–12:00');
  });

  it('offers the soonest free window at the customer’s usual time of day, else the soonest free one', () => {
    const now = at('2026-11-26T09:30');
    const afternoon = { startMinute: parseClock('16:00')!, endMinute: parseClock('18:00')! };
    expect(preferredFreeSlot(slots(now), afternoon)?.label).toBe('Thu 26 Nov, 16:00–18:00');
    // Full today at that time: the next day's window at that time.
    const full = new Map([[slotKey('e4', '2026-11-26'), 5]]);
    expect(preferredFreeSlot(slots(now, full), afternoon)?.label).toBe('Fri 27 Nov, 16:00–18:00');
    // A time no window has any more, or none at all: the soonest free one.
    expect(preferredFreeSlot(slots(now), { startMinute: parseClock('08:00')!, endMinute: parseClock('09:00')! })?.label).toBe(
      'Thu 26 Nov, 14:00–16:00',
    );
    expect(preferredFreeSlot(slots(now), null)?.label).toBe('Thu 26 Nov, 14:00–16:00');
  });

  it("offers Saturday's first window at 17:30 on a Friday", () => {
    expect(firstFreeSlot(slots(at('2026-11-27T17:30')))?.label).toBe('Sat 28 Nov, 10:00–12:00');
  });

  it('offers Monday at 22:30 on a Sunday, and nothing past seven days', () => {
    const s = slots(at('2026-11-29T22:30'));
    expect(s[0]?.label).toBe('Mon 30 Nov, 10:00–12:00');
    // Sunday 29 Nov to Saturday 5 Dec: five weekdays of three windows and Saturday's one.
    expect(s).toHaveLength(16);
    expect(s.at(-1)?.label).toBe('Sat 5 Dec, 10:00–12:00');
  });

  it('closes a window at its cut-off', () => {
    expect(slots(at('2026-11-26T12:59'))[0]?.label).toBe('Thu 26 Nov, 14:00–16:00');
    expect(slots(at('2026-11-26T13:00'))[0]?.label).toBe('Thu 26 Nov, 16:00–18:00');
  });

  it('shows a full window as full and chooses the next free one', () => {
    const taken = new Map([[slotKey('m5', '2026-11-27'), 5]]);
    const s = slots(at('2026-11-26T17:20'), taken);
    expect(s[0]).toMatchObject({ label: 'Fri 27 Nov, 10:00–12:00', full: true, left: 0 });
    expect(firstFreeSlot(s)).toMatchObject({ label: 'Fri 27 Nov, 14:00–16:00', left: 5, full: false });
  });

  it('counts places left', () => {
    const s = slots(at('2026-11-26T17:20'), new Map([[slotKey('m5', '2026-11-27'), 3]]));
    expect(s[0]).toMatchObject({ left: 2, full: false });
  });

  it("leaves out the zone's closed dates", () => {
    expect(firstFreeSlot(slots(at('2026-11-26T17:20'), new Map(), ['2026-11-27']))?.label).toBe('Sat 28 Nov, 10:00–12:00');
  });

  it('uses Nairobi dates whatever the instant in UTC', () => {
    // 22:30 UTC on Thursday is 01:30 on Friday in Nairobi.
    expect(slots(new Date('2026-11-26T22:30:00Z'))[0]?.date).toBe('2026-11-27');
  });
});

describe('unpaidPlaces', () => {
  it('gives unpaid orders the share of a window rounded down, so the rest is always left for customers who pay', () => {
    expect(unpaidPlaces(20, 50)).toBe(10);
    expect(unpaidPlaces(5, 50)).toBe(2);
    expect(unpaidPlaces(1, 50)).toBe(0);
    expect(unpaidPlaces(5, 100)).toBe(5);
    expect(unpaidPlaces(20, 0)).toBe(0);
  });
});

describe('windowProblem', () => {
  it('accepts a window inside the day', () => {
    expect(windowProblem(rule('x', 1, '09:00', '18:00'), DEFAULT_WEEK_HOURS)).toBeNull();
  });

  it('refuses one outside opening hours with the hours in the message', () => {
    expect(windowProblem(rule('x', 6, '13:00', '15:00'), DEFAULT_WEEK_HOURS)).toBe(
      'Saturday 13:00–15:00 is outside opening hours (Saturday 9:00 AM-2:00 PM).',
    );
    expect(windowProblem(rule('x', 0, '10:00', '12:00'), DEFAULT_WEEK_HOURS)).toBe(
      'Sunday 10:00–12:00 is outside opening hours: the shop is closed on Sunday.',
    );
  });

  it('refuses a window that ends before it starts, and bad capacities and cut-offs', () => {
    expect(windowProblem(rule('x', 1, '12:00', '10:00'), DEFAULT_WEEK_HOURS)).toMatch(/must end after it starts/);
    expect(windowProblem(rule('x', 1, '10:00', '12:00', 0), DEFAULT_WEEK_HOURS)).toMatch(/^Capacity/);
    expect(windowProblem(rule('x', 1, '10:00', '12:00', 5, -1), DEFAULT_WEEK_HOURS)).toMatch(/^The cut-off/);
  });

  it('refuses overlapping windows on one day', () => {
    expect(windowsProblem([rule('a', 1, '10:00', '12:00'), rule('b', 1, '11:00', '13:00')], DEFAULT_WEEK_HOURS)).toBe(
      'Monday 11:00–13:00 overlaps 10:00–12:00.',
    );
    expect(windowsProblem([rule('a', 1, '10:00', '12:00'), rule('b', 2, '11:00', '13:00')], DEFAULT_WEEK_HOURS)).toBeNull();
  });
});

describe('opening hours', () => {
  it('shows the default week as the footer always has', () => {
    expect(openingHoursLines(DEFAULT_WEEK_HOURS).map((l) => `${l.days}: ${l.hours}`)).toEqual([
      'Monday to Friday: 9:00 AM-6:00 PM',
      'Saturday: 9:00 AM-2:00 PM',
      'Sunday: Closed',
    ]);
  });

  it('knows when the shop is open and when it opens next', () => {
    expect(isOpenAt(at('2026-11-26T17:59'), DEFAULT_WEEK_HOURS)).toBe(true);
    expect(isOpenAt(at('2026-11-26T18:00'), DEFAULT_WEEK_HOURS)).toBe(false);
    expect(nextOpening(at('2026-11-29T22:30'), DEFAULT_WEEK_HOURS)).toEqual(at('2026-11-30T09:00'));
    expect(nextOpening(at('2026-11-27T17:30'), DEFAULT_WEEK_HOURS)).toEqual(at('2026-11-28T09:00'));
  });

  it('refuses a day that closes before it opens', () => {
    const week = [...DEFAULT_WEEK_HOURS];
    week[2] = { opens: 600, closes: 540 };
    expect(weekHoursProblem(week)).toBe('Tuesday: the shop must open before it closes.');
  });

  it('says when the shop opens and the next delivery', () => {
    const next = firstFreeSlot(slots(at('2026-11-29T22:30')));
    expect(closedNotice(at('2026-11-29T22:30'), nextOpening(at('2026-11-29T22:30'), DEFAULT_WEEK_HOURS), next)).toBe(
      'We are closed now and open tomorrow at 9:00 AM. The next delivery is Mon 30 Nov, 10:00–12:00.',
    );
  });

  it("says 'today' before opening on the same day, and the day's name further ahead", () => {
    const earlySaturday = at('2026-11-28T03:30');
    expect(closedNotice(earlySaturday, nextOpening(earlySaturday, DEFAULT_WEEK_HOURS), null)).toBe(
      'We are closed now and open today at 9:00 AM.',
    );
    const fridayNight = at('2026-11-27T18:30');
    const opens = at('2026-11-30T09:00');
    expect(closedNotice(fridayNight, opens, null)).toBe('We are closed now and open Monday at 9:00 AM.');
  });

  it('formats a slot', () => {
    expect(formatSlot('2026-11-27', 600, 720)).toBe('Fri 27 Nov, 10:00–12:00');
  });
});
