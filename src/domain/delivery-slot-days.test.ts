import { describe, expect, it } from 'vitest';
import { dayName, slotDays, slotTime } from './delivery-slot-days';
import { upcomingSlots, DEFAULT_ZONE_WINDOWS } from './delivery-slots';

// Monday 30 November 2026, 11:30 in Nairobi.
const NOW = new Date('2026-11-30T08:30:00Z');
const windows = DEFAULT_ZONE_WINDOWS.map((w, i) => ({ ...w, id: `w${i}` }));

describe('the days of the window picker', () => {
  it('names today, tomorrow and later days as a customer says them, in Nairobi time', () => {
    expect(dayName('2026-11-30', NOW)).toBe('Today');
    expect(dayName('2026-12-01', NOW)).toBe('Tomorrow');
    expect(dayName('2026-12-02', NOW)).toBe('Wed 2 Dec');
    // 22:30 UTC on the 30th is already 1 December in Nairobi.
    expect(dayName('2026-12-01', new Date('2026-11-30T22:30:00Z'))).toBe('Today');
  });

  it('groups the slots by day, soonest first, and marks a day whose windows are all full', () => {
    const slots = upcomingSlots({
      now: NOW,
      windows,
      closedDates: [],
      taken: new Map([
        ['w2|2026-11-30', 20],
        ['w3|2026-11-30', 20],
      ]),
    });
    const days = slotDays(slots, NOW);
    expect(days.map((d) => [d.name, d.slots.length, d.full])).toEqual([
      ['Today', 2, true],
      ['Tomorrow', 4, false],
      ['Wed 2 Dec', 4, false],
      ['Thu 3 Dec', 4, false],
      ['Fri 4 Dec', 4, false],
      ['Sat 5 Dec', 2, false],
    ]);
    expect(slotTime(days[1]!.slots[0]!)).toBe('10:00–12:00');
  });
});
