import { describe, expect, it } from 'vitest';
import { DEFAULT_WEEK_HOURS } from './business-hours';
import { exceptionsProblem, weekProblem, zoneWindows } from './delivery-slots-week';

const week = [
  { id: 'mon10', weekday: 1, startMinute: 600, endMinute: 720, capacity: 10, cutoffMinutes: 60 },
  { id: 'mon12', weekday: 1, startMinute: 720, endMinute: 840, capacity: 10, cutoffMinutes: 60 },
  { id: 'sat10', weekday: 6, startMinute: 600, endMinute: 720, capacity: 10, cutoffMinutes: 60 },
];

describe("a zone's windows from the shop's week", () => {
  it('are the week itself without exceptions, each with the week’s places for the zone', () => {
    expect(zoneWindows(week, { daysOff: [], exceptions: [] })).toEqual(week);
  });

  it('leave out its days off and unserved windows, and take its own capacity and cut-off', () => {
    const windows = zoneWindows(week, {
      daysOff: [6],
      exceptions: [
        { windowId: 'mon10', served: false, capacity: null, cutoffMinutes: null },
        { windowId: 'mon12', served: true, capacity: 3, cutoffMinutes: null },
      ],
    });
    expect(windows).toEqual([{ id: 'mon12', weekday: 1, startMinute: 720, endMinute: 840, capacity: 3, cutoffMinutes: 60 }]);
  });
});

describe('the week as the owner saves it', () => {
  const zones = [
    { name: 'Zone 1', rules: { daysOff: [], exceptions: [] } },
    { name: 'Zone 2', rules: { daysOff: [], exceptions: [] } },
  ];

  it('refuses a window ending before it starts, one without a place, and overlapping windows', () => {
    expect(weekProblem([{ weekday: 1, startMinute: 720, endMinute: 600, capacity: 5, cutoffMinutes: 0 }], zones, DEFAULT_WEEK_HOURS)).toBe(
      'Monday 12:00–10:00: a window must end after it starts.',
    );
    expect(weekProblem([{ weekday: 1, startMinute: 600, endMinute: 720, capacity: 0, cutoffMinutes: 0 }], zones, DEFAULT_WEEK_HOURS)).toBe(
      'Capacity must be a whole number of orders from 1 to 500.',
    );
    expect(
      weekProblem([...week, { weekday: 1, startMinute: 660, endMinute: 780, capacity: 5, cutoffMinutes: 0 }], zones, DEFAULT_WEEK_HOURS),
    ).toBe('Monday 11:00–13:00 overlaps 10:00–12:00.');
    expect(weekProblem(week, zones, DEFAULT_WEEK_HOURS)).toBeNull();
  });

  it('allows overlapping windows only where no zone is served in both, and names the zone that is', () => {
    const overlapping = [...week, { id: 'mon11', weekday: 1, startMinute: 660, endMinute: 780, capacity: 5, cutoffMinutes: 0 }];
    const split = [
      { name: 'Zone 1', rules: { daysOff: [], exceptions: [{ windowId: 'mon11', served: false, capacity: null, cutoffMinutes: null }] } },
      {
        name: 'Zone 2',
        rules: {
          daysOff: [],
          exceptions: ['mon10', 'mon12'].map((windowId) => ({ windowId, served: false, capacity: null, cutoffMinutes: null })),
        },
      },
    ];
    expect(weekProblem(overlapping, split, DEFAULT_WEEK_HOURS)).toBeNull();
    expect(weekProblem(overlapping, [split[0]!, zones[1]!], DEFAULT_WEEK_HOURS)).toBe('Zone 2: Monday 11:00–13:00 overlaps 10:00–12:00.');
  });

  it("refuses a zone's capacity below one, and an exception to a window that is gone", () => {
    expect(exceptionsProblem(week, [{ windowId: 'mon10', served: true, capacity: 0, cutoffMinutes: null }])).toBe(
      'Monday 10:00–12:00: capacity must be a whole number of orders from 1 to 500.',
    );
    expect(exceptionsProblem(week, [{ windowId: 'gone', served: false, capacity: null, cutoffMinutes: null }])).toBe(
      'One of these windows no longer exists; reload the page.',
    );
    expect(exceptionsProblem(week, [{ windowId: 'sat10', served: true, capacity: 4, cutoffMinutes: 30 }])).toBeNull();
  });
});
