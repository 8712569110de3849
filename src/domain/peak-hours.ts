// Nairobi is UTC+3 all year (no DST), so shifting the instant by three hours
// and reading UTC fields gives local time in any runtime, without Intl.

export const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;

export const PEAK_HOUR_NOTICE = 'Peak hours: deliveries may take 10-15 min longer.';

export type NairobiParts = {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** 0 = Sunday … 6 = Saturday, like Date#getDay. */
  weekday: number;
};

export function nairobiParts(at: Date): NairobiParts {
  const time = at.getTime();
  if (Number.isNaN(time)) throw new RangeError('Invalid date');
  const local = new Date(time + NAIROBI_OFFSET_MS);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    weekday: local.getUTCDay(),
  };
}

// Half-open hour ranges [from, to): lunch and dinner rushes.
const WEEKDAY_PEAKS: readonly (readonly [number, number])[] = [
  [11, 14],
  [18, 21],
];
const WEEKEND_PEAKS: readonly (readonly [number, number])[] = [
  [12, 15],
  [18, 21],
];

export function isPeakHour(at: Date): boolean {
  const { hour, weekday } = nairobiParts(at);
  const weekend = weekday === 0 || weekday === 6;
  return (weekend ? WEEKEND_PEAKS : WEEKDAY_PEAKS).some(([from, to]) => hour >= from && hour < to);
}
